/**
 * Bankout's public types: cards, options, actions and the per-viewer view. The rules module
 * (rules.ts), the server projection and the client scene all speak these.
 */
import type { RngState } from '../../core/rng';
import type { BankoutSeatAction } from './actions';

/** Ranks: numbers add loot; J, A, Q, K, X (Joker) are special. */
export type Rank = '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | 'J' | 'Q' | 'K' | 'A' | 'X';
export type Suit = 'S' | 'H' | 'D' | 'C';
/** A card id: rank + suit ("10H", "QS", "AD") or "X1" / "X2" for Jokers. Unique within a deck. */
export type CardId = string;

export type BankoutMode = 'bankout' | 'blitz';

export interface BankoutOptions {
  mode: BankoutMode;
  jokers: boolean;
  /** Per-turn time limit in seconds; 0 = off. On timeout the turn banks. */
  turnSeconds: number;
  /** Rules edition (2, the newest, for new tables); absent in edition-1 states (see edition.ts). */
  edition?: number;
}

export type JokerChoice = 'swap' | 'king' | 'queen';

/** A seat's actions (their schema is their source: actions.ts), and the clock's own. */
export type BankoutAction =
  | BankoutSeatAction
  /**
   * The turn's time limit ran out: the loot banks (logged as such). Only the room's clock applies
   * it; it is not in the action schema, so no client can send it.
   */
  | { type: 'timeUp' };

export type BankoutPhase = 'turn' | 'joker' | 'counter' | 'discard' | 'finished';

/** A decision another seat is waiting for. */
export interface BankoutPrompt {
  kind: 'joker' | 'counter' | 'discard';
  seat: number;
}

export interface BankoutPlayerPublic {
  name: string;
  bank: number;
  loot: number;
  alert: boolean;
  jacks: number;
  latent: number;
  handCount: number;
  roundsWon: number;
}

/** What everyone (players and spectators) sees. */
export interface BankoutPublic {
  mode: BankoutMode;
  jokers: boolean;
  turnSeconds: number;
  /** 1, 2, 3; Sudden Death rounds are 4, 5, ... with suddenDeath true. */
  round: number;
  suddenDeath: boolean;
  turn: number;
  /** Counts turns since the match began (used as a timer key and for the UI). */
  turnNumber: number;
  phase: BankoutPhase;
  prompt: BankoutPrompt | null;
  deckCount: number;
  discardCount: number;
  /** Cards drawn face up this turn, in order (hand cards drawn face down are not listed). */
  drawnThisTurn: CardId[];
  /** The last card anyone revealed (drawn face up, played or discarded), for the discard pile. */
  lastRevealed: CardId | null;
  /** Blitz: everything banked across the rounds. */
  pot: number;
  players: BankoutPlayerPublic[];
  /** Cards no one has seen yet (deck + face-down hand cards), by rank. */
  unseen: Readonly<Partial<Record<Rank, number>>>;
  /** Match winner seat once finished, else null. */
  winner: number | null;
}

/** What only the seat itself sees. */
export interface BankoutPrivate {
  hand: CardId[];
  /**
   * Chance that the next draw busts this seat (0..1), from the cards it has not seen; only for the
   * seat that may draw now (its turn, no prompt pending), 0 otherwise.
   */
  bustRisk: number;
}

/** Per-seat server state. Per-turn counters (loot, alert, jacks, latent) are zero off-turn. */
export interface BankoutSeatState {
  bank: number;
  loot: number;
  alert: boolean;
  jacks: number;
  latent: number;
  /** Oldest first (the timeout discard drops the oldest). */
  hand: CardId[];
  roundsWon: number;
}

/** The full, authoritative match state (server only; never sent). */
export interface BankoutState {
  /** Fixed for the match, and never changed in place: states share it. */
  readonly options: Readonly<BankoutOptions>;
  /** Replaced, never changed in place (RngState is read-only): states share it. */
  rng: RngState;
  /** Fixed for the match, and never changed in place: states share it. */
  readonly names: readonly string[];
  round: number;
  suddenDeath: boolean;
  firstPlayerOfRound: number;
  turn: number;
  turnNumber: number;
  phase: BankoutPhase;
  prompt: BankoutPrompt | null;
  /** Counts every prompt opened, so each prompt window has its own timer key. */
  promptSeq: number;
  /** Top of the deck is index 0. */
  deck: CardId[];
  discard: CardId[];
  drawnThisTurn: CardId[];
  lastRevealed: CardId | null;
  pot: number;
  players: BankoutSeatState[];
  /** Card that caused a pending hand-limit discard, or the Joker of a pending choice/counter. */
  pendingCard: CardId | null;
  /** Blitz: the banks at the end of round 3 (set once round 3 ends). */
  blitzTotals: number[] | null;
  winner: number | null;
}
