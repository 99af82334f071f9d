/**
 * Fog of war: what a seat can see, and the board as that seat knows it. The view (view.ts) shows a
 * seat exactly the units `seesUnit` keeps; from edition 3 the rules judge the seat's moves and
 * placements, and list its legal actions, on `knownState` (that board), so no answer depends on a unit
 * the seat cannot see. What a move finds in a place out of sight is then resolved on the real board
 * (movement.ts, `resolveInFog`). Rulings: docs/rules/tactical-risk.md, "Fog of war".
 */
import { neighbours, turnOrder } from './board';
import { edition } from './edition';
import { allied, factionsOf } from './state';
import type { Faction, TacticalRiskState, Unit } from './types';

/** The factions on a seat's side: its own and their allies (asked once per unit and place, hence a set). */
function sideOf(s: TacticalRiskState, seat: number): ReadonlySet<Faction> {
  const mine = factionsOf(s, seat);
  return new Set(turnOrder.filter((o) => mine.some((f) => allied(s, f, o))));
}

/** Places a seat can see into under fog of war: next to its side's land and units. */
export function visiblePlaces(s: TacticalRiskState, seat: number): Set<string> {
  const side = sideOf(s, seat);
  const near = new Set<string>();
  const done = new Set<string>();
  const add = (at: string) => {
    if (done.has(at)) return;
    done.add(at);
    near.add(at);
    for (const n of neighbours(at)) near.add(n);
  };
  for (const t in s.owner) {
    const o = s.owner[t];
    if (o && side.has(o)) add(t);
  }
  for (const u of s.units) if (side.has(u.owner)) add(u.at);
  return near;
}

/**
 * The units a seat sees under fog of war (the one test the view and the rules share): its side's
 * everywhere, others' in the places it sees, and the battle being fought (a battle is public).
 */
export function seesUnit(
  s: TacticalRiskState,
  seat: number,
  places: ReadonlySet<string> = visiblePlaces(s, seat),
): (u: Unit) => boolean {
  const side = sideOf(s, seat);
  const battleAt = s.battle?.territory;
  return (u) => side.has(u.owner) || places.has(u.at) || u.at === battleAt;
}

/** Edition 3 on: under fog of war the rules judge a seat's actions on what it can see. */
export function judgedOnSight(s: TacticalRiskState): boolean {
  return s.options.fogOfWar && edition(s) >= 3;
}

/** The places each known board's seat sees (absent: a real board, where nothing is out of sight). */
const SIGHT = new WeakMap<TacticalRiskState, ReadonlySet<string>>();

/**
 * The board as `seat` knows it: the units it cannot see left out (everything else is public or its
 * own). A fresh object: `apply` never hands it on; only checks and listings read it.
 */
export function knownState(s: TacticalRiskState, seat: number): TacticalRiskState {
  const places = visiblePlaces(s, seat);
  const sees = seesUnit(s, seat, places);
  const k: TacticalRiskState = { ...s, units: s.units.filter(sees) };
  SIGHT.set(k, places);
  return k;
}

/** Whether `place` is out of sight on a known board (never on the real board). */
export function outOfSight(s: TacticalRiskState, place: string): boolean {
  const places = SIGHT.get(s);
  return places !== undefined && !places.has(place);
}
