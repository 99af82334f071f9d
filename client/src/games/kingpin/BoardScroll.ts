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
 * The strips at the canvas's top (the "more above" cue) and over a pinned part (layout's `pin`: the
 * "more below" cue). A strip is there only while its cue shows: the board's view then starts under
 * it (the cue covered whatever row name scrolled under it); with the cue hidden (scrolled to the top,
 * or to the bottom over a pinned part) the view takes its room, so no empty strip is left. The board
 * does not move on the screen when a strip comes or goes: the camera's view and scroll change
 * together (world height `y` is always at canvas height `y - this.y`).
 */
export { CUE_STRIP };

export class BoardScroll {
  /** How far the board can scroll (0: it all fits). */
  max = 0;
  /** How far it is scrolled: the world height at the canvas's top (a strip may cover that top). */
  y = 0;
  /** The canvas's height less a pinned part: the board's view with no strip. */
  private full = 0;
  /** The strip over a pinned part while its cue shows (0 when nothing is pinned). */
  private pinStrip = 0;
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
      this.start = { y: p.y, scroll: this.y, pinned };
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
      if (this.max > 0) this.byHand(this.y + dy);
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
  setHeight(height: number, pin: number | null = null, at?: number): void {
    const { width: W, height: H } = this.scene.scale;
    const scrolls = height > H;
    this.pinFrom = scrolls ? pin : null;
    const pinned = this.pinFrom === null ? 0 : height - this.pinFrom;
    this.full = H - pinned;
    // A pinned part has a strip over it for the "more below" cue (while it shows).
    this.pinStrip = pinned ? CUE_STRIP : 0;
    this.max = scrolls ? Math.max(0, Math.ceil((this.pinFrom ?? height) - this.full)) : 0;
    // The scroll is clamped here (`to`): the camera's own bounds would clamp it against a view
    // whose height changes with the cues.
    this.cam.removeBounds();
    if (this.pinFrom !== null) {
      this.pinCam ??= this.scene.cameras.add(0, 0, W, pinned, false, 'pinned');
      this.pinCam
        .setViewport(0, H - pinned, W, pinned)
        .setScroll(0, this.pinFrom)
        .setVisible(true);
    } else this.pinCam?.setVisible(false);
    this.down.classList.toggle('pinned', pinned > 0);
    this.down.style.bottom = pinned ? `${pinned}px` : '';
    // At the bottom (your cards), or where the caller keeps what the player looked at.
    this.y = -1;
    this.to(at ?? this.max);
  }

  /** The board's view height while both cues show (scrolled between its top and its bottom). */
  get midView(): number {
    return this.full - (this.max > 0 ? CUE_STRIP + this.pinStrip : 0);
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
    const before = this.y;
    this.y = Math.max(0, Math.min(this.max, y));
    this.cues();
    if (this.y !== before) this.onScrolled();
  }

  /** No board drawn (the waiting room, no view yet): no cue either. */
  setShown(shown: boolean): void {
    this.shown = shown;
    this.cues();
  }

  /** The cues for the scroll position, and the board's view under their strips. */
  private cues(): void {
    const y = this.y;
    const on = this.shown && this.max > 0;
    const above = on && y > this.contentTop() + 2;
    const below = on && y < this.max - 2;
    this.up.style.display = above ? '' : 'none';
    if (above) {
      const names = this.describeAbove(y + CUE_STRIP).map((n) => (n.length > 12 ? `${n.slice(0, 11)}…` : n));
      this.up.textContent = names.length ? `▲ ${names.join(', ')} above` : '▲ more above';
    }
    this.down.style.display = below ? '' : 'none';
    // A strip only under a cue that shows; the view keeps each part where it was on the canvas.
    const top = above ? CUE_STRIP : 0;
    const bottom = below ? this.pinStrip : 0;
    const full = this.max > 0 ? this.full : this.scene.scale.height;
    this.cam.setViewport(0, top, this.scene.scale.width, Math.max(1, full - top - bottom));
    this.cam.scrollY = y + top;
  }

  destroy(): void {
    this.up.remove();
    this.down.remove();
  }
}
