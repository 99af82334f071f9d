/**
 * The replay's clock: play / pause at a speed, step, jump. Moves a ReplayTable; knows no DOM.
 */
import { Emitter } from '../net/emitter';
import type { ReplayTable } from './ReplayTable';

/** Time between two moves at 1x. */
export const STEP_MS = 1000;
export const SPEEDS = [0.5, 1, 2, 4, 8] as const;

export class ReplayPlayer {
  private events = new Emitter<{ change: undefined }>();
  private timer = 0;
  private playing_ = false;
  private speed_ = 1;

  constructor(readonly table: ReplayTable) {}

  get playing(): boolean {
    return this.playing_;
  }

  get speed(): number {
    return this.speed_;
  }

  get position(): number {
    return this.table.position;
  }

  get length(): number {
    return this.table.model.length;
  }

  on(fn: () => void): () => void {
    return this.events.on('change', fn);
  }

  play(): void {
    if (this.playing_) return;
    if (this.position >= this.length) this.table.seek(0);
    this.playing_ = true;
    this.schedule();
    this.changed();
  }

  pause(): void {
    if (!this.playing_) return;
    this.playing_ = false;
    window.clearTimeout(this.timer);
    this.changed();
  }

  toggle(): void {
    if (this.playing_) this.pause();
    else this.play();
  }

  setSpeed(speed: number): void {
    this.speed_ = speed > 0 ? speed : 1;
    if (this.playing_) this.schedule();
    this.changed();
  }

  /** One move forward or back (pauses playback). */
  step(delta: number): void {
    this.pause();
    this.table.seek(this.position + delta);
    this.changed();
  }

  seek(position: number): void {
    this.table.seek(position);
    if (this.playing_) this.schedule();
    this.changed();
  }

  setViewer(seat: number): void {
    this.table.setViewer(seat);
    this.changed();
  }

  destroy(): void {
    window.clearTimeout(this.timer);
    this.playing_ = false;
    this.events.clear();
  }

  private schedule(): void {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.tick(), STEP_MS / this.speed_);
  }

  private tick(): void {
    if (!this.playing_) return;
    this.table.seek(this.position + 1);
    if (this.position >= this.length) {
      this.playing_ = false;
      this.changed();
      return;
    }
    this.schedule();
    this.changed();
  }

  private changed(): void {
    this.events.emit('change', undefined);
  }
}
