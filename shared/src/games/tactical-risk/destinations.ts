/**
 * What the map offers when a player selects units: pure functions over a stack as the client sees it
 * (unit ids split into the rules' interchangeable groups) and the server's legal move templates (one
 * unit per group and destination). Kept here, beside the rules, so a test can check that every
 * destination offered for any selection is one `apply` accepts (destinations.test.ts).
 *
 * - Units are grouped as the rules group them (`moveGroupKey`): same place, type, movement used,
 *   transport, unloading and combat-move flag. Two fighters with different movement left are two
 *   groups, each with its own destinations.
 * - A selection offers the destinations every selected group has, and only when all selected groups
 *   move the same way (land, sea, air, or cargo unloading): the rules move those separately.
 */
import type { UnitType } from './board';
import { UNIT, UNIT_TYPES, isWater } from './board';
import { isAir, isLand, isSea } from './state';
import type { TacticalRiskAction, Unit } from './types';

export type MoveAction = Extract<TacticalRiskAction, { type: 'move' }>;

/** The rules' key for units that move alike (rules.ts lists one template per key). */
export function moveGroupKey(u: Unit): string {
  return `${u.at}|${u.type}|${u.moved}|${u.on ?? ''}|${u.unloadedTo ?? ''}|${u.combatMoved}`;
}

/** A stack's ids split into move groups, in the stack's order (unit type, then id). */
export function moveGroupsOf(units: readonly Unit[]): number[][] {
  const order = new Map<string, number>(UNIT_TYPES.map((t, i) => [t, i]));
  const sorted = units.slice().sort((a, b) => order.get(a.type)! - order.get(b.type)! || a.id - b.id);
  const groups = new Map<string, number[]>();
  for (const u of sorted) {
    const k = moveGroupKey(u);
    groups.set(k, [...(groups.get(k) ?? []), u.id]);
  }
  return [...groups.values()];
}

/**
 * Free slots on each transport of a stack that could take units now, in the rules' order (by id):
 * not yet unloaded this turn, and in the non-combat move not committed to the combat move.
 */
export function transportRooms(units: readonly Unit[], phase: string): number[] {
  const load = new Map<number, number>();
  for (const u of units) if (u.on !== null) load.set(u.on, (load.get(u.on) ?? 0) + cost(u.type));
  return units
    .filter(
      (t) =>
        t.type === 'transport' &&
        t.unloadedTo === null &&
        !(phase === 'nonCombatMove' && (t.combatMoved || t.fought)),
    )
    .sort((a, b) => a.id - b.id)
    .map((t) => TRANSPORT_SLOTS - (load.get(t.id) ?? 0));
}

const TRANSPORT_SLOTS = UNIT.transport.transportCapacity ?? 2;
const cost = (t: UnitType): number => UNIT[t].transportCost ?? 2;

/** Whether units of these types board those rooms, each the first transport with room (as the rules do). */
export function fitsAboard(rooms: readonly number[], types: readonly UnitType[]): boolean {
  const left = rooms.slice();
  for (const t of types) {
    const i = left.findIndex((r) => r >= cost(t));
    if (i < 0) return false;
    left[i]! -= cost(t);
  }
  return true;
}

/**
 * What a selection's size is limited by at a destination (the client knows it from the stacks):
 * the mover's transport rooms in a sea zone, and in the non-combat move the carrier room for
 * fighters (its side's carriers x 2 minus the fighters there).
 */
export interface MoveLimits {
  transportRooms?: (zone: string) => readonly number[];
  carrierRoom?: (zone: string) => number;
}

export type MoveClass = 'land' | 'sea' | 'air' | 'cargo';

/** How units of a type standing at `at` move (land units at sea are cargo). */
export function moveClass(type: UnitType, at: string): MoveClass {
  if (isAir(type)) return 'air';
  if (isSea(type)) return 'sea';
  return isLand(type) && isWater(at) ? 'cargo' : 'land';
}

export interface Destination {
  path: string[];
  /** A bombing-raid move goes there. */
  raid: boolean;
  /** A plain move goes there (false: only a raid, e.g. bombers over an empty factory territory). */
  plain: boolean;
}

/** Units of one move group at one place, with the destinations the templates give it. */
export interface MoveGroup {
  key: string;
  type: UnitType;
  cls: MoveClass;
  /** Moved or fought this turn. */
  spent: boolean;
  ids: number[];
  /** Destination -> the template path (and whether a raid template exists there). */
  dests: Map<string, Destination>;
}

/** A stack of the moving faction: its ids by type, which moved, and the rules' move groups. */
export interface GroupedStack {
  idsByType: Partial<Record<UnitType, number[]>>;
  spent: readonly number[];
  /** The rules' groups (ids); absent: one group per type and spent state. */
  groups?: readonly (readonly number[])[];
}

/** The moving faction's groups at `at` that have at least one move template. */
export function moveGroups(
  stack: GroupedStack,
  legal: readonly TacticalRiskAction[],
  at: string,
): MoveGroup[] {
  const spent = new Set(stack.spent);
  const typeOf = new Map<number, UnitType>();
  for (const t of UNIT_TYPES) for (const id of stack.idsByType[t] ?? []) typeOf.set(id, t);
  const partition: number[][] = stack.groups?.length
    ? stack.groups.map((g) => g.filter((id) => typeOf.has(id)))
    : UNIT_TYPES.flatMap((t) => {
        const ids = stack.idsByType[t] ?? [];
        return [ids.filter((id) => !spent.has(id)), ids.filter((id) => spent.has(id))];
      });
  const groupOf = new Map<number, MoveGroup>();
  const groups: MoveGroup[] = [];
  for (const ids of partition) {
    if (ids.length === 0) continue;
    const type = typeOf.get(ids[0]!)!;
    const g: MoveGroup = {
      key: `${type}|${ids[0]}`,
      type,
      cls: moveClass(type, at),
      spent: spent.has(ids[0]!),
      ids: ids.slice(),
      dests: new Map(),
    };
    groups.push(g);
    for (const id of ids) groupOf.set(id, g);
  }
  for (const a of legal) {
    if (a.type !== 'move' || a.path[0] !== at) continue;
    const g = groupOf.get(a.units[0]!);
    if (!g) continue;
    const dest = a.path.at(-1)!;
    const known = g.dests.get(dest);
    if (!known) g.dests.set(dest, { path: a.path, raid: !!a.raid, plain: !a.raid });
    else if (a.raid) known.raid = true;
    else known.plain = true;
  }
  return groups.filter((g) => g.dests.size > 0);
}

/** How many units of each group (by key) are selected. */
export type Selection = Record<string, number>;

/**
 * Destinations every selected group can reach, with the path of the group with the fewest; none when
 * the selection mixes ways of moving (land with air, ships with cargo...).
 */
export function commonDestinations(
  groups: readonly MoveGroup[],
  sel: Selection,
  limits: MoveLimits = {},
): Map<string, Destination> {
  const chosen = groups.filter((g) => (sel[g.key] ?? 0) > 0);
  if (chosen.length === 0 || new Set(chosen.map((g) => g.cls)).size > 1) return new Map();
  const narrow = chosen.reduce((a, b) => (b.dests.size < a.dests.size ? b : a));
  // The selected units in the order buildMove sends them (the rules board them in that order).
  const types = groups.flatMap((g) => Array.from({ length: sel[g.key] ?? 0 }, () => g.type));
  const fighters = types.filter((t) => t === 'fighter').length;
  const out = new Map<string, Destination>();
  for (const [dest, d] of narrow.dests) {
    if (!chosen.every((g) => g.dests.get(dest)?.path.length === d.path.length)) continue;
    if (!isWater(dest)) {
      // (land destinations have no size limit)
    } else if (narrow.cls === 'land' && limits.transportRooms) {
      if (!fitsAboard(limits.transportRooms(dest), types)) continue;
    } else if (narrow.cls === 'air' && limits.carrierRoom && fighters > limits.carrierRoom(dest)) continue;
    const raid = chosen.every((g) => g.type === 'bomber' && g.dests.get(dest)!.raid);
    const plain = chosen.every((g) => g.dests.get(dest)!.plain);
    if (raid || plain) out.set(dest, { path: d.path, raid, plain });
  }
  return out;
}

/** Whether a group may join the selection (same way of moving as what is already selected). */
export function canJoin(groups: readonly MoveGroup[], sel: Selection, g: MoveGroup): boolean {
  return groups.every((o) => o === g || (sel[o.key] ?? 0) === 0 || o.cls === g.cls);
}

export function buildMove(
  groups: readonly MoveGroup[],
  sel: Selection,
  dest: Destination,
  raid: boolean,
): MoveAction {
  const units: number[] = [];
  for (const g of groups) units.push(...g.ids.slice(0, sel[g.key] ?? 0));
  const a: MoveAction = { type: 'move', units, path: dest.path };
  // Where only a raid goes, the move is the raid.
  if ((raid && dest.raid) || !dest.plain) a.raid = true;
  return a;
}
