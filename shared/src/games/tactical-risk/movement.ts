/**
 * Combat and non-combat movement. `planMove` validates a move without changing anything and says
 * what it will do (blitzes, neutral entries, a capture on entry); `performMove` carries it out.
 * `reachable` lists destinations with one path each, for the legal-action templates and the AI.
 */
import type { Faction } from './board';
import { UNIT, adjacent, canalBetween, isTerritory, isWater, neighbours } from './board';
import type { Events } from './state';
import {
  allied,
  current,
  describeUnits,
  fail,
  friendlyLand,
  hostile,
  isAir,
  isLand,
  isNeutral,
  isCombatUnit,
  isSea,
  unitById,
} from './state';
import { isLegacy } from './edition';
import { NEUTRAL_ENTRY_COST, capture } from './turns';
import type { TacticalRiskAction, TacticalRiskState, Unit } from './types';

type MoveAction = Extract<TacticalRiskAction, { type: 'move' }>;

/** The refusal for a unit id the mover may not move, whatever the reason (see planMove). */
export const NOT_YOURS_MESSAGE = 'You have no such unit to move.';

export const TRANSPORT_CAPACITY = UNIT.transport.transportCapacity ?? 2;
export const CARRIER_CAPACITY = UNIT.carrier.carrierCapacity ?? 2;

export interface MovePlan {
  kind: 'land' | 'sea' | 'air' | 'load' | 'unload';
  units: Unit[];
  dest: string;
  blitzed: string[];
  neutrals: string[];
  /** Land units take the destination at once (no defenders in it). */
  captureOnEntry: boolean;
  /** Loading: the transport each unit boards. */
  boards: Map<number, number>;
  /**
   * Unloading from a sea zone with enemy units (combat move): the landing is declared now and made
   * after the sea battle there, if the attacker then holds the zone (see landDeclared in combat.ts).
   */
  declared: boolean;
}

/**
 * Whether armour may blitz through `at`, held by others: no enemy combat units there (edition 1: no
 * enemy units but factories, so an AA gun stopped it).
 */
function blitzesPast(s: TacticalRiskState, at: string, f: Faction): boolean {
  if (isLegacy(s)) return enemiesAt(s, at, f).every((e) => e.type === 'factory');
  return enemyCombatUnitsAt(s, at, f).length === 0;
}

// --- lookups, memoised while the state stands still ---------------------------------------------------

/**
 * Listing the legal-move templates checks a hundred or more moves against one unchanging state: while
 * `withFrozenState` runs, units by place and by id, carrier reach and air reach are worked out once.
 * Nothing may change the state meanwhile (planMove and reachable never do).
 */
interface Memo {
  s: TacticalRiskState;
  byPlace: Map<string, Unit[]>;
  byId: Map<number, Unit>;
  cargo: Map<number, Unit[]>;
  carriers: Map<Faction, Set<string>>;
  air: Map<string, Map<string, string[]>>;
}

let memo: Memo | null = null;

export function withFrozenState<T>(s: TacticalRiskState, fn: () => T): T {
  const byPlace = new Map<string, Unit[]>();
  const byId = new Map<number, Unit>();
  const cargo = new Map<number, Unit[]>();
  for (const u of s.units) {
    const here = byPlace.get(u.at);
    if (here) here.push(u);
    else byPlace.set(u.at, [u]);
    byId.set(u.id, u);
    if (u.on !== null) {
      const aboard = cargo.get(u.on);
      if (aboard) aboard.push(u);
      else cargo.set(u.on, [u]);
    }
  }
  const prev = memo;
  memo = { s, byPlace, byId, cargo, carriers: new Map(), air: new Map() };
  try {
    return fn();
  } finally {
    memo = prev;
  }
}

function unitsAt(s: TacticalRiskState, at: string): readonly Unit[] {
  if (memo?.s === s) return memo.byPlace.get(at) ?? [];
  return s.units.filter((u) => u.at === at);
}

function unitWithId(s: TacticalRiskState, id: number): Unit | undefined {
  return memo?.s === s ? memo.byId.get(id) : unitById(s, id);
}

/** Enemy units of a faction at a place (cargo included). */
function enemiesAt(s: TacticalRiskState, at: string, f: Faction): Unit[] {
  return unitsAt(s, at).filter((u) => hostile(s, u.owner, f));
}

function enemyCombatUnitsAt(s: TacticalRiskState, at: string, f: Faction): Unit[] {
  return unitsAt(s, at).filter((u) => hostile(s, u.owner, f) && isCombatUnit(u));
}

function cargoOf(s: TacticalRiskState, t: Unit): readonly Unit[] {
  if (memo?.s === s) return memo.cargo.get(t.id) ?? [];
  return s.units.filter((u) => u.on === t.id);
}

function cargoLoad(s: TacticalRiskState, t: Unit): number {
  return cargoOf(s, t).reduce((a, u) => a + (UNIT[u.type].transportCost ?? 2), 0);
}

/** Whether the mover may take ships between these two adjacent zones (canals). */
export function canalOpen(s: TacticalRiskState, a: string, b: string, f: Faction): boolean {
  const canal = canalBetween(a, b);
  if (!canal) return true;
  return canal.landTerritories.every((t) => {
    const now = s.owner[t];
    const start = s.turnStartOwner[t];
    return now != null && start != null && allied(s, now, f) && allied(s, start, f);
  });
}

/** A place an air unit of the mover may end its turn: friendly land held since the turn began, or a carrier. */
export function canLandAt(s: TacticalRiskState, u: Unit, at: string, extraFighters = 0): boolean {
  const f = u.owner;
  if (!isWater(at)) {
    const now = s.owner[at];
    const start = s.turnStartOwner[at];
    return now != null && start != null && allied(s, now, f) && allied(s, start, f);
  }
  if (u.type !== 'fighter') return false;
  if (enemiesAt(s, at, f).length > 0) return false;
  const carriers = unitsAt(s, at).filter((c) => c.type === 'carrier' && allied(s, c.owner, f)).length;
  const fighters = unitsAt(s, at).filter(
    (c) => c.type === 'fighter' && allied(s, c.owner, f) && c.id !== u.id,
  );
  return fighters.length + 1 + extraFighters <= carriers * CARRIER_CAPACITY;
}

/** Zones an own carrier could still reach this turn (a fighter may count on meeting it there). */
function carrierReach(s: TacticalRiskState, f: Faction): Set<string> {
  const known = memo?.s === s ? memo.carriers.get(f) : undefined;
  if (known) return known;
  const out = new Set<string>();
  if (memo?.s === s) memo.carriers.set(f, out);
  for (const c of s.units) {
    if (c.owner !== f || c.type !== 'carrier') continue;
    out.add(c.at);
    if (s.phase !== 'combatMove') continue;
    const left = UNIT.carrier.movement - c.moved;
    for (const zone of seaReach(s, f, c.at, left, false).keys()) out.add(zone);
  }
  return out;
}

/** Air distance search: every node within `steps` of `from`, never over neutral land. */
function airReach(s: TacticalRiskState, from: string, steps: number): Map<string, string[]> {
  const key = `${from}|${steps}`;
  const known = memo?.s === s ? memo.air.get(key) : undefined;
  if (known) return known;
  const paths = new Map<string, string[]>([[from, [from]]]);
  if (memo?.s === s) memo.air.set(key, paths);
  let frontier = [from];
  for (let d = 0; d < steps; d++) {
    const next: string[] = [];
    for (const at of frontier) {
      for (const n of neighbours(at)) {
        if (paths.has(n) || isNeutral(s, n)) continue;
        paths.set(n, [...paths.get(at)!, n]);
        next.push(n);
      }
    }
    frontier = next;
  }
  return paths;
}

/** Sea search: adjacent zones through canals the mover may use and zones without enemy ships. */
function seaReach(
  s: TacticalRiskState,
  f: Faction,
  from: string,
  steps: number,
  combat: boolean,
): Map<string, string[]> {
  const paths = new Map<string, string[]>([[from, [from]]]);
  let frontier = [from];
  for (let d = 0; d < steps; d++) {
    const next: string[] = [];
    for (const at of frontier) {
      if (at !== from && enemiesAt(s, at, f).length > 0) continue; // cannot pass through
      for (const n of neighbours(at)) {
        if (paths.has(n) || !isWater(n) || !canalOpen(s, at, n, f)) continue;
        if (!combat && enemiesAt(s, n, f).length > 0) continue;
        paths.set(n, [...paths.get(at)!, n]);
        next.push(n);
      }
    }
    frontier = next;
  }
  return paths;
}

/** Whether an air unit at `at` with `left` moves can still reach a landing (guaranteed landing). */
function landingReachable(
  s: TacticalRiskState,
  u: Unit,
  at: string,
  left: number,
  battleHere: boolean,
): boolean {
  const reach = airReach(s, at, Math.max(0, left));
  const carriers = u.type === 'fighter' ? carrierReach(s, u.owner) : new Set<string>();
  for (const place of reach.keys()) {
    if (place === at && battleHere) continue;
    if (!isWater(place)) {
      if (canLandAt(s, u, place)) return true;
    } else if (carriers.has(place)) return true;
  }
  return false;
}

function checkPath(path: string[]): void {
  if (!Array.isArray(path) || path.length < 2) fail('BAD_PATH', 'A move needs a start and a destination.');
  for (const p of path) if (!isTerritory(p)) fail('BAD_PATH', `Unknown territory: ${String(p)}.`);
  for (let i = 1; i < path.length; i++) {
    if (!adjacent(path[i - 1]!, path[i]!)) fail('BAD_PATH', `${path[i - 1]} does not border ${path[i]}.`);
  }
}

/**
 * Validates a move; throws a RuleBreak when it is not allowed. Changes nothing. `pathFromReachable`:
 * the path is one `reachable` gave (real places, each next to the one before), not checked again.
 */
export function planMove(s: TacticalRiskState, action: MoveAction, pathFromReachable = false): MovePlan {
  const f = current(s);
  const combat = s.phase === 'combatMove';
  if (!combat && s.phase !== 'nonCombatMove')
    fail('WRONG_PHASE', 'Units move in the combat and non-combat moves.');
  const path = action.path;
  if (!pathFromReachable) checkPath(path);
  const ids = action.units;
  if (!Array.isArray(ids) || ids.length === 0) fail('NO_UNITS', 'Choose units to move.');
  if (new Set(ids).size !== ids.length) fail('NO_UNITS', 'A unit is listed twice.');
  // One refusal for a unit that does not exist, is not the mover's, or is out of sight: saying which
  // (or naming its type) would let a probe over the ids map the enemy through the fog of war.
  const units = ids.map((id) => {
    const u = unitWithId(s, id);
    return u && u.owner === f ? u : fail('NOT_YOURS', NOT_YOURS_MESSAGE);
  });
  const start = path[0]!;
  const dest = path[path.length - 1]!;
  const steps = path.length - 1;
  for (const u of units) {
    if (u.at !== start) fail('BAD_PATH', `The path must start where the units are (${u.at}).`);
    if (u.type === 'factory') fail('CANNOT_MOVE', 'Factories do not move.');
    if (!combat && !isAir(u.type) && (u.combatMoved || u.fought)) {
      fail('ALREADY_ATTACKED', 'Units that moved to attack or fought this turn cannot move again.');
    }
  }
  const plan: MovePlan = {
    kind: 'land',
    units,
    dest,
    blitzed: [],
    neutrals: [],
    captureOnEntry: false,
    boards: new Map(),
    declared: false,
  };
  const cargo = units.filter((u) => u.on !== null);
  if (cargo.length > 0) {
    if (cargo.length !== units.length) fail('BAD_GROUP', 'Unload cargo on its own.');
    return planUnload(s, plan, f, combat, steps);
  }
  if (units.every((u) => isAir(u.type))) return planAir(s, plan, action, f, combat);
  if (units.every((u) => isSea(u.type))) return planSea(s, plan, path, f, combat);
  if (units.every((u) => isLand(u.type))) {
    if (isWater(dest)) return planLoad(s, plan, action, f, combat);
    return planLand(s, plan, path, f, combat);
  }
  return fail('BAD_GROUP', 'Move land, sea and air units separately.');
}

function planLand(
  s: TacticalRiskState,
  plan: MovePlan,
  path: string[],
  f: Faction,
  combat: boolean,
): MovePlan {
  plan.kind = 'land';
  const steps = path.length - 1;
  const dest = plan.dest;
  for (const p of path) if (isWater(p)) fail('BAD_PATH', 'Land units cross the sea only on transports.');
  for (const u of plan.units) {
    if (UNIT[u.type].movement - u.moved < steps)
      fail('OUT_OF_MOVES', `The ${UNIT[u.type].name} cannot move that far.`);
  }
  for (const mid of path.slice(1, -1)) {
    if (friendlyLand(s, mid, f) && enemyCombatUnitsAt(s, mid, f).length === 0) continue;
    const blitzable =
      combat && !isNeutral(s, mid) && plan.units.every((u) => u.type === 'armour') && blitzesPast(s, mid, f);
    if (!blitzable) {
      fail(
        isNeutral(s, mid) ? 'NEUTRAL' : 'BLOCKED',
        isNeutral(s, mid)
          ? `Units cannot pass through neutral ${mid}.`
          : `Only armour blitzes, and only through empty enemy territory: ${mid} blocks the way.`,
      );
    }
    plan.blitzed.push(mid);
  }
  if (friendlyLand(s, dest, f)) return plan;
  if (!combat) fail('HOSTILE', 'The non-combat move goes only to friendly territory.');
  if (plan.units.some((u) => u.type === 'aaGun')) fail('CANNOT_ATTACK', 'AA guns do not attack.');
  if (isNeutral(s, dest)) {
    if (s.treasury[f] < NEUTRAL_ENTRY_COST)
      fail('NO_MONEY', `Entering a neutral costs ${NEUTRAL_ENTRY_COST} IPCs.`);
    plan.neutrals.push(dest);
    plan.captureOnEntry = true;
    return plan;
  }
  plan.captureOnEntry = enemyCombatUnitsAt(s, dest, f).length === 0;
  return plan;
}

function planLoad(
  s: TacticalRiskState,
  plan: MovePlan,
  action: MoveAction,
  f: Faction,
  combat: boolean,
): MovePlan {
  plan.kind = 'load';
  if (action.path.length !== 2) fail('BAD_PATH', 'Land units board a transport in an adjacent sea zone.');
  const zone = plan.dest;
  if (enemiesAt(s, zone, f).length > 0)
    fail('SEA_CONTESTED', 'Units cannot board in a sea zone with enemy units.');
  const transports = unitsAt(s, zone).filter(
    (t) =>
      t.type === 'transport' &&
      t.owner === f &&
      t.unloadedTo === null &&
      (action.transport === undefined || t.id === action.transport) &&
      !(combat === false && (t.combatMoved || t.fought)),
  );
  if (transports.length === 0) fail('NO_TRANSPORT', `No transport of yours can take units in ${zone}.`);
  const room = new Map(transports.map((t) => [t.id, TRANSPORT_CAPACITY - cargoLoad(s, t)]));
  for (const u of plan.units) {
    if (u.moved >= UNIT[u.type].movement) fail('OUT_OF_MOVES', `The ${UNIT[u.type].name} has no move left.`);
    const need = UNIT[u.type].transportCost ?? 2;
    const t = transports.find((x) => (room.get(x.id) ?? 0) >= need);
    if (!t) fail('TRANSPORT_FULL', 'Not enough room on the transports there.');
    room.set(t.id, room.get(t.id)! - need);
    plan.boards.set(u.id, t.id);
  }
  return plan;
}

function planUnload(
  s: TacticalRiskState,
  plan: MovePlan,
  f: Faction,
  combat: boolean,
  steps: number,
): MovePlan {
  plan.kind = 'unload';
  const dest = plan.dest;
  if (steps !== 1 || isWater(dest))
    fail('BAD_PATH', 'Cargo unloads into a land territory beside its sea zone.');
  const zone = plan.units[0]!.at;
  if (enemiesAt(s, zone, f).length > 0) {
    if (isLegacy(s)) fail('SEA_CONTESTED', 'Units cannot unload from a sea zone with enemy units.');
    // A&A: the landing is declared with the sea move; the sea battle comes first (see combat.ts).
    if (!combat)
      fail('SEA_CONTESTED', 'Units cannot unload from a sea zone with enemy units in the non-combat move.');
    if (isNeutral(s, dest))
      fail('NEUTRAL', 'A landing from a sea zone with enemy units cannot enter a neutral territory.');
    plan.declared = true;
  }
  for (const u of plan.units) {
    const t = unitWithId(s, u.on!);
    if (!t || t.owner !== f) fail('NOT_YOURS', 'Only your own transports unload on your turn.');
    if (t.unloadedTo !== null && t.unloadedTo !== dest)
      fail('ALREADY_UNLOADED', 'A transport unloads into one territory per turn.');
    if (!combat && (u.combatMoved || t.fought))
      fail('ALREADY_ATTACKED', 'These units are committed to the combat move.');
  }
  if (friendlyLand(s, dest, f)) return plan;
  if (!combat) fail('HOSTILE', 'Amphibious assaults are made in the combat move only.');
  if (plan.declared) {
    if (plan.units.some((u) => u.type === 'aaGun')) fail('CANNOT_ATTACK', 'AA guns do not attack.');
    return plan;
  }
  if (plan.units.some((u) => u.type === 'aaGun')) fail('CANNOT_ATTACK', 'AA guns do not attack.');
  if (isNeutral(s, dest)) {
    if (s.treasury[f] < NEUTRAL_ENTRY_COST)
      fail('NO_MONEY', `Entering a neutral costs ${NEUTRAL_ENTRY_COST} IPCs.`);
    plan.neutrals.push(dest);
    plan.captureOnEntry = true;
    return plan;
  }
  plan.captureOnEntry = enemyCombatUnitsAt(s, dest, f).length === 0;
  return plan;
}

function planSea(
  s: TacticalRiskState,
  plan: MovePlan,
  path: string[],
  f: Faction,
  combat: boolean,
): MovePlan {
  plan.kind = 'sea';
  const steps = path.length - 1;
  for (const p of path) if (!isWater(p)) fail('BAD_PATH', 'Ships stay at sea.');
  for (const u of plan.units) {
    if (UNIT[u.type].movement - u.moved < steps)
      fail('OUT_OF_MOVES', `The ${UNIT[u.type].name} cannot move that far.`);
    if (u.unloadedTo !== null)
      fail('ALREADY_UNLOADED', 'A transport that unloaded cannot move again this turn.');
    if (!combat && cargoOf(s, u).some((c) => c.combatMoved))
      fail('ALREADY_ATTACKED', 'Units loaded in the combat move are committed to it: their transport stays.');
  }
  for (let i = 1; i < path.length; i++) {
    if (!canalOpen(s, path[i - 1]!, path[i]!, f)) {
      fail(
        'CANAL_CLOSED',
        `The canal between ${path[i - 1]} and ${path[i]} is not held by your side since the turn began.`,
      );
    }
  }
  for (const mid of path.slice(1, -1)) {
    if (enemiesAt(s, mid, f).length > 0) fail('BLOCKED', `Enemy ships in ${mid} block the way.`);
  }
  if (!combat && enemiesAt(s, plan.dest, f).length > 0)
    fail('HOSTILE', 'The non-combat move avoids enemy ships.');
  return plan;
}

function planAir(
  s: TacticalRiskState,
  plan: MovePlan,
  action: MoveAction,
  f: Faction,
  combat: boolean,
): MovePlan {
  plan.kind = 'air';
  const path = action.path;
  const steps = path.length - 1;
  const dest = plan.dest;
  for (const p of path.slice(1))
    if (isNeutral(s, p)) fail('NEUTRAL', `Aircraft may not fly over neutral ${p}.`);
  for (const u of plan.units) {
    if (UNIT[u.type].movement - u.moved < steps)
      fail('OUT_OF_MOVES', `The ${UNIT[u.type].name} cannot fly that far.`);
  }
  if (action.raid) {
    if (!combat) fail('WRONG_PHASE', 'Bombing raids start in the combat move.');
    if (!plan.units.every((u) => u.type === 'bomber'))
      fail('BAD_GROUP', 'Only bombers make strategic bombing raids.');
    const o = s.owner[dest];
    if (isWater(dest) || !o || !hostile(s, o, f) || !unitsAt(s, dest).some((u) => u.type === 'factory')) {
      fail('NO_TARGET', 'A bombing raid needs an enemy factory.');
    }
  }
  const enemyHere = enemyCombatUnitsAt(s, dest, f).length > 0;
  const battleHere = combat && (enemyHere || action.raid === true);
  if (!combat) {
    let extra = 0;
    for (const u of plan.units) {
      if (!canLandAt(s, u, dest, u.type === 'fighter' ? extra : 0)) {
        fail(
          'NO_LANDING',
          `Aircraft end the non-combat move on friendly land held since the turn began or a carrier.`,
        );
      }
      if (u.type === 'fighter') extra++;
    }
    return plan;
  }
  if (!battleHere) {
    const friendly = isWater(dest) ? enemiesAt(s, dest, f).length === 0 : friendlyLand(s, dest, f);
    if (!friendly) fail('NO_TARGET', 'Aircraft attack enemy units (or bomb a factory), not empty territory.');
  }
  for (const u of plan.units) {
    const left = UNIT[u.type].movement - u.moved - steps;
    if (!landingReachable(s, u, dest, left, battleHere)) {
      fail('NO_LANDING', `The ${UNIT[u.type].name} would have nowhere to land after the attack.`);
    }
  }
  return plan;
}

/** Carries out a validated move. */
export function performMove(s: TacticalRiskState, plan: MovePlan, action: MoveAction, ev: Events): void {
  const f = current(s);
  const combat = s.phase === 'combatMove';
  const path = action.path;
  const steps = path.length - 1;
  const from = path[path.length - 2]!;
  const ids = new Set(plan.units.map((u) => u.id));
  const mine = s.units.filter((u) => ids.has(u.id));
  for (const mid of plan.blitzed) capture(s, mid, f, ev);
  s.treasury[f] -= NEUTRAL_ENTRY_COST * plan.neutrals.length;
  for (const u of mine) {
    u.from = from;
    u.combatMoved = u.combatMoved || combat;
    switch (plan.kind) {
      case 'load':
        u.at = plan.dest;
        u.on = plan.boards.get(u.id)!;
        u.moved = UNIT[u.type].movement;
        break;
      case 'unload': {
        const t = s.units.find((x) => x.id === u.on)!;
        t.unloadedTo = plan.dest;
        if (plan.declared) {
          // Stays aboard until the sea battle is won (combat.ts lands it or calls it off).
          u.landing = plan.dest;
          u.moved = UNIT[u.type].movement;
          break;
        }
        u.on = null;
        u.at = plan.dest;
        u.moved = UNIT[u.type].movement;
        u.amphibious = !friendlyLand(s, plan.dest, f);
        break;
      }
      case 'sea':
        u.at = plan.dest;
        u.moved += steps;
        for (const c of s.units) if (c.on === u.id) c.at = plan.dest;
        break;
      default:
        u.at = plan.dest;
        u.moved += steps;
        u.raid = action.raid === true;
    }
  }
  ev.push({
    type: 'move',
    text: plan.declared
      ? `The ${f} will land ${describeUnits(mine)} from ${path[0]} in ${plan.dest} if they win the sea battle.`
      : `The ${f} move ${describeUnits(mine)} from ${path[0]} to ${plan.dest}.`,
    data: { faction: f, from: path[0]!, to: plan.dest, units: mine.map((u) => u.id) },
  });
  if (plan.captureOnEntry && !friendlyLand(s, plan.dest, f)) capture(s, plan.dest, f, ev);
}

/**
 * Destinations a unit could reach with one path each (a superset: planMove has the last word).
 * Used for the legal-action templates and the AI.
 */
export function reachable(s: TacticalRiskState, u: Unit): Map<string, string[]> {
  const f = u.owner;
  const combat = s.phase === 'combatMove';
  const left = UNIT[u.type].movement - u.moved;
  if (u.type === 'factory') return new Map();
  if (u.on !== null) {
    const out = new Map<string, string[]>();
    for (const n of neighbours(u.at)) if (!isWater(n)) out.set(n, [u.at, n]);
    return out;
  }
  if (left <= 0) return new Map();
  if (isAir(u.type)) {
    const paths = new Map(airReach(s, u.at, left));
    paths.delete(u.at);
    return paths;
  }
  if (isSea(u.type)) {
    const paths = seaReach(s, f, u.at, left, combat);
    paths.delete(u.at);
    return paths;
  }
  const paths = new Map<string, string[]>();
  let frontier = [u.at];
  const seen = new Map<string, string[]>([[u.at, [u.at]]]);
  for (let d = 0; d < left; d++) {
    const next: string[] = [];
    for (const at of frontier) {
      if (at !== u.at) {
        const passable =
          (friendlyLand(s, at, f) && enemyCombatUnitsAt(s, at, f).length === 0) ||
          (combat && u.type === 'armour' && !isNeutral(s, at) && blitzesPast(s, at, f));
        if (!passable) continue;
      }
      for (const n of neighbours(at)) {
        if (seen.has(n)) continue;
        const p = [...seen.get(at)!, n];
        seen.set(n, p);
        if (isWater(n)) {
          if (at === u.at) paths.set(n, p);
          continue;
        }
        paths.set(n, p);
        next.push(n);
      }
    }
    frontier = next;
  }
  return paths;
}
