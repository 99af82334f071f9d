/** One card on the table: face or back, flips, lifts when playable, and reports taps. */
import Phaser from 'phaser';
import type { CardId } from '@parlor/shared/games/bankout/types';
import { BACK_KEY, CARD_H, CARD_W, COLORS, faceKey } from './cardArt';

export class CardView extends Phaser.GameObjects.Container {
  private img: Phaser.GameObjects.Image;
  private glow: Phaser.GameObjects.Graphics;
  private faceUp: boolean;
  private playable = false;
  cardId: CardId | null;

  constructor(scene: Phaser.Scene, x: number, y: number, card: CardId | null, faceUp: boolean) {
    super(scene, x, y);
    this.cardId = card;
    this.faceUp = faceUp && card !== null;
    this.glow = scene.add.graphics();
    this.img = scene.add.image(0, 0, this.textureKey());
    this.add([this.glow, this.img]);
    scene.add.existing(this);
  }

  private textureKey(): string {
    return this.faceUp && this.cardId ? faceKey(this.cardId) : BACK_KEY;
  }

  /** Size the card by width (the art keeps its proportions). */
  setCardWidth(w: number): this {
    const s = w / CARD_W;
    this.img.setScale(s);
    this.setSize(w, CARD_H * s);
    this.drawGlow();
    return this;
  }

  get cardWidth(): number {
    return CARD_W * this.img.scaleX;
  }

  show(card: CardId | null, faceUp: boolean): void {
    this.cardId = card;
    this.faceUp = faceUp && card !== null;
    this.img.setTexture(this.textureKey());
  }

  /** Turn the card over to show `card` (a back first, then the face). */
  flipTo(card: CardId, delay = 0): void {
    this.cardId = card;
    const sx = this.img.scaleX;
    this.scene.tweens.add({
      targets: this.img,
      scaleX: 0,
      duration: 130,
      delay,
      ease: 'Quad.In',
      onComplete: () => {
        if (!this.img.scene) return; // destroyed mid-flip (a replay jump, a swept row)
        this.faceUp = true;
        this.img.setTexture(this.textureKey());
        this.scene.tweens.add({ targets: this.img, scaleX: sx, duration: 150, ease: 'Quad.Out' });
      },
    });
  }

  setPlayable(on: boolean, onTap?: () => void): void {
    const changed = on !== this.playable;
    this.playable = on;
    this.img.removeAllListeners();
    if (on && onTap) {
      this.img.setInteractive({ useHandCursor: true });
      this.img.on('pointerup', onTap);
    } else {
      this.img.disableInteractive();
    }
    if (changed) this.drawGlow();
  }

  private drawGlow(): void {
    this.glow.clear();
    if (!this.playable) return;
    const w = this.cardWidth;
    const h = (CARD_H / CARD_W) * w;
    for (let i = 3; i >= 1; i--) {
      this.glow.lineStyle(i * 3, COLORS.gold, 0.18);
      this.glow.strokeRoundedRect(-w / 2 - i, -h / 2 - i, w + 2 * i, h + 2 * i, 8 + i);
    }
    this.glow.lineStyle(2, COLORS.gold, 1).strokeRoundedRect(-w / 2, -h / 2, w, h, 8);
  }
}
