/**
 * A money figure. It shows its new value at once and marks the change with a short pop. It used to
 * count up to it (up to 0.9 s, longer on a busy device: Phaser's tweens count a frame more than
 * 0.5 s long as 33 ms), which showed the old amounts beside the banner announcing the new one
 * ("KING! +$160" over $0).
 */
import type Phaser from 'phaser';

export function money(n: number): string {
  const sign = n < 0 ? '−' : '';
  return `${sign}$${Math.abs(Math.round(n)).toLocaleString('en-US')}`;
}

export class Ticker {
  private shown: number | null = null;
  private pop: Phaser.Tweens.Tween | null = null;

  constructor(
    private readonly scene: Phaser.Scene,
    readonly text: Phaser.GameObjects.Text,
  ) {}

  set(value: number): void {
    if (value === this.shown) return;
    const first = this.shown === null;
    this.shown = value;
    this.text.setText(money(value));
    if (first) return;
    // Only the size animates, never the figure: a late frame cannot show a stale amount.
    this.pop?.stop();
    this.text.setScale(1);
    this.pop = this.scene.tweens.add({
      targets: this.text,
      scale: { from: 1.12, to: 1 },
      duration: 350,
      ease: 'Back.Out',
    });
  }
}
