/**
 * The middle of the table: the deck (with its count), the discard pile (last revealed card) and the
 * cards drawn this turn, which fly from the deck and flip face up.
 */
import Phaser from 'phaser';
import type { CardId } from '@parlor/shared/games/bankout/types';
import { CARD_H, CARD_W, COLORS, CSS, FONT } from './cardArt';
import { CardView } from './CardView';
import { textResolution } from '../cardCanvas';

export class CenterArea extends Phaser.GameObjects.Container {
  private deckStack: CardView[] = [];
  private deckLabel: Phaser.GameObjects.Text;
  private dangerLabel: Phaser.GameObjects.Text;
  private discardSlot: Phaser.GameObjects.Graphics;
  private discard: CardView;
  private discardLabel: Phaser.GameObjects.Text;
  private flash: Phaser.GameObjects.Graphics;
  private row: CardView[] = [];
  private leaving: CardView[] = [];
  private cw = 70;
  private rowX = 0;
  private rowW = 0;
  private deckX = 0;
  private discardX = 0;
  private cy = 0;

  constructor(scene: Phaser.Scene) {
    super(scene, 0, 0);
    const res = textResolution();
    const label = (): Phaser.GameObjects.Text =>
      scene.add
        .text(0, 0, '', {
          fontFamily: FONT,
          fontSize: '10px',
          fontStyle: '700',
          color: CSS.muted,
          resolution: res,
        })
        .setOrigin(0.5, 0)
        .setLetterSpacing(1.2);
    for (let i = 0; i < 3; i++) {
      const c = new CardView(scene, 0, 0, null, false);
      this.deckStack.push(c);
      this.add(c);
    }
    this.deckLabel = label();
    this.dangerLabel = label().setColor('#ff9d8c').setOrigin(0, 0);
    this.discardSlot = scene.add.graphics();
    this.discard = new CardView(scene, 0, 0, null, false);
    this.discardLabel = label();
    this.flash = scene.add.graphics();
    this.add([
      this.deckLabel,
      this.dangerLabel,
      this.discardSlot,
      this.discard,
      this.discardLabel,
      this.flash,
    ]);
    scene.add.existing(this);
  }

  static rowHeight(cw: number): number {
    return (CARD_H / CARD_W) * cw + 32;
  }

  /** The card width and the area's width, as last laid out. */
  get cardWidth(): number {
    return this.cw;
  }
  get areaWidth(): number {
    return this.areaW;
  }
  private areaW = 0;

  layout(w: number, cw: number): void {
    this.cw = cw;
    this.areaW = w;
    const ch = (CARD_H / CARD_W) * cw;
    const gap = Math.max(8, cw * 0.16);
    this.cy = ch / 2;
    this.deckX = cw / 2;
    this.discardX = cw * 1.5 + gap;
    this.deckStack.forEach((c, i) => c.setCardWidth(cw).setPosition(this.deckX - i * 1.5, this.cy - i * 1.5));
    // Small cards (a phone held sideways) leave the labels under them less room: smaller, tighter.
    for (const l of [this.deckLabel, this.discardLabel, this.dangerLabel])
      l.setFontSize(cw < 52 ? 9 : 10).setLetterSpacing(cw < 52 ? 0.4 : 1.2);
    this.deckLabel.setPosition(this.deckX, ch + 4);
    this.dangerLabel.setPosition(0, ch + 18);
    this.discard.setCardWidth(cw).setPosition(this.discardX, this.cy);
    this.discardSlot
      .clear()
      .lineStyle(1.5, COLORS.line, 1)
      .strokeRoundedRect(this.discardX - cw / 2, 0, cw, ch, 8);
    this.discardLabel.setPosition(this.discardX, ch + 4);
    this.rowX = this.discardX + cw / 2 + gap * 2;
    this.rowW = Math.max(cw, w - this.rowX);
    this.placeRow(false);
  }

  /**
   * The discard pile shows the last revealed card once it is really on the pile: a card still lying
   * in this turn's row is not shown there twice.
   */
  setPiles(deckCount: number, discardCount: number, lastRevealed: CardId | null, drawn: CardId[]): void {
    this.deckStack.forEach((c, i) => c.setVisible(deckCount > i));
    this.dangerLabel.setText(this.unseenText);
    this.deckLabel.setText(`DECK ${deckCount}`);
    this.discardLabel.setText(`DISCARD ${discardCount}`);
    const prev = this.discard.cardId;
    if (discardCount === 0) {
      this.discard.setVisible(false);
      this.discard.cardId = null;
      return;
    }
    this.discard.setVisible(prev !== null || (lastRevealed !== null && !drawn.includes(lastRevealed)));
    if (lastRevealed && lastRevealed !== prev && !drawn.includes(lastRevealed)) {
      this.discard.setVisible(true);
      this.discard.show(lastRevealed, true);
      this.scene.tweens.add({
        targets: this.discard,
        scale: { from: 1.15, to: 1 },
        duration: 250,
        ease: 'Back.Out',
      });
    }
  }

  private unseenText = '';

  /** Jacks and Aces no one has seen yet (deck and hands): the numbers behind the bust risk. */
  setUnseen(jacks: number, aces: number): void {
    this.unseenText = `J ${jacks} · A ${aces} UNSEEN`;
    this.dangerLabel.setText(this.unseenText);
  }

  /** A red (bust) or gold (special) pulse around the discard pile. */
  pulseDiscard(danger: boolean): void {
    const ch = (CARD_H / CARD_W) * this.cw;
    this.flash.clear();
    this.flash.lineStyle(6, danger ? COLORS.red : COLORS.gold, 0.9);
    this.flash.strokeRoundedRect(this.discardX - this.cw / 2 - 4, -4, this.cw + 8, ch + 8, 10);
    this.flash.setAlpha(1);
    this.scene.tweens.add({ targets: this.flash, alpha: 0, duration: 1200, ease: 'Quad.In' });
  }

  /** Match the row to the cards drawn this turn: new cards fly in and flip; a new turn sweeps the row. */
  setDrawn(cards: CardId[]): void {
    const shown = this.row.map((c) => c.cardId);
    const extends_ = shown.every((id, i) => cards[i] === id);
    if (!extends_) {
      this.sweep();
    }
    const start = this.row.length;
    for (let i = start; i < cards.length; i++) {
      const card = new CardView(this.scene, this.deckX, this.cy, cards[i] as CardId, false);
      card.setCardWidth(this.cw);
      this.add(card);
      this.row.push(card);
    }
    this.placeRow(true, start);
  }

  private sweep(): void {
    const old = this.row;
    this.row = [];
    this.leaving.push(...old);
    this.scene.tweens.add({
      targets: old,
      alpha: 0,
      y: `+=${this.cw * 0.3}`,
      delay: 900,
      duration: 350,
      onComplete: () => {
        for (const c of old) c.destroy();
        this.leaving = this.leaving.filter((c) => !old.includes(c));
      },
    });
  }

  private placeRow(animate: boolean, firstNew = this.row.length): void {
    const n = this.row.length;
    if (n === 0) return;
    const step = Math.min(this.cw + 8, (this.rowW - this.cw) / Math.max(1, n - 1));
    this.row.forEach((card, i) => {
      const x = this.rowX + this.cw / 2 + i * step;
      card.setCardWidth(this.cw);
      card.setDepth(i);
      this.bringToTop(card);
      if (animate && i >= firstNew) {
        const delay = (i - firstNew) * 160;
        this.scene.tweens.add({ targets: card, x, y: this.cy, duration: 260, delay, ease: 'Cubic.Out' });
        card.flipTo(card.cardId as CardId, delay + 200);
      } else {
        if (i >= firstNew) card.show(card.cardId, true);
        card.setPosition(x, this.cy);
      }
    });
  }

  /** Where the drawn row ends: used for the row's visible cards list (tests). */
  drawnIds(): CardId[] {
    return this.row.map((c) => c.cardId as CardId);
  }
}
