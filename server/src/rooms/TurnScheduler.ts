/**
 * The room's two kinds of timers: the turn deadline from the game's `timeout(state)` rule, and the
 * think-time delay before a bot acts. Re-evaluated after every state change; the game rules decide
 * what is due, this class only decides when.
 *
 * Plain Node timers, not the Colyseus room clock: the clock only advances when the room's patch
 * interval ticks it, so it would fire late by up to a patch interval and keep a 50 ms interval
 * running in every idle room (see GameRoom's patch rate).
 */
import type { GameAction, TimeoutRule } from '@parlor/shared';
import type { BotPace } from './GameAdapter';
import type { GameRoomState } from './schema';

export interface SchedulerHooks {
  /** The deadline passed: apply `action` for `seat` as if that seat sent it. */
  onDeadline(seat: number, action: GameAction): void;
  /** A bot's think time is over: let it act for `seat` (legality is re-checked there). */
  onBotTurn(seat: number): void;
  /** A new timed window began (or a recorded one resumed): it ends at `deadlineAt`. */
  onDeadlineSet?(key: string, deadlineAt: number): void;
}

/** A pending timer. */
export interface Timer {
  clear(): void;
}
/** Where timers come from (the room's, which report a throwing callback instead of crashing). */
export interface Timers {
  setTimeout(callback: () => void, ms: number): Timer;
}

/** Paced bots never react to a person's move faster than this. */
export const REACTION_MS = 1000;

/** After a restart a window is given at least this long (or its full length if shorter). */
export const MIN_RESUMED_WINDOW_MS = 3000;

export class TurnScheduler {
  private deadlineKey: string | null = null;
  private deadlineTimer: Timer | null = null;
  private readonly botTimers = new Map<number, Timer>();
  /** A window recorded before a restart: when its key comes up again, only the time left runs. */
  private resumed: { key: string; remainingMs: number } | null = null;
  /** Paced bots (see BotPace): the window in force, when it opened, when each bot last acted. */
  private paceWindow: string | null = null;
  private windowOpenedAt = 0;
  private lastBotActionAt = 0;
  /** The last change not made by a bot (a person's move): bots take a moment to react to it too. */
  private lastOtherChangeAt = 0;
  /** True while a paced bot acts: the changes then are its own, however long it thinks. */
  private botActing = false;

  constructor(
    private readonly timers: Timers,
    private readonly botDelayMs: number,
    private readonly hooks: SchedulerHooks,
    /** For think times (not a rule: nothing replays it). */
    private readonly random: () => number = Math.random,
    /** Test-only TEST_PACE_SCALE (config.ts): every paced wait below is multiplied by it. */
    private readonly paceScale = 1,
  ) {}

  /** The one place TEST_PACE_SCALE shortens a game's pace (1 on a real server: unchanged). */
  private scaled(pace: BotPace): BotPace {
    if (this.paceScale === 1) return pace;
    const k = this.paceScale;
    return {
      ...pace,
      thinkMs: [pace.thinkMs[0] * k, pace.thinkMs[1] * k],
      gapMs: pace.gapMs * k,
      readMs: pace.readMs === undefined ? undefined : pace.readMs * k,
    };
  }

  /** Starts a new deadline when the rule's key changes; keeps the running one otherwise. */
  updateDeadline(state: GameRoomState, rule: TimeoutRule<GameAction> | null): void {
    if (!rule) {
      this.clearDeadline(state);
      return;
    }
    if (rule.key === this.deadlineKey) return;
    this.clearDeadline(state);
    this.deadlineKey = rule.key;
    let durationMs = rule.durationMs;
    if (this.resumed?.key === rule.key) {
      const floor = Math.min(MIN_RESUMED_WINDOW_MS, rule.durationMs);
      durationMs = Math.min(rule.durationMs, Math.max(floor, this.resumed.remainingMs));
    }
    this.resumed = null;
    const now = Date.now();
    state.serverTime = now;
    state.deadline = now + durationMs;
    state.deadlineSeat = rule.seat;
    this.hooks.onDeadlineSet?.(rule.key, state.deadline);
    const { seat, action } = rule;
    this.deadlineTimer = this.timers.setTimeout(() => {
      this.deadlineTimer = null;
      // Forget the key: if the rules keep the same window after the timeout action, it restarts.
      this.deadlineKey = null;
      this.hooks.onDeadline(seat, action);
    }, durationMs);
  }

  /** The next window with this key (normally the first one set) gets `remainingMs`, not its full length. */
  resume(key: string, remainingMs: number): void {
    this.resumed = { key, remainingMs };
  }

  clearDeadline(state: GameRoomState): void {
    this.deadlineTimer?.clear();
    this.deadlineTimer = null;
    this.deadlineKey = null;
    if (state.deadline !== 0) state.deadline = 0;
    if (state.deadlineSeat !== -1) state.deadlineSeat = -1;
  }

  /**
   * `seats` = the bot-played seats due to act now; others lose any pending bot move. With a `pace`,
   * each bot acts after a think time of its own, and never within the pace's gap of another bot's
   * move or of the window opening.
   */
  updateBots(seats: readonly number[], pace: BotPace | null = null): void {
    if (pace) {
      this.updatePacedBots(seats, this.scaled(pace));
      return;
    }
    for (const [seat, timer] of this.botTimers) {
      if (!seats.includes(seat)) {
        timer.clear();
        this.botTimers.delete(seat);
      }
    }
    for (const seat of seats) {
      if (this.botTimers.has(seat)) continue;
      const timer = this.timers.setTimeout(() => {
        this.botTimers.delete(seat);
        this.hooks.onBotTurn(seat);
      }, this.botDelayMs);
      this.botTimers.set(seat, timer);
    }
  }

  private updatePacedBots(seats: readonly number[], pace: BotPace): void {
    const now = Date.now();
    // Called after every change; one during a bot's move is that move.
    if (!this.botActing && now - this.lastBotActionAt > 20) this.lastOtherChangeAt = now;
    const newWindow = pace.window !== this.paceWindow;
    if (newWindow) {
      this.paceWindow = pace.window;
      this.windowOpenedAt = now;
    }
    for (const [seat, timer] of this.botTimers) {
      // A new window (the Clock going On, a new nday) starts every think time again.
      if (newWindow || !seats.includes(seat)) {
        timer.clear();
        this.botTimers.delete(seat);
      }
    }
    for (const seat of seats) {
      if (this.botTimers.has(seat)) continue;
      const [min, max] = pace.thinkMs;
      // Within a reading window each bot starts thinking when it ends: first moves spread out after it.
      const reading = Math.max(0, this.windowOpenedAt + (pace.readMs ?? 0) - now);
      const think = min + this.random() * Math.max(0, max - min);
      this.schedulePaced(seat, reading + think, pace.gapMs, pace.readMs);
    }
  }

  /** Each bot thinks on its own; when done it still waits out the gap after any bot or the window. */
  private schedulePaced(seat: number, delayMs: number, gapMs: number, readMs = gapMs): void {
    const timer = this.timers.setTimeout(() => {
      this.botTimers.delete(seat);
      const now = Date.now();
      const clearAt = Math.max(
        this.lastBotActionAt + gapMs,
        this.windowOpenedAt + Math.max(gapMs, readMs),
        this.lastOtherChangeAt + REACTION_MS * this.paceScale,
      );
      if (now < clearAt) {
        // Someone else just moved (or the window just opened): a person would take a moment too.
        this.schedulePaced(seat, clearAt - now + this.random() * 500 * this.paceScale, gapMs, readMs);
        return;
      }
      this.lastBotActionAt = now;
      this.botActing = true;
      try {
        this.hooks.onBotTurn(seat);
      } finally {
        this.botActing = false;
      }
      // The gap runs from the end of its move (a slow AI's thinking is not the next bot's gap).
      this.lastBotActionAt = Date.now();
    }, Math.ceil(delayMs));
    this.botTimers.set(seat, timer);
  }

  /**
   * A bot's move decided away from the loop (bots/botPool.ts) lands now: paced bots count it as a
   * bot's move (its own change, and the gap runs from its end), as if it had been decided in the timer.
   */
  botActs(move: () => void): void {
    this.lastBotActionAt = Date.now();
    this.botActing = true;
    try {
      move();
    } finally {
      this.botActing = false;
    }
    this.lastBotActionAt = Date.now();
  }

  clearAll(state: GameRoomState): void {
    this.clearDeadline(state);
    this.updateBots([]);
  }
}
