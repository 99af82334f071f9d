/**
 * Look-alike boards for fog-of-war tests: states a seat cannot tell from the given one (its `view` is
 * deep-equal) because they differ only in enemy units it cannot see: some removed, some moved to other
 * places out of its sight, some added there. The non-interference checks compare the seat's legal
 * actions and the answers to its actions across them (fogNonInterference.test.ts; the contract
 * plan's `lookalikes`).
 */
import type { Faction, UnitType } from './board';
import { FACTIONS, LAND, SEA, UNIT_TYPES, isWater } from './board';
import { allied, isAir, isSea, newUnit } from './state';
import { seesUnit, visiblePlaces } from './sight';
import type { TacticalRiskState, Unit } from './types';
import { view } from './view';

/** Looks-alikes made per call (each a different mix of removing, moving and adding). */
const VARIANTS = 3;

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!;

/** Places out of the seat's sight where a unit of that type may stand (land units on land, ...). */
function hiddenHomes(s: TacticalRiskState, type: UnitType, hidden: readonly string[]): string[] {
  if (isSea(type)) return hidden.filter(isWater);
  if (isAir(type)) return hidden.slice();
  // Land units and structures: on land held by a faction (not a neutral).
  return hidden.filter((p) => !isWater(p) && s.owner[p] != null);
}

/** Land units and structures stand on land. */
const onLand = (type: UnitType): boolean => !isSea(type) && !isAir(type);

/**
 * Up to VARIANTS states whose view for `seat` equals `s`'s, differing from `s` in enemy units out of
 * the seat's sight. Units in the battle being fought (public) and the bombarding battleships it keeps
 * are never touched. Without fog of war every unit is in sight: none.
 */
export function fogLookalikes(s: TacticalRiskState, seat: number, random: () => number): TacticalRiskState[] {
  if (!s.options.fogOfWar || seat < 0 || seat >= s.names.length) return [];
  const places = visiblePlaces(s, seat);
  const hidden = [...LAND, ...SEA].filter((p) => !places.has(p));
  if (hidden.length === 0) return [];
  const sees = seesUnit(s, seat, places);
  const kept = new Set(s.battle?.bombard?.ships.map((x) => x.id) ?? []);
  const mine = FACTIONS.filter((f) => s.controller[f] === seat);
  const enemies = FACTIONS.filter((f) => !mine.some((m) => allied(s, m, f)));
  const want = JSON.stringify(view(s, seat));
  const out: TacticalRiskState[] = [];
  for (let v = 0; v < VARIANTS; v++) {
    const t: TacticalRiskState = { ...s, units: s.units.map((u) => ({ ...u })) };
    const free = (u: Unit) => !sees(u) && !kept.has(u.id);
    // Stacks out of sight: a unit with its cargo (cargo moves and goes with its transport).
    const stacks = t.units.filter((u) => free(u) && u.on === null);
    const cargoOf = (u: Unit) => t.units.filter((c) => c.on === u.id);
    const removeShare = v === 0 ? 0.5 : random() * 0.6;
    const moveShare = v === 1 ? 0.6 : random() * 0.5;
    const drop = new Set<number>();
    for (const u of stacks) {
      const r = random();
      if (r < removeShare) {
        drop.add(u.id);
        for (const c of cargoOf(u)) drop.add(c.id);
      } else if (r < removeShare + moveShare && u.type !== 'factory') {
        const homes = hiddenHomes(t, u.type, hidden).filter(
          (p) => !onLand(u.type) || allowsLand(t, u.owner, p),
        );
        if (homes.length === 0) continue;
        const to = pick(homes, random);
        u.at = to;
        for (const c of cargoOf(u)) c.at = to;
      }
    }
    t.units = t.units.filter((u) => !drop.has(u.id));
    // New enemy units out of sight (land units only on land of their own side).
    const adds = v === 2 ? 6 : Math.floor(random() * 5);
    if (enemies.length > 0) {
      for (let i = 0; i < adds; i++) {
        const type = pick(
          UNIT_TYPES.filter((x) => x !== 'factory' && x !== 'aaGun'),
          random,
        );
        const owner = pick(enemies, random);
        const homes = hiddenHomes(t, type, hidden).filter((p) => !onLand(type) || allowsLand(t, owner, p));
        if (homes.length > 0) newUnit(t, type, owner, pick(homes, random));
      }
    }
    // A change the seat could notice after all (a faction left with nothing is out, publicly): dropped.
    if (JSON.stringify(view(t, seat)) === want) out.push(t);
  }
  return out;
}

/** Whether an owner's land unit may stand on `place` (land of its own side). */
function allowsLand(s: TacticalRiskState, owner: Faction, place: string): boolean {
  const o = s.owner[place];
  return o != null && allied(s, o, owner);
}
