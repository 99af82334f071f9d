/**
 * The one contract every game implements: a pure, deterministic rules module.
 *
 * Nothing here does I/O, reads the clock or calls Math.random. The Colyseus room, the bots, the
 * offline single-file build and the tests all drive a game through this interface only.
 */
import type { z } from 'zod';
import type { Seed } from './rng';
import type { ViewShape } from './viewShape';

/** A seat number: 0 .. seats-1. */
export type SeatIndex = number;
/** The viewer index used for spectators (and for the public part of any view). */
export const SPECTATOR = -1;
export type Viewer = SeatIndex | typeof SPECTATOR;

/** Every action is a JSON object with a `type`. */
export interface GameAction {
  type: string;
}

/**
 * A refusal: a stable code (`NOT_YOUR_TURN`) and a sentence for people. The rules return it for an
 * action they refuse; the server sends it, and its own refusals (rate limits, permissions), to the
 * client as the `error` message (ServerMsg.error).
 */
export interface RuleError {
  code: string;
  message: string;
}

/**
 * Something that happened, for logs and animations. `text` is the public log line. An event with
 * `to` set is private to that seat: the room sends it to that seat only and never logs it publicly.
 */
export interface GameEvent {
  type: string;
  text: string;
  seat?: SeatIndex;
  to?: SeatIndex;
  data?: Record<string, string | number | boolean | null | string[] | number[]>;
}

export type ApplyResult<S> = { ok: true; state: S; events: GameEvent[] } | { ok: false; error: RuleError };

/** Who sits where when a match is set up. */
export interface SeatSetup {
  name: string;
  bot: boolean;
}

/** One accepted action of a match, and when it was accepted (epoch ms). */
export interface MatchAction {
  seat: SeatIndex;
  action: GameAction;
  at: number;
}

/**
 * A match record: everything needed to rebuild a match exactly with the game's rules (setup from
 * the seed, then every accepted action, in order). The server keeps one per match being played;
 * match files (exported, saved) and table files carry the same fields.
 */
export interface MatchRecord {
  game: string;
  options: unknown;
  seats: SeatSetup[];
  seed: Seed;
  actions: MatchAction[];
  /** Epoch ms the match began. */
  startedAt: number;
}

/**
 * A timed window, as data. `key` names the window (phase + turn counter, say): while the key stays
 * the same the deadline stands; when it changes the room starts a new deadline of `durationMs`.
 * When the deadline passes, the room applies `action` for `seat` (always a legal action).
 * `seat` may be SPECTATOR (-1) for a window several seats share (simultaneous planning): the action
 * then belongs to the clock, fills in for every seat still missing, and the rules refuse it from any
 * real seat. No client can send it: the room refuses every action from spectators.
 */
export interface TimeoutRule<A extends GameAction> {
  key: string;
  seat: Viewer;
  durationMs: number;
  action: A;
}

/** How a finished match ended. */
export interface Outcome {
  /** Winning seats (several on a shared win; empty on a draw). */
  winners: SeatIndex[];
  /** One sentence for the results screen: "Ada wins 2 rounds to 1". */
  summary: string;
  /** Optional per-seat score line, indexed by seat. */
  scores?: number[];
}

/**
 * What one viewer may know. `public` is identical for every viewer (it goes into the shared
 * synchronised state); `private` is the seat's own secrets (null for spectators).
 */
export interface GameView<Pub, Priv> {
  public: Pub;
  private: Priv | null;
}

/**
 * A field of the create-table dialog, derived from nothing: the client renders it as is, and the
 * one-line summaries of a table's options ("Mode: Blitz", see optionSummary.ts) are read from it.
 * `showWhen`: shown only while another field's value is one of these (a free-for-all setting in
 * free-for-all). A choice's label starts with its name ("Blitz: 3 rounds, ..."); a number's label
 * may end with its unit in brackets ("Turn time limit (seconds)"); `zero` is what a summary says
 * for 0 when 0 turns the option off ("off", "none").
 */
export type OptionField = (
  | { key: string; label: string; kind: 'choice'; choices: { value: string; label: string }[]; help?: string }
  | { key: string; label: string; kind: 'toggle'; help?: string }
  | {
      key: string;
      label: string;
      kind: 'number';
      min: number;
      max: number;
      step?: number;
      help?: string;
      zero?: string;
    }
) & { showWhen?: { key: string; in: (string | number | boolean)[] } };

/**
 * How well a bot seat plays, chosen by the host per bot seat: `easy` plays as a newcomer would,
 * `normal` is the game's ordinary bot, `hard` searches deeper. A game without levels of its own
 * ignores the level (every seat plays `normal`).
 */
export const BOT_LEVELS = ['easy', 'normal', 'hard'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];
export const DEFAULT_BOT_LEVEL: BotLevel = 'normal';

/**
 * A bot: decides from what its seat may know (its view) and the legal actions, never the full state.
 * `level` (default `normal`) is the seat's level; a game without levels leaves the parameter out.
 */
export interface Bot<A extends GameAction, Pub, Priv> {
  decide(view: GameView<Pub, Priv>, legal: A[], random: () => number, level?: BotLevel): A;
  /**
   * Optional: a hint's words (core/hint.ts) for `action`, the normal bot's choice from this view: a
   * short name of the action and one line of why, from the view alone. Without it the platform
   * names the action from its fields and gives a generic why.
   */
  explain?(view: GameView<Pub, Priv>, action: A, legal: A[]): HintWords;
}

/** A hint's words: what the action is ("Bank $240") and one line of why. */
export interface HintWords {
  label: string;
  why: string;
}

/**
 * A game's rules: pure, deterministic functions over plain data (`O`: its table options, validated
 * by the definition's `optionsSchema` before `setup` sees them).
 */
export interface GameRules<S, A extends GameAction, O, Pub, Priv> {
  /** `seed`: a 256-bit key as 64 hex digits (every new match), or a legacy number (see rng.ts). */
  setup(options: O, seats: SeatSetup[], seed: Seed): S;
  /**
   * Optional: what happened while setting up, for the table's log (the first turn's start: whose
   * turn, what was revealed), as `apply` reports an action's events. Same arguments as `setup`; only
   * public events (no `to`) are logged.
   */
  openingEvents?(options: O, seats: SeatSetup[], seed: Seed): GameEvent[];
  legalActions(state: S, seat: SeatIndex): A[];
  /** Never throws on bad input: returns a RuleError instead. */
  apply(state: S, seat: SeatIndex, action: A): ApplyResult<S>;
  /** The single place that decides hidden information. */
  view(state: S, viewer: Viewer): GameView<Pub, Priv>;
  /**
   * Optional: a seat's private part alone, equal to `view(state, seat).private`. A game that gives
   * it lets the server build the public part once per change instead of once per seat.
   */
  privateView?(state: S, seat: SeatIndex): Priv | null;
  /** A short phase name for the shared state (`turn`, `discard`, ...). */
  phase(state: S): string;
  /** Seats expected to act now (highlighted in the client; bots are asked to act for these). */
  toAct(state: S): SeatIndex[];
  /** The current timed window, if any. */
  timeout(state: S): TimeoutRule<A> | null;
  /** Null while the match is running. */
  outcome(state: S): Outcome | null;
  /**
   * Deals afresh, from `seed`, everything no seat has seen yet (the order of face-down piles, cards
   * no one has looked at, the randomness of future dice and draws), leaving every viewer's view, every
   * seat's legal actions and the timer exactly as they were. A saved game loaded at a new table is
   * redealt with a fresh key, recorded in its actions as the dealer's `redeal` (core/redeal.ts), so a
   * copy played ahead says nothing about another; the non-interference suite uses it to build states
   * that look the same to every seat. Pure and deterministic like `apply`.
   */
  redeal(state: S, seed: Seed): S;
  /**
   * Optional: a seated person may take over a part of the game the AI plays (in an alliance game: a
   * country of their side), ClientMsg.takeOver. The room checks that the part's seat is played by
   * the AI (a bot's, or one handed over), then records the platform's action `{ type: 'takeOver',
   * seat, ...payload }` at the dealer's seat (core/redeal.ts), which `apply` judges and carries out.
   */
  takeOver?: TakeOverSpec<S>;
}

/** A game's table options: their validation (defaults filled in) and the create-table dialog's fields. */
export interface GameOptions<O> {
  schema: z.ZodType<O>;
  fields: OptionField[];
}

/**
 * A game as the platform drives it: its lobby metadata, its rules, its options, the shape of its
 * actions, its bot and its table spec, flat for the platform's reading. A game writes it with
 * `defineGame` (core/defineGame.ts), each concern a piece of its own.
 */
export interface GameDefinition<S, A extends GameAction, O, Pub, Priv>
  extends GameMeta, GameRules<S, A, O, Pub, Priv> {
  /** Validates and fills defaults for table options. */
  optionsSchema: z.ZodType<O>;
  optionFields: OptionField[];
  /** Validates the shape of an incoming action (the rules then judge whether it is allowed). */
  actionSchema: z.ZodType<A>;
  bot: Bot<A, Pub, Priv>;
  /** How the game sits at a table: the platform derives its synchronised state from this. */
  /** Optional only for test fixtures that bring a hand-written server adapter. */
  table?: TableSpec<S, A, Pub, Priv>;
}

/** How a game lets a seat take over a part the AI plays (GameDefinition.takeOver). */
export interface TakeOverSpec<S> {
  /** The message's payload (e.g. `{ faction }`). */
  payload: z.ZodType<Record<string, unknown>>;
  /** The seat playing that part now (-1: nobody's yet). */
  holder(state: S, payload: Record<string, unknown>): SeatIndex;
}

/** Folds a rules' view into the shape its description describes (see TableSpec.wire). */
export interface WireFold<Pub, Priv, WPub, WPriv> {
  public(pub: Pub): WPub;
  /** A seat's private part (the public view given for what it depends on). */
  private(priv: Priv, pub: Pub): WPriv;
}

/** Bots pace themselves as people would (see TableSpec.botPace). */
export interface BotPace {
  /** Think time before each bot action, drawn uniformly from [min, max] ms. */
  thinkMs: readonly [number, number];
  /** No bot acts within this long of another bot's action or of `window` changing. */
  gapMs: number;
  /** Names the current time window (the Clock going On, a new nday): the gap starts again there. */
  window: string;
  /**
   * A reading window: no bot acts within this long of `window` opening (people are still reading
   * what just happened). Default: `gapMs`.
   */
  readMs?: number;
}

/**
 * A game at a table: its view description (`view`, see shared/src/core/viewShape.ts; with `wire`, a
 * game whose screen works from another shape than the rules' view, like stacks per
 * territory on a map, folds the view first and describes the folded view), from which the server's
 * schema classes and projection and the client's decoding are derived, plus the few table habits
 * that are the game's own. Everything else (seats, timers, bots, persistence) is the platform's.
 */
export type TableSpec<S, A extends GameAction, Pub, Priv> = TableHabits<S, A> &
  (
    | { view: ViewShape<Pub, Priv>; wire?: undefined }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    | { view: ViewShape<any, any>; wire: WireFold<Pub, Priv, any, any> }
  );

/** What a game's table spec says besides its view: the few table habits that are its own. */
export interface TableHabits<S, A extends GameAction> {
  /** Names the game's schema classes in the handshake ('MyGame' -> MyGameRoomState, ...). */
  schemaName: string;
  /**
   * For games whose full legal list is too long to sync on every change (hundreds of
   * entries per seat): the part of a seat's legal actions that goes into `private.legal`. Every
   * entry must stay an exact payload the rules accept; what is left out may still be sent (bots and
   * timers always use the full list on the server). Default: the whole list.
   */
  syncedLegal?(legal: A[], seat: SeatIndex): A[];
  /** Sync `private.legal` as a set (a change costs the entries that changed; order arbitrary). */
  legalAsSet?: boolean;
  /**
   * Actions only the table's host may send (a `startClock`, say). The rules
   * cannot know who hosts the table (the host can change); the room refuses these from others.
   */
  hostOnly?(action: A): boolean;
  /**
   * The clock's own actions: what only the server's timer applies (a `tick`, a `timeUp`, a
   * `timeBank`). The room refuses them from every client,
   * the host included (CLOCK_ONLY); no legal list offers them, so no bot picks one (the contract
   * suite checks both).
   */
  clockOnly?(action: A): boolean;
  /** Bots pace themselves as people would (default: each acts after the room's bot delay). */
  botPace?(state: S): BotPace | null;
  /**
   * The room's state encoder buffers, in KB, for a game whose whole state (a joining client's first
   * frame: the public view, its seat's private part and legal list, the log) can pass the
   * platform's 16 KB: sized once per room, instead of grown (and warned about) at every join.
   */
  stateBufferKb?: number;
}

/**
 * What the lobby and the client's shell show of a game without its rules: each game's `meta.ts`,
 * its definition's `meta` piece (so the client's lazy game chunks and the lobby need no rules code).
 */
export interface GameMeta {
  /** The room name and id, in kebab-case: `my-game`. */
  id: string;
  title: string;
  /** One line for the lobby. */
  tagline: string;
  seats: { min: number; max: number };
  /**
   * A seated person may hand their seat to a bot during a match and watch it play, then take the
   * seat back (ClientMsg.handOver / takeBack). Off unless the game says so.
   */
  handOver?: boolean;
  /**
   * The AI level the game advises for a person's first match, and why in one short sentence: the
   * waiting room shows it to the host where the AI seats' levels are chosen, with one button that
   * applies it. Absent: no advice.
   */
  firstMatchLevel?: FirstMatchAdvice;
  /**
   * What a seat plays, in a few words ("Germans · Axis"), for a game whose seats are not alike: the
   * waiting room shows it under the seat's name, so the host sees who plays what (and why the AIs'
   * levels differ) before the match. Given the seat, the table's seat count and its options now;
   * '' (or absent) when the seats are alike or dealt later. Pure: called at every redraw.
   */
  seatRole?(seat: number, seatCount: number, options: Readonly<Record<string, unknown>>): string;
}

/**
 * A game's advice for a first match (GameMeta.firstMatchLevel). Without `bySeat` every AI seat gets
 * `level`; with it, a game whose AIs play on sides can keep a person's AI partners stronger than
 * their opponents (and set table options, such as a head start, for the same match).
 */
export interface FirstMatchAdvice {
  /** The level for every AI seat, or the AIs against the people when `bySeat` is given. */
  level: BotLevel;
  /** Why, in one short sentence (lower case, no final stop). */
  why: string;
  /** The advice in a few words after "advises" ("Easy AIs against you, Normal beside you"); absent: "<Level> AIs". */
  says?: string;
  /**
   * The level of each seat's AI, and the table options to change with them, given the seats people
   * sit in (in seat order), the table's seat count and its options now. A person's seat's entry is
   * not used. Pure: the waiting room calls it at every redraw.
   */
  bySeat?(
    people: readonly number[],
    seatCount: number,
    options: Readonly<Record<string, unknown>>,
  ): FirstMatchSetup;
}

/** What a first match sets (FirstMatchAdvice.bySeat). */
export interface FirstMatchSetup {
  /** The level per seat, `seatCount` entries. */
  levels: readonly BotLevel[];
  /** Table options to set (over the table's own), e.g. `{ bid: 18 }`; absent or empty: none. */
  options?: Readonly<Record<string, unknown>>;
  /** The advice's words and reason for these seats, when they differ from the advice's own. */
  says?: string;
  why?: string;
}

/** A definition with its type parameters erased, for registries and platform code. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameDefinition = GameDefinition<any, GameAction, any, any, any>;

/** A typed error result, for rules modules. */
export function refuse(code: string, message: string): { ok: false; error: RuleError } {
  return { ok: false, error: { code, message } };
}
