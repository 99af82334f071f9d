/**
 * What every game's table scene shares: taking the TableConnection and DOM layers the shell hands
 * over, subscribing to the table, laying out again on resize (and catching a resize Phaser missed),
 * a debug hook for tests, and undoing all of it when the scene stops (leaving, a rematch, a replay).
 * A game scene builds its objects in `build`, draws a snapshot in `render`, places things in
 * `layout`, and frees its own DOM in `dispose`; the base class calls them in that order.
 *
 * The stage draws only when something may have changed (app/drawGate.ts): this base asks for frames
 * on every patch, event, refusal, render, layout and timer callback of the scene, and while a tween
 * or a camera effect runs. A change made any other way (a window timer that moves an object without
 * rendering) calls `redraw()`.
 */
import Phaser from 'phaser';
import type { GameAction, GameEvent } from '@parlor/shared/core/contract';
import { drawGate } from '../app/drawGate';
import type { TableConnection, TableSnapshot } from '../net/TableConnection';
import type { GameSceneData } from './sceneData';

type DebugRoot = { __parlor?: Record<string, unknown> };

/** How often the canvas is checked against its stage (a resize Phaser missed). */
const FIT_EVERY_MS = 400;
/** Marks a scene clock whose timers draw (see drawOnTimers). */
const DRAWS = Symbol('drawsOnTimers');

export abstract class GameScene<View = unknown, Action extends GameAction = GameAction> extends Phaser.Scene {
  protected conn!: TableConnection;
  protected dom!: GameSceneData['dom'];
  /** Drawn on party mode's table screen (a TV): show the whole board, nobody touches it. */
  protected onScreen = false;
  private unsubs: (() => void)[] = [];
  /** The name of this scene's hook under `window.__parlor` (tests, bug reports), if any. */
  private debugName: string | null = null;
  private fitTimer = 0;

  constructor(config: string | Phaser.Types.Scenes.SettingsConfig) {
    super(config);
    // Every render and layout may change the board (a window timer's too): the stage draws it.
    const { render, layout } = this;
    this.render = (snap) => {
      this.redraw();
      render.call(this, snap);
    };
    this.layout = () => {
      this.redraw();
      layout.call(this);
    };
  }

  /** Phaser calls this on every start, a rematch's restart included: nothing may carry over. */
  init(data: GameSceneData): void {
    this.conn = data.conn;
    this.dom = data.dom;
    this.onScreen = data.screen === true;
    this.unsubs = [];
    this.reset();
  }

  create(): void {
    this.drawOnTimers();
    this.redraw();
    this.build();
    this.unsubs.push(
      this.conn.on('change', (s) => {
        this.redraw();
        this.onChange(s);
      }),
      this.conn.on('event', (e) => {
        this.redraw();
        this.onEvent(e);
      }),
      this.conn.on('error', () => {
        this.redraw();
        this.onRefused();
      }),
    );
    this.scale.on('resize', this.onResize, this);
    // The stage shrinks when the action strip under it grows (a seat's panel is taller than a
    // spectator's); a resize Phaser missed left the board drawn under the strip. Checked often (a
    // check that changes nothing draws nothing).
    this.fitTimer = window.setInterval(() => this.fitStage(), FIT_EVERY_MS);
    this.events.once('shutdown', () => this.teardown());
    this.layout();
    this.started();
  }

  private teardown(): void {
    window.clearInterval(this.fitTimer);
    for (const u of this.unsubs) u();
    this.unsubs = [];
    this.scale.off('resize', this.onResize, this);
    this.dispose();
    if (this.debugName) {
      const w = window as unknown as DebugRoot;
      if (w.__parlor) delete w.__parlor[this.debugName];
      this.debugName = null;
    }
  }

  // ---------------------------------------------------------------- what a game fills in

  /** Per-match state back to its start (called from init, before anything is built). */
  protected reset(): void {}
  /** Creates the game's objects and DOM widgets (the table is not subscribed yet). */
  protected abstract build(): void;
  /** Places everything for the current canvas size (and usually renders the snapshot). */
  protected abstract layout(): void;
  /** Draws a snapshot of the table. */
  protected abstract render(snap: TableSnapshot): void;
  /** After the first layout: first views, debug hooks. */
  protected started(): void {}
  /** Frees what the game added outside Phaser (DOM widgets, listeners, styles). */
  protected dispose(): void {}
  /** A new snapshot from the table (a patch). */
  protected onChange(snap: TableSnapshot): void {
    this.render(snap);
  }
  /** A game event (sounds, banners, animations); it arrives just before its patch. */
  protected onEvent(_e: GameEvent): void {}
  /** The server refused something this screen sent. */
  protected onRefused(): void {}
  /** The canvas changed size. */
  protected onResize(): void {
    this.layout();
  }

  // ---------------------------------------------------------------- drawing only on change

  /** Something on the board may have changed: the stage draws for a moment (0 ms: one frame). */
  protected redraw(ms?: number): void {
    drawGate(this.game).poke(ms);
  }

  /** Whether the stage must draw now for this scene's sake (app/drawGate.ts): something moves. */
  wantsFrame(): boolean {
    if (this.tweens.getTweens().length > 0) return true;
    const cam = this.cameras.main;
    return [
      cam.shakeEffect,
      cam.flashEffect,
      cam.fadeEffect,
      cam.panEffect,
      cam.zoomEffect,
      cam.rotateToEffect,
    ].some((e) => e.isRunning);
  }

  /**
   * Each callback of this scene's timers (a countdown's tick) draws the next frame; wraps the scene's
   * clock once (the clock outlives a restart).
   */
  private drawOnTimers(): void {
    const clock = this.time as Phaser.Time.Clock & { [DRAWS]?: true };
    if (clock[DRAWS]) return;
    clock[DRAWS] = true;
    const add = clock.addEvent.bind(clock);
    const gate = () => drawGate(this.game);
    clock.addEvent = (config) => {
      const event = add(config);
      const callback = event.callback as (...args: unknown[]) => unknown;
      event.callback = function (this: unknown, ...args: unknown[]) {
        gate().poke(0);
        return callback.apply(this, args);
      };
      return event;
    };
  }

  // ---------------------------------------------------------------- helpers

  protected snap(): TableSnapshot | null {
    return this.conn.snapshot();
  }
  protected view(): View | null {
    return (this.snap()?.view as View | null) ?? null;
  }
  protected legal(): Action[] {
    return (this.snap()?.legal ?? []) as Action[];
  }
  /** The seat this screen plays (-1: spectator). */
  protected me(): number {
    return this.snap()?.mySeat ?? -1;
  }
  protected send(a: Action): void {
    this.conn.send(a);
  }
  /** Draws the current snapshot again (a local change: a selection, a planner). */
  protected rerender(): void {
    const s = this.snap();
    if (s) this.render(s);
  }

  /** Publishes `hooks` as `window.__parlor[name]` until the scene stops. */
  protected exposeDebug(name: string, hooks: Record<string, unknown>): void {
    const w = window as unknown as DebugRoot;
    w.__parlor ??= {};
    w.__parlor[name] = hooks;
    this.debugName = name;
  }

  /** Makes the canvas the size of its stage again if a resize was missed (never in a loop). */
  protected fitStage(): void {
    const parent = this.game.canvas.parentElement;
    if (!parent) return;
    const w = parent.clientWidth;
    const h = parent.clientHeight;
    if (w <= 0 || h <= 0) return;
    if (Math.abs(w - this.scale.width) <= 1 && Math.abs(h - this.scale.height) <= 1) return;
    this.scale.refresh();
    if (Math.abs(h - this.scale.height) > 1 || Math.abs(w - this.scale.width) > 1) this.scale.resize(w, h);
  }
}
