/**
 * Where units can go: `reachable` lists destinations with one path each (a superset: planMove in
 * movement.ts has the last word), for the legal-action templates and the AI; with the searches and
 * checks movement shares (air, sea and land reach, canals, landing places for aircraft).
 */
import type { Faction } from './board';
import { UNIT, canalBetween, isWater, neighbours } from './board';
import { allied, friendlyLand, hostile, isAir, isNeutral, isCombatUnit, isSea, unitById } from './state';
import { isLegacy } from './edition';
import type { TacticalRiskState, Unit } from './types';

export const CARRIER_CAPACITY = UNIT.carrier.carrierCapacity ?? 2;

/**
 * Whether armour may blitz through `at`, held by others: no enemy combat units there (edition 1: no
 * enemy units but factories, so an AA gun stopped it).
 */
export function blitzesPast(s: TacticalRiskState, at: string, f: Faction): boolean {
  if (isLegacy(s)) return enemiesAt(s, at, f).every((e) => e.type === 'factory');
  return enemyCombatUnitsAt(s, at, f).length === 0;
}

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

export function unitsAt(s: TacticalRiskState, at: string): readonly Unit[] {
  if (memo?.s === s) return memo.byPlace.get(at) ?? [];
  return s.units.filter((u) => u.at === at);
}

export function unitWithId(s: TacticalRiskState, id: number): Unit | undefined {
  return memo?.s === s ? memo.byId.get(id) : unitById(s, id);
}

/** Enemy units of a faction at a place (cargo included). */
export function enemiesAt(s: TacticalRiskState, at: string, f: Faction): Unit[] {
  return unitsAt(s, at).filter((u) => hostile(s, u.owner, f));
}

export function enemyCombatUnitsAt(s: TacticalRiskState, at: string, f: Faction): Unit[] {
  return unitsAt(s, at).filter((u) => hostile(s, u.owner, f) && isCombatUnit(u));
}

export function cargoOf(s: TacticalRiskState, t: Unit): readonly Unit[] {
  if (memo?.s === s) return memo.cargo.get(t.id) ?? [];
  return s.units.filter((u) => u.on === t.id);
}

export function cargoLoad(s: TacticalRiskState, t: Unit): number {
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
export function landingReachable(
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
