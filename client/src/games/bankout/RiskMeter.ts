/** The bust-risk bar for the seat to act: teal when safe, gold, then red with a pulsing glow. */
import Phaser from 'phaser';
import { COLORS, CSS, FONT } from './cardArt';
import { textMaker } from '../sceneText';

export const HIGH_RISK = 0.3;

export class RiskMeter extends Phaser.GameObjects.Container {
  private label: Phaser.GameObjects.Text;
  private pct: Phaser.GameObjects.Text;
  private bar: Phaser.GameObjects.Graphics;
  private glow: Phaser.GameObjects.Graphics;
  private pulse: Phaser.Tweens.Tween | null = null;

  constructor(scene: Phaser.Scene) {
    super(scene, 0, 0);
    const text = textMaker(scene, FONT);
    this.label = text(10, CSS.muted, '700', 'BUST RISK').setLetterSpacing(1.5);
    this.pct = text(13, CSS.text, '800');
    this.glow = scene.add.graphics();
    this.bar = scene.add.graphics();
    this.add([this.glow, this.bar, this.label, this.pct]);
  }

  draw(width: number, risk: number): void {
    const r = Math.max(0, Math.min(1, risk));
    const labelW = 74;
    const pctW = 44;
    const barX = labelW;
    const barW = Math.max(40, width - labelW - pctW);
    this.label.setPosition(0, 2);
    this.pct.setText(`${Math.round(r * 100)}%`).setPosition(barX + barW + 8, -1);
    const color = r >= HIGH_RISK ? COLORS.red : r >= 0.12 ? COLORS.gold : COLORS.teal;
    this.pct.setColor(r >= HIGH_RISK ? '#ff9d8c' : CSS.text);
    this.bar.clear();
    this.bar.fillStyle(0x15171b, 1).fillRoundedRect(barX, 2, barW, 10, 5);
    if (r > 0) this.bar.fillStyle(color, 1).fillRoundedRect(barX, 2, Math.max(10, barW * r), 10, 5);
    this.glow.clear();
    if (r >= HIGH_RISK) {
      this.glow.fillStyle(COLORS.red, 0.35).fillRoundedRect(barX - 4, -2, barW + 8, 18, 9);
      if (!this.pulse) {
        this.pulse = this.scene.tweens.add({
          targets: this.glow,
          alpha: { from: 1, to: 0.25 },
          duration: 700,
          yoyo: true,
          repeat: -1,
        });
      }
    } else if (this.pulse) {
      this.pulse.stop();
      this.pulse = null;
      this.glow.setAlpha(1);
    }
  }
}
