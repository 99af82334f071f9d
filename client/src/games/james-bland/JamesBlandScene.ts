/**
 * The James Bland table: agent cards (cartoon avatar, status border, markers, submitted/ready
 * badges, this round's hits; AgentCards.ts), a simultaneous reveal where pianos, anvils, pies,
 * skates and bear traps land on their targets, and the biplane dragging each banner across the
 * sky (RevealShow.ts). Forms, prompts and the dossier are DOM (Panel.ts).
 */
import type Phaser from 'phaser';
import type { GameEvent } from '@parlor/shared/core/contract';
import type { JamesBlandAction } from '@parlor/shared/games/james-bland/types';
import type { TableSnapshot } from '../../net/TableConnection';
import { play } from '../../ui/sound';
import { textResolution } from '../cardCanvas';
import { GameScene } from '../GameScene';
import type { JbView } from './adapter';
import {
  type AgentCard,
  FONT,
  fillAgentCard,
  makeAgentCard,
  placeAgentCard,
  setCardVisible,
  textOutside,
} from './AgentCards';
import { agentGrid } from './agentLayout';
import { agentText, cardHitLines, headerText, hitsByTarget, revealKey, subText } from './agentText';
import { JbPanel } from './Panel';
import { RevealShow } from './RevealShow';

const BG = 0xf3e6c4;

export class JamesBlandScene extends GameScene<JbView, JamesBlandAction> {
  static readonly KEY = 'james-bland';
  private panel!: JbPanel;
  private bg!: Phaser.GameObjects.Graphics;
  private header!: Phaser.GameObjects.Text;
  private sub!: Phaser.GameObjects.Text;
  private cards: AgentCard[] = [];
  private cardsRight = 0;
  private show!: RevealShow;
  private lastReveal = '';
  private firstRender = true;
  private reserveRight = 0;
  /** Room under the header for the near-victory warnings (DOM, Panel.ts). */
  private reserveTop = 0;
  private stripH = -1;

  constructor() {
    super(JamesBlandScene.KEY);
  }

  protected override reset(): void {
    this.cards = [];
    this.lastReveal = '';
    this.firstRender = true;
  }

  protected build(): void {
    this.bg = this.add.graphics();
    const res = textResolution();
    this.header = this.add
      .text(0, 0, '', {
        fontFamily: FONT,
        fontSize: '18px',
        fontStyle: '800',
        color: '#2a2118',
        resolution: res,
      })
      .setOrigin(0.5, 0);
    this.sub = this.add
      .text(0, 0, '', {
        fontFamily: FONT,
        fontSize: '13px',
        color: '#5a4a36',
        resolution: res,
        align: 'center',
      })
      .setOrigin(0.5, 0);
    this.show = new RevealShow(this, (seat) => this.cards[seat]);
    this.panel = new JbPanel(
      this.dom.actions,
      this.dom.overlay,
      (a) => this.send(a),
      ({ right, top }) => {
        if (right === this.reserveRight && top === this.reserveTop) return;
        this.reserveRight = right;
        this.reserveTop = top;
        // Called from the panel's constructor too: lay out once it exists.
        if (this.panel) this.layout();
      },
      this.onScreen,
    );
    this.time.addEvent({ delay: 500, loop: true, callback: () => this.panel.tick() });
  }

  protected override started(): void {
    this.exposeDebug('jamesBland', {
      view: () => this.view(),
      textOutsideCards: () => this.textOutsideCards(),
      // The right edge of the agents' cards (scene px): what a recap beside the board must clear.
      cardsRight: () => this.cardsRight,
    });
  }

  protected override dispose(): void {
    this.panel.destroy();
  }

  /** For the browser tests: every agent-card text that pokes out of its card ("seat: text"). */
  private textOutsideCards(): string[] {
    const n = this.view()?.public.agents.length ?? 0;
    return this.cards.slice(0, n).flatMap((c, i) => textOutside(c).map((t) => `${i}: ${t}`));
  }

  // ---------------------------------------------------------------- layout

  protected layout(): void {
    const snap = this.snap();
    const n = Math.max(2, this.view()?.public.agents.length ?? snap?.seats.length ?? 4);
    const { width: W0, height: H } = this.scale;
    const grid = agentGrid(n, W0, H, this.reserveRight, this.reserveTop);
    this.bg.clear();
    this.bg.fillStyle(BG, 1).fillRect(0, 0, W0, H);
    // Comic-book dots.
    this.bg.fillStyle(0xe8d6aa, 1);
    for (let y = 8; y < H; y += 22)
      for (let x = (y / 22) % 2 ? 8 : 19; x < W0; x += 22) this.bg.fillCircle(x, y, 2.2);
    this.header.setPosition(grid.header.x, grid.header.y).setFontSize(grid.header.size);
    this.sub.setPosition(grid.sub.x, grid.sub.y).setWordWrapWidth(grid.sub.wrap);
    this.panel.placeWarnings(grid.warningsTop, this.reserveRight);
    while (this.cards.length < n) this.cards.push(makeAgentCard(this, this.cards.length));
    this.cardsRight = Math.max(0, ...grid.cards.slice(0, n).map((p) => p.x + p.w));
    this.cards.forEach((c, i) => {
      const place = grid.cards[i];
      setCardVisible(c, place !== undefined);
      if (place) placeAgentCard(c, place);
    });
    const snapNow = this.snap();
    if (snapNow) this.render(snapNow, true);
  }

  // ---------------------------------------------------------------- render

  protected render(snap: TableSnapshot, fromLayout = false): void {
    const v = snap.view as JbView | null;
    if (!v) return;
    const { public: pub, private: priv } = v;
    if (!fromLayout && this.cards.length < pub.agents.length) {
      this.layout();
      return;
    }
    const me = snap.mySeat;
    this.header.setText(headerText(pub));
    this.sub.setText(subText(pub, priv));
    const hits = hitsByTarget(pub);
    pub.agents.forEach((a, i) => {
      const c = this.cards[i];
      if (!c) return;
      fillAgentCard(c, agentText(pub, a, i, me, snap.toAct, c.mode), {
        mine: i === me,
        status: a.status,
        ghost: a.ghost,
        hitLines: cardHitLines(hits.get(i) ?? [], c.small, pub),
      });
    });
    const key = revealKey(pub.reveal);
    if (!fromLayout && key && key !== this.lastReveal) {
      if (!this.firstRender) this.show.play(pub.reveal!);
      this.lastReveal = key;
    } else if (!this.lastReveal) this.lastReveal = key;
    this.firstRender = false;
    this.panel.render({
      pub,
      priv,
      legal: snap.legal as JamesBlandAction[],
      mySeat: me,
      toAct: snap.toAct,
      deadline: snap.deadline,
      status: snap.status,
    });
    // The action strip grows and shrinks with the phase (the planning form, the shop, a status
    // line) while the stage around the canvas keeps its size: re-measure the board when it does.
    const stripH = this.dom.actions.offsetHeight;
    if (stripH !== this.stripH) {
      this.stripH = stripH;
      requestAnimationFrame(() => this.scale.refresh());
    }
  }

  protected override onEvent(e: GameEvent): void {
    if (e.type === 'round') play('turn');
    else if (e.type === 'victory') play('win');
    else if (e.type === 'submitted') play('tick');
  }
}
