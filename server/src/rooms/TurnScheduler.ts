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

/** After a restart a window is given at least this long (or its full length if shorter). */
export const MIN_RESUMED_WINDOW_MS = 3000;

export class TurnScheduler {
  private deadlineKey: string | null = null;
  private deadlineTimer: Timer | null = null;
  private readonly botTimers = new Map<number, Timer>();
  /** A window recorded before a restart: when its key comes up again, only the time left runs. */
  private resumed: { key: string; remainingMs: number } | null = null;

  constructor(
    private readonly timers: Timers,
    private readonly botDelayMs: number,
    private readonly hooks: SchedulerHooks,
  ) {}

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

  /** `seats` = the bot-played seats due to act now; others lose any pending bot move. */
  updateBots(seats: readonly number[]): void {
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

  clearAll(state: GameRoomState): void {
    this.clearDeadline(state);
    this.updateBots([]);
  }
}
