/**
 * What the Tactical Risk AI reads off the board (bot.ts): a rules state rebuilt from its seat's view,
 * the land front, threats to a territory, what a territory is worth, the invasion target over the
 * sea and sea distances.
 */
import type { GameView } from '../../core/contract';
import { seedRng } from '../../core/rng';
import type { Faction } from './board';
import { CAPITALS, LAND, SEA, UNIT, continentList, isWater, neighbours, stepsFrom, turnOrder } from './board';
import { TRANSPORT_CAPACITY, planMove } from './movement';
import type { BotProfile } from './botLevel';
import { PROFILES } from './botLevel';
import { canalOpen } from './reach';
import { simulateBattle } from './calculator';
import { DEFAULT_OPTIONS } from './options';
import { isLegacy, stateOptions } from './edition';
import { capitalOf, hostile, isAir, isCombatUnit, isLand, isRuleError, production } from './state';
import type {
  TacticalRiskAction,
  TacticalRiskPrivate,
  TacticalRiskPublic,
  TacticalRiskState,
  Unit,
  UnitCounts,
} from './types';

export type SeatView = GameView<TacticalRiskPublic, TacticalRiskPrivate>;
export type Move = Extract<TacticalRiskAction, { type: 'move' }>;

/** A rules state rebuilt from a seat's view (no rng, no undo history). */
export function stateFromView(view: SeatView): TacticalRiskState {
  const p = view.public;
  const units = (view.private?.units ?? p.units).map((u) => ({ ...u }));
  return {
    options: stateOptions({
      ...DEFAULT_OPTIONS,
      mode: p.mode,
      fogOfWar: p.fogOfWar,
      edition: p.edition,
      roundLimit: p.roundLimit ?? 0,
    }),
    rng: seedRng(0),
    names: p.names.slice(),
    controller: Object.fromEntries(p.factions.map((f) => [f.name, f.seat])) as Record<Faction, number>,
    alliance: Object.fromEntries(
      p.factions.map((f) => [f.name, f.alliance]),
    ) as TacticalRiskState['alliance'],
    phase: p.phase,
    round: p.round,
    turn: turnOrder.indexOf(p.faction),
    turnNumber: p.turnNumber,
    seq: 0,
    owner: { ...p.owner },
    turnStartOwner: { ...p.turnStartOwner },
    treasury: Object.fromEntries(p.factions.map((f) => [f.name, f.treasury])) as Record<Faction, number>,
    pending: Object.fromEntries(
      p.factions.map((f) => [f.name, { ...(view.private?.pending?.[f.name] ?? f.pending) }]),
    ) as TacticalRiskState['pending'],
    units,
    nextId: units.reduce((m, u) => Math.max(m, u.id), 0) + 1,
    factoriesAtStart: p.factoriesAtStart.slice(),
    placedAt: { ...(view.private?.placedAt ?? p.placedAt) },
    battles: p.battles.slice(),
    battle: p.battle ? structuredClone(p.battle) : null,
    lastBattle: p.lastBattle,
    draftSeat: p.draftSeat,
    prev: null,
    bank: p.bankMs.slice(),
    bankDraw: null,
    winner: p.winner,
  };
}

/** Land steps from each land territory to the nearest enemy-held one (Infinity: no land route). */
export function frontDistance(s: TacticalRiskState, f: Faction): Map<string, number> {
  const d = stepsFrom(
    LAND.filter((t) => {
      const o = s.owner[t];
      return o && hostile(s, o, f);
    }),
    (_at, n) => !isWater(n) && s.owner[n] !== null, // neutrals block the way
  );
  for (const t of LAND) if (!d.has(t)) d.set(t, Infinity);
  return d;
}

/**
 * An enemy capital this faction must take from over the sea: one with no land route from anything
 * it holds or stands on, the one nearest (by sea) to its coastal factories. Its loaded transports
 * gather beside it and land together (one landing at a time never takes a capital held by a stack).
 */
export interface Invasion {
  capital: string;
  /** Sea steps from every zone to a zone beside the capital. */
  toTarget: Map<string, number>;
}

/** Land steps beyond which an Allied faction would rather invade a capital by sea than march to it. */
const ALLIED_MARCH = 3;

const invasionCache = new WeakMap<TacticalRiskState, Map<Faction, Invasion | null>>();

export function invasionTarget(s: TacticalRiskState, f: Faction): Invasion | null {
  let perState = invasionCache.get(s);
  if (!perState) invasionCache.set(s, (perState = new Map()));
  if (perState.has(f)) return perState.get(f)!;
  const mine = new Set<string>();
  for (const t of LAND) if (s.owner[t] === f) mine.add(t);
  // (Units that landed on hostile ground this turn, a battle to come, do not open a land route.)
  for (const u of s.units) {
    const o = isWater(u.at) ? null : s.owner[u.at];
    if (u.owner === f && isLand(u.type) && u.on === null && o && !hostile(s, o, f)) mine.add(u.at);
  }
  // Land reachable from what it holds, through any non-neutral land, in steps.
  const reach = new Map([...mine].map((t) => [t, 0]));
  let frontier = [...mine];
  while (frontier.length) {
    const next: string[] = [];
    for (const at of frontier)
      for (const n of neighbours(at)) {
        if (isWater(n) || reach.has(n) || s.owner[n] === null) continue;
        reach.set(n, reach.get(at)! + 1);
        next.push(n);
      }
    frontier = next;
  }
  // The Allies' offensive (edition 5's AI): an Allied faction also sails for a capital its armies
  // could only reach by a long march (the British through Africa and Persia never got to Berlin).
  const farByLand = (capital: string) =>
    !isLegacy(s) && s.alliance[f] === 'Allies' && (reach.get(capital) ?? Infinity) > ALLIED_MARCH;
  // Only with a quiet land front: its land army at least twice what enemies have within its reach.
  let ownLand = 0;
  let enemyLand = 0;
  for (const u of s.units) {
    if (!isLand(u.type) || !isCombatUnit(u) || isWater(u.at)) continue;
    if (u.owner === f) ownLand += UNIT[u.type].defense;
    else if (hostile(s, u.owner, f) && reach.has(u.at)) enemyLand += UNIT[u.type].attack;
  }
  // Or when its capital has no land route to the enemy: its army can only go by sea (the Americans
  // piled 70 units in East US waiting for a quiet front across the world).
  const overseas =
    !isLegacy(s) && s.owner[capitalOf(f)] === f && frontDistance(s, f).get(capitalOf(f)) === Infinity;
  if (ownLand < 2 * enemyLand && !overseas) {
    perState.set(f, null);
    return null;
  }
  const home = seaDistance(s, f, (z) =>
    neighbours(z).some((n) => s.factoriesAtStart.includes(n) && s.owner[n] === f),
  );
  let best: { capital: string; d: number } | null = null;
  for (const other of turnOrder) {
    const capital = capitalOf(other);
    const o = s.owner[capital];
    if (!o || !hostile(s, o, f) || (reach.has(capital) && !farByLand(capital))) continue;
    const d = Math.min(
      ...neighbours(capital)
        .filter(isWater)
        .map((z) => home.get(z) ?? Infinity),
    );
    if (d < Infinity && (!best || d < best.d)) best = { capital, d };
  }
  const result = best
    ? { capital: best.capital, toTarget: seaDistance(s, f, (z) => neighbours(z).includes(best.capital)) }
    : null;
  perState.set(f, result);
  return result;
}

/**
 * Where an invasion force may land: the target capital, or a bridgehead beside it by land (then the
 * capital is in reach by land, and a fleet blocking the capital's own sea zone no longer matters).
 */
export function invasionCoast(s: TacticalRiskState, invasion: Invasion, n: string): boolean {
  if (isLegacy(s)) return n === invasion.capital; // edition 1's bot landed on the capital only
  return n === invasion.capital || neighbours(n).includes(invasion.capital);
}

export function counts(units: Unit[]): UnitCounts {
  const c: UnitCounts = {};
  for (const u of units) if (u.type !== 'aaGun' && u.type !== 'factory') c[u.type] = (c[u.type] ?? 0) + 1;
  return c;
}

export function enemyCombat(s: TacticalRiskState, at: string, f: Faction): Unit[] {
  return s.units.filter((u) => u.at === at && hostile(s, u.owner, f) && isCombatUnit(u));
}

/**
 * Attack strength of enemies that could hit a territory next turn: land units by land within their
 * move (plus one), land units already on transports within 3 steps, aircraft within 4. Land units
 * across the water without transports are no threat (counting them kept island capitals buying
 * infantry forever).
 */
export function threatTo(s: TacticalRiskState, at: string, f: Faction): number {
  return threatUnits(s, at, f).reduce((a, u) => a + UNIT[u.type].attack, 0);
}

/** The enemy units `threatTo` counts. */
export function threatUnits(s: TacticalRiskState, at: string, f: Faction): Unit[] {
  const any = stepsFrom([at], () => true, 4);
  const byLand = stepsFrom([at], (_from, n) => !isWater(n) && s.owner[n] !== null, 3);
  const out: Unit[] = [];
  for (const u of s.units) {
    if (!hostile(s, u.owner, f) || u.type === 'aaGun' || u.type === 'factory') continue;
    if (isAir(u.type)) {
      if (any.has(u.at)) out.push(u);
    } else if (isLand(u.type)) {
      const d = u.on !== null ? any.get(u.at) : byLand.get(u.at);
      const reach = u.on !== null ? 3 : UNIT[u.type].movement + (d !== undefined && d <= 1 ? 0 : 1);
      if (d !== undefined && d <= reach) out.push(u);
    }
  }
  return out;
}

/**
 * Enemy land units ashore that an enemy transport could carry onto `at` next turn: it sails to a zone
 * beside them, they board, it sails on to a zone beside `at` and they land, two sea moves in all (the
 * rules let cargo that boarded this turn unload). `threatUnits` counts only cargo already aboard.
 * Each transport takes what its room allows, the strongest first; ships in the way are not
 * counted (a little generous, like the move card's warning in capitalWarning.ts).
 */
export function seaborneUnits(
  s: TacticalRiskState,
  at: string,
  f: Faction,
  /** Units counted already (in reach by land): not counted again. */
  counted: ReadonlySet<number> = new Set(),
): Unit[] {
  const move = UNIT.transport.movement;
  const beside = neighbours(at).filter(isWater);
  if (beside.length === 0) return [];
  const toLanding = stepsFrom(beside, (_from, n) => isWater(n), move);
  // Land units that could board (ashore, not counted yet) and each transport's cargo, by place.
  const ashoreAt = new Map<string, Unit[]>();
  const load = new Map<number, number>();
  for (const u of s.units) {
    if (u.on !== null) load.set(u.on, (load.get(u.on) ?? 0) + (UNIT[u.type].transportCost ?? 2));
    else if (isLand(u.type) && u.type !== 'aaGun' && u.type !== 'factory' && !counted.has(u.id))
      ashoreAt.set(u.at, [...(ashoreAt.get(u.at) ?? []), u]);
  }
  const out: Unit[] = [];
  const taken = new Set<number>();
  for (const t of s.units) {
    if (t.type !== 'transport' || !isWater(t.at) || !hostile(s, t.owner, f)) continue;
    let room = TRANSPORT_CAPACITY - (load.get(t.id) ?? 0);
    const ashore = new Set<Unit>();
    for (const [zone, sailed] of stepsFrom([t.at], (_from, n) => isWater(n), move)) {
      if ((toLanding.get(zone) ?? Infinity) > move - sailed) continue;
      for (const n of neighbours(zone))
        if (n !== at) for (const u of ashoreAt.get(n) ?? []) if (u.owner === t.owner) ashore.add(u);
    }
    for (const u of [...ashore].sort((a, b) => UNIT[b.type].attack - UNIT[a.type].attack)) {
      const cost = UNIT[u.type].transportCost ?? 2;
      if (cost > room || taken.has(u.id)) continue;
      room -= cost;
      taken.add(u.id);
      out.push(u);
    }
  }
  return out;
}

export function defenceOf(s: TacticalRiskState, at: string, f: Faction): number {
  return s.units
    .filter((u) => u.at === at && !hostile(s, u.owner, f) && isCombatUnit(u))
    .reduce((a, u) => a + UNIT[u.type].defense, 0);
}

const guardCache = new WeakMap<TacticalRiskState, Map<string, number>>();

/**
 * Units the capital keeps this turn. A profile with `holdOdds` asks the calculator: the fewest
 * infantry-like defenders (2 defence each, beside what else stands there that does not march) against
 * which the enemy units in reach (`threatUnits`) would take the capital no more often than that, at
 * most `reserve` (the whole threat never comes at once; aircraft alone take nothing); and at least one
 * when an enemy transport could pick up land units ashore and land them there (`seaborneUnits`).
 */
export function capitalReserve(s: TacticalRiskState, f: Faction, p: BotProfile = PROFILES.normal): number {
  const capital = capitalOf(f);
  if (p.holdOdds === undefined) return p.reserve(threatTo(s, capital, f));
  let perState = guardCache.get(s);
  if (!perState) guardCache.set(s, (perState = new Map()));
  const key = `${f}|${p.holdOdds}`;
  const known = perState.get(key);
  if (known !== undefined) return known;
  const inReach = threatUnits(s, capital, f);
  const attackers = counts(inReach);
  const staying = s.units.filter(
    (u) =>
      u.at === capital && !hostile(s, u.owner, f) && isCombatUnit(u) && !(u.owner === f && isLand(u.type)),
  );
  const odds = (k: number) =>
    simulateBattle({
      attacker: attackers,
      defender: { ...counts(staying), infantry: (counts(staying).infantry ?? 0) + k },
      trials: 100,
      seed: 23,
    }).capture;
  let k = 0;
  if (Object.keys(attackers).length > 0) {
    // The fewest k with odds at most holdOdds (odds fall as k grows): a binary search up to 24.
    let lo = 0;
    let hi = 24;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (odds(mid) <= p.holdOdds) hi = mid;
      else lo = mid + 1;
    }
    k = lo;
  }
  k = Math.min(k, p.reserve(threatTo(s, capital, f)));
  // Any one land unit takes an empty capital: one that a transport could bring keeps one at home.
  // (Only then: counting such landings in the guard's size kept the Germans home against the
  // Allies' landings and tipped the default table to the Allies, 11 / 29 of 40 games.)
  if (k === 0 && seaborneUnits(s, capital, f, new Set(inReach.map((u) => u.id))).length > 0) k = 1;
  perState.set(key, k);
  return k;
}

/** What taking a territory is worth to `f`: production, a capital, completing or breaking a continent. */
export function territoryValue(s: TacticalRiskState, t: string, f: Faction): number {
  let v = production(t) + 1;
  const o = s.owner[t];
  // Any capital: the enemy's own, or one the enemy took (liberating an ally's, retaking one's own).
  if (CAPITALS.includes(t)) v += 20;
  const continent = continentList.find((c) => c.territories.includes(t));
  if (continent) {
    const others = continent.territories.filter((x) => x !== t);
    if (others.every((x) => s.owner[x] === f)) v += continent.bonus;
    else if (o && continent.territories.every((x) => s.owner[x] === o)) v += continent.bonus / 2;
  }
  return v;
}

export function tryMove(s: TacticalRiskState, action: Move): boolean {
  return !isRuleError(planMove(s, action));
}

/**
 * Sea steps from every zone to the nearest zone matching `goal`, for the ships of `f`: never through a
 * canal closed to it (a fleet gathering beside a closed canal waited there for ever).
 */
export function seaDistance(
  s: TacticalRiskState,
  f: Faction,
  goal: (zone: string) => boolean,
): Map<string, number> {
  return stepsFrom(
    SEA.filter((t) => goal(t)),
    (at, n) => isWater(n) && canalOpen(s, at, n, f),
  );
}
