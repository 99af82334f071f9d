/**
 * The Kingpin table. It draws the plain view from its TableConnection: opponents' boards on top,
 * the shared zones (Draw Pile, Discard, Reserve, Bank, Golden Fund) and the turn banner in the
 * middle, your board, safe and hand at the bottom. Taps select cards (the DOM controls then list
 * that card's legal actions), the attack planner picks attackers and a target, shields are dragged
 * between your cards and your safe. Every payload sent is one of `legal`.
 */
import Phaser from 'phaser';
import type { GameEvent } from '@parlor/shared/core/contract';
import type { AttackTarget, KingpinAction, KingpinPublic } from '@parlor/shared/games/kingpin/types';
import type { TableConnection, TableSnapshot } from '../../net/TableConnection';
import { play } from '../../ui/sound';
import type { GameSceneData } from '../sceneData';
import type { KingpinView } from './adapter';
import { BoardRow } from './BoardRow';
import { CardSprite } from './CardSprite';
import { CardTip } from './CardTip';
import { CSS } from './cardArt';
import { attackPreview } from '@parlor/shared/games/kingpin/preview';
import { cardSummary, defOf, nameOf, printed } from './cards';
import { CenterStrip } from './CenterStrip';
import { Controls, type ControlsModel } from './Controls';
import { type Selection, attackBlockReason, concerns, missingNote, protectionNote } from './describe';
import { Effects } from './Effects';
import { damagePreview } from './preview';

const HAND_MAX = 8;

interface Planner {
  attackers: number[];
  target: AttackTarget | null;
}

export class KingpinScene extends Phaser.Scene {
  static readonly KEY = 'kingpin';
  private conn!: TableConnection;
  private dom!: GameSceneData['dom'];
  private rows: BoardRow[] = [];
  private center!: CenterStrip;
  private hand: CardSprite[] = [];
  private handLabel!: Phaser.GameObjects.Text;
  private controls!: Controls;
  private tip!: CardTip;
  private effects!: Effects;
  private unsubs: (() => void)[] = [];
  private selection: Selection | null = null;
  private planner: Planner | null = null;
  /** Seat shown in each row: rows[0] is the local player's (bottom). */
  private rowSeats: number[] = [];
  private flashUntil = 0;
  private compact = false;
  private lastTurn = '';

  constructor() {
    super(KingpinScene.KEY);
  }

  init(data: GameSceneData): void {
    this.conn = data.conn;
    this.dom = data.dom;
    this.selection = null;
    this.planner = null;
    this.flashUntil = 0;
    this.rows = [];
    this.hand = [];
    // A rematch restarts the scene: nothing may carry over from the previous match's layout.
    this.rowSeats = [];
    this.laidOut = '';
    this.lastTurn = '';
  }

  create(): void {
    for (let i = 0; i < 3; i++) this.rows.push(new BoardRow(this));
    this.center = new CenterStrip(this);
    const res = Math.min(2, window.devicePixelRatio || 1);
    this.handLabel = this.add
      .text(0, 0, 'YOUR HAND', {
        fontFamily: "'Inter', sans-serif",
        fontSize: '11px',
        fontStyle: '700',
        color: CSS.muted,
        resolution: res,
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
    );
    this.tip = new CardTip(this.dom.overlay);
    this.effects = new Effects(this);
    this.wireInput();
    this.unsubs.push(
      this.conn.on('change', (s) => this.render(s)),
      this.conn.on('event', (e) => this.onEvent(e)),
    );
    this.scale.on('resize', this.layout, this);
    // The stage shrinks when the action panel under it grows (a seat's panel is taller than a
    // spectator's); a resize Phaser missed left the hand drawn under the panel. Checked often.
    this.time.addEvent({ delay: 400, loop: true, callback: () => this.fitStage() });
    this.events.once('shutdown', () => this.teardown());
    this.layout();
    this.exposeDebug();
  }

  /** Makes the canvas the size of its stage again if a resize was missed (never in a loop). */
  private fitStage(): void {
    const parent = this.game.canvas.parentElement;
    if (!parent) return;
    const w = parent.clientWidth;
    const h = parent.clientHeight;
    if (w <= 0 || h <= 0) return;
    if (Math.abs(w - this.scale.width) <= 1 && Math.abs(h - this.scale.height) <= 1) return;
    this.scale.refresh();
    if (Math.abs(h - this.scale.height) > 1 || Math.abs(w - this.scale.width) > 1) this.scale.resize(w, h);
  }

  private teardown(): void {
    for (const u of this.unsubs) u();
    this.unsubs = [];
    this.scale.off('resize', this.layout, this);
    this.controls.destroy();
    this.tip.destroy();
    const w = window as unknown as { __parlor?: Record<string, unknown> };
    if (w.__parlor) delete w.__parlor.kingpin;
  }

  private snap(): TableSnapshot | null {
    return this.conn.snapshot();
  }
  private view(): KingpinView | null {
    return (this.snap()?.view as KingpinView | null) ?? null;
  }
  private legal(): KingpinAction[] {
    return (this.snap()?.legal ?? []) as KingpinAction[];
  }
  private me(): number {
    return this.snap()?.mySeat ?? -1;
  }

  private send(a: KingpinAction): void {
    // Shield moves keep the card selected (several in a row are common); anything else closes it.
    const defense = a.type === 'moveShield' || a.type === 'safeToShield' || a.type === 'shieldToSafe';
    if (!defense) this.selection = null;
    if (a.type === 'attack') this.planner = null;
    this.tip.hide(true);
    // Shield moves make no event (nothing to log): their click is heard at once.
    if (defense) play('tick');
    this.conn.send(a);
  }

  // ---------------------------------------------------------------- input

  private wireInput(): void {
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
    this.tip.show(card.cardId, card.card, { x: p.x, y: p.y });
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
        if (!this.attackSlots().has(slot)) return;
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

  /** Your slots that appear as attackers in some legal attack. */
  private attackSlots(): Set<number> {
    return new Set(this.legal().flatMap((a) => (a.type === 'attack' ? a.attackers : [])));
  }

  private plannedAction(): KingpinAction | null {
    const p = this.planner;
    if (!p || !p.target) return null;
    const key = JSON.stringify([p.attackers, p.target]);
    return (
      this.legal().find(
        (a) => a.type === 'attack' && JSON.stringify([[...a.attackers].sort(), a.target]) === key,
      ) ?? null
    );
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

  // ---------------------------------------------------------------- layout

  private laidOut = '';

  /**
   * Everything the layout depends on: the canvas size, whether we hold a hand (a seat), how many
   * players and which seat each row shows. A layout made before the view arrived (a rematch's
   * waiting room: no players yet, or no seat) is redone as soon as any of these changes.
   */
  private layoutKey(): string {
    const { width: W, height: H } = this.scale;
    const players = this.view()?.public.players.length ?? 0;
    return `${W}x${H}|${this.me()}|${players}|${this.rowSeats.join()}`;
  }

  private layout(): void {
    const { width: W, height: H } = this.scale;
    this.laidOut = this.layoutKey();
    this.compact = W < 700;
    const pad = this.compact ? 8 : 16;
    const v = this.view();
    const seats = v?.public.players.length ?? 2;
    const opps = Math.max(1, seats - 1);
    const innerW = Math.min(W - pad * 2, 1100);
    const x0 = (W - innerW) / 2;
    const isPlayer = this.me() >= 0;
    const headH = this.compact ? 18 : 24;
    /** Card sizes for one arrangement (two opponents side by side, or stacked). */
    const plan = (side: boolean) => {
      const oppRowW = side ? (innerW - pad * 2) / 2 : innerW;
      const oppRows = side ? 1 : opps;
      // Card widths scale together: yours = s, opponents' = s * ro, the shared zones = s * rc, hand s * 0.82.
      const ro = this.compact && !side ? 1 : side ? 0.8 : 0.72;
      const rc = this.compact ? 0.7 : 0.6;
      const rh = isPlayer ? 0.82 : 0;
      const widths = (k: number) => ({
        my: k,
        opp: Math.min(k * ro, oppRowW / 6.3),
        cen: Math.min(k * rc, innerW / 9.5),
      });
      const heightOf = (k: number): number => {
        const w = widths(k);
        return (
          oppRows * (BoardRow.heightFor(w.opp, headH) + pad) +
          CenterStrip.heightFor(w.cen, this.compact) +
          pad +
          BoardRow.heightFor(w.my, headH) +
          pad * 0.6 +
          (isPlayer ? 16 + (w.my * rh * 280) / 200 : 0) +
          pad * 2
        );
      };
      // The largest cards that fit: by width first, then shrink until the height fits too.
      let s0 = Math.min(innerW / 6.3, 150);
      while (s0 > 30 && heightOf(s0) > H) s0 *= 0.97;
      return { side, oppRowW, s0, widths, heightOf, score: s0 + widths(s0).opp };
    };
    // Two opponents go side by side when that gives bigger cards (wide or short screens).
    const stacked = plan(false);
    const beside = opps === 2 && W >= 600 ? plan(true) : null;
    const best = beside && beside.score > stacked.score ? beside : stacked;
    const { side, oppRowW, s0, widths, heightOf } = best;
    const { my: myCw, opp: oppCw, cen: centerCw } = widths(s0);
    const extra = Math.max(0, (H - heightOf(s0)) / 5);
    let y = pad + extra / 2;
    // Opponents
    for (let i = 1; i < 3; i++) {
      const row = this.rows[i]!;
      row.setVisible(i <= opps);
      if (i > opps) continue;
      const col = side ? i - 1 : 0;
      const rw = Math.min(oppRowW, oppCw * 6.45);
      row.setPosition(x0 + col * (oppRowW + pad * 2) + (oppRowW - rw) / 2, y);
      row.layout(rw, oppCw, headH);
      if (!side || i === opps) y += BoardRow.heightFor(oppCw, headH) + pad;
    }
    y += extra;
    const myW = Math.min(innerW, myCw * 6.45);
    const centerW = this.compact ? myW : innerW;
    this.center.setPosition(x0 + (innerW - centerW) / 2, y);
    this.center.layout(centerW, centerCw, this.compact);
    y += CenterStrip.heightFor(centerCw, this.compact) + pad + extra;
    this.rows[0]!.setPosition(x0 + (innerW - myW) / 2, y);
    this.rows[0]!.layout(myW, myCw, headH);
    y += BoardRow.heightFor(myCw, headH) + pad * 0.6 + extra * 0.5;
    const hw = myCw * 0.82;
    const hx = x0 + (innerW - myW) / 2;
    this.handLabel.setPosition(hx, y).setVisible(isPlayer);
    const handStep = Math.min(hw + 8, (myW - hw) / Math.max(1, HAND_MAX - 1));
    this.hand.forEach((c, i) => {
      c.setCardWidth(hw);
      c.setPosition(hx + hw / 2 + i * handStep, y + 16 + (hw * 1.4) / 2);
    });
    const snap = this.snap();
    if (snap) this.render(snap);
  }

  private rerender(): void {
    const s = this.snap();
    if (s) this.render(s);
  }

  // ---------------------------------------------------------------- render

  private render(snap: TableSnapshot): void {
    const v = snap.view as KingpinView | null;
    const visible = v !== null;
    // Only as many rows as players (a 2-player table leaves the third row hidden).
    const players = v?.public.players.length ?? 0;
    this.rows.forEach((row, i) => row.setVisible(visible && i < players));
    for (const o of [this.center, ...this.hand]) o.setVisible(visible);
    this.handLabel.setVisible(visible && snap.mySeat >= 0);
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
      });
      return;
    }
    const pub = v.public;
    const me = snap.mySeat;
    const n = pub.players.length;
    const bottom = me >= 0 ? me : 0;
    const seatsWanted = [bottom, ...Array.from({ length: n - 1 }, (_, i) => (bottom + 1 + i) % n)];
    this.rowSeats = seatsWanted;
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
    const attackSlots = this.planner ? this.attackSlots() : new Set<number>();
    const pickTargets = legal.flatMap((a) => (a.type === 'pick' && a.target ? [a.target] : []));
    const attack = pub.prompt?.attack ?? null;
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
        card.shieldsDraggable =
          seat === me &&
          legal.some(
            (a) =>
              (a.type === 'moveShield' && a.from === slot) || (a.type === 'shieldToSafe' && a.slot === slot),
          );
        if (c) card.showCard(c.id, c).setVisible(true);
        else card.showBack().setVisible(false);
        let mark: Parameters<CardSprite['setMark']>[0] = 'none';
        const sel = this.selection;
        if (sel?.kind === 'board' && sel.seat === seat && sel.slot === slot) mark = 'selected';
        if (this.planner) {
          if (seat === me && this.planner.attackers.includes(slot)) mark = 'attacker';
          else if (seat === me && attackSlots.has(slot)) mark = 'option';
          const t = this.planner.target;
          if (t && t.zone === 'board' && t.seat === seat && t.slot === slot) mark = 'target';
        }
        if (pickTargets.some((t) => t.seat === seat && t.slot === slot)) mark = 'option';
        if (attack && attack.seat === seat && attack.attackers.includes(slot)) mark = 'attacker';
        if (
          attack &&
          attack.target.zone === 'board' &&
          attack.target.seat === seat &&
          attack.target.slot === slot
        )
          mark = 'target';
        card.setMark(mark);
      });
    });
    this.center.render(pub);
    this.center.reserve.forEach((card) => {
      const sel = this.selection;
      card.setMark(
        sel?.kind === 'reserve' && sel.card === card.cardId
          ? 'selected'
          : legal.some((a) => a.type === 'buy' && a.source === 'reserve' && a.card === card.cardId)
            ? 'option'
            : 'none',
      );
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
      const sel = this.selection;
      const usable = legal.some((a) => concerns(a, { kind: 'hand', card: id }, pub, me));
      card.setMark(sel?.kind === 'hand' && sel.card === id ? 'selected' : usable ? 'option' : 'none');
    });
    this.handLabel.setText(handIds.length ? `YOUR HAND · ${handIds.length}` : 'YOUR HAND · empty');

    const turnKey = `${pub.turnNumber}:${pub.turn}`;
    if (turnKey !== this.lastTurn) {
      if (this.lastTurn && pub.turn === me && snap.status === 'playing') play('turn');
      this.lastTurn = turnKey;
      this.selection = null;
    }
    this.renderBanner(snap, pub);
    this.controls.update(this.controlsModel(snap, pub, legal));
  }

  private controlsModel(snap: TableSnapshot, pub: KingpinPublic, legal: KingpinAction[]): ControlsModel {
    const me = snap.mySeat;
    const nameOfSeat = (s: number) => pub.players[s]?.name || `Seat ${s + 1}`;
    let selected: ControlsModel['selected'] = null;
    const sel = this.selection;
    if (sel) {
      const id = sel.kind === 'board' ? pub.players[sel.seat]?.board[sel.slot]?.id : sel.card;
      const def = id ? defOf(id) : undefined;
      if (def && id) {
        const live = sel.kind === 'board' ? pub.players[sel.seat]?.board[sel.slot] : null;
        const where =
          sel.kind === 'board'
            ? sel.seat === me
              ? 'your board'
              : `${nameOfSeat(sel.seat)}'s board`
            : sel.kind === 'hand'
              ? 'your hand'
              : 'the Reserve';
        const figures =
          def.type === 'event'
            ? ''
            : live
              ? `ATK ${live.atk} · HP ${live.hp}/${live.maxHp} · shields ${live.shields}/${live.shieldLimit}`
              : `ATK ${def.atk} · HP ${def.type === 'boss' ? pub.bossHp : def.hp} · D ${def.defend} · Rage ${def.rage} · Price ${def.price}`;
        const note = sel.kind === 'board' && sel.seat !== me ? protectionNote(pub, sel.seat, sel.slot) : null;
        selected = {
          title: `${def.name} (${where})`,
          detail: [figures, def.text, note].filter(Boolean).join(' — '),
          actions: legal.filter((a) => concerns(a, sel, pub, me)),
          why: missingNote(pub, me, sel, legal, (snap.view as KingpinView | null)?.private?.hand.length ?? 0),
        };
      }
    }
    let planner: ControlsModel['planner'] = null;
    if (this.planner) {
      const p = this.planner;
      const t = p.target;
      planner = {
        attackers: p.attackers.map((s) => nameOf(pub.players[me]?.board[s]?.id ?? '')),
        target: t
          ? t.zone === 'hand'
            ? `${nameOfSeat(t.seat)}'s hand`
            : `${nameOfSeat(t.seat)}'s ${nameOf(pub.players[t.seat]?.board[t.slot]?.id ?? '')}`
          : null,
        preview: p.attackers.length ? damagePreview(pub, me, p.attackers, t) : null,
        action: this.plannedAction(),
        handTargets: [
          ...new Set(
            legal.flatMap((a) =>
              a.type === 'attack' &&
              a.target.zone === 'hand' &&
              JSON.stringify([...a.attackers].sort()) === JSON.stringify(p.attackers)
                ? [a.target.seat]
                : [],
            ),
          ),
        ].map((seat) => ({ seat, label: `${nameOfSeat(seat)}'s hand` })),
        blocked: this.plannedAction() ? null : attackBlockReason(pub, me, p.attackers, t),
      };
    }
    let prompt: ControlsModel['prompt'] = null;
    const pr = pub.prompt;
    if (pr && pr.seat === me) {
      const actions = legal.filter((a) =>
        ['place', 'ammo', 'pick', 'emergencyShield', 'emergencyDone'].includes(a.type),
      );
      const card = pr.card ? nameOf(pr.card) : '';
      const titles: Record<string, [string, string]> = {
        place: [
          `You bought ${card}`,
          `${pr.card ? cardSummary(pr.card) : ''} Keep it in hand, or play it to your board with shields from your safe.`,
        ],
        ammo: [
          'Ammunition',
          'Spend money from your safe: +1 damage per $1. The damage resolves when you fire.',
        ],
        pick: [
          `${card}: choose a target`,
          `${pr.card ? cardSummary(pr.card) : ''} Tap a highlighted card, or skip.`,
        ],
        emergency: ['Emergency Defense', emergencyText(pub)],
      };
      const [title, detail] = titles[pr.kind] ?? ['', ''];
      const a = pr.attack;
      prompt = {
        title,
        detail,
        actions,
        ammoPreview:
          pr.kind === 'ammo' && a
            ? (ammo: number) => damagePreview(pub, a.seat, a.attackers, a.target, ammo)
            : undefined,
      };
    }
    const others = snap.toAct.filter((s) => s !== me);
    const hint =
      snap.status !== 'playing'
        ? ''
        : me < 0
          ? `Watching · ${others.length ? `${nameOfSeat(others[0]!)} to act` : ''}`
          : others.length && !snap.toAct.includes(me)
            ? `Waiting for ${nameOfSeat(others[0]!)}…`
            : legal.length
              ? `Tap a card for its actions · drag shields between your cards and your safe${buyNote(pub, me, legal)}`
              : '';
    const look = me >= 0 ? (snap.view as KingpinView | null)?.private?.deckLook : null;
    const peek = look ? look.cards.map(nameOf) : null;
    return { pub, legal, selected, planner, prompt, hint, peek, seated: me >= 0 };
  }

  private renderBanner(snap: TableSnapshot, pub: KingpinPublic): void {
    if (Date.now() < this.flashUntil) return;
    const me = snap.mySeat;
    const nameOfSeat = (s: number) => pub.players[s]?.name || `Seat ${s + 1}`;
    let title = '';
    let sub = '';
    let color: string = CSS.text;
    if (snap.status === 'playing') {
      const pr = pub.prompt;
      const actor = pr ? pr.seat : pub.turn;
      const mine = actor === me;
      if (this.planner) {
        title = 'PLAN YOUR ATTACK';
        sub = 'Tap your attackers, then an enemy card';
        color = CSS.gold;
      } else if (pr?.kind === 'ammo') {
        title = mine ? 'LOAD AMMUNITION' : `${nameOfSeat(actor)} attacks`;
        sub = mine ? 'Choose how much money to fire' : 'Choosing ammunition…';
      } else if (pr?.kind === 'place') {
        title = mine
          ? 'PLACE YOUR CARD'
          : `${nameOfSeat(actor)} bought ${pr.card ? nameOf(pr.card) : 'a card'}`;
      } else if (pr?.kind === 'pick') {
        title = mine ? 'CHOOSE A TARGET' : `${nameOfSeat(actor)} chooses a target`;
      } else if (pr?.kind === 'emergency') {
        title = mine ? 'EMERGENCY DEFENSE' : `${nameOfSeat(actor)} defends`;
      } else if (mine && pub.bribedThisTurn) {
        title = 'ATTACK OR END YOUR TURN';
        sub = 'After a bribe you may still attack';
        color = CSS.gold;
      } else if (mine) {
        title = 'YOUR TURN';
        sub = 'Arrange your shields, then buy, bribe, attack or discard';
        color = CSS.gold;
      } else {
        title = `${nameOfSeat(actor).toUpperCase()}’S TURN`;
      }
      if (mine && pr) color = CSS.gold;
      if (pub.blackout) sub = `${sub ? `${sub} · ` : ''}Blackout: abilities are off`;
      if (pub.truceActive) sub = `${sub ? `${sub} · ` : ''}Opening truce: Bosses are safe`;
      // turnNumber counts the turns started, this one included.
      sub = `${sub ? `${sub} · ` : ''}Turn ${pub.turnNumber}/${pub.turnCap}`;
    } else if (snap.status === 'finished' && pub.winner !== null) {
      title = `${nameOfSeat(pub.winner).toUpperCase()} WINS`;
      color = CSS.gold;
    }
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
  private onEvent(e: GameEvent): void {
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
        if (typeof d.card === 'string') {
          const c = this.center;
          this.effects.showCard(
            d.card,
            this.scale.width / 2,
            c.y + c.pile.cardHeight,
            Math.min(200, this.scale.width * 0.42),
          );
        }
        this.flash('EVENT', e.text, '#E69F00', 1800);
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

  private exposeDebug(): void {
    const w = window as unknown as { __parlor?: Record<string, unknown> };
    w.__parlor = w.__parlor ?? {};
    const rect = (c: CardSprite) => {
      const b = c.bounds();
      const canvas = this.game.canvas.getBoundingClientRect();
      return {
        x: canvas.left + b.x + b.w / 2,
        y: canvas.top + b.y + b.h / 2,
        w: b.w,
        h: b.h,
        visible: c.visible,
      };
    };
    w.__parlor.kingpin = {
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
      /** Screen centre of the first shield on your card in `slot` (drag it to move the shield). */
      pip: (slot: number) => {
        const p = this.rows[0]!.cards[slot]?.firstPip();
        const canvas = this.game.canvas.getBoundingClientRect();
        return p ? { x: canvas.left + p.x, y: canvas.top + p.y } : null;
      },
      /** Screen centre of your safe's money chip (drag it onto a card for a shield). */
      safeChip: () => {
        const m = this.rows[0]!.chip.getWorldTransformMatrix();
        const canvas = this.game.canvas.getBoundingClientRect();
        return { x: canvas.left + m.tx, y: canvas.top + m.ty };
      },
      banner: () => `${this.center.title.text} | ${this.center.sub.text}`,
      /** Every row as drawn: the seat it shows, its name line, its place and its slots' places. */
      rows: () =>
        this.rows.map((row, r) => ({
          seat: this.rowSeats[r] ?? -1,
          visible: row.visible,
          label: row.label,
          bounds: row.bounds(),
          // Where the layout put each slot in the row (animations and marks left aside).
          slots: row.laidSlots.map((c) => ({ x: Math.round(c.x), y: Math.round(c.y), w: Math.round(c.w) })),
        })),
      /** Screen boxes of the hand cards shown (tests check they are fully visible). */
      handBoxes: () => {
        const canvas = this.game.canvas.getBoundingClientRect();
        return this.hand
          .filter((c) => c.visible && c.cardId)
          .map((c) => {
            const b = c.bounds();
            return { id: c.cardId, x: canvas.left + b.x, y: canvas.top + b.y, w: b.w, h: b.h };
          });
      },
      planner: () => this.planner,
      /** Animations started so far, by kind. */
      played: () => ({ ...this.effects.played }),
      size: () => ({ w: this.scale.width, h: this.scale.height }),
    };
  }
}

/** The Emergency Defense prompt: which card is hit, by how much, and what shields can do here. */
function emergencyText(pub: KingpinPublic): string {
  const pr = pub.prompt;
  const a = pr?.attack;
  if (!pr || !a) return '';
  const p = attackPreview(pub, a.seat, a.attackers, a.ammo);
  const attacker = pub.players[a.seat]?.name ?? 'An opponent';
  const card = pr.card ? nameOf(pr.card) : 'a card';
  const hp = pr.card ? (defOf(pr.card)?.hp ?? 0) : 0;
  const parts = [
    `${attacker} attacks ${card} in your hand for ${Math.round(p.total * 100) / 100} damage (its HP: ${hp}, a little more with your board's clan bonus).`,
  ];
  if (p.ignoreShields)
    parts.push(
      'The Sniper ignores shields: shields moved onto it will not absorb anything (they come back to your safe).',
    );
  else if (p.ignoreFirstShield) parts.push('The Assassin makes the first shield absorb nothing.');
  else parts.push('Each shield you move onto it absorbs 1 damage.');
  parts.push('Press Done when ready; the attack then resolves.');
  return parts.join(' ');
}

/** Why "Buy from pile" is missing on your turn, for the hint line ('' when it is there). */
function buyNote(pub: KingpinPublic, me: number, legal: KingpinAction[]): string {
  const mine = pub.players[me];
  if (!mine || pub.turn !== me || pub.phase !== 'turn' || pub.bribedThisTurn) return '';
  if (legal.some((a) => a.type === 'buy' && a.source === 'pile')) return '';
  if (mine.supplyDisrupted) return ' · No buying this turn (Supply Disruption)';
  if (pub.drawCount + pub.reserve.length === 0) return ' · Nothing left to buy';
  return ' · No buying: you hold 6 cards (hand and board), the limit';
}
