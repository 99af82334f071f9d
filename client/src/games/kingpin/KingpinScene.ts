/**
 * The Kingpin table. It draws the plain view from its TableConnection: opponents' boards on top,
 * the shared zones (Draw Pile, Discard, Reserve, Bank, Golden Fund) and the turn banner in the
 * middle, your board, safe and hand at the bottom. Taps select cards (the DOM controls then list
 * that card's legal actions), the attack planner picks attackers and a target, shields are dragged
 * between your cards and your safe. Every payload sent is one of `legal`.
 */
import type Phaser from 'phaser';
import type { GameEvent } from '@parlor/shared/core/contract';
import type { KingpinAction, KingpinPublic } from '@parlor/shared/games/kingpin/types';
import type { TableSnapshot } from '../../net/TableConnection';
import { play } from '../../ui/sound';
import { textResolution } from '../cardCanvas';
import { GameScene } from '../GameScene';
import type { KingpinView } from './adapter';
import { BoardRow } from './BoardRow';
import { CardSprite } from './CardSprite';
import { CardKeys } from './CardKeys';
import { CardTip } from './CardTip';
import { CSS } from './cardArt';
import { printed } from './cards';
import { CenterStrip } from './CenterStrip';
import { Controls } from './Controls';
import { markSeen } from './coach';
import type { Selection } from './describe';
import { BoardScroll } from './BoardScroll';
import { Effects, FLOAT } from './Effects';
import {
  type Box,
  CUE_STRIP,
  HAND_MAX,
  MIN_CARD_W,
  type PartPlace,
  eventSpot,
  kingpinLayout,
  lookedAt,
  scrollShowing,
  turnStartScroll,
} from './layout';
import {
  type Planner,
  attackSlots,
  bannerText,
  boardMark,
  controlsModel,
  rowSeats,
  shieldsDraggable,
  zoneMark,
} from './viewModel';
import { noThreatMemory, observeThreat, threatLine } from './threatLine';
import { cardKeys } from './words';

export class KingpinScene extends GameScene<KingpinView, KingpinAction> {
  static readonly KEY = 'kingpin';
  private rows: BoardRow[] = [];
  private center!: CenterStrip;
  private hand: CardSprite[] = [];
  private handLabel!: Phaser.GameObjects.Text;
  private controls!: Controls;
  private tip!: CardTip;
  private effects!: Effects;
  private selection: Selection | null = null;
  private planner: Planner | null = null;
  /** What this seat saw of the opponents' turns, for the threat line's repeat (client view state only). */
  private threatMemory = noThreatMemory();
  /** Seat shown in each row: rows[0] is the local player's (bottom). */
  private rowSeats: number[] = [];
  private flashUntil = 0;
  private lastTurn = '';
  /** The board scrolls (a phone with three players): its scroller and the cues showing there is more. */
  private scroll!: BoardScroll;
  /** The player's name in each row (for the scroll cue). */
  private rowNames: string[] = [];
  /** The cards for the keyboard (a toolbar first in the action bar) and the ring of the focused one. */
  private keys!: CardKeys;
  private keyRing!: Phaser.GameObjects.Graphics;
  private keyFocused: string | null = null;
  /** The centre banner as the last frame drawn showed it (tests: a change reaches the canvas). */
  private drawnBanner = '';

  constructor() {
    super(KingpinScene.KEY);
  }

  protected override reset(): void {
    this.selection = null;
    this.planner = null;
    this.flashUntil = 0;
    this.rows = [];
    this.hand = [];
    // A rematch restarts the scene: nothing may carry over from the previous match's layout.
    this.rowSeats = [];
    this.laidOut = '';
    this.laidTable = '';
    this.laidOutRows = '';
    this.fading.clear();
    this.slides = [];
    this.outMove = null;
    this.lastTurn = '';
  }

  protected build(): void {
    for (let i = 0; i < 3; i++) this.rows.push(new BoardRow(this));
    this.center = new CenterStrip(this);
    this.handLabel = this.add
      .text(0, 0, 'YOUR HAND', {
        fontFamily: "'Inter', sans-serif",
        fontSize: '11px',
        fontStyle: '700',
        color: CSS.muted,
        resolution: textResolution(),
      })
      .setLetterSpacing(1.5);
    for (let i = 0; i < HAND_MAX; i++) this.hand.push(new CardSprite(this));
    this.controls = new Controls(
      this.dom.actions,
      (a) => this.send(a),
      () => this.togglePlanner(),
      () => this.select(null),
      (seat) => {
        if (this.planner) this.planner.target = { seat, zone: 'hand' };
        this.rerender();
      },
      (moment) => {
        markSeen(moment);
        this.rerender();
      },
    );
    this.keys = new CardKeys(
      this.dom.actions,
      (key) => this.chooseKey(key),
      () => {
        if (this.planner) this.togglePlanner();
        else this.select(null);
      },
      (key) => {
        this.keyFocused = key;
        this.drawKeyRing();
      },
    );
    this.keyRing = this.add.graphics().setDepth(50);
    // Escape in the card's actions or the planner: closed, and back to the card in the toolbar.
    this.dom.actions.addEventListener('keydown', this.onEscape);
    this.tip = new CardTip(this.dom.overlay);
    this.effects = new Effects(this);
    this.scroll = new BoardScroll(this, this.dom.overlay);
    this.scroll.onScrolled = () => this.replaceEvent();
    // The up cue names the opponents whose rows are (partly) hidden above: "▲ Bo above".
    this.scroll.describeAbove = (y) =>
      this.rows.flatMap((row, r) =>
        r > 0 && row.visible && row.y < y - 8 && this.rowNames[r] ? [this.rowNames[r]] : [],
      );
    // Nothing worth a cue above the highest row still in play (a player out leaves a dimmed row).
    this.scroll.contentTop = () => {
      const tops = this.rows.flatMap((row, r) => (r > 0 && row.visible && this.rowNames[r] ? [row.y] : []));
      return Math.max(0, Math.min(this.center.y, ...tops) - 6);
    };
    this.wireInput();
  }

  protected override started(): void {
    this.exposeHooks();
    this.events.on('render', this.noteDrawn, this);
  }

  private noteDrawn(): void {
    this.drawnBanner = `${this.center.title.text} | ${this.center.sub.text}`;
    if (this.outMove && !this.outMove.drawn) this.outMove.drawn = this.partsOnPage();
  }

  protected override dispose(): void {
    this.events.off('render', this.noteDrawn, this);
    this.dom.actions.removeEventListener('keydown', this.onEscape);
    this.keys.destroy();
    this.controls.destroy();
    this.tip.destroy();
    this.scroll.destroy();
  }

  protected override send(a: KingpinAction): void {
    // Shield moves keep the card selected (several in a row are common); anything else closes it.
    const defense = a.type === 'moveShield' || a.type === 'safeToShield' || a.type === 'shieldToSafe';
    if (!defense) this.selection = null;
    if (a.type === 'attack') this.planner = null;
    this.tip.hide(true);
    // Shield moves make no event (nothing to log): their click is heard at once.
    if (defense) play('tick');
    super.send(a);
  }

  // ---------------------------------------------------------------- input

  private wireInput(): void {
    this.wireTaps();
    // A finger that scrolled the board did not tap the card it started on.
    const all = [
      ...this.rows.flatMap((r) => r.cards),
      ...this.center.reserve,
      this.center.pile,
      this.center.discard,
      ...this.hand,
    ];
    for (const card of all) {
      const tap = card.onTap;
      const hold = card.onLongPress;
      if (tap) card.onTap = () => !this.scroll.moved && tap();
      if (hold) card.onLongPress = () => !this.scroll.moved && hold();
    }
  }

  private wireTaps(): void {
    this.rows.forEach((row, r) => {
      row.cards.forEach((card, slot) => {
        card.onTap = () => this.tapBoard(this.rowSeats[r] ?? -1, slot);
        card.onLongPress = () => card.cardId && this.tip.show(card.cardId, card.card, null);
        card.onHover = (on) => this.hover(card, on);
        card.onShieldDrop = (x, y) => this.dropShield(slot, x, y);
      });
    });
    const mine = this.rows[0]!;
    const chip = mine.chip;
    chip.setInteractive({ useHandCursor: true, draggable: true });
    chip.on('dragstart', () => (mine.chipHeld = true));
    chip.on('drag', (_p: Phaser.Input.Pointer, x: number, y: number) => chip.setPosition(x, y));
    chip.on('dragend', (p: Phaser.Input.Pointer) => {
      // Back to its place in the row (which may have moved during the drag).
      mine.chipHeld = false;
      this.rerender();
      const slot = this.rows[0]!.cards.findIndex((c) => c.contains(p.worldX, p.worldY));
      const a = this.legal().find((l) => l.type === 'safeToShield' && l.slot === slot);
      if (a) this.send(a);
    });
    this.center.reserve.forEach((card, i) => {
      card.onTap = () => {
        const v = this.view();
        const id = v ? this.center.reserveShown(v.public)[i] : undefined;
        if (id) this.select({ kind: 'reserve', card: id });
      };
      card.onHover = (on) => this.hover(card, on);
      card.onLongPress = () => card.cardId && this.tip.show(card.cardId, null, null);
    });
    this.center.discard.onHover = (on) => this.hover(this.center.discard, on);
    this.center.discard.onLongPress = () => {
      const id = this.center.discard.cardId;
      if (id) this.tip.show(id, null, null);
    };
    this.hand.forEach((card) => {
      card.onTap = () => card.cardId && this.select({ kind: 'hand', card: card.cardId });
      card.onHover = (on) => this.hover(card, on);
      card.onLongPress = () => card.cardId && this.tip.show(card.cardId, null, null);
    });
    this.center.pile.onTap = () => {
      const a = this.legal().find((l) => l.type === 'buy' && l.source === 'pile');
      if (a) this.send(a);
    };
  }

  private hover(card: CardSprite, on: boolean): void {
    if (!on || !card.cardId) {
      this.tip.hide();
      return;
    }
    // Hover tips are for mice; touch uses a long press.
    if (this.input.activePointer.wasTouch) return;
    const p = this.input.activePointer;
    // While planning an attack the tip keeps off the targets (CardTip: aside).
    this.tip.show(card.cardId, card.card, { x: p.x, y: p.y }, this.planner !== null);
  }

  private select(sel: Selection | null): void {
    this.selection = sel;
    this.rerender();
  }

  private togglePlanner(): void {
    this.planner = this.planner ? null : { attackers: [], target: null };
    this.selection = null;
    this.rerender();
  }

  private tapBoard(seat: number, slot: number): void {
    const v = this.view();
    if (!v || seat < 0 || !v.public.players[seat]?.board[slot]) return;
    const me = this.me();
    const legal = this.legal();
    // Pick prompts: a tap on an offered card answers it.
    const pick = legal.find((a) => a.type === 'pick' && a.target?.seat === seat && a.target.slot === slot);
    if (pick) {
      this.send(pick);
      return;
    }
    if (this.planner) {
      if (seat === me) {
        if (!attackSlots(this.legal()).has(slot)) return;
        const list = this.planner.attackers;
        this.planner.attackers = list.includes(slot)
          ? list.filter((s) => s !== slot)
          : [...list, slot].sort();
      } else this.planner.target = { seat, zone: 'board', slot };
      this.rerender();
      return;
    }
    this.select({ kind: 'board', seat, slot });
  }

  private dropShield(from: number, x: number, y: number): void {
    const legal = this.legal();
    const to = this.rows[0]!.cards.findIndex((c) => c.contains(x, y));
    let a: KingpinAction | undefined;
    if (to >= 0 && to !== from)
      a = legal.find((l) => l.type === 'moveShield' && l.from === from && l.to === to);
    else {
      const r = this.rows[0]!.safeRect;
      if (x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h)
        a = legal.find((l) => l.type === 'shieldToSafe' && l.slot === from);
    }
    if (a) this.send(a);
  }

  private onEscape = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape' || this.keys.el.contains(e.target as Node)) return;
    if (!this.selection && !this.planner) return;
    e.preventDefault();
    if (this.planner) this.togglePlanner();
    else this.select(null);
    this.keys.focus();
  };

  /** Enter on a card of the keyboard toolbar: what a tap on that card does. */
  private chooseKey(key: string): void {
    const [kind, a, b] = key.replace(/~\d+$/, '').split('-');
    if (kind === 'pile') return this.center.pile.onTap?.();
    if (kind === 'board') this.tapBoard(Number(a), Number(b));
    else if (kind === 'hand' && a)
      this.select({ kind: 'hand', card: key.replace(/~\d+$/, '').slice('hand-'.length) });
    else if (kind === 'reserve' && a) this.select({ kind: 'reserve', card: key.slice('reserve-'.length) });
    // A card chosen outside the planner: the focus goes to its first action, as the eye goes there.
    if (!this.planner && this.selection)
      window.setTimeout(() => {
        const first = this.controls.el.querySelector<HTMLButtonElement>(
          '.kp-context .kp-box button:not(.kp-x):not(:disabled)',
        );
        first?.focus({ preventScroll: true });
        // Within the action panel's own scroller (a phone's panel is short): the board stays put.
        first?.scrollIntoView({ block: 'nearest' });
      }, 0);
  }

  /** The ring on the canvas around the card the keyboard toolbar has focused. */
  private drawKeyRing(): void {
    const g = this.keyRing;
    g.clear();
    const key = this.keyFocused;
    if (!key) return;
    const [kind, a, b] = key.replace(/~\d+$/, '').split('-');
    let sprite: CardSprite | null | undefined = null;
    if (kind === 'board') sprite = this.spriteAt(Number(a), Number(b));
    else if (kind === 'hand')
      sprite = this.hand.find((c) => c.visible && c.cardId === key.replace(/~\d+$/, '').slice(5));
    else if (kind === 'reserve')
      sprite = this.center.reserve.find((c) => c.visible && c.cardId === key.slice(8));
    else if (kind === 'pile') sprite = this.center.pile;
    if (!sprite?.visible) return;
    const r = sprite.bounds();
    g.lineStyle(3, 0xffffff, 1).strokeRoundedRect(r.x - 4, r.y - 4, r.w + 8, r.h + 8, 8);
    g.lineStyle(2, 0x000000, 1).strokeRoundedRect(r.x - 7, r.y - 7, r.w + 14, r.h + 14, 10);
    // A card scrolled out of view on a phone's board comes into it.
    const cam = this.cameras.main;
    if (this.scroll.camFor(r.y) === cam && (r.y < cam.scrollY || r.y + r.h > cam.scrollY + cam.height))
      this.scroll.to(r.y + r.h / 2 - cam.y - cam.height / 2);
  }

  // ---------------------------------------------------------------- layout

  private laidOut = '';

  /**
   * Everything the layout depends on: the canvas size, whether we hold a hand (a seat) and whether
   * it is empty, how many players and which seat each row shows. A layout made before the view arrived (a rematch's
   * waiting room: no players yet, or no seat) is redone as soon as any of these changes.
   */
  private layoutKey(): string {
    const { width: W, height: H } = this.scale;
    const players = this.view()?.public.players.length ?? 0;
    return `${W}x${H}|${this.me()}|${players}|${this.rowSeats.join()}|${this.handEmpty()}|${this.rowsOut().join()}`;
  }

  /** By row: that row's player is out (a phone's layout drops the row). */
  private rowsOut(): boolean[] {
    const players = this.view()?.public.players ?? [];
    return this.rowSeats.map((seat) => !!players[seat]?.eliminated);
  }

  /** Rows the last layout placed (a phone drops an out player's row). */
  private placed: boolean[] = [true, true, true];
  /** The shared zones' height and card width as last laid out. */
  private zones = { h: 0, cw: 0 };

  /** A seat whose hand holds no card (a phone then keeps no room for one: more of the board shows). */
  private handEmpty(): boolean {
    return this.me() >= 0 && (this.view()?.private?.hand.length ?? 0) === 0;
  }

  protected layout(): void {
    // The same table laid out again (a player out, the hand emptied, the panel under the stage
    // grew): what the player was looking at stays where it was on the screen.
    const table = `${this.me()}|${this.view()?.public.players.length ?? 0}|${this.rowSeats.join()}`;
    const again = this.laidOut !== '' && table === this.laidTable && this.rowSeats.length > 0;
    const out = this.rowsOut().join();
    const outChanged = again && out !== this.laidOutRows;
    const before = again ? this.partPlaces() : null;
    const pageBefore = outChanged ? this.partsOnPage() : null;
    const cam = this.cameras.main;
    const view = { top: cam.y, bottom: cam.y + cam.height };
    this.laidOut = this.layoutKey();
    this.laidTable = table;
    this.laidOutRows = out;
    const isPlayer = this.me() >= 0;
    const L = kingpinLayout({
      W: this.scale.width,
      H: this.scale.height,
      players: this.view()?.public.players.length ?? 2,
      isPlayer,
      handEmpty: this.handEmpty(),
      out: this.rowsOut(),
      rowHeight: (cw, headH) => BoardRow.heightFor(cw, headH),
      centerHeight: (cw, compact) => CenterStrip.heightFor(cw, compact),
    });
    this.placed = L.rows.map((place, r) => r === 0 || place !== null);
    this.zones = { h: CenterStrip.heightFor(L.center.cardW, L.compact), cw: L.center.cardW };
    L.rows.forEach((place, r) => {
      const row = this.rows[r]!;
      // A row just dropped (its player out) fades where it was rather than vanish.
      if (r > 0 && !place && outChanged && row.visible && !this.fading.has(r)) this.fadeOut(r);
      if (r > 0) row.setVisible(place !== null || this.fading.has(r));
      if (!place) return;
      row.setPosition(place.x, place.y);
      row.layout(place.w, place.cardW, L.headH);
    });
    this.center.setPosition(L.center.x, L.center.y);
    this.center.layout(L.center.w, L.center.cardW, L.compact);
    this.handLabel.setPosition(L.handLabel.x, L.handLabel.y).setVisible(isPlayer);
    this.hand.forEach((c, i) => {
      c.setCardWidth(L.handCardW);
      c.setPosition(L.hand[i]!.x, L.hand[i]!.y);
    });
    // The part looked at (the highest still laid out whose top was in view) keeps its place on the
    // canvas, as far as the new scroll range allows: a player going out no longer sends the board
    // to its bottom.
    let at: number | undefined;
    if (before) {
      const parts = this.boardParts();
      const k = lookedAt(before, view.top, view.bottom, (i) => parts[i]!.visible && !this.fading.has(i + 1));
      if (k >= 0) at = parts[k]!.y - before[k]!.canvasY!;
    }
    this.scroll.setHeight(L.height, L.pin, at);
    // A layout during your turn (the panel under the stage grew, the hand emptied) keeps the turn's
    // starting view (a named opponent's row in view) until you scroll yourself; a player going out
    // keeps what you looked at.
    const v = this.view();
    if (
      v &&
      v.public.turn === this.me() &&
      v.public.phase !== 'finished' &&
      !this.scroll.touched &&
      !outChanged
    )
      this.scroll.to(this.turnStartScroll(v.public, this.me(), v.private?.hand ?? []));
    // What still moved (the board fits now, or scrolls less): it slides from where it was.
    this.holdFading();
    // Laid out again while the rows still slide (the panel under the stage changed with the same
    // patch): they slide on from where they are drawn to their new places.
    if (before && (outChanged || this.slides.length)) this.slideFrom(before);
    if (outChanged) this.outMove = { before: pageBefore!, start: this.partsOnPage(), drawn: null };
    this.rerender();
    // An event card on show: the board moved under it.
    this.replaceEvent();
  }

  // ---------------------------------------------------------------- render

  protected render(snap: TableSnapshot): void {
    const v = snap.view as KingpinView | null;
    const visible = v !== null;
    // Only as many rows as players (a 2-player table leaves the third row hidden).
    const players = v?.public.players.length ?? 0;
    this.rows.forEach((row, i) =>
      row.setVisible(visible && i < players && (this.placed[i] !== false || this.fading.has(i))),
    );
    for (const o of [this.center, ...this.hand]) o.setVisible(visible);
    this.handLabel.setVisible(visible && snap.mySeat >= 0);
    this.scroll.setShown(visible);
    if (!v) {
      this.controls.update({
        pub: null,
        legal: [],
        selected: null,
        planner: null,
        prompt: null,
        hint: snap.status === 'waiting' ? 'Waiting for the match to start' : '',
        peek: null,
        seated: snap.mySeat >= 0,
        threat: null,
        coach: null,
      });
      return;
    }
    const pub = v.public;
    const me = snap.mySeat;
    if (me >= 0 && snap.status === 'playing') this.threatMemory = observeThreat(this.threatMemory, pub, me);
    this.rowSeats = rowSeats(pub.players.length, me);
    // An eliminated player's empty row is not worth a cue's mention.
    this.rowNames = this.rowSeats.map((seat) => {
      const p = pub.players[seat];
      return !p || p.eliminated ? '' : p.name || `Seat ${seat + 1}`;
    });
    if (this.layoutKey() !== this.laidOut) {
      this.layout();
      return;
    }
    this.fitStage();
    const legal = snap.legal as KingpinAction[];
    if (this.planner && !legal.some((a) => a.type === 'attack')) this.planner = null;
    const toAct = new Set(snap.toAct);
    const tagFor = (seat: number): string => {
      const s = snap.seats[seat];
      const parts: string[] = [];
      if (seat === me) parts.push('YOU');
      if (s?.bot || s?.botControlled) parts.push('AI');
      if (s && !s.connected && !s.bot && this.conn.kind === 'online') parts.push('AWAY');
      return parts.join(' · ');
    };
    this.rowSeats.forEach((seat, r) => {
      const row = this.rows[r]!;
      const p = pub.players[seat];
      if (!p) return;
      row.render(p, {
        active: toAct.has(seat) && snap.status === 'playing',
        tag: tagFor(seat),
        isMe: seat === me,
        dim: p.eliminated,
        winner: pub.winner === seat,
      });
      row.cards.forEach((card, slot) => {
        const c = p.board[slot];
        card.shieldsDraggable = seat === me && shieldsDraggable(legal, slot);
        if (c) card.showCard(c.id, c).setVisible(true);
        else card.showBack().setVisible(false);
        card.setMark(boardMark(pub, legal, me, seat, slot, this.selection, this.planner));
      });
    });
    this.center.render(pub);
    this.center.reserve.forEach((card) => {
      const id = card.cardId;
      card.setMark(id ? zoneMark(pub, legal, me, { kind: 'reserve', card: id }, this.selection) : 'none');
    });
    this.center.pile.setMark(legal.some((a) => a.type === 'buy' && a.source === 'pile') ? 'option' : 'none');
    // Hand
    const handIds = me >= 0 ? (v.private?.hand ?? []) : [];
    this.hand.forEach((card, i) => {
      const id = handIds[i];
      if (!id) {
        card.setVisible(false);
        return;
      }
      card.showCard(id, printed(id, pub.bossHp)).setVisible(true);
      card.setMark(zoneMark(pub, legal, me, { kind: 'hand', card: id }, this.selection));
    });
    this.handLabel.setText(handIds.length ? `YOUR HAND · ${handIds.length}` : 'YOUR HAND · empty');

    const turnKey = `${pub.turnNumber}:${pub.turn}`;
    if (turnKey !== this.lastTurn) {
      if (this.lastTurn && pub.turn === me && snap.status === 'playing') play('turn');
      // Your turn starts with your own cards and hand in view (a scrolling board), unless the threat
      // line names an opponent whose row would be out of view: then that row shows (your row stays
      // in view under it; the hand may need a drag down).
      if (pub.turn === me) {
        this.scroll.touched = false;
        this.scroll.to(this.turnStartScroll(pub, me, v.private?.hand ?? []));
      }
      this.lastTurn = turnKey;
      this.selection = null;
    }
    this.renderBanner(snap);
    this.keys.update(
      me >= 0 && snap.status === 'playing'
        ? cardKeys(pub, legal, me, handIds, this.rowSeats, this.selection, this.planner)
        : [],
    );
    this.drawKeyRing();
    this.controls.update(
      controlsModel(
        snap,
        pub,
        legal,
        {
          handSize: v.private?.hand.length ?? 0,
          hand: v.private?.hand ?? [],
          deckLook: v.private?.deckLook?.cards ?? null,
        },
        this.selection,
        this.planner,
        this.threatMemory,
      ),
    );
  }

  /** The table (seat, players, rows' seats) and the rows out at the last layout. */
  private laidTable = '';
  private laidOutRows = '';
  /** Rows (index) of players just out, fading where they were: their canvas height. */
  private fading = new Map<number, number>();
  /** A player out: where the board's parts were on the page, and where the first frame after drew them (tests). */
  private outMove: {
    before: Record<string, number>;
    start: Record<string, number>;
    drawn: Record<string, number> | null;
  } | null = null;

  /** The board's parts that move with a layout: the opponents' rows, the shared zones, your row, the hand. */
  private boardParts(): (BoardRow | CenterStrip)[] {
    return [this.rows[1]!, this.rows[2]!, this.center, this.rows[0]!];
  }

  /** Each board part's world and canvas height (null: hidden), through the camera that shows it. */
  private partPlaces(): PartPlace[] {
    return this.boardParts().map((p, i) => {
      const h = p instanceof BoardRow ? p.bounds().h : this.zones.h;
      const shown = p.visible && !this.fading.has(i + 1);
      return { worldY: p.y, h, canvasY: shown ? this.canvasY(p.y) : null };
    });
  }

  /** Canvas height of a world height, through the camera that shows it (the board's, or your pinned part's). */
  private canvasY(y: number): number {
    const cam = this.scroll.camFor(y);
    return cam.y + y - cam.scrollY;
  }

  /** Page height of a world height, through the camera that shows it. */
  private pageY(y: number): number {
    return this.screenOrigin(y).top + y;
  }

  /** The board's parts' page heights (rows by seat, the zones, the hand's label), for tests. */
  private partsOnPage(): Record<string, number> {
    const out: Record<string, number> = {};
    this.rows.forEach((row, r) => {
      if (row.visible && !this.fading.has(r)) out[`row ${this.rowSeats[r]}`] = this.pageY(row.y);
    });
    out.zones = this.pageY(this.center.y);
    if (this.handLabel.visible) out.hand = this.pageY(this.handLabel.y);
    return out;
  }

  /** A row whose player just went out fades where it was on the canvas, then hides. */
  private fadeOut(r: number): void {
    const row = this.rows[r]!;
    this.fading.set(r, this.canvasY(row.y));
    this.tweens.add({
      targets: row,
      alpha: 0,
      duration: 260,
      onUpdate: () => this.holdFading(),
      onComplete: () => {
        this.fading.delete(r);
        row.setVisible(false);
        this.rerender();
      },
    });
  }

  /** A fading row stays where it was drawn on the canvas while the board's scroll changes under it. */
  private holdFading(): void {
    const cam = this.cameras.main;
    for (const [r, canvas] of this.fading) this.rows[r]!.setY(canvas - cam.y + cam.scrollY);
  }

  /**
   * After a player went out: each part still laid out starts where it was on the canvas and slides to
   * its new place (the rows close up over the gap), so nothing jumps and it is clear what moved.
   */
  private slideFrom(before: PartPlace[]): void {
    for (const t of this.slides) t.remove();
    this.slides = [];
    const moved: { target: Phaser.GameObjects.Components.Transform; to: number; by: number }[] = [];
    this.boardParts().forEach((p, i) => {
      const old = before[i]!.canvasY;
      if (old === null || !p.visible || this.fading.has(i + 1)) return;
      const by = old - this.canvasY(p.y);
      if (Math.abs(by) < 1) return;
      moved.push({ target: p, to: p.y, by });
      // Your hand moves with your row.
      if (p === this.rows[0])
        for (const o of [this.handLabel, ...this.hand]) moved.push({ target: o, to: o.y, by });
    });
    for (const m of moved) {
      m.target.y = m.to + m.by;
      const tween = this.tweens.add({
        targets: m.target,
        y: { from: m.to + m.by, to: m.to },
        duration: 420,
        ease: 'Cubic.Out',
        onComplete: () => {
          this.slides = this.slides.filter((t) => t !== tween);
          if (m.target === this.rows[0]) this.rerender();
        },
      });
      this.slides.push(tween);
    }
  }

  /** The slides under way (a player out: the rows close up over the gap). */
  private slides: Phaser.Tweens.Tween[] = [];

  /** Where a scrolling board starts your turn: at the bottom, or up to the row of an opponent the threat line names. */
  private turnStartScroll(pub: KingpinPublic, me: number, hand: readonly string[]): number {
    if (this.scroll.max <= 0) return 0;
    const named = (threatLine(pub, me, hand)?.seats ?? []).flatMap((seat) => {
      const row = this.rows[this.rowSeats.indexOf(seat)];
      return row?.visible ? [row] : [];
    });
    // Worked out for the view's top under the up cue's strip (scrolled down, the cue shows).
    const top = turnStartScroll(
      this.scroll.max + CUE_STRIP,
      named.map((row) => row.y),
      named.length
        ? {
            viewH: this.scroll.midView,
            zonesTop: this.center.y,
            zonesH: this.zones.h,
            zoneCw: this.zones.cw,
            rowH: named[0]!.bounds().h,
          }
        : undefined,
    );
    return scrollShowing(top, this.scroll.max);
  }

  private renderBanner(snap: TableSnapshot): void {
    if (Date.now() < this.flashUntil) return;
    const pub = (snap.view as KingpinView | null)?.public;
    if (!pub) return;
    const { title, sub, color } = bannerText(snap, pub, this.planner !== null);
    this.setBanner(title, sub, color);
  }

  private setBanner(title: string, sub: string, color: string): void {
    this.center.title.setText(title).setColor(color);
    this.center.sub.setText(sub);
  }

  private flash(title: string, sub: string, color: string, ms = 1400): void {
    this.setBanner(title, sub, color);
    this.flashUntil = Date.now() + ms;
    this.tweens.add({
      targets: this.center.title,
      scale: { from: 1.2, to: 1 },
      duration: 260,
      ease: 'Back.Out',
    });
    // Wall-clock, not the game clock: software rendering can slow the game clock far below real time.
    window.setTimeout(() => {
      if (this.sys.isActive()) this.rerender();
    }, ms + 20);
  }

  /** The sprite of a board card, if that seat is on screen. */
  private spriteAt(seat: unknown, slot: unknown): CardSprite | null {
    const r = this.rowSeats.indexOf(Number(seat));
    if (r < 0 || typeof slot !== 'number') return null;
    return this.rows[r]?.cards[slot] ?? null;
  }

  /** Events arrive just before the patch of the same change: the cards are still where they were. */
  protected override onEvent(e: GameEvent): void {
    const d = e.data ?? {};
    const v = this.view();
    switch (e.type) {
      case 'attack': {
        play('bust');
        const attackers = (Array.isArray(d.attackers) ? (d.attackers as number[]) : [])
          .map((slot) => this.spriteAt(e.seat, slot))
          .filter((c): c is CardSprite => c !== null);
        this.effects.attack(attackers, this.spriteAt(d.target, d.slot), Number(d.damage ?? 0));
        this.cameras.main.shake(160, 0.004);
        this.flash('ATTACK!', e.text, CSS.red);
        break;
      }
      case 'destroyed': {
        play('bust');
        const sprite = this.spriteAt(e.seat, d.slot);
        if (sprite?.visible && typeof d.card === 'string') this.effects.destroyed(sprite.bounds(), d.card);
        this.flash('DESTROYED', e.text, CSS.red);
        break;
      }
      case 'eliminated':
        this.flash('BOSS DOWN', e.text, CSS.red, 1800);
        break;
      case 'bribe': {
        play('bank');
        const from = Number(d.from);
        const slot = v?.public.players[from]?.board.findIndex((c) => c?.id === d.card) ?? -1;
        const sprite = this.spriteAt(from, slot);
        const row = this.rows[this.rowSeats.indexOf(e.seat ?? -1)];
        if (sprite && row && typeof d.card === 'string') {
          const b = row.bounds();
          this.effects.fly(sprite.bounds(), { x: b.x + 40, y: b.y + 10 }, d.card);
        }
        this.flash('BRIBED', e.text, CSS.gold);
        break;
      }
      case 'event': {
        play('special');
        // The banner first: the card's pop-up keeps off it.
        this.flash('EVENT', e.text, '#E69F00', 1800);
        if (typeof d.card === 'string') this.popEvent(d.card);
        break;
      }
      case 'reveal':
      case 'buy':
        play('draw');
        this.tweens.add({ targets: this.center.pile, scale: { from: 1.12, to: 1 }, duration: 220 });
        break;
      case 'won':
        play('win');
        break;
      case 'deckLook':
        if (e.seat === this.me())
          this.flash('TOP OF THE PILE', 'Only you see it: listed under the board', CSS.gold);
        break;
      case 'deploy':
        play('draw');
        break;
    }
  }

  /**
   * An event card shown large for a moment, wholly inside the board's view: a scrolling board's view
   * ends above your pinned part (and its strip), which it never crosses nor is drawn in. It covers
   * no row's name or status line (nor your row's header band), no zone's label and not the banner (which says what the event did),
   * and on your turn not your own board's cards when it can keep off them: the
   * nearest free spot to the shared zones' middle, on a stretch with no text at all when there is
   * one wide enough (layout's eventSpot). It holds still on the screen while the board scrolls under it.
   */
  private popEvent(card: string): void {
    const { x, y, w } = this.eventPlace();
    const ghost = this.effects.showCard(card, x, y, w);
    ghost.setScrollFactor(0, 0, true);
    this.scroll.scrollingOnly(ghost);
  }

  /**
   * The event card on show moves to a free spot again when the board moves under it (a scroll, a
   * new layout): the turn's start scrolls a phone's board, and your row came up under the card.
   */
  private replaceEvent(): void {
    const ghost = this.effects.shown;
    if (!ghost?.active) return;
    const { x, y, w } = this.eventPlace();
    ghost.setCardWidth(w).setPosition(x, y);
  }

  /** Where the event card goes now, in the board view's coordinates (eventSpot), and how wide. */
  private eventPlace(): { x: number; y: number; w: number } {
    const cam = this.cameras.main;
    const air = 6;
    const grow = 1.1;
    const W = this.scale.width;
    // Its pop grows it to about 1.1 times its size for a moment (Back.Out).
    const wMax = Math.min(200, W * 0.42, (cam.height - 2 * air) / (1.4 * grow));
    const c = this.center;
    const hard: Box[] = [];
    const soft: Box[] = [];
    for (const t of this.textBoxes(this.effects.shown)) {
      // What the board's view shows (not your pinned part), in the view's own coordinates.
      if (this.scroll.camFor(t.y) !== cam) continue;
      (t.card ? soft : hard).push({ x: t.x - cam.scrollX, y: t.y - cam.scrollY, w: t.w, h: t.h });
    }
    // Your row's whole header line (its band, between your name and your status too): the line you
    // read most. An opponent's band may show between its name and its status for that moment.
    const mine = this.rows[0]!;
    if (mine.visible) {
      const b = mine.headerBounds();
      if (this.scroll.camFor(b.y) === cam) hard.push({ ...b, x: b.x - cam.scrollX, y: b.y - cam.scrollY });
    }
    // On your turn, your own board's cards (what you are about to play with) stay in sight: covered
    // only when no spot off them is free of those texts.
    const own: Box[] = [];
    if (mine.visible && this.view()?.public.turn === this.me())
      for (const card of mine.cards) {
        if (!card.visible) continue;
        const b = card.bounds();
        if (this.scroll.camFor(b.y) === cam) own.push({ ...b, x: b.x - cam.scrollX, y: b.y - cam.scrollY });
      }
    // The banner's second line may change while the card shows (the flash ends): its whole room.
    const sub = c.sub.getBounds();
    const wrap = Number(c.sub.style.wordWrapWidth) || sub.width;
    hard.push({
      x: sub.centerX - wrap / 2 - cam.scrollX,
      y: sub.y - cam.scrollY,
      w: wrap,
      h: Math.max(sub.height, Number.parseFloat(String(c.sub.style.fontSize)) * 2.6),
    });
    const prefer = { x: W / 2, y: c.y + c.pile.cardHeight - cam.scrollY };
    const spot = eventSpot({
      viewW: W,
      viewH: cam.height,
      wMax,
      // Smaller than a readable card only when nothing else fits: the banner and the log say the event.
      wMin: Math.min(wMax, 44),
      readable: Math.min(wMax, MIN_CARD_W),
      grow,
      prefer,
      hard,
      soft,
      own,
    });
    if (spot) return spot;
    // No free spot: the zones' middle, inside the view.
    const half = (wMax * 1.4 * grow) / 2;
    return { x: W / 2, y: Math.max(air + half, Math.min(cam.height - air - half, prefer.y)), w: wMax };
  }

  /**
   * Where world (0, 0) is on the page for what sits at world height `y`: the corner of the camera
   * showing it (the scrolling one, or your pinned part's) on the canvas, less that camera's scroll.
   */
  private screenOrigin(y: number): { left: number; top: number } {
    const r = this.game.canvas.getBoundingClientRect();
    const cam = this.scroll.camFor(y);
    return { left: r.left + cam.x - cam.scrollX, top: r.top + cam.y - cam.scrollY };
  }

  /** The page's span of the camera view that shows world height `y`. */
  private viewSpan(y: number): { top: number; bottom: number } {
    const cam = this.scroll.camFor(y);
    const top = this.game.canvas.getBoundingClientRect().top + cam.y;
    return { top, bottom: top + cam.height };
  }

  /**
   * Every text drawn on the canvas, in world coordinates (floating damage numbers left out), and
   * whether it is part of a card (its name or figures) rather than a line of the board's own.
   */
  private textBoxes(
    skip: Phaser.GameObjects.GameObject | null = null,
  ): { text: string; x: number; y: number; w: number; h: number; card: boolean }[] {
    const out: { text: string; x: number; y: number; w: number; h: number; card: boolean }[] = [];
    type Node = { visible?: boolean; alpha?: number; parentContainer?: Phaser.GameObjects.GameObject };
    const shown = (o: Phaser.GameObjects.GameObject): boolean => {
      const v = o as unknown as Node;
      if (v.visible === false || v.alpha === 0) return false;
      return v.parentContainer ? shown(v.parentContainer) : true;
    };
    const walk = (list: Phaser.GameObjects.GameObject[], card: boolean) => {
      for (const o of list) {
        if (o === skip) continue;
        if (o.type === 'Container')
          walk((o as Phaser.GameObjects.Container).list, card || o instanceof CardSprite);
        else if (o.type === 'Text' && o.name !== FLOAT && shown(o)) {
          const t = o as Phaser.GameObjects.Text;
          if (!t.text.trim()) continue;
          const b = t.getBounds();
          out.push({ text: t.text, x: b.x, y: b.y, w: b.width, h: b.height, card });
        }
      }
    };
    walk(this.children.list, false);
    return out;
  }

  private exposeHooks(): void {
    const rect = (c: CardSprite) => {
      const b = c.bounds();
      const canvas = this.screenOrigin(b.y);
      return {
        x: canvas.left + b.x + b.w / 2,
        y: canvas.top + b.y + b.h / 2,
        w: b.w,
        h: b.h,
        visible: c.visible,
        /** The page's span of the camera view it is drawn in (the scrolling board's, or your pinned part's). */
        view: this.viewSpan(b.y),
      };
    };
    this.exposeDebug('kingpin', {
      /** Screen centre of a board card (seat, slot), a hand card or a Reserve card, for tests. */
      boardRect: (seat: number, slot: number) => {
        const c = this.spriteAt(seat, slot);
        return c ? rect(c) : null;
      },
      handRect: (card: string) => {
        const c = this.hand.find((h) => h.visible && h.cardId === card);
        return c ? rect(c) : null;
      },
      reserveRect: (card: string) => {
        const c = this.center.reserve.find((h) => h.visible && h.cardId === card);
        return c ? rect(c) : null;
      },
      safeRect: () => this.rows[0]!.safeRect,
      /**
       * How far the board is scrolled (the world height at the canvas's top: a world height y is at
       * canvas height y - scroll), how far it can be (0 when it all fits), where its view starts and
       * ends on the canvas (under a cue's strip while the cue shows), and where your pinned part
       * starts in the world (null: not pinned).
       */
      scroll: () => ({
        y: this.scroll.y,
        max: this.scroll.max,
        top: this.cameras.main.y,
        bottom: this.cameras.main.y + this.cameras.main.height,
        pin: this.scroll.pinFrom,
      }),
      /** Screen centre of the first shield on your card in `slot` (drag it to move the shield). */
      pip: (slot: number) => {
        const p = this.rows[0]!.cards[slot]?.firstPip();
        const canvas = this.screenOrigin(p?.y ?? 0);
        return p ? { x: canvas.left + p.x, y: canvas.top + p.y } : null;
      },
      /** Screen centre of your safe's money chip (drag it onto a card for a shield). */
      safeChip: () => {
        const m = this.rows[0]!.chip.getWorldTransformMatrix();
        const canvas = this.screenOrigin(m.ty);
        return { x: canvas.left + m.tx, y: canvas.top + m.ty };
      },
      banner: () => `${this.center.title.text} | ${this.center.sub.text}`,
      /** The banner as the last frame drawn showed it (the canvas may lag the text by a frame). */
      drawnBanner: () => this.drawnBanner,
      /**
       * Every row as drawn: the seat it shows, its name line, its place (world, and `screen` on the
       * page), the page's span of the camera view showing it, and its slots' places.
       */
      rows: () =>
        this.rows.map((row, r) => ({
          seat: this.rowSeats[r] ?? -1,
          visible: row.visible,
          label: row.label,
          bounds: row.bounds(),
          screen: (() => {
            const b = row.bounds();
            const o = this.screenOrigin(b.y);
            return { x: o.left + b.x, y: o.top + b.y, w: b.w, h: b.h };
          })(),
          view: this.viewSpan(row.bounds().y),
          // Where the layout put each slot in the row (animations and marks left aside).
          slots: row.laidSlots.map((c) => ({ x: Math.round(c.x), y: Math.round(c.y), w: Math.round(c.w) })),
        })),
      /** Screen boxes of the hand cards shown (tests check they are fully visible). */
      handBoxes: () => {
        return this.hand
          .filter((c) => c.visible && c.cardId)
          .map((c) => {
            const b = c.bounds();
            const canvas = this.screenOrigin(b.y);
            return {
              id: c.cardId,
              x: canvas.left + b.x,
              y: canvas.top + b.y,
              w: b.w,
              h: b.h,
              mark: c.currentMark,
            };
          });
      },
      /**
       * Screen boxes of every text drawn on the canvas (tests check none overlaps another); `cut`: a
       * camera view's edge crosses it (only part of it shows); `card`: a card's own name or figures.
       */
      texts: () =>
        this.textBoxes()
          .map((t) => {
            const canvas = this.screenOrigin(t.y);
            const view = this.viewSpan(t.y);
            // Only the part inside the camera's view is on screen (a scrolling board's top strip hides the rest).
            const y0 = Math.max(canvas.top + t.y, view.top);
            const y1 = Math.min(canvas.top + t.y + t.h, view.bottom);
            return {
              text: t.text,
              x: canvas.left + t.x,
              y: y0,
              w: t.w,
              h: Math.max(0, y1 - y0),
              cut: y1 - y0 < t.h - 1,
              card: t.card,
            };
          })
          .filter((t) => t.h > 0),
      planner: () => this.planner,
      /**
       * The last time a player went out: the page heights of the board's parts (rows by seat, the
       * zones, the hand's label) before, and as the first frame after drew them (null: not yet).
       */
      outMove: () => this.outMove,
      /**
       * A damage number on a board card, as a real attack shows it; then where it is drawn on the
       * page once it has stood `ms` (null: no such card, or gone by then).
       */
      damageFloat: (seat: number, slot: number, damage: number, ms: number) => {
        const target = this.spriteAt(seat, slot);
        if (!target) return Promise.resolve(null);
        this.effects.attack([], target, damage);
        const t = this.effects.lastFloat!;
        return new Promise((done) =>
          window.setTimeout(() => {
            if (!t.active) return done(null);
            const b = t.getBounds();
            const o = this.screenOrigin(b.y);
            done({ text: t.text, x: o.left + b.x, y: o.top + b.y, w: b.width, h: b.height, alpha: t.alpha });
          }, ms),
        );
      },
      /** An event's pop-up, as a real event shows it (tests: where it goes at a scroll position). */
      popEvent: (card: string) => this.popEvent(card),
      /**
       * The event card on show: its box on the page at full size, the page's span of the board's
       * view, and whether your pinned part's camera draws it too (null: none on show).
       */
      eventCard: () => {
        const g = this.effects.shown;
        if (!g) return null;
        const cam = this.cameras.main;
        const w = g.cardWidth * g.scaleX;
        const h = g.cardHeight * g.scaleY;
        // It does not scroll: placed in the main camera's view.
        const r = this.game.canvas.getBoundingClientRect();
        const pin = this.scroll.pinCamera();
        return {
          x: r.left + cam.x + g.x - w / 2,
          y: r.top + cam.y + g.y - h / 2,
          w,
          h,
          view: this.viewSpan(cam.scrollY),
          inPinned: !!pin && pin.visible && !(g.cameraFilter & pin.id),
        };
      },
      /** Animations started so far, by kind. */
      played: () => ({ ...this.effects.played }),
      /** Tweens running now (a flash, a lunge, a scroll): tests measure overlaps on a still frame. */
      moving: () => this.tweens.getTweens().length,
      size: () => ({ w: this.scale.width, h: this.scale.height }),
    });
  }
}
