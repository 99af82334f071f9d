/**
 * The board taller than its canvas (a phone with three players): a vertical drag on it (or the
 * mouse wheel) scrolls the camera, and two small buttons over the board show that there is more
 * above or below (a tap on one goes there). A drag that scrolled is not a tap on the card it
 * started on (`moved`); drags that start on a shield or the safe's chip are theirs, not a scroll.
 */
import type Phaser from 'phaser';
import { button } from '../../ui/dom';

/** Movement before a press becomes a scroll (a tap wobbles a little). */
const SLOP = 10;
/**
 * A scrolling board is drawn under a strip this tall at the canvas's top, where the "more above" cue
 * sits: over the board, the cue covered whatever row name scrolled under it.
 */
export const CUE_STRIP = 26;

export class BoardScroll {
  /** How far the board can scroll (0: it all fits). */
  max = 0;
  /** The press under way (or just ended) scrolled the board. */
  moved = false;
  /** The player scrolled (drag, wheel or a cue) since `touched` was last cleared (the turn's start). */
  touched = false;
  private start: { y: number; scroll: number } | null = null;
  private shown = false;
  private readonly up: HTMLButtonElement;
  /** Who sits in the rows hidden above a scroll position (the up cue names them: "▲ Bo above"). */
  describeAbove: (scrollY: number) => string[] = () => [];
  private readonly down: HTMLButtonElement;

  constructor(
    private readonly scene: Phaser.Scene,
    overlay: HTMLElement,
  ) {
    this.up = button('▲ more above', () => this.byHand(0), {
      small: true,
      class: 'kp-scroll-cue top',
      testid: 'kp-scroll-up',
      title: 'The board goes on above: drag it down or tap here',
    });
    this.down = button('▼ more', () => this.byHand(this.max), {
      small: true,
      class: 'kp-scroll-cue bottom',
      testid: 'kp-scroll-down',
      title: 'The board goes on below: drag it up or tap here',
    });
    overlay.append(this.up, this.down);
    const input = scene.input;
    input.on('pointerdown', (p: Phaser.Input.Pointer, over: Phaser.GameObjects.GameObject[]) => {
      this.moved = false;
      if (this.max <= 0 || over.some((o) => o.input?.draggable)) return;
      this.start = { y: p.y, scroll: this.cam.scrollY };
    });
    input.on('pointermove', (p: Phaser.Input.Pointer) => {
      if (!this.start || !p.isDown) return;
      const dy = p.y - this.start.y;
      if (!this.moved && Math.abs(dy) < SLOP) return;
      this.moved = true;
      this.byHand(this.start.scroll - dy);
    });
    input.on('pointerup', () => {
      this.start = null;
    });
    input.on('wheel', (_p: unknown, _o: unknown, _dx: number, dy: number) => {
      if (this.max > 0) this.byHand(this.cam.scrollY + dy);
    });
    this.cues();
  }

  private get cam(): Phaser.Cameras.Scene2D.Camera {
    return this.scene.cameras.main;
  }

  /** The laid-out board's height: scrolling on when it is taller than the canvas, at the bottom (your cards). */
  setHeight(height: number): void {
    const { width: W, height: H } = this.scene.scale;
    const scrolls = height > H;
    // The camera's view starts under the cue's strip, so the cue never covers the board.
    const top = scrolls ? CUE_STRIP : 0;
    this.cam.setViewport(0, top, W, H - top);
    this.max = scrolls ? Math.ceil(height - (H - top)) : 0;
    // The bounds' height makes the camera's own clamp land exactly on `max` (a whole pixel).
    if (this.max > 0) this.cam.setBounds(0, 0, W, H - top + this.max);
    else this.cam.removeBounds();
    this.to(this.max);
  }

  private byHand(y: number): void {
    this.touched = true;
    this.to(y);
  }

  to(y: number): void {
    this.cam.scrollY = Math.max(0, Math.min(this.max, y));
    this.cues();
  }

  /** No board drawn (the waiting room, no view yet): no cue either. */
  setShown(shown: boolean): void {
    this.shown = shown;
    this.cues();
  }

  private cues(): void {
    const y = this.cam.scrollY;
    const on = this.shown && this.max > 0;
    this.up.style.display = on && y > 2 ? '' : 'none';
    if (on && y > 2) {
      const names = this.describeAbove(y).map((n) => (n.length > 12 ? `${n.slice(0, 11)}…` : n));
      this.up.textContent = names.length ? `▲ ${names.join(', ')} above` : '▲ more above';
    }
    this.down.style.display = on && y < this.max - 2 ? '' : 'none';
  }

  destroy(): void {
    this.up.remove();
    this.down.remove();
  }
}
