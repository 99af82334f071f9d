/**
 * A money figure. It shows its new value at once and marks the change with a short pop: a count-up
 * ran in Phaser's game time, which on a busy device falls behind the wall clock, and left the
 * panels seconds behind the banners announcing the money ("KING! +$160" beside $0).
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
