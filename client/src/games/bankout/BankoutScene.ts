/**
 * The Bankout table. It draws the plain view from its TableConnection (a server room or a local
 * match), enables controls from the legal actions only, and turns game events into sounds and
 * short banners. Widgets: PlayerPanel x2, CenterArea, ActionBar (DOM), PromptLayer (DOM).
 */
import type Phaser from 'phaser';
import type { GameEvent } from '@parlor/shared/core/contract';
import type { BankoutAction, CardId } from '@parlor/shared/games/bankout/types';
import type { TableSnapshot } from '../../net/TableConnection';
import { play } from '../../ui/sound';
import { canvasDataUrl } from '../cardCanvas';
import { textMaker } from '../sceneText';
import { GameScene } from '../GameScene';
import { ActionBar } from './ActionBar';
import type { BankoutView } from './adapter';
import { bankoutBanner, bankoutHint } from './banner';
import { CSS, FONT } from './cardArt';
import { CenterArea } from './CenterArea';
import { bankoutLayout } from './layout';
import { PlayerPanel } from './PlayerPanel';
import { PromptLayer } from './PromptLayer';
import { buildPrompt, jokerPlayPrompt } from './prompts';
import { money } from './Ticker';

export class BankoutScene extends GameScene<BankoutView, BankoutAction> {
  static readonly KEY = 'bankout';
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
  private lastTurnKey = '';
  /** Online events waiting for the state patch that follows them (see onEvent()). */
  private held: { events: GameEvent[]; stateKey: string; timer: number } | null = null;

  constructor() {
    super(BankoutScene.KEY);
  }

  protected override reset(): void {
    this.flashUntil = 0;
    this.lastTurnKey = '';
  }

  protected build(): void {
    this.bg = this.add.graphics();
    this.top = new PlayerPanel(this, false);
    // A table screen is nobody's seat: no bust meter, both panels of one height side by side.
    this.bottom = new PlayerPanel(this, !this.onScreen);
    this.center = new CenterArea(this);
    const make = textMaker(this, FONT);
    const text = (size: number, weight: string, color: string) => make(size, color, weight);
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
  }

  protected override started(): void {
    this.exposeDebug('bankout', {
      handRects: () => this.bottom.handRects(),
      opponentHandRects: () => this.top.handRects(),
      drawn: () => this.center.drawnIds(),
      banner: () => `${this.banner.text} | ${this.sub.text}`,
      money: () => ({ top: this.top.shownMoney(), bottom: this.bottom.shownMoney() }),
      tapCard: (card: CardId) => this.tapCard(card),
      parts: () => this.partRects(),
    });
  }

  protected override onRefused(): void {
    this.prompts.reset();
  }

  protected override onChange(snap: TableSnapshot): void {
    this.render(snap);
    if (this.held && stateKey(snap) !== this.held.stateKey) this.tellHeld();
  }

  protected override dispose(): void {
    window.clearTimeout(this.flashTimer);
    if (this.held) window.clearTimeout(this.held.timer);
    this.held = null;
    this.actions.destroy();
    this.prompts.destroy();
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

  /** Canvas rectangles of the table's parts as placed now (tests check they fit and keep apart). */
  private partRects(): Record<string, { x: number; y: number; w: number; h: number }> {
    const text = (t: Phaser.GameObjects.Text) => {
      const b = t.getBounds();
      return { x: b.x, y: b.y, w: t.text ? b.width : 0, h: t.text ? b.height : 0 };
    };
    const panel = (p: PlayerPanel) => ({ x: p.x, y: p.y, w: p.width, h: p.panelHeight });
    const ch = CenterArea.rowHeight(this.center.cardWidth);
    return {
      canvas: { x: 0, y: 0, w: this.scale.width, h: this.scale.height },
      top: panel(this.top),
      bottom: panel(this.bottom),
      piles: { x: this.center.x, y: this.center.y, w: this.center.areaWidth, h: ch },
      info: text(this.info),
      pot: text(this.pot),
      banner: text(this.banner),
      sub: text(this.sub),
    };
  }

  protected layout(): void {
    const L = bankoutLayout({
      W: this.scale.width,
      H: this.scale.height,
      panelHeight: (withRisk, compact) => PlayerPanel.heightFor(withRisk, compact),
      rowHeight: (cw) => CenterArea.rowHeight(cw),
      screen: this.onScreen,
    });
    this.top.setPosition(L.topX, L.topY);
    this.top.layout(L.topW, L.compact);
    this.info.setPosition(L.infoX + 4, L.infoY);
    this.pot.setPosition(L.infoX + L.infoW - 4, L.infoY);
    this.center.setPosition(L.midX + 4, L.centerY);
    this.center.layout(L.midW - 8, L.cardW);
    this.banner.setPosition(L.bannerX, L.bannerY).setFontSize(L.bannerSize);
    this.sub
      .setPosition(L.bannerX, L.subY)
      .setFontSize(L.subSize)
      .setWordWrapWidth(L.subWrap)
      .setAlign('center');
    this.bottom.setPosition(L.bottomX, L.bottomY);
    this.bottom.layout(L.bottomW, L.compact);

    // The camera clears to the charcoal background: no full-screen fills (cheap on phones).
    this.bg.clear();
    this.rerender();
  }

  // ---------------------------------------------------------------- render

  protected render(snap: TableSnapshot): void {
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

    this.actions.update({
      legal,
      loot: pub.players[me]?.loot ?? 0,
      hint: bankoutHint(snap.status, snap.toAct, me, nameOf),
    });
    const open = this.prompts.voluntaryKey.split(':')[1];
    if (open && !playable.has(open)) this.prompts.setVoluntary(null);
    this.prompts.update(buildPrompt(snap, v, legal, (id) => this.cardImage(id)));
  }

  private renderBanner(snap: TableSnapshot, v: BankoutView, nameOf: (s: number) => string): void {
    if (Date.now() < this.flashUntil) return;
    const { title, sub, color } = bankoutBanner(snap.status, v.public, snap.mySeat, nameOf);
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
  protected override onEvent(e: GameEvent): void {
    if (this.conn.kind !== 'online') return this.tell(e);
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
    for (const e of held.events) this.tell(e);
  }

  private tell(e: GameEvent): void {
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
    return canvasDataUrl(this.textures.exists(key) ? this.textures.get(key).getSourceImage() : null);
  }
}

/** What an action's patch changes: the public view (a clock-sync redraw leaves it as it was). */
function stateKey(s: TableSnapshot): string {
  return `${s.status}|${JSON.stringify(s.view?.public ?? null)}|${s.log.length}`;
}
