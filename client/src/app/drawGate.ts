/**
 * The stage draws a frame only when something on it may have changed: a table where nothing moves
 * costs no drawing (phones' batteries; in the browser tests an idle page cost a quarter of a core at
 * 30 fps). The loop keeps stepping, so timers, countdowns and tweens run as before; a step draws
 * when the board is shown (not behind party mode's hand view) and
 * - it was asked to lately (`poke`): input anywhere on the page, a resize, a scene switch, and a
 *   game scene's patches, events, renders and timers (see GameScene), or
 * - a running scene wants it: one that is not a game scene (the boot screen, the offline lobby), or
 *   a game scene with a tween or a camera effect running (`wantsFrame`).
 */
import type Phaser from 'phaser';

/** How long the stage keeps drawing after a poke: a change's follow-ups (held events, hovers) land in it. */
export const KEEP_DRAWING_MS = 300;

/** A scene that says when it needs frames (GameScene); any other running scene gets every frame. */
interface FrameWanter {
  wantsFrame(): boolean;
}
const wantsFrames = (s: Phaser.Scene): boolean => {
  const w = s as unknown as Partial<FrameWanter>;
  return typeof w.wantsFrame === 'function' ? w.wantsFrame() : true;
};

const INPUT = ['pointerdown', 'pointerup', 'pointermove', 'wheel', 'keydown', 'keyup'] as const;

export class DrawGate {
  private until = 0;
  private next = false;
  private shown = true;
  /** Loop steps run and frames drawn (tests, bug reports). */
  steps = 0;
  drawn = 0;

  constructor(private readonly game: Phaser.Game) {
    const loop = game.loop as unknown as { callback: (time: number, delta: number) => void };
    loop.callback = (time, delta) => this.step(time, delta);
    const poke = () => this.poke();
    for (const ev of INPUT) document.addEventListener(ev, poke, { capture: true, passive: true });
    game.scale.on('resize', poke);
    this.poke();
  }

  /** Draw for the next `ms` (0: the next frame only). */
  poke(ms = KEEP_DRAWING_MS): void {
    if (ms <= 0) this.next = true;
    else this.until = Math.max(this.until, performance.now() + ms);
  }

  /** The canvas is shown (true) or hidden behind another view (false: the scenes run, nothing is drawn). */
  show(shown: boolean): void {
    this.shown = shown;
    if (shown) this.poke();
  }

  private wanted(): boolean {
    if (this.next || performance.now() < this.until) return true;
    return this.game.scene.getScenes(true).some(wantsFrames);
  }

  private step(time: number, delta: number): void {
    this.steps++;
    if (this.shown && this.wanted()) {
      this.next = false;
      this.drawn++;
      this.game.step(time, delta);
    } else this.game.headlessStep(time, delta);
  }
}

const gates = new WeakMap<Phaser.Game, DrawGate>();

/** The game's draw gate, installed on first use (until then the game draws every frame). */
export function drawGate(game: Phaser.Game): DrawGate {
  let gate = gates.get(game);
  if (!gate) {
    gate = new DrawGate(game);
    gates.set(game, gate);
  }
  return gate;
}
