/**
 * The board taller than its canvas (a phone with three players): a vertical drag on it (or the
 * mouse wheel) scrolls the camera, and two small buttons over the board show that there is more
 * above or below (a tap on one goes there). A drag that scrolled is not a tap on the card it
 * started on (`moved`); drags that start on a shield or the safe's chip are theirs, not a scroll,
 * and so are drags on your pinned part (it does not move: nor does the board above it).
 */
import type Phaser from 'phaser';
import { button } from '../../ui/dom';
import { CUE_STRIP } from './layout';

/** Movement before a press becomes a scroll (a tap wobbles a little). */
const SLOP = 10;
/**
 * A scrolling board is drawn under a strip this tall at the canvas's top, where the "more above" cue
 * sits: over the board, the cue covered whatever row name scrolled under it. With your part pinned
 * (layout's `pin`) a second strip over it holds the "more below" cue.
 */
export { CUE_STRIP };

export class BoardScroll {
  /** How far the board can scroll (0: it all fits). */
  max = 0;
  /** The press under way (or just ended) scrolled the board. */
  moved = false;
  /** The player scrolled (drag, wheel or a cue) since `touched` was last cleared (the turn's start). */
  touched = false;
  private start: { y: number; scroll: number; pinned: boolean } | null = null;
  /** The camera showing your pinned part (your row and hand) at the canvas's bottom, if pinned. */
  private pinCam: Phaser.Cameras.Scene2D.Camera | null = null;
  /** World height where the pinned part starts (null: nothing pinned). */
  pinFrom: number | null = null;
  private shown = false;
  private readonly up: HTMLButtonElement;
  /** Who sits in the rows hidden above a scroll position (the up cue names them: "▲ Bo above"). */
  describeAbove: (scrollY: number) => string[] = () => [];
  /**
   * Where the board's content worth scrolling to starts (world height): the top of the highest row
   * still in play, or of the shared zones. A row whose player is out stays drawn (dimmed) above it,
   * but the up cue does not call the player up to it, and its tap stops here.
   */
  contentTop: () => number = () => 0;
  private readonly down: HTMLButtonElement;

  constructor(
    private readonly scene: Phaser.Scene,
    overlay: HTMLElement,
  ) {
    this.up = button('▲ more above', () => this.byHand(this.contentTop()), {
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
      // A drag on your pinned part (your row and hand, which stay put) does not scroll the board
      // above it: what moves is what the finger is on. It is still not a tap once it has moved.
      const pinned = !!this.pinCam?.visible && p.y >= this.pinCam.y;
      this.start = { y: p.y, scroll: this.cam.scrollY, pinned };
    });
    input.on('pointermove', (p: Phaser.Input.Pointer) => {
      if (!this.start || !p.isDown) return;
      const dy = p.y - this.start.y;
      if (!this.moved && Math.abs(dy) < SLOP) return;
      this.moved = true;
      if (!this.start.pinned) this.byHand(this.start.scroll - dy);
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

  /**
   * The laid-out board's height: scrolling on when it is taller than the canvas, at the bottom (your
   * cards). `pin` (layout's): your part from that height down stays at the canvas's bottom, in a
   * camera of its own; the main camera scrolls the rest above it.
   */
  setHeight(height: number, pin: number | null = null): void {
    const { width: W, height: H } = this.scene.scale;
    const scrolls = height > H;
    // The camera's view starts under the cue's strip, so the cue never covers the board.
    const top = scrolls ? CUE_STRIP : 0;
    this.pinFrom = scrolls ? pin : null;
    const pinned = this.pinFrom === null ? 0 : height - this.pinFrom;
    // A pinned part sits under a second strip (the "more below" cue's).
    const bottom = pinned ? pinned + CUE_STRIP : 0;
    const viewH = H - top - bottom;
    this.cam.setViewport(0, top, W, viewH);
    this.max = scrolls ? Math.max(0, Math.ceil((this.pinFrom ?? height) - viewH)) : 0;
    // The bounds' height makes the camera's own clamp land exactly on `max` (a whole pixel).
    if (this.max > 0) this.cam.setBounds(0, 0, W, viewH + this.max);
    else this.cam.removeBounds();
    if (this.pinFrom !== null) {
      this.pinCam ??= this.scene.cameras.add(0, 0, W, pinned, false, 'pinned');
      this.pinCam
        .setViewport(0, H - pinned, W, pinned)
        .setScroll(0, this.pinFrom)
        .setVisible(true);
    } else this.pinCam?.setVisible(false);
    this.down.classList.toggle('pinned', pinned > 0);
    this.down.style.bottom = pinned ? `${pinned}px` : '';
    this.to(this.max);
  }

  /** Something drawn over the scrolling board only (an event's pop-up): never in your pinned part's camera. */
  scrollingOnly(o: Phaser.GameObjects.GameObject): void {
    this.pinCam?.ignore(o);
  }

  /** Your pinned part's camera (null: never pinned yet). */
  pinCamera(): Phaser.Cameras.Scene2D.Camera | null {
    return this.pinCam;
  }

  /** The camera that shows a world height: the pinned part's, or the main (scrolling) one. */
  camFor(worldY: number): Phaser.Cameras.Scene2D.Camera {
    return this.pinCam && this.pinFrom !== null && worldY >= this.pinFrom ? this.pinCam : this.cam;
  }

  private byHand(y: number): void {
    this.touched = true;
    this.to(y);
  }

  /** Called when the scroll position changed (an event card on show finds a free spot again). */
  onScrolled: () => void = () => {};

  to(y: number): void {
    const before = this.cam.scrollY;
    this.cam.scrollY = Math.max(0, Math.min(this.max, y));
    this.cues();
    if (this.cam.scrollY !== before) this.onScrolled();
  }

  /** No board drawn (the waiting room, no view yet): no cue either. */
  setShown(shown: boolean): void {
    this.shown = shown;
    this.cues();
  }

  private cues(): void {
    const y = this.cam.scrollY;
    const on = this.shown && this.max > 0;
    const above = y > this.contentTop() + 2;
    this.up.style.display = on && above ? '' : 'none';
    if (on && above) {
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
