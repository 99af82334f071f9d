/**
 * Kingpin's public types: card data, options, actions, the per-viewer view and the server state.
 * The rules module, the server projection and the client scene all speak these.
 *
 * Units: HP and damage are kept in integer QUARTER points (a shield adds 0.25 to an attack), so
 * `damageQ: 3` is 0.75 damage. Views also give plain numbers (`hp`, `maxHp`) for display.
 */
import type { RngState } from '../../core/rng';
import type { AttackTarget, CardRef, KingpinAction } from './actions';

// ─── Card data ──────────────────────────────────────────────────────────────────────────────────

/** A card id from the card table (`gangster_fighter`, `boss_loner`, `event_raid`). Unique per match. */
export type CardId = string;

export type CardType = 'boss' | 'common' | 'unique' | 'event' | 'token';
/** `solo` cards belong to no clan (a solo card on the board breaks a mono-clan board). */
export type Clan = 'gangsters' | 'authorities' | 'loners' | 'solo';
export type Faction = 'heads' | 'specialists' | 'stormers' | 'slippery';

/** Every ability key of the card table's `modifiers` column (see docs/rules/kingpin.md). */
export type ModifierKey =
  | 'atk_all'
  | 'entry_attack'
  | 'kill_bonus'
  | 'unbribable'
  | 'multi_target'
  | 'atk_faction'
  | 'ignore_shields'
  | 'hand_attack'
  | 'damage'
  | 'ignore_first_shield'
  | 'extort'
  | 'economy_entry'
  | 'economy_bonus'
  | 'opponent_money'
  | 'freeze'
  | 'enemy_shields'
  | 'discard_return'
  | 'heal'
  | 'deck_look'
  | 'shields_target'
  | 'def_all'
  | 'corruption_resist'
  | 'hand_guard'
  | 'steal'
  | 'discount'
  | 'purchase_bonus'
  | 'sell'
  | 'return_hand'
  | 'discard_bonus'
  | 'bribe_cost'
  | 'atk_per_hack'
  | 'guard'
  | 'restore_shield'
  | 'guard_all'
  | 'shields_per_block'
  | 'restore_all_shields'
  | 'heal_target'
  | 'authority'
  | 'opponent_discard'
  | 'unbribable_all'
  | 'double_abilities';

/** Ability values: a flag is stored as 1; `enemy_shields:-1` is stored as its magnitude 1. */
export type Modifiers = Partial<Record<ModifierKey, number>>;

/** One row of the card table (shared/src/games/kingpin/config/cards.csv). */
export interface CardDef {
  id: CardId;
  name: string;
  type: CardType;
  /** null for events and the money token. */
  clan: Clan | null;
  faction: Faction | null;
  hp: number;
  atk: number;
  price: number;
  corruption: number;
  defend: number;
  rage: number;
  modifiers: Modifiers;
  inDeck: boolean;
  /** The ability / event text shown to players. */
  text: string;
}

// ─── Options ────────────────────────────────────────────────────────────────────────────────────

export interface KingpinOptions {
  /** Optional variant: a defender may shield a hand card that a hand attack targets (a prompt). */
  emergencyDefense: boolean;
  /** Per-turn time limit in seconds; 0 = off. On timeout the turn passes (see timeouts.ts). */
  turnSeconds: number;
  /** Most money one attack may spend as ammunition; 0 = uncapped (the design's pure rule). */
  ammoCap: number;
  /** Opening truce: no Boss can be attacked until every player has started two turns. */
  bossTruce: boolean;
  /** Each Boss's printed HP (the design's cards.csv says 10; the default table 20). */
  bossHp: number;
  /** Optional victory (§8.2): a player who starts a turn with no tokens at all is out. */
  economicCollapse: boolean;
  /** Optional victory (§8.2): ending your turn with at least this many tokens wins; 0 = off. */
  dominationTokens: number;
  /**
   * Base income: money a player takes from the Golden Fund (else the Bank) at the start of each of
   * their turns; 0 = the design's rules (edition 3; editions 1 and 2 play 0).
   */
  income: number;
  /**
   * Reinforcements: from your third turn on, a turn that starts with only your Boss on your board
   * and an empty hand brings the Draw Pile's first card that is not an event onto your board; from
   * edition 5 only while your Boss has lost more HP than a rival Boss (on by default; edition 4
   * played them for every lone Boss, off by default; editions 1-3 play without). See
   * `reinforcementRule` in edition.ts.
   */
  reinforcements: boolean;
  /**
   * Rules edition (see edition.ts): 1 = before this option set, 2 = before the base income, 3 = before
   * reinforcements, 4 = reinforcements for every lone Boss (off by default), 5 = today's.
   */
  edition: number;
}

/**
 * The options a state stores. Edition-1 states hold only the two options edition 1 had (their
 * digests must not change); read them through `rulesOf(s)` in edition.ts.
 */
export type KingpinStateOptions = Pick<KingpinOptions, 'emergencyDefense' | 'turnSeconds'> &
  Partial<Omit<KingpinOptions, 'emergencyDefense' | 'turnSeconds'>>;

// ─── Actions ────────────────────────────────────────────────────────────────────────────────────

/** Actions have their schema as their one source: actions.ts. */
export type { AttackTarget, CardRef, KingpinAction };

/** boss: the last Boss standing; collapse/domination: the optional victories; cap: the turn cap. */
export type WinReason = 'boss' | 'collapse' | 'domination' | 'cap';

/**
 * Which reinforcements a match plays (edition.ts `reinforcementRule`): none; `lone`, edition 4's
 * (every lone Boss with an empty hand, the card frozen for the turn); `behind`, edition 5's catch-up
 * (only while that Boss has lost more HP than another living Boss, the card frozen through its
 * owner's next turn).
 */
export type ReinforcementRule = 'off' | 'lone' | 'behind';

export type KingpinActionType = KingpinAction['type'];

// ─── Phases and prompts ─────────────────────────────────────────────────────────────────────────

/**
 * `turn`: Defense Management moves and the main action. `place`, `ammo`, `pick`: the acting seat
 * answers a prompt. `emergency`: the DEFENDER answers. `finished`: over.
 */
export type KingpinPhase = 'turn' | 'place' | 'ammo' | 'pick' | 'emergency' | 'finished';

/** Why a `pick` prompt is open. */
export type PickReason = 'entry_attack' | 'freeze';

/** A declared attack waiting for ammunition or an emergency defense. */
export interface PendingAttack {
  seat: number;
  attackers: number[];
  target: AttackTarget;
  /** For a hand attack: the hand card hit (chosen at random when declared; public once declared). */
  handCard: CardId | null;
  /** Ammunition already declared (set when the ammo prompt is answered). */
  ammo: number;
  /** An entry attack (Fighter): no ammunition, not the main action. */
  entry: boolean;
  /** Shields moved onto the hand card by Emergency Defense. */
  emergencyShields: number;
}

export interface KingpinPrompt {
  kind: 'place' | 'ammo' | 'pick' | 'emergency';
  /** Who answers. */
  seat: number;
  /** place: the bought card. pick: the card whose ability asks. */
  card: CardId | null;
  pick: PickReason | null;
  attack: PendingAttack | null;
  /** What happens after the prompt: back to the Defense Management of the turn, or end the turn. */
  then: 'turn' | 'end';
}

// ─── Views ──────────────────────────────────────────────────────────────────────────────────────

/** A board card as everyone sees it, with derived figures for display. */
export interface KingpinCardView {
  id: CardId;
  shields: number;
  /** Current shield limit: min(4, D + auras), never below 0. */
  shieldLimit: number;
  /** Remaining HP (may be fractional, e.g. 2.75) and maximum HP with bonuses. */
  hp: number;
  maxHp: number;
  /** Effective attack of this card (base + auras; Rage, shields and ammunition not included). */
  atk: number;
  /**
   * How many of its owner's turns it still cannot attack in: the turn under way when its owner is on
   * turn, then the owner's next ones (0: it can attack now, or at its owner's next turn). Public: the
   * log says when a card is frozen and until when. A reinforcement of edition 5 arrives with 2.
   */
  frozenTurns: number;
  /** `frozenTurns > 0`: it cannot attack this turn (its owner's) or its owner's next turn. */
  frozen: boolean;
  unbribable: boolean;
  /** What bribing it costs now (null when it cannot be bribed). */
  bribeCost: number | null;
}

export interface KingpinPlayerPublic {
  name: string;
  safe: number;
  /** Exactly 6 slots; null = empty. */
  board: (KingpinCardView | null)[];
  handCount: number;
  eliminated: boolean;
  /** The clan whose synergy is active (mono-clan board), or null. */
  synergy: Exclude<Clan, 'solo'> | null;
  /** Total Rage of the board (added once per attacking card). */
  rage: number;
  /** Whether a combined attack may use any number of cards (mono-clan board) or at most 3. */
  maxAttackers: number;
  /** Cannot bribe this turn (bribed on their previous turn). */
  bribeCooldown: boolean;
  /** Cannot buy during their next/current turn (Supply Disruption). */
  supplyDisrupted: boolean;
  /** Turns this player has started. */
  turnsTaken: number;
}

export interface KingpinPublic {
  emergencyDefense: boolean;
  turnSeconds: number;
  /** Most ammunition per attack (0 = uncapped). */
  ammoCap: number;
  /** Opening truce: no Boss can be attacked until every player has started two turns. */
  bossTruce: boolean;
  /** True while the opening truce protects every Boss. */
  truceActive: boolean;
  bossHp: number;
  economicCollapse: boolean;
  dominationTokens: number;
  /** Money each player takes at the start of each of their turns (0: none). */
  income: number;
  /** The match's reinforcements (see KingpinOptions and ReinforcementRule). */
  reinforcements: ReinforcementRule;
  turn: number;
  /** Counts turns since the match began (timer key, UI). */
  turnNumber: number;
  /** The safety cap: the match is decided on Boss HP after this many turns (see rules doc). */
  turnCap: number;
  phase: KingpinPhase;
  prompt: KingpinPrompt | null;
  /** Whether the seat to move has used its one deploy from hand this turn. */
  deployedThisTurn: boolean;
  /** The seat to move has bribed this turn: it may still attack, or end its turn (§6.2). */
  bribedThisTurn: boolean;
  /** How the match was won (null while running or on a draw). */
  winReason: WinReason | null;
  players: KingpinPlayerPublic[];
  bank: number;
  fund: number;
  drawCount: number;
  /** Open zone, in order (oldest first). */
  reserve: CardId[];
  /** Discard Pile (open), oldest first. */
  discard: CardId[];
  /** Abilities are off while set: the seat that played Blackout and the turnNumber it ends after. */
  blackout: { seat: number; untilTurn: number } | null;
  /** The last card revealed from the Draw Pile (an event, a card sent to the Reserve, a buy). */
  lastRevealed: CardId | null;
  winner: number | null;
}

export interface KingpinPrivate {
  hand: CardId[];
  /** This seat's Boss (known from the blind draw, even before it is placed). */
  boss: CardId;
  /** Informant's deck look: the top cards of the Draw Pile when looked (top first), for this seat only. */
  deckLook: { cards: CardId[]; turnNumber: number } | null;
}

// ─── Server state (never sent) ─────────────────────────────────────────────────────────────────

export interface BoardCard {
  id: CardId;
  shields: number;
  /** Damage taken, in quarter points. */
  damageQ: number;
  /** Cannot attack until the end of its owner's turn number `frozenUntil` (turnsTaken count). */
  frozenUntil: number;
}

export interface KingpinSeatState {
  safe: number;
  board: (BoardCard | null)[];
  /** Oldest first. */
  hand: CardId[];
  boss: CardId;
  eliminated: boolean;
  turnsTaken: number;
  /** turnsTaken value of the turn this seat last bribed (-10 = never). */
  lastBribeTurn: number;
  /** This seat may not buy during its turn number `noBuyTurn` (turnsTaken after it starts). */
  noBuyTurn: number;
  deckLook: { cards: CardId[]; turnNumber: number } | null;
}

export interface KingpinState {
  options: KingpinStateOptions;
  rng: RngState;
  names: string[];
  turn: number;
  turnNumber: number;
  phase: KingpinPhase;
  prompt: KingpinPrompt | null;
  promptSeq: number;
  deployedThisTurn: boolean;
  players: KingpinSeatState[];
  bank: number;
  fund: number;
  /** Top of the Draw Pile is index 0. */
  drawPile: CardId[];
  reserve: CardId[];
  discard: CardId[];
  /** Bosses nobody drew (2 players: one). */
  unusedBosses: CardId[];
  blackout: { seat: number; untilTurn: number } | null;
  lastRevealed: CardId | null;
  winner: number | null;
  /** Set when the turn cap decided the match. */
  capped: boolean;
  /** How the match was won (null while running or on a draw). Absent in edition 1: see winReasonOf. */
  winReason?: WinReason | null;
  /** The seat to move has bribed this turn: only an attack (or ending the turn) remains (§6.2). Edition 2 on. */
  bribedThisTurn?: boolean;
}
