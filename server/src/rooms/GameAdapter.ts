/**
 * What a game gives the platform: its pure rules (the shared GameDefinition), its schema classes
 * and one projection from the rules' views into that schema. Everything else (seats, timers, bots,
 * validation, errors, reconnection) is GameRoom's.
 */
import type { GameAction, GameDefinition, TableHabits } from '@parlor/shared';
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
> extends Omit<TableHabits<S, A>, 'schemaName'> {
  // The table habits (syncedLegal, legalAsSet, hostOnly, clockOnly, botPace) are documented once,
  // in shared contract.ts (TableHabits); tableAdapter copies them from the game's table spec.
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
  /** Clears game fields when a table goes back to waiting (optional). */
  reset?(state: RS): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameAdapter = GameAdapter<any, any, any, any, any, any, any>;
