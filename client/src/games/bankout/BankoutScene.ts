/**
 * The Bankout table. It draws the plain view from its TableConnection (a server room or a local
 * match), enables controls from the legal actions only, and turns game events into sounds and
 * short banners. Widgets: PlayerPanel x2, CenterArea, ActionBar (DOM), PromptLayer (DOM).
 */
import Phaser from 'phaser';
import type { GameEvent } from '@parlor/shared/core/contract';
import type { BankoutAction, CardId } from '@parlor/shared/games/bankout/types';
import type { TableConnection, TableSnapshot } from '../../net/TableConnection';
import { play } from '../../ui/sound';
import type { GameSceneData } from '../sceneData';
import { ActionBar } from './ActionBar';
import type { BankoutView } from './adapter';
import { CARD_H, CARD_W, CSS, FONT } from './cardArt';
import { CenterArea } from './CenterArea';
import { PlayerPanel } from './PlayerPanel';
import { PromptLayer } from './PromptLayer';
import { buildPrompt, jokerPlayPrompt } from './prompts';
import { money } from './Ticker';

export class BankoutScene extends Phaser.Scene {
  static readonly KEY = 'bankout';
  private conn!: TableConnection;
  private dom!: GameSceneData['dom'];
  private top!: PlayerPanel;
  private bottom!: PlayerPanel;
  private center!: CenterArea;
  private info!: Phaser.GameObjects.Text;
  private pot!: Phaser.GameObjects.Text;
  private banner!: Phaser.GameObjects.Text;
  private sub!: Phaser.GameObjects.Text;
  private bg!: Phaser.GameObjects.Graphics;
  private actions!: ActionBar;
  private prompts!: PromptLayer;
  private flashUntil = 0;
  private flashTimer = 0;
  private unsubs: (() => void)[] = [];
  private lastTurnKey = '';
  private compact = false;
  /** Online events waiting for the state patch that follows them (see hear()). */
  private held: { events: GameEvent[]; stateKey: string; timer: number } | null = null;

  constructor() {
    super(BankoutScene.KEY);
  }

  init(data: GameSceneData): void {
    this.conn = data.conn;
    this.dom = data.dom;
    this.flashUntil = 0;
    this.lastTurnKey = '';
  }

  create(): void {
    const res = Math.min(2, window.devicePixelRatio || 1);
    this.bg = this.add.graphics();
    this.top = new PlayerPanel(this, false);
    this.bottom = new PlayerPanel(this, true);
    this.center = new CenterArea(this);
    const text = (size: number, weight: string, color: string): Phaser.GameObjects.Text =>
      this.add.text(0, 0, '', {
        fontFamily: FONT,
        fontSize: `${size}px`,
        fontStyle: weight,
        color,
        resolution: res,
      });
    this.info = text(11, '700', CSS.muted).setLetterSpacing(1.5);
    this.pot = text(12, '800', CSS.gold).setOrigin(1, 0).setLetterSpacing(1.2);
    this.banner = text(22, '800', CSS.text).setOrigin(0.5, 0).setLetterSpacing(1);
    this.sub = text(13, '500', CSS.muted).setOrigin(0.5, 0);

    this.actions = new ActionBar(
      this.dom.actions,
      (a) => this.send(a),
      (card) => this.tapCard(card),
    );
    this.prompts = new PromptLayer(this.dom.overlay, (a) => this.send(a));
    this.unsubs.push(
      this.conn.on('change', (s) => {
        this.render(s);
        if (this.held && stateKey(s) !== this.held.stateKey) this.tellHeld();
      }),
      this.conn.on('event', (e) => this.hear(e)),
      this.conn.on('error', () => this.prompts.reset()),
    );
    this.scale.on('resize', this.layout, this);
    this.events.once('shutdown', () => this.teardown());
    this.layout();
    this.exposeDebug();
  }

  private teardown(): void {
    window.clearTimeout(this.flashTimer);
    if (this.held) window.clearTimeout(this.held.timer);
    this.held = null;
    for (const u of this.unsubs) u();
    this.unsubs = [];
    this.scale.off('resize', this.layout, this);
    this.actions.destroy();
    this.prompts.destroy();
    const w = window as unknown as { __parlor?: Record<string, unknown> };
    if (w.__parlor) delete w.__parlor.bankout;
  }

  private send(a: BankoutAction): void {
    this.conn.send(a);
  }

  private view(): BankoutView | null {
    return (this.conn.snapshot()?.view as BankoutView | null) ?? null;
  }

  private legal(): BankoutAction[] {
    return (this.conn.snapshot()?.legal ?? []) as BankoutAction[];
  }

  /** A hand card was tapped: play it, or ask which effect when it is a Joker. */
  private tapCard(card: CardId): void {
    const plays = this.legal().filter(
      (a): a is Extract<BankoutAction, { type: 'play' }> => a.type === 'play' && a.card === card,
    );
    if (plays.length === 0) return;
    if (plays.length === 1 && !plays[0]?.choice) {
      this.send(plays[0] as BankoutAction);
      return;
    }
    const v = this.view();
    this.prompts.setVoluntary(jokerPlayPrompt(card, plays, `${v?.public.turnNumber ?? 0}:${Date.now()}`));
  }

  // ---------------------------------------------------------------- layout

  private layout(): void {
    const { width: W, height: H } = this.scale;
    this.compact = W < 640 || H < 560;
    const pad = this.compact ? 10 : 16;
    const panelW = Math.min(W - pad * 2, 820);
    const x0 = (W - panelW) / 2;
    const topH = PlayerPanel.heightFor(false, this.compact);
    const botH = PlayerPanel.heightFor(true, this.compact);
    const infoH = 20;
    const bannerH = this.compact ? 44 : 52;
    const gaps = pad * 5;
    const free = H - topH - botH - infoH - bannerH - gaps;
    const maxByH = ((free - 18) / (CARD_H / CARD_W)) * 1;
    const cw = Math.max(40, Math.min(this.compact ? 74 : 104, maxByH, panelW / (this.compact ? 5.6 : 8)));
    const rowH = CenterArea.rowHeight(cw);
    const used = topH + botH + infoH + bannerH + rowH + gaps;
    const extra = Math.max(0, (H - used) / 4);

    let y = pad + extra * 0.5;
    this.top.setPosition(x0, y);
    this.top.layout(panelW, this.compact);
    y += topH + pad + extra;
    this.info.setPosition(x0 + 4, y);
    this.pot.setPosition(x0 + panelW - 4, y);
    y += infoH + pad * 0.5;
    this.center.setPosition(x0 + 4, y);
    this.center.layout(panelW - 8, cw);
    y += rowH + pad * 0.5 + extra;
    this.banner.setPosition(W / 2, y).setFontSize(this.compact ? 18 : 22);
    this.sub
      .setPosition(W / 2, y + (this.compact ? 22 : 28))
      .setFontSize(this.compact ? 12 : 13)
      .setWordWrapWidth(Math.min(W - 24, 640))
      .setAlign('center');
    y += bannerH + pad * 0.5 + extra;
    this.bottom.setPosition(x0, y);
    this.bottom.layout(panelW, this.compact);

    // The camera clears to the charcoal background: no full-screen fills (cheap on phones).
    this.bg.clear();
    const snap = this.conn.snapshot();
    if (snap) this.render(snap);
  }

  // ---------------------------------------------------------------- render

  private render(snap: TableSnapshot): void {
    const v = snap.view as BankoutView | null;
    const legal = snap.legal as BankoutAction[];
    for (const part of [this.top, this.bottom, this.center, this.info, this.pot]) part.setVisible(v !== null);
    if (!v) {
      this.banner.setText('');
      this.sub.setText('');
      this.actions.update({
        legal: [],
        loot: 0,
        hint: snap.status === 'waiting' ? 'Waiting for the match to start' : '',
      });
      this.prompts.update(null);
      return;
    }
    const pub = v.public;
    const me = snap.mySeat;
    const bottomSeat = me >= 0 ? me : 0;
    const topSeat = 1 - bottomSeat;
    const playable = new Set(legal.flatMap((a) => (a.type === 'play' ? [a.card] : [])));
    const toAct = new Set(snap.toAct);
    const roundsToWin = pub.mode === 'bankout' && !pub.suddenDeath ? 2 : 0;
    const nameOf = (seat: number): string => pub.players[seat]?.name || `Seat ${seat + 1}`;
    const tagFor = (seat: number): string => {
      const s = snap.seats[seat];
      const parts = [];
      if (seat === me && !this.conn.hotSeat) parts.push('YOU');
      if (s?.bot || s?.botControlled) parts.push('AI');
      if (s && !s.connected && !s.bot && this.conn.kind === 'online') parts.push('AWAY');
      return parts.join(' · ');
    };
    const panelFor = (seat: number, withRisk: boolean) => ({
      player: pub.players[seat] ?? {
        name: '',
        bank: 0,
        loot: 0,
        alert: false,
        jacks: 0,
        latent: 0,
        handCount: 0,
        roundsWon: 0,
      },
      active: toAct.has(seat) && snap.status === 'playing',
      tag: tagFor(seat),
      hand: seat === me && v.private ? v.private.hand : null,
      playable: seat === me ? playable : new Set<CardId>(),
      onTap: (card: CardId) => this.tapCard(card),
      risk:
        withRisk && seat === me && v.private && pub.turn === me && pub.phase === 'turn'
          ? v.private.bustRisk
          : null,
      roundsToWin,
    });
    this.top.render(panelFor(topSeat, false));
    this.bottom.render(panelFor(bottomSeat, true));

    this.center.setPiles(pub.deckCount, pub.discardCount, pub.lastRevealed, pub.drawnThisTurn);
    this.center.setDrawn(pub.drawnThisTurn);
    this.center.setUnseen(pub.unseen.J ?? 0, pub.unseen.A ?? 0);

    const round = pub.suddenDeath ? 'SUDDEN DEATH' : `ROUND ${pub.round} OF 3`;
    const mode = pub.mode === 'blitz' ? 'BLITZ' : 'BANKOUT';
    this.info.setText(`${round}  ·  ${mode}${pub.jokers ? '  ·  JOKERS' : ''}`);
    this.pot.setText(pub.mode === 'blitz' ? `POT ${money(pub.pot)}` : '');

    const turnKey = `${pub.turnNumber}:${pub.turn}`;
    if (turnKey !== this.lastTurnKey) {
      if (this.lastTurnKey && pub.turn === me && snap.status === 'playing') play('turn');
      this.lastTurnKey = turnKey;
    }
    this.renderBanner(snap, v, nameOf);

    const others = snap.toAct.filter((seat) => seat !== me);
    const waitingFor = snap.toAct.includes(me) ? '' : others.length ? nameOf(others[0] as number) : '';
    this.actions.update({
      legal,
      loot: pub.players[me]?.loot ?? 0,
      hint:
        snap.status !== 'playing'
          ? ''
          : me < 0
            ? `Watching · ${waitingFor ? `${waitingFor} to act` : ''}`
            : waitingFor
              ? `Waiting for ${waitingFor}…`
              : 'Your decision',
    });
    const open = this.prompts.voluntaryKey.split(':')[1];
    if (open && !playable.has(open)) this.prompts.setVoluntary(null);
    this.prompts.update(buildPrompt(snap, v, legal, (id) => this.cardImage(id)));
  }

  private renderBanner(snap: TableSnapshot, v: BankoutView, nameOf: (s: number) => string): void {
    if (Date.now() < this.flashUntil) return;
    const pub = v.public;
    const me = snap.mySeat;
    let title = '';
    let sub = '';
    let color: string = CSS.text;
    if (snap.status === 'playing') {
      const prompt = pub.prompt;
      const actor = prompt ? prompt.seat : pub.turn;
      const mine = actor === me;
      if (prompt?.kind === 'joker') {
        title = mine ? 'JOKER!' : `${nameOf(actor)} drew a Joker`;
        sub = mine ? 'Choose its effect' : 'Choosing swap, King or Queen…';
      } else if (prompt?.kind === 'counter') {
        title = mine ? 'SWAP DECLARED' : 'Swap declared';
        sub = mine
          ? 'Counter it with a Joker, or let it through'
          : `${nameOf(actor)} may counter with a Joker…`;
      } else if (prompt?.kind === 'discard') {
        title = mine ? 'HAND LIMIT' : `${nameOf(actor)} is over the hand limit`;
        sub = mine ? 'Discard one card' : 'Discarding a card…';
      } else if (mine) {
        title = 'YOUR TURN';
        sub = 'Draw, bank, or play a card from your hand';
        color = CSS.gold;
      } else {
        title = `${nameOf(actor).toUpperCase()}’S TURN`;
        sub = me >= 0 ? 'Watch the deck…' : '';
      }
      if (mine && prompt) color = CSS.gold;
    }
    this.setBanner(title, sub, color);
  }

  private setBanner(title: string, sub: string, color: string): void {
    this.banner.setText(title).setColor(color);
    this.sub.setText(sub);
    const max = this.scale.width - 24;
    this.banner.setScale(this.banner.width > max ? max / this.banner.width : 1);
  }

  /** A short message over the banner for a moment (bust, bank, swap…). */
  private flash(title: string, sub: string, color: string, ms = 1500): void {
    this.setBanner(title, sub, color);
    this.flashUntil = Date.now() + ms;
    this.tweens.add({
      targets: this.banner,
      scale: { from: 1.25, to: this.banner.scale },
      duration: 300,
      ease: 'Back.Out',
    });
    // Wall-clock time, as flashUntil: Phaser's delayed calls add up the loop's smoothed frame
    // times, capped per frame, and fall behind when frames are slow (a busy device).
    window.clearTimeout(this.flashTimer);
    this.flashTimer = window.setTimeout(() => {
      const snap = this.conn.snapshot();
      if (snap && Date.now() >= this.flashUntil) this.render(snap);
    }, ms + 20);
  }

  /**
   * The server sends an action's events just before the patch with its result, as two WebSocket
   * messages, decoded frames apart on a busy device: shown at once, "KING! +$160" sat over a panel
   * still showing $0. Online, events wait for the next change of the game's state (or 250 ms, when
   * an action changed nothing); a local match and a replay tell them after the state already.
   */
  private hear(e: GameEvent): void {
    if (this.conn.kind !== 'online') return this.onEvent(e);
    const snap = this.conn.snapshot();
    if (!this.held) this.held = { events: [], stateKey: snap ? stateKey(snap) : '', timer: 0 };
    this.held.events.push(e);
    window.clearTimeout(this.held.timer);
    this.held.timer = window.setTimeout(() => this.tellHeld(), 250);
  }

  private tellHeld(): void {
    const held = this.held;
    if (!held) return;
    window.clearTimeout(held.timer);
    this.held = null;
    for (const e of held.events) this.onEvent(e);
  }

  private onEvent(e: GameEvent): void {
    const amount = Number(e.data?.amount ?? 0);
    switch (e.type) {
      case 'draw':
        play('draw');
        break;
      case 'drawHidden':
        play('draw');
        if (e.to !== undefined) this.flash('INTO YOUR HAND', e.text, CSS.gold, 1300);
        break;
      case 'bust':
        play('bust');
        this.center.pulseDiscard(true);
        this.cameras.main.shake(220, 0.006);
        this.flash('BUST!', e.text, CSS.red);
        break;
      case 'bank':
        play('bank');
        this.flash(`+${money(amount)} BANKED`, e.text, CSS.gold, 1200);
        break;
      case 'king':
        play('special');
        this.flash(`KING! +${money(amount)}`, e.text, CSS.gold);
        break;
      case 'queen':
      case 'play':
      case 'joker':
      case 'discard':
        play('special');
        break;
      case 'swap':
        play('special');
        this.flash('BANKS SWAPPED', e.text, CSS.gold);
        break;
      case 'counter':
        play('special');
        if (e.data?.accept) this.flash('COUNTERED!', e.text, CSS.gold);
        break;
      case 'reshuffle':
        this.flash('RESHUFFLE', e.text, CSS.muted, 1200);
        break;
      case 'roundEnd':
        play('win');
        this.flash('ROUND OVER', e.text, CSS.gold, 2400);
        break;
      case 'matchEnd':
        play('win');
        break;
    }
  }

  /** A data URL of a card face, for DOM prompts. */
  private cardImage(id: CardId): string {
    const key = id.startsWith('X') ? 'bk-X' : `bk-${id}`;
    const src = this.textures.exists(key) ? this.textures.get(key).getSourceImage() : null;
    return src instanceof HTMLCanvasElement ? src.toDataURL() : '';
  }

  private exposeDebug(): void {
    const w = window as unknown as { __parlor?: Record<string, unknown> };
    w.__parlor = w.__parlor ?? {};
    w.__parlor.bankout = {
      handRects: () => this.bottom.handRects(),
      opponentHandRects: () => this.top.handRects(),
      drawn: () => this.center.drawnIds(),
      banner: () => `${this.banner.text} | ${this.sub.text}`,
      money: () => ({ top: this.top.shownMoney(), bottom: this.bottom.shownMoney() }),
      tapCard: (card: CardId) => this.tapCard(card),
    };
  }
}

/** What an action's patch changes: the public view (a clock-sync redraw leaves it as it was). */
function stateKey(s: TableSnapshot): string {
  return `${s.status}|${JSON.stringify(s.view?.public ?? null)}|${s.log.length}`;
}
