/**
 * Tactical Risk's synchronised state. Named as in TacticalRiskPublic / TacticalRiskPrivate
 * (shared/src/games/tactical-risk/types.ts), with the board folded for small patches: `territories`
 * is a map keyed by territory name (all 128), each with its owner and one stack per faction present
 * holding a count per unit type. A move touches the two stacks it changes, not the board.
 *
 * Fog of war: public stacks stay empty; each seat's `@view()` private child carries the units it may
 * see, one string per territory (see fogStacks in adapter.ts), primitives only so they ride with the
 * private child (a schema object pushed later under a view would need its own view.add).
 */
import { ArraySchema, MapSchema, Schema, type, view } from '@colyseus/schema';
import { gameSchemas } from '../../rooms/schema';

/** Tactical Risk's own base classes (see gameSchemas): its rooms' handshake describes Tactical Risk alone. */
export const tacticalRiskBases = gameSchemas();
const { GameRoomState, PrivateState, SeatState } = tacticalRiskBases;

/** One faction's units in one territory or sea zone: a count per unit type, and their ids. */
export class TacticalRiskStackState extends Schema {
  @type('uint8') infantry = 0;
  @type('uint8') artillery = 0;
  @type('uint8') armour = 0;
  @type('uint8') fighter = 0;
  @type('uint8') bomber = 0;
  @type('uint8') transport = 0;
  @type('uint8') submarine = 0;
  @type('uint8') destroyer = 0;
  @type('uint8') carrier = 0;
  @type('uint8') battleship = 0;
  @type('uint8') aaGun = 0;
  @type('uint8') factory = 0;
  /** The units' ids, space-separated, in unit-type order (the counts above split them by type). */
  @type('string') ids = '';
  /** Ids of those units that moved or fought this turn (space-separated). */
  @type('string') spent = '';
  /**
   * The ids split into the rules' move groups (units that move alike: same movement used, transport,
   * flags), `|` between groups: the map offers each group its own destinations.
   */
  @type('string') groups = '';
  /** Free slots of each transport here that could take units now (space-separated; '' = none). */
  @type('string') rooms = '';
}

export class TacticalRiskTerritoryState extends Schema {
  /** Land owner ('' = neutral, and for sea zones). */
  @type('string') owner = '';
  /** The owner when the current turn began. */
  @type('string') startOwner = '';
  /** Faction -> its units here (no entry = none; always empty under fog of war). */
  @type({ map: TacticalRiskStackState }) units = new MapSchema<TacticalRiskStackState>();
}

export class TacticalRiskFactionState extends Schema {
  @type('string') name = '';
  /** The seat playing it (-1 while undrafted). */
  @type('int8') seat = -1;
  /** 'Axis' | 'Allies' | '' (free-for-all). */
  @type('string') alliance = '';
  @type('uint16') treasury = 0;
  @type('string') capital = '';
  @type('boolean') capitalHeld = true;
  /** What it would collect now. */
  @type('uint16') income = 0;
  @type('boolean') out = false;
  /** JSON of its bought, unplaced units (`{"infantry":2}`); '{}' under fog of war (then private). */
  @type('string') pending = '{}';
}

/** The battle being fought ('' territory = none). Unit ids are the rules' ids. */
export class TacticalRiskBattleState extends Schema {
  @type('string') key = '';
  @type('string') territory = '';
  /** 'land' | 'sea' | 'raid'. */
  @type('string') kind = '';
  @type('string') attacker = '';
  @type('string') defender = '';
  @type('uint8') round = 0;
  @type(['string']) steps = new ArraySchema<string>();
  /** '' = none, 'casualties' | 'attackerRound' | 'defenderSubmerge'. */
  @type('string') promptKind = '';
  @type('string') promptFaction = '';
  /** Casualties: 'attacker' | 'defender'. */
  @type('string') promptSide = '';
  @type('uint8') promptCount = 0;
  @type('boolean') promptAirOnly = false;
  /** Casualties: the hits as `sub air other`. */
  @type('string') promptHits = '';
  @type(['uint32']) suggestion = new ArraySchema<number>();
  @type(['string']) retreats = new ArraySchema<string>();
  @type('boolean') canSubmerge = false;
  @type(['uint32']) out = new ArraySchema<number>();
  @type(['uint8']) rollsAttacker = new ArraySchema<number>();
  @type(['uint8']) rollsDefender = new ArraySchema<number>();
  /** Per die (same order as the rolls), the value it hits at or under (empty for raid damage dice). */
  @type(['uint8']) rollsAttackerAt = new ArraySchema<number>();
  @type(['uint8']) rollsDefenderAt = new ArraySchema<number>();
  @type('string') rollsLabel = '';
  /** Shore bombardment: how many battleships bombard (0 = none). */
  @type('uint8') bombardCount = 0;
  /** The bombarding battleships' ids and, per ship, its sea zone (both empty under fog of war). */
  @type(['uint32']) bombardShips = new ArraySchema<number>();
  @type(['string']) bombardZones = new ArraySchema<string>();
  /** Their dice once rolled (empty before), the value each hits at, and the hits. */
  @type(['uint8']) bombardDice = new ArraySchema<number>();
  @type(['uint8']) bombardAt = new ArraySchema<number>();
  @type('uint8') bombardHits = 0;
}

/**
 * One faction turn in the turn summary (the rules' TurnSummary). Lists are compact strings, one
 * entry per item, fields joined by `|`.
 */
export class TacticalRiskTurnState extends Schema {
  @type('string') faction = '';
  @type('uint16') round = 0;
  @type('uint32') turn = 0;
  /** Over (income collected). */
  @type('boolean') done = false;
  @type('uint16') spent = 0;
  /** IPCs collected at the end; -1 while the turn goes on. */
  @type('int16') income = -1;
  /** Land that changed hands: `territory|from|to` ('' = neutral). */
  @type(['string']) changes = new ArraySchema<string>();
  /** Battles fought: `territory|kind|won|captured` (1 / 0). */
  @type(['string']) battles = new ArraySchema<string>();
  /** Continents whose holder changed: `name|bonus|from|to` ('' = nobody). */
  @type(['string']) continents = new ArraySchema<string>();
}

export class TacticalRiskPrivateState extends PrivateState {
  /** The factions this seat plays. */
  @type(['string']) factions = new ArraySchema<string>();
  /** Fog of war: territory -> the units this seat sees there (see fogStacks in adapter.ts). */
  @type({ map: 'string' }) units = new MapSchema<string>();
  /** Fog of war: JSON of this seat's factions' bought units (`{"Russians":{"infantry":2}}`); '' = public. */
  @type('string') pending = '';
  /** Fog of war: this turn's placements, when this seat is to move. */
  @type({ map: 'uint8' }) placedAt = new MapSchema<number>();
}

export class TacticalRiskSeatState extends SeatState {
  @view() @type(TacticalRiskPrivateState) override private = new TacticalRiskPrivateState();
}

export class TacticalRiskRoomState extends GameRoomState {
  /** 'classic' | 'draft' | 'ffa'. */
  @type('string') mode = '';
  @type('boolean') fogOfWar = false;
  @type('uint16') round = 0;
  @type('uint32') turnNumber = 0;
  /** The faction whose turn it is. */
  @type('string') faction = '';
  @type('boolean') canUndo = false;
  /** Draft mode: the seat picking next. */
  @type('int8') draftSeat = -1;
  /** Territory name -> territory. */
  @type({ map: TacticalRiskTerritoryState }) territories = new MapSchema<TacticalRiskTerritoryState>();
  /** In turn order. */
  @type([TacticalRiskFactionState]) factions = new ArraySchema<TacticalRiskFactionState>();
  /** Factory territories usable for placement this turn. */
  @type(['string']) factoriesAtStart = new ArraySchema<string>();
  /** Units placed this turn per territory ('{}' under fog of war: then private). */
  @type({ map: 'uint8' }) placedAt = new MapSchema<number>();
  /** Battles still to fight this turn (`raid:<territory>` for a bombing raid). */
  @type(['string']) battles = new ArraySchema<string>();
  @type(TacticalRiskBattleState) battle = new TacticalRiskBattleState();
  /** The last battle's key ('' = none), winner ('attacker' | 'defender' | 'none') and capture. */
  @type('string') lastBattleKey = '';
  @type('string') lastBattleWinner = '';
  @type('boolean') lastBattleCaptured = false;
  @type(['string']) winnerFactions = new ArraySchema<string>();
  @type('string') winnerReason = '';
  /**
   * Phase timers' time bank, per seat in ms, not counting the step being drawn: a seat's time left is
   * `deadline - now + bankMs[deadlineSeat]`. All 0 without timers or bank.
   */
  @type(['uint32']) bankMs = new ArraySchema<number>();
  /** The running window is drawing on its seat's bank (the phase's own time is up). */
  @type('boolean') banking = false;
  /**
   * The turn summary: the last turns keyed by turn number (the running one with its changes so far),
   * so a screen that joins mid-game decodes it. A new turn adds one entry and drops the oldest.
   */
  @type({ map: TacticalRiskTurnState }) turns = new MapSchema<TacticalRiskTurnState>();
}
