/**
 * Display helpers over the plain view and the legal list: unit ids by type, the movable groups of a
 * territory with their destinations (from the server's single-unit move templates), placement spots
 * and the battle calculator's inputs. Nothing here decides legality: the server does.
 */
import type { GameAction } from '@parlor/shared/core/contract';
import {
  isWater,
  neighbours,
  UNIT,
  UNIT_TYPES,
  type UnitType,
} from '@parlor/shared/games/tactical-risk/board';
import {
  simulateBattle,
  type CalcInput,
  type CalcResult,
} from '@parlor/shared/games/tactical-risk/calculator';
import {
  type Destination,
  type MoveGroup,
  type MoveLimits,
  type Selection,
  commonDestinations as sharedCommonDestinations,
  moveGroups as sharedMoveGroups,
} from '@parlor/shared/games/tactical-risk/destinations';
import type { TacticalRiskAction } from '@parlor/shared/games/tactical-risk/types';
import type { Counts, TrPublic, TrStack } from './adapter';

export type PlaceAction = Extract<TacticalRiskAction, { type: 'place' }>;

/** A stack's ids split by type (ids come in unit-type order, split by the counts). */
export function idsByType(stack: TrStack): Partial<Record<UnitType, number[]>> {
  const out: Partial<Record<UnitType, number[]>> = {};
  let i = 0;
  for (const t of UNIT_TYPES) {
    const n = stack.counts[t] ?? 0;
    if (n > 0) out[t] = stack.ids.slice(i, i + n);
    i += n;
  }
  return out;
}

/** Unit id -> type over the whole board. */
export function typeOfIds(pub: TrPublic): Map<number, UnitType> {
  const out = new Map<number, UnitType>();
  for (const t of Object.values(pub.territories))
    for (const s of Object.values(t.units))
      for (const [type, ids] of Object.entries(idsByType(s)))
        for (const id of ids) out.set(id, type as UnitType);
  return out;
}

export type { Destination, MoveGroup, Selection } from '@parlor/shared/games/tactical-risk/destinations';
export { buildMove, canJoin } from '@parlor/shared/games/tactical-risk/destinations';

/** The moving faction's groups at `at` (the rules' move groups) that have at least one move template. */
export function moveGroups(pub: TrPublic, legal: readonly GameAction[], at: string): MoveGroup[] {
  const stack = pub.territories[at]?.units[pub.faction];
  if (!stack) return [];
  return sharedMoveGroups(
    { idsByType: idsByType(stack), spent: stack.spent, groups: stack.groups },
    legal as TacticalRiskAction[],
    at,
  );
}

/** Territories with at least one movable group of the moving faction. */
export function movableFrom(legal: readonly GameAction[]): Set<string> {
  const out = new Set<string>();
  for (const a of legal as TacticalRiskAction[]) if (a.type === 'move') out.add(a.path[0]!);
  return out;
}

/** What limits a selection's size, read from the stacks: transport rooms, carrier room (non-combat). */
export function moveLimits(pub: TrPublic): MoveLimits {
  const limits: MoveLimits = {
    transportRooms: (zone) => pub.territories[zone]?.units[pub.faction]?.rooms ?? [],
  };
  if (pub.phase === 'nonCombatMove')
    limits.carrierRoom = (zone) => {
      let room = 0;
      for (const [f, st] of Object.entries(pub.territories[zone]?.units ?? {})) {
        if (!allied(pub, f, pub.faction)) continue;
        room += 2 * (st.counts.carrier ?? 0) - (st.counts.fighter ?? 0);
      }
      return room;
    };
  return limits;
}

/** Destinations the whole selection may move to (none when it mixes land, sea and air units). */
export function commonDestinations(
  pub: TrPublic,
  groups: MoveGroup[],
  sel: Selection,
): Map<string, Destination> {
  return sharedCommonDestinations(groups, sel, moveLimits(pub));
}

/** The selection mixes ways of moving (land, sea, air, cargo), which move separately. */
export function mixedSelection(groups: MoveGroup[], sel: Selection): boolean {
  return new Set(groups.filter((g) => (sel[g.key] ?? 0) > 0).map((g) => g.cls)).size > 1;
}

/** Placement: unit type -> territories the server lists for it. */
export function placementSpots(legal: readonly GameAction[]): Map<UnitType, string[]> {
  const out = new Map<UnitType, string[]>();
  for (const a of legal as TacticalRiskAction[])
    if (a.type === 'place') out.set(a.unit, [...(out.get(a.unit) ?? []), a.territory]);
  return out;
}

export function countsTotal(c: Counts): number {
  return UNIT_TYPES.reduce((n, t) => n + (c[t] ?? 0), 0);
}

export function cost(c: Counts): number {
  return UNIT_TYPES.reduce((n, t) => n + (c[t] ?? 0) * UNIT[t].cost, 0);
}

function allied(pub: TrPublic, a: string, b: string): boolean {
  if (a === b) return true;
  const fa = pub.factions.find((f) => f.name === a)?.alliance;
  const fb = pub.factions.find((f) => f.name === b)?.alliance;
  return !!fa && fa === fb;
}

export interface Sides {
  attacker: Counts;
  defender: Counts;
  /** Defending factions present. */
  defenders: string[];
  aaGun: boolean;
}

/** The forces of a battle at `at` for the attacking faction (units out of the battle left out). */
export function battleSides(pub: TrPublic, at: string, attacker: string, out: readonly number[] = []): Sides {
  const gone = new Set(out);
  const sides: Sides = { attacker: {}, defender: {}, defenders: [], aaGun: false };
  for (const [f, stack] of Object.entries(pub.territories[at]?.units ?? {})) {
    const mine = f === attacker;
    if (!mine && allied(pub, f, attacker)) continue;
    const into = mine ? sides.attacker : sides.defender;
    let any = false;
    for (const [type, ids] of Object.entries(idsByType(stack)) as [UnitType, number[]][]) {
      const n = ids.filter((id) => !gone.has(id)).length;
      if (n === 0) continue;
      if (type === 'aaGun' || type === 'factory') {
        if (!mine && type === 'aaGun') sides.aaGun = true;
        continue;
      }
      into[type] = (into[type] ?? 0) + n;
      any = true;
    }
    if (!mine && any) sides.defenders.push(f);
  }
  return sides;
}

const calcCache = new Map<string, CalcResult>();
/** The shared calculator, cached by its input (the same forces are asked for on every render). */
export function calc(input: CalcInput): CalcResult {
  const key = JSON.stringify(input);
  let r = calcCache.get(key);
  if (!r) {
    r = simulateBattle(input);
    if (calcCache.size > 200) calcCache.clear();
    calcCache.set(key, r);
  }
  return r;
}

function hostileUnitsAt(pub: TrPublic, at: string, faction: string): boolean {
  return Object.entries(pub.territories[at]?.units ?? {}).some(
    ([f, s]) => !allied(pub, f, faction) && countsTotal(s.counts) > 0,
  );
}

/**
 * Planning only (a landing not yet fought): battleships that would bombard an amphibious assault on
 * `at`, the attacker's in the sea zones beside it where its transports are and no enemy is. A battle
 * being fought carries the rules' own list (`battle.bombard`); this estimate is for the move and the
 * battles list before the fight.
 */
export function bombardShips(pub: TrPublic, at: string, attacker: string): { zone: string; n: number }[] {
  if (isWater(at)) return [];
  const out: { zone: string; n: number }[] = [];
  for (const z of neighbours(at)) {
    if (!isWater(z)) continue;
    const mine = pub.territories[z]?.units[attacker]?.counts;
    if (!mine?.battleship || !mine.transport || hostileUnitsAt(pub, z, attacker)) continue;
    out.push({ zone: z, n: mine.battleship });
  }
  return out;
}

/** The calculator's odds for a battle (cached by its forces); `bombard` battleships fire first. */
export function odds(
  pub: TrPublic,
  at: string,
  attacker: string,
  out: readonly number[] = [],
  bombard = 0,
): CalcResult {
  const s = battleSides(pub, at, attacker, out);
  return calc({
    attacker: s.attacker,
    defender: s.defender,
    sea: isWater(at),
    aaGun: s.aaGun,
    ...(bombard > 0 ? { bombard } : {}),
    trials: 2000,
    seed: 7,
  });
}

/**
 * Planning odds: the units chosen for a move (`add`) joining the mover's units already at `dest`
 * against what defends it; null when nothing defends (an empty territory is taken without a fight).
 */
export function planOdds(pub: TrPublic, dest: string, add: Counts, bombard = 0): CalcResult | null {
  const s = battleSides(pub, dest, pub.faction);
  const attacker: Counts = { ...s.attacker };
  for (const [t, n] of Object.entries(add) as [UnitType, number][])
    if (t !== 'aaGun' && t !== 'factory' && n > 0) attacker[t] = (attacker[t] ?? 0) + n;
  if (countsTotal(s.defender) === 0) return null;
  return calc({
    attacker,
    defender: s.defender,
    sea: isWater(dest),
    aaGun: s.aaGun,
    ...(bombard > 0 ? { bombard } : {}),
    trials: 1000,
    seed: 7,
  });
}
