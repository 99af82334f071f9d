/**
 * What a game gives the platform: its pure rules (the shared GameDefinition), its schema classes
 * and one projection from the rules' views into that schema. Everything else (seats, timers, bots,
 * validation, errors, reconnection) is GameRoom's.
 */
import type { BotPace, GameAction, GameDefinition } from '@parlor/shared';
import type { GameRoomState, SeatState } from './schema';

/**
 * How bots pace themselves in a game everyone plays at once: one bot at a time, each after
 * a think time, and never within `gapMs` of another bot's action or of a new time window opening.
 */
export type { BotPace } from '@parlor/shared';

export interface GameAdapter<
  S = unknown,
  A extends GameAction = GameAction,
  O = unknown,
  Pub = unknown,
  Priv = unknown,
  RS extends GameRoomState = GameRoomState,
  SS extends SeatState = SeatState,
> {
  definition: GameDefinition<S, A, O, Pub, Priv>;
  createState(): RS;
  /** A fresh seat whose `private` child already exists (the room attaches, then adds it to views). */
  createSeat(): SS;
  /**
   * Writes the game's public view and each seat's private view (null for a seat with none) into the
   * schema. Called once after every accepted change; must only touch fields that differ (see sync.ts).
   * Common fields (status, phase, toAct, log, legal, deadline) are the room's job, not this one's.
   */
  project(state: RS, publicView: Pub, privateViews: (Priv | null)[]): void;
  /**
   * Optional, for games whose full legal list is too long to sync on every change (hundreds
   * of entries per seat): the part of a seat's legal actions that goes into `private.legal`. Every
   * entry must stay an exact payload the rules accept; what is left out may still be sent (bots and
   * timers always use the full list on the server). Default: the whole list.
   */
  syncedLegal?(legal: A[], seat: number): A[];
  /**
   * Optional: sync `private.legal` as a set (each entry keeps its slot while it stays legal, so a
   * change costs the entries that changed, not every entry after it). The order is then arbitrary.
   */
  legalAsSet?: boolean;
  /**
   * Optional: actions only the table's host may send (a `startClock`, say). The
   * rules cannot know who hosts the table (the host can change); the room refuses these from others.
   */
  hostOnly?(action: A): boolean;
  /** Optional: the clock's own actions, which only the server's timer applies (TableHabits.clockOnly). */
  clockOnly?(action: A): boolean;
  /** Optional: bots pace themselves as people would (default: each acts after the room's bot delay). */
  botPace?(state: S): BotPace | null;
  /** Clears game fields when a table goes back to waiting (optional). */
  reset?(state: RS): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameAdapter = GameAdapter<any, any, any, any, any, any, any>;
