/**
 * Tactical Risk's wire view: the rules' view folded the way its map screen reads it and the server
 * sends it. Units become per-territory, per-faction stacks (a move patches the two stacks it
 * changes, not the board); a battle's prompt is flattened. Under fog of war the public stacks stay
 * empty and each seat's private part carries the stacks it may see (`units`) and this turn's
 * placements; `screenView` puts them back on the board for that seat. Pure functions, so online
 * play (through the description in viewShape.ts) and hot seat (directly) show one shape.
 */
import type { GameView } from '../../core/contract';
import { LAND, SEA, UNIT_TYPES, type UnitType } from './board';
import { moveGroupsOf, transportRooms } from './destinations';
import { LATEST_EDITION } from './edition';
import type { PublicUnit, TacticalRiskPrivate, TacticalRiskPublic } from './types';

export type Counts = Partial<Record<UnitType, number>>;

export interface TrStack {
  counts: Counts;
  ids: number[];
  /** Ids that moved or fought this turn (empty in a fog-of-war stack). */
  spent: number[];
  /** The ids split into the rules' move groups (units that move alike). */
  groups: number[][];
  /** Free slots of each transport here that could take units now. */
  rooms: number[];
}

export interface TrTerritory {
  /** '' = neutral, and for sea zones. */
  owner: string;
  startOwner: string;
  /** Faction -> its units here. */
  units: Record<string, TrStack>;
}

export interface TrFaction {
  name: string;
  /** -1 while undrafted. */
  seat: number;
  /** '' in free-for-all. */
  alliance: string;
  treasury: number;
  capital: string;
  capitalHeld: boolean;
  income: number;
  out: boolean;
  /** Bought, unplaced units ({} under fog of war: then private). */
  pending: Counts;
}

export interface TrBombard {
  count: number;
  /** Empty under fog of war. */
  ships: { id: number; zone: string }[];
  /** One die per battleship once rolled (empty before), the value each hits at, and the hits. */
  dice: number[];
  at: number[];
  hits: number;
}

export interface TrBattle {
  territory: string;
  kind: string;
  attacker: string;
  defender: string;
  round: number;
  steps: string[];
  /** '' = no prompt, 'casualties' | 'attackerRound' | 'defenderSubmerge'. */
  promptKind: string;
  promptFaction: string;
  /** Casualties: 'attacker' | 'defender'. */
  promptSide: string;
  promptCount: number;
  /** Casualties: the hits as `sub air other`. */
  promptHits: string;
  promptAirOnly: boolean;
  canSubmerge: boolean;
  /** Unit ids out of this battle (submerged or retreated). */
  out: number[];
  suggestion: number[];
  retreats: string[];
  rollsAttacker: number[];
  rollsDefender: number[];
  /** Per die, the value it hits at or under (empty: no hit value, e.g. raid damage). */
  rollsAttackerAt: number[];
  rollsDefenderAt: number[];
  rollsLabel: string;
  bombard: TrBombard | null;
}

/** One faction turn of the turn summary (the rules' TurnSummary; '' = neutral or nobody). */
export interface TrTurn {
  faction: string;
  round: number;
  /** The turn counter (0 = the first turn). */
  turn: number;
  done: boolean;
  changes: { territory: string; from: string; to: string }[];
  battles: { territory: string; kind: string; won: boolean; captured: boolean }[];
  spent: number;
  /** Null while the turn goes on. */
  income: number | null;
  continents: { name: string; bonus: number; from: string; to: string }[];
}

export interface TrPublic {
  mode: string;
  fogOfWar: boolean;
  /** The rules edition the table plays (edition.ts): what a client offers depends on it (taking over). */
  edition: number;
  phase: string;
  round: number;
  turnNumber: number;
  faction: string;
  canUndo: boolean;
  draftSeat: number;
  factions: TrFaction[];
  /** All 128 territories and sea zones by name. */
  territories: Record<string, TrTerritory>;
  factoriesAtStart: string[];
  /** Units placed this turn per factory territory. */
  placedAt: Partial<Record<string, number>>;
  battles: string[];
  battle: TrBattle | null;
  lastBattle: { key: string; winner: string; captured: boolean } | null;
  winner: { factions: string[]; reason: string } | null;
  /** Phase timers' bank per seat (ms) and whether the running window draws on it. */
  bankMs: number[];
  banking: boolean;
  /** The turn summary: the last turns, oldest first (the running one last). */
  turns: TrTurn[];
}

export interface TrPrivate {
  factions: string[];
  /** Fog of war: this seat's factions' bought units (null: public). */
  pending: Record<string, Counts> | null;
  /** Fog of war: territory -> the stacks this seat sees there ({} otherwise). */
  units: Record<string, Record<string, TrStack>>;
  /** Fog of war: this turn's placements ({} otherwise). */
  placedAt: Partial<Record<string, number>>;
}

export type TrView = GameView<TrPublic, TrPrivate>;

const TERRITORIES = [...LAND, ...SEA];
const ORDER = new Map<string, number>(UNIT_TYPES.map((t, i) => [t, i]));

/**
 * territory -> faction -> stack, units in unit-type order then by id. `phase`: which transports
 * could take units now (the non-combat move excludes those committed to the combat move).
 */
export function stacksOf(units: readonly PublicUnit[], phase = ''): Map<string, Map<string, TrStack>> {
  const sorted = units.slice().sort((a, b) => ORDER.get(a.type)! - ORDER.get(b.type)! || a.id - b.id);
  const by = new Map<string, Map<string, PublicUnit[]>>();
  for (const u of sorted) {
    let here = by.get(u.at);
    if (!here) by.set(u.at, (here = new Map()));
    let list = here.get(u.owner);
    if (!list) here.set(u.owner, (list = []));
    list.push(u);
  }
  const out = new Map<string, Map<string, TrStack>>();
  for (const [at, here] of by) {
    const m = new Map<string, TrStack>();
    for (const [f, list] of here) {
      const counts: Counts = {};
      for (const u of list) counts[u.type] = (counts[u.type] ?? 0) + 1;
      m.set(f, {
        counts,
        ids: list.map((u) => u.id),
        spent: list.filter((u) => u.moved > 0 || u.fought || u.combatMoved).map((u) => u.id),
        groups: moveGroupsOf(list),
        rooms: transportRooms(list, phase),
      });
    }
    out.set(at, m);
  }
  return out;
}

function battleOf(b: TacticalRiskPublic['battle']): TrBattle | null {
  if (!b) return null;
  const p = b.prompt;
  const casualties = p?.kind === 'casualties' ? p : null;
  return {
    territory: b.territory,
    kind: b.kind,
    attacker: b.attacker,
    defender: b.defender,
    round: b.round,
    steps: b.steps,
    promptKind: p?.kind ?? '',
    promptFaction: p?.faction ?? '',
    promptSide: casualties?.side ?? '',
    promptCount: casualties?.count ?? 0,
    promptHits: casualties ? `${casualties.hits.sub} ${casualties.hits.air} ${casualties.hits.other}` : '',
    promptAirOnly: casualties?.airOnly ?? false,
    canSubmerge: p?.kind === 'defenderSubmerge' || (p?.kind === 'attackerRound' && p.canSubmerge),
    out: b.out,
    suggestion: casualties?.suggestion ?? [],
    retreats: p?.kind === 'attackerRound' ? p.retreats : [],
    rollsAttacker: b.lastRolls.attacker,
    rollsDefender: b.lastRolls.defender,
    rollsAttackerAt: b.lastRolls.attackerAt,
    rollsDefenderAt: b.lastRolls.defenderAt,
    rollsLabel: b.lastRolls.label ?? '',
    bombard: b.bombard && b.bombard.count > 0 ? { ...b.bombard } : null,
  };
}

/** The public wire view of the rules' public view. */
export function wirePublic(pub: TacticalRiskPublic): TrPublic {
  const stacks = stacksOf(pub.units, pub.phase);
  const territories: Record<string, TrTerritory> = {};
  for (const name of TERRITORIES)
    territories[name] = {
      owner: pub.owner[name] ?? '',
      startOwner: pub.turnStartOwner[name] ?? '',
      units: Object.fromEntries(stacks.get(name) ?? []),
    };
  return {
    mode: pub.mode,
    fogOfWar: pub.fogOfWar,
    edition: pub.edition ?? LATEST_EDITION,
    phase: pub.phase,
    round: pub.round,
    turnNumber: pub.turnNumber,
    faction: pub.faction,
    canUndo: pub.canUndo,
    draftSeat: pub.draftSeat,
    factions: pub.factions.map((f) => ({ ...f, alliance: f.alliance ?? '' })),
    territories,
    factoriesAtStart: pub.factoriesAtStart,
    placedAt: pub.placedAt,
    battles: pub.battles,
    battle: battleOf(pub.battle),
    lastBattle: pub.lastBattle && { ...pub.lastBattle },
    winner: pub.winner && pub.winner.factions.length > 0 ? { ...pub.winner } : null,
    bankMs: pub.bankMs,
    banking: pub.banking,
    turns: pub.turns.map((r) => ({
      ...r,
      changes: r.changes.map((c) => ({ territory: c.territory, from: c.from ?? '', to: c.to ?? '' })),
      continents: r.continents.map((c) => ({ ...c, from: c.from ?? '', to: c.to ?? '' })),
    })),
  };
}

/** A seat's private wire view (`pub`: the public view, whose phase says which transports load). */
export function wirePrivate(priv: TacticalRiskPrivate, pub: TacticalRiskPublic): TrPrivate {
  const units: TrPrivate['units'] = {};
  if (priv.units)
    for (const [at, here] of stacksOf(priv.units, pub.phase))
      units[at] = Object.fromEntries([...here].map(([f, s]) => [f, { ...s, spent: [] }]));
  return {
    factions: priv.factions,
    pending: priv.pending,
    units,
    placedAt: priv.placedAt ?? {},
  };
}

/** The rules' view as the wire carries it. */
export function wireView(view: GameView<TacticalRiskPublic, TacticalRiskPrivate>): TrView {
  return {
    public: wirePublic(view.public),
    private: view.private && wirePrivate(view.private, view.public),
  };
}

/**
 * What the map screen reads: under fog of war, the seat's own stacks and placements put back on the
 * board (the wire keeps them in its private part). A new object; the argument is not changed.
 */
export function screenView(view: TrView): TrView {
  const mine = view.private;
  if (!view.public.fogOfWar || !mine) return view;
  const territories: Record<string, TrTerritory> = {};
  for (const [name, t] of Object.entries(view.public.territories))
    territories[name] = mine.units[name] ? { ...t, units: { ...t.units, ...mine.units[name] } } : t;
  return { public: { ...view.public, territories, placedAt: mine.placedAt }, private: mine };
}
