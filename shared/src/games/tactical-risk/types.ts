/**
 * Tactical Risk's public types: options, units, the server state, actions and views. The rules
 * files, the future server projection and the client all speak these.
 */
import type { RngState } from '../../core/rng';
import type { TacticalRiskSentAction } from './actions';
import type { Alliance, Faction, UnitType } from './board';

export type { Alliance, Faction, UnitType } from './board';

export type TacticalRiskMode = 'classic' | 'draft' | 'ffa';

export interface TacticalRiskOptions {
  /** classic: fixed factions per seat; draft: seats pick factions in turn; ffa: every faction hostile. */
  mode: TacticalRiskMode;
  /** Optional economic victory (alliance modes only). */
  economicVictory: boolean;
  /** Free-for-all: capitals a faction must hold at the end of a round to win. */
  capitalsToWin: number;
  /** Fog of war: a faction sees enemy units only in territories adjacent to its own. */
  fogOfWar: boolean;
  /** 0 = no limit; otherwise the match ends after this many rounds (the higher production wins). */
  roundLimit: number;
  /** 0 = no phase timer; otherwise each phase or prompt has this many seconds. */
  phaseSeconds: number;
  /**
   * With phase timers: each seat's time bank for the whole match, in seconds, drawn on (in steps of
   * BANK_STEP_MS) when a phase's own time runs out. 0 = none: the phase then ends at once.
   */
  bankSeconds: number;
  /**
   * Without phase timers (`phaseSeconds` 0): seconds a seat has to answer a battle prompt or make a
   * draft pick before the default answer is taken. Absent in options saved before it existed (60).
   */
  promptSeconds?: number;
  /**
   * Edition 4 on: extra IPC the `bidSide` alliance starts with (the Axis & Allies bid), shared among
   * its factions in turn order (alliance modes only). Absent in older options (no bid).
   */
  bid?: number;
  bidSide?: 'Axis' | 'Allies';
  /**
   * Edition 4 on: how the AI countries pace their moves. `watch`: each move after the server's bot
   * delay, to follow on the map; `quick`: a short think time per move. Not a rule: only when bots act.
   */
  botPace?: 'watch' | 'quick';
  /**
   * Rules edition (edition.ts): 2 for new tables; 1 for matches recorded before editions, whose
   * states keep no `edition` key at all.
   */
  edition?: number;
}

export type TacticalRiskPhase =
  'draft' | 'purchase' | 'combatMove' | 'battle' | 'nonCombatMove' | 'place' | 'finished';

/** One unit on the board. Per-turn flags are reset when its owner's turn begins. */
export interface Unit {
  id: number;
  type: UnitType;
  owner: Faction;
  /** A territory or sea zone name. Cargo stands where its transport is. */
  at: string;
  /** Movement points used this turn. */
  moved: number;
  /** Moved in this turn's combat move. */
  combatMoved: boolean;
  /** Took part in a battle this turn. */
  fought: boolean;
  /** Where its last move came from (retreat options). */
  from: string | null;
  /** The transport carrying this land unit. */
  on: number | null;
  /** Landed from the sea into a hostile territory this turn (cannot retreat). */
  amphibious: boolean;
  /** Transport: the territory it unloaded into this turn (it cannot move again this turn). */
  unloadedTo: string | null;
  /** Bomber on a strategic bombing raid this turn. */
  raid: boolean;
  /**
   * Cargo whose landing was declared in the combat move from a sea zone with enemy units: the
   * territory it lands in once the attacker holds the zone after the sea battle (absent otherwise).
   */
  landing?: string;
}

export type UnitCounts = Partial<Record<UnitType, number>>;

export interface Hits {
  /** From submarines: never air units. */
  sub: number;
  /** From air units: submarines only with a Destroyer on the air side. */
  air: number;
  /** From everything else (and AA guns, which only ever target air). */
  other: number;
}

export type BattleKind = 'land' | 'sea' | 'raid';
export type Side = 'attacker' | 'defender';

/** A decision a battle is waiting for. */
export type BattlePrompt =
  | {
      kind: 'casualties';
      side: Side;
      faction: Faction;
      hits: Hits;
      /** Units that must be removed. */
      count: number;
      /** AA fire: only air units may be chosen. */
      airOnly: boolean;
      suggestion: number[];
    }
  | { kind: 'attackerRound'; faction: Faction; retreats: string[]; canSubmerge: boolean }
  | { kind: 'defenderSubmerge'; faction: Faction };

export type BattleStep =
  'bombard' | 'aa' | 'roundStart' | 'defenderSubmerge' | 'firstStrike' | 'general' | 'endCheck' | 'raid';

/**
 * Shore bombardment of an amphibious assault: the attacker's battleships in the sea zones the landing
 * came from (no enemy units there, not yet in a battle this turn), fixed when the battle starts, and
 * their dice once rolled (the bombardment is the battle's first step).
 */
export interface Bombardment {
  /** How many battleships bombard. */
  count: number;
  /** Each battleship and the sea zone it fires from (empty in the public view under fog of war). */
  ships: { id: number; zone: string }[];
  /** One die per battleship once rolled (empty before), the value each hits at, and the hits. */
  dice: number[];
  at: number[];
  hits: number;
}

export interface BattleState {
  key: string;
  territory: string;
  kind: BattleKind;
  attacker: Faction;
  /** The defending faction that chooses defender casualties. */
  defender: Faction;
  round: number;
  /** Steps still to run, front first. */
  steps: BattleStep[];
  prompt: BattlePrompt | null;
  /** Queued casualty prompts (the front one is shown first). */
  queue: BattlePrompt[];
  /** Units that submerged or left (out of this battle). */
  out: number[];
  /** Units that fired in this round's first strike. */
  firedFirst: number[];
  /**
   * The last dice thrown, and for each die the value it hits at or under (AA fire: 1; a bombing
   * raid's damage dice have none: `attackerAt` is then empty).
   */
  lastRolls: {
    attacker: number[];
    defender: number[];
    attackerAt: number[];
    defenderAt: number[];
    label: string;
  };
  /** Shore bombardment (amphibious assaults with bombarding battleships only; else null). */
  bombard: Bombardment | null;
}

export interface BattleResult {
  key: string;
  winner: Side | 'none';
  captured: boolean;
}

/**
 * What one faction's turn changed, kept by the rules for the turn summary (the last TURN_LOG turns).
 * Everything in it is public: owners, battles, and IPCs spent (the treasury is public, so a purchase's
 * cost is too; what was bought is not).
 */
export interface TurnSummary {
  faction: Faction;
  round: number;
  /** The turn counter (`turnNumber`, 0 = the match's first turn). */
  turn: number;
  /** Over (its income collected). */
  done: boolean;
  /**
   * Land that changed hands during the turn, owner at its start and at its end (the faction itself:
   * taken; an ally: freed for it). Filled when the turn ends; the public view fills the running turn's.
   */
  changes: { territory: string; from: Faction | null; to: Faction | null }[];
  /** Battles fought, in order: whether the attacker won, and took the territory. */
  battles: { territory: string; kind: BattleKind; won: boolean; captured: boolean }[];
  /** IPCs spent on purchases. */
  spent: number;
  /** IPCs collected at the end (null while the turn goes on). */
  income: number | null;
  /** Continents whose holder changed during the turn (filled like `changes`). */
  continents: { name: string; bonus: number; from: Faction | null; to: Faction | null }[];
}

export interface TacticalRiskState {
  options: TacticalRiskOptions;
  rng: RngState;
  names: string[];
  /** The seat playing each faction (-1 while undrafted). */
  controller: Record<Faction, number>;
  /** Alliances (null for everyone in free-for-all). */
  alliance: Record<Faction, Alliance | null>;
  phase: TacticalRiskPhase;
  round: number;
  /** Index into the turn order. */
  turn: number;
  /** Counts turns since the match began. */
  turnNumber: number;
  /** Counts phase changes and prompts (timer keys). */
  seq: number;
  /** Land territory owners (null = neutral). */
  owner: Record<string, Faction | null>;
  /** Owners when the current turn began. */
  turnStartOwner: Record<string, Faction | null>;
  treasury: Record<Faction, number>;
  /** Bought, not yet placed (placement carries over). */
  pending: Record<Faction, UnitCounts>;
  units: Unit[];
  nextId: number;
  /** Factory territories usable for placement this turn (held since the turn began). */
  factoriesAtStart: string[];
  /** Units placed this turn per factory territory. */
  placedAt: Record<string, number>;
  /** Battles still to fight this turn. */
  battles: string[];
  battle: BattleState | null;
  lastBattle: BattleResult | null;
  /** Draft mode: the seat picking next. */
  draftSeat: number;
  /** The state before the last undoable action of this phase. */
  prev: TacticalRiskState | null;
  /** Time bank left per seat, in ms (the step being drawn already taken off). */
  bank: number[];
  /** The window (timeout key) drawing on its seat's bank: how many steps so far, the last step's ms. */
  bankDraw: { window: string; steps: number; ms: number } | null;
  winner: { factions: Faction[]; reason: string } | null;
  /**
   * The last turns' summaries, oldest first, the running turn last (replaced, never mutated: undo
   * snapshots share them). Absent in states saved before it existed.
   */
  turnLog?: TurnSummary[];
}

/** The actions sent (their schema is their source: actions.ts), and the clock's own. */
export type TacticalRiskAction =
  | TacticalRiskSentAction
  /**
   * The clock's only action (never sent by a client: not in the action schema): the phase's time ran
   * out and the seat to act draws one step from its time bank.
   */
  | { type: 'timeBank' };

/** A unit as everyone may see it (its per-turn flags are visible on the board). */
export type PublicUnit = Unit;

export interface FactionPublic {
  name: Faction;
  seat: number;
  alliance: Alliance | null;
  treasury: number;
  capital: string;
  capitalHeld: boolean;
  /** What the faction would collect now. */
  income: number;
  out: boolean;
  pending: UnitCounts;
}

export interface TacticalRiskPublic {
  mode: TacticalRiskMode;
  fogOfWar: boolean;
  /** The rules edition (edition.ts), so a bot plans by the match's rules (absent: the latest). */
  edition?: number;
  /**
   * The table's round limit (0: none): at its end production decides, so the hard AI plays its last
   * round for it (botLevel.ts). Absent in views from before it (the AI then plays no last round).
   */
  roundLimit?: number;
  phase: TacticalRiskPhase;
  round: number;
  turnNumber: number;
  faction: Faction;
  names: string[];
  factions: FactionPublic[];
  owner: Record<string, Faction | null>;
  /** Owners when the current turn began (canals, landing and placement depend on it). */
  turnStartOwner: Record<string, Faction | null>;
  factoriesAtStart: string[];
  placedAt: Record<string, number>;
  /** Every unit (empty when fog of war is on: units then come in each seat's private view). */
  units: PublicUnit[];
  battles: string[];
  battle: BattleState | null;
  lastBattle: BattleResult | null;
  canUndo: boolean;
  draftSeat: number;
  winner: { factions: Faction[]; reason: string } | null;
  /**
   * Phase timers' time bank: per seat the ms left (not counting the step being drawn, so the time a
   * seat has left is `deadline - now + bankMs[deadlineSeat]`), and whether the running window is
   * already drawing on it. All zero / false without a bank.
   */
  bankMs: number[];
  banking: boolean;
  /**
   * The turn summary: the last turns (up to TURN_LOG, oldest first; the running turn last, with its
   * changes so far), so a screen that joins mid-game shows it too.
   */
  turns: TurnSummary[];
}

export interface TacticalRiskPrivate {
  factions: Faction[];
  /** Fog of war: the units this seat may see. */
  units: PublicUnit[] | null;
  /** Fog of war: this seat's factions' bought units and this turn's placements (public otherwise). */
  pending: Partial<Record<Faction, UnitCounts>> | null;
  placedAt: Record<string, number> | null;
}
