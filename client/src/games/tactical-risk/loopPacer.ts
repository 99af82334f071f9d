/**
 * The map's loop: awake at 60 fps for a moment after input on the canvas, a camera move or a patch,
 * and asleep when the map sits still (a still map costs nothing, not even a step: battery, and
 * software renderers); the page's 30 fps card-game pace comes back when the scene stops. While
 * awake, a frame is drawn only when something changed (app/drawGate.ts), or while the destination
 * and battle outlines pulse (the scene's wantsFrame).
 */
import type Phaser from 'phaser';

export class LoopPacer {
  private fastUntil = 0;
  private sleepTimer = 0;
  private readonly onInput = () => this.awake();

  constructor(private readonly scene: Phaser.Scene) {
    for (const ev of ['pointerdown', 'pointermove', 'wheel'] as const)
      scene.game.canvas.addEventListener(ev, this.onInput, { passive: true });
  }

  /** Runs at 60 fps for at least `ms`, then lets the loop sleep. */
  awake(ms = 2000): void {
    const loop = this.scene.game.loop;
    loop.wake();
    this.fpsLimit(60);
    const until = performance.now() + ms;
    if (until <= this.fastUntil) return;
    this.fastUntil = until;
    window.clearTimeout(this.sleepTimer);
    this.sleepTimer = window.setTimeout(() => {
      this.sleepTimer = 0;
      this.fastUntil = 0;
      if (this.scene.sys.isActive()) loop.sleep();
    }, ms);
  }

  /** The loop is awake for a moment of activity (the outlines pulse meanwhile). */
  active(): boolean {
    return this.sleepTimer !== 0;
  }

  /** The scene stops: the loop awake again, at the page's 30 fps. */
  destroy(): void {
    const canvas = this.scene.game.canvas;
    canvas.removeEventListener('pointerdown', this.onInput);
    canvas.removeEventListener('pointermove', this.onInput);
    canvas.removeEventListener('wheel', this.onInput);
    window.clearTimeout(this.sleepTimer);
    this.sleepTimer = 0;
    this.scene.game.loop.wake();
    this.fpsLimit(30);
  }

  /** The page runs at 30 fps for card games; a map pans at 60. */
  private fpsLimit(n: number): void {
    (this.scene.game.loop as unknown as { setLimit?(n: number): void }).setLimit?.(n);
  }
}
