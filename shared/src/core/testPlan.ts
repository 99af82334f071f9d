/**
 * A game's test plan: what the platform's checks need to know of one game beyond its contract. A
 * game exports it as `testPlan` from `games/<id>/testPlan.ts` (optional: a game without one gets the
 * defaults); the contract suite, the leak test and the view round trip find it there by the game's
 * id. Plain data and pure functions only: no test framework, no server.
 */
import type { GameView } from './contract';
import type { Random, Seed } from './rng';

/** States that look like `state` to `seat` (the same view and legal actions for that seat). */
export type Lookalikes<S = never> = (state: S, seat: number, random: Random) => S[];

/** How the contract suite (shared/test/contract.suite.ts) plays the game. */
export interface ContractPlan<S = never> {
  /** Table options to play, as a table's host would send them (each match takes one). Default: `{}`. */
  options?: unknown[];
  /** Seat counts to play (default: every count the game allows). */
  seats?: number[];
  /** Matches to play. Default 6. */
  matches?: number;
  /**
   * A match stops after this many actions (default 400): the checks hold for the start of a long
   * match as well as for a whole one. At least one match of the run must finish.
   */
  maxActions?: number;
  /** Legal actions of each seat tried through `apply` at every step. Default 3. */
  legalSample?: number;
  /**
   * Known gaps, each with its reason (a finding to fix, not a licence): the game's bots may answer
   * with an action that `apply` accepts but `legalActions` does not list, or its timer's action for
   * a seat may be accepted without being listed. Without a reason, either fails the suite.
   */
  unlistedBotAnswers?: string;
  unlistedTimerAction?: string;
  /** States per match where non-interference is checked (sampled uniformly over the match). Default 3. */
  secrecyStates?: number;
  /** Probe actions per seat at each of those states and each look-alike. Default 10. */
  secrecyProbes?: number;
  /**
   * States that look like `state` to `seat` besides its redeals: hidden units moved or removed, a
   * hidden card swapped. The suite fails loudly if one does not look the same. Default: none.
   */
  lookalikes?: Lookalikes<S>;
}

/**
 * How a test client picks its action: from its legal actions and its view as decoded from the
 * table's state (the wire view, for a game whose description is of a folded one). It may answer
 * with a fuller action than a listed template, as the game's own screen does. Default: the game's bot.
 */
export type Chooser<A = never, V = never> = (legal: A[], view: V, seat: number, random: () => number) => A;

/** Another way a frame may spell a secret: `text` anywhere in its bytes (`wordEnd`: not followed by a letter or digit). */
export interface Spelling {
  text: string;
  wordEnd?: boolean;
}

/**
 * What a game adds to the leak detector's own secrets (every field of every other seat's private
 * part, compared as the viewer decoded it; every string of it, looked for in every frame).
 */
export interface LeakHooks<S = never> {
  /** Extra secrets of `viewer` in `state` (what its view shows is taken out afterwards): a deck, a draw pile. */
  secrets?(state: S, viewer: number): string[];
  /** Other ways a frame spells an extra secret, besides the whole string (a card's label in a log text). */
  spellings?(secret: string): Spelling[];
  /** Does a decoded state show an extra secret? Default: as one of its string leaves, the log aside. */
  decoded?(json: Readonly<Record<string, unknown>>): (secret: string) => boolean;
  /**
   * Whether the strings of other seats' private parts are looked for in frames and other fields
   * (default true). Off, with the reason, for a game whose private parts are made of public words
   * (only their pairing is secret, and its `secrets` hook checks that).
   */
  privateParts?: true | string;
}

/** What the leak test's run checks at its end; each string is a failed expectation. */
export interface LeakRunEnd<S = never> {
  state: S;
  actions: readonly { seat: number; action: { type: string } }[];
  /** What each watcher decoded (seat -1: a spectator). */
  decoded: readonly { seat: number; json: Readonly<Record<string, unknown>> }[];
}

/** How the server's leak test (server/test/rooms/leak.test.ts) plays the game. */
export interface LeakPlan<S = never> {
  seats?: number;
  options?: object;
  /** The seed of each match (a factory, called once per run: it may count matches). */
  newSeed?: () => () => Seed;
  /** Client actions to check at least: rematches until then (default 30). */
  steps?: number;
  /** Stop after `steps` even in the middle of a match (for games whose matches are long). */
  partial?: boolean;
  /** When the late spectator comes in (default: at the fifth step). */
  lateJoin?: (step: number, state: S) => boolean;
  /** Secrets checked per step at least, over all watchers (default 1). */
  secretsPerStep?: number;
  /** The game sends events to one seat (checked to reach that seat only). */
  privateEvents?: boolean;
  /** A moment with something to hide that the match must reach often enough (counted after each step). */
  busy?: { holds: (state: S) => boolean; atLeast: number };
  /** The game's own expectations at the end of the run: the failed ones, in words. */
  verify?: (end: LeakRunEnd<S>) => string[];
  hooks?: LeakHooks<S>;
}

/** A game's whole test plan (every part optional). */
export interface GameTestPlan<S = never, A = never, V = never> {
  contract?: ContractPlan<S>;
  /** How test clients play it (a factory: some choosers keep a memory). */
  choose?: () => Chooser<A, V>;
  leak?: LeakPlan<S>;
  /** Table options under which the timer applies one of the clock's own actions (`table.clockOnly`), and that action. */
  clock?: { options: object; action: A };
}

/** Checks a plan's types against the game's: `defineTestPlan<State, Action, View>()({...})`. */
export const defineTestPlan =
  <S, A, V = GameView<unknown, unknown>>() =>
  (plan: GameTestPlan<S, A, V>): GameTestPlan<S, A, V> =>
    plan;
