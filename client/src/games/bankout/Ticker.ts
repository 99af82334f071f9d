/** A money figure that counts up or down to its new value instead of jumping. */
import type Phaser from 'phaser';

export function money(n: number): string {
  const sign = n < 0 ? '−' : '';
  return `${sign}$${Math.abs(Math.round(n)).toLocaleString('en-US')}`;
}

export class Ticker {
  private shown: number | null = null;
  private target = 0;
  private tween: Phaser.Tweens.Tween | null = null;

  constructor(
    private readonly scene: Phaser.Scene,
    readonly text: Phaser.GameObjects.Text,
  ) {}

  set(value: number): void {
    if (this.shown === null) {
      this.shown = this.target = value;
      this.text.setText(money(value));
      return;
    }
    if (value === this.target) return;
    this.target = value;
    this.tween?.stop();
    const from = this.shown;
    const duration = Math.min(900, 250 + Math.abs(value - from) * 3);
    this.tween = this.scene.tweens.addCounter({
      from,
      to: value,
      duration,
      ease: 'Cubic.Out',
      onUpdate: (tw) => {
        this.shown = tw.getValue() ?? value;
        this.text.setText(money(this.shown));
      },
      onComplete: () => {
        this.shown = value;
        this.text.setText(money(value));
      },
    });
    this.scene.tweens.add({
      targets: this.text,
      scale: { from: 1.12, to: 1 },
      duration: 350,
      ease: 'Back.Out',
    });
  }
}
