/**
 * The Tactical Risk AI: phase-by-phase heuristics over what its seat may see (it rebuilds a rules
 * state from its view and asks the rules module, never the full server state).
 * - Purchase: infantry when the capital is threatened, otherwise a mix of infantry, artillery and
 *   armour, with transports for factions whose home has no land route to the enemy.
 * - Combat move: attacks the most valuable reachable enemy territories whose capture odds (battle
 *   calculator) are good, taking empty ones with a single unit; amphibious landings from loaded
 *   transports when the odds are good; keeps a reserve in the capital.
 * - Battles: the suggested casualties; retreats when the odds turn bad.
 * - Non-combat move: lands aircraft, loads transports and ships them toward enemy coasts, marches
 *   land units toward the front.
 * - Placement: at the factory nearest the front (the capital first when threatened).
 * One action per call; each call re-plans from the current view.
 */
import type { Bot, GameView } from '../../core/contract';
import { seedRng } from '../../core/rng';
import type { Faction, UnitType } from './board';
import { CAPITALS, LAND, SEA, UNIT, continentList, isWater, neighbours, turnOrder } from './board';
import { simulateBattle } from './calculator';
import { moveGroupKey } from './destinations';
import { canLandAt, canalOpen, planMove, reachable, withFrozenState } from './movement';
import { DEFAULT_OPTIONS } from './options';
import { isLegacy, stateOptions } from './edition';
import { capitalOf, hostile, isAir, isCombatUnit, isLand, isSea, production } from './state';
import type {
  TacticalRiskAction,
  TacticalRiskPrivate,
  TacticalRiskPublic,
  TacticalRiskState,
  Unit,
  UnitCounts,
} from './types';

type View = GameView<TacticalRiskPublic, TacticalRiskPrivate>;
type Move = Extract<TacticalRiskAction, { type: 'move' }>;

/** A rules state rebuilt from a seat's view (no rng, no undo history). */
export function stateFromView(view: View): TacticalRiskState {
  const p = view.public;
  const units = (view.private?.units ?? p.units).map((u) => ({ ...u }));
  return {
    options: stateOptions({ ...DEFAULT_OPTIONS, mode: p.mode, fogOfWar: p.fogOfWar, edition: p.edition }),
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

// --- board reading ------------------------------------------------------------------------------------

/** Land steps from each land territory to the nearest enemy-held one (Infinity: no land route). */
function frontDistance(s: TacticalRiskState, f: Faction): Map<string, number> {
  const d = new Map<string, number>();
  let frontier: string[] = [];
  for (const t of LAND) {
    const o = s.owner[t];
    if (o && hostile(s, o, f)) {
      d.set(t, 0);
      frontier.push(t);
    }
  }
  while (frontier.length) {
    const next: string[] = [];
    for (const at of frontier) {
      for (const n of neighbours(at)) {
        if (isWater(n) || d.has(n) || s.owner[n] === null) continue; // neutrals block the way
        d.set(n, d.get(at)! + 1);
        next.push(n);
      }
    }
    frontier = next;
  }
  for (const t of LAND) if (!d.has(t)) d.set(t, Infinity);
  return d;
}

/**
 * An enemy capital this faction must take from over the sea: one with no land route from anything
 * it holds or stands on, the one nearest (by sea) to its coastal factories. Its loaded transports
 * gather beside it and land together (one landing at a time never takes a capital held by a stack).
 */
interface Invasion {
  capital: string;
  /** Sea steps from every zone to a zone beside the capital. */
  toTarget: Map<string, number>;
}

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
  // Land reachable from what it holds, through any non-neutral land.
  const reach = new Set(mine);
  let frontier = [...mine];
  while (frontier.length) {
    const next: string[] = [];
    for (const at of frontier)
      for (const n of neighbours(at)) {
        if (isWater(n) || reach.has(n) || s.owner[n] === null) continue;
        reach.add(n);
        next.push(n);
      }
    frontier = next;
  }
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
    if (!o || !hostile(s, o, f) || reach.has(capital)) continue;
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
function invasionCoast(s: TacticalRiskState, invasion: Invasion, n: string): boolean {
  if (isLegacy(s)) return n === invasion.capital; // edition 1's bot landed on the capital only
  return n === invasion.capital || neighbours(n).includes(invasion.capital);
}

function counts(units: Unit[]): UnitCounts {
  const c: UnitCounts = {};
  for (const u of units) if (u.type !== 'aaGun' && u.type !== 'factory') c[u.type] = (c[u.type] ?? 0) + 1;
  return c;
}

function enemyCombat(s: TacticalRiskState, at: string, f: Faction): Unit[] {
  return s.units.filter((u) => u.at === at && hostile(s, u.owner, f) && isCombatUnit(u));
}

/** Steps from `at` to every place within `max`, over any place or over land only (neutrals excluded). */
function stepsFrom(at: string, max: number, landOnly: boolean, s: TacticalRiskState): Map<string, number> {
  const near = new Map<string, number>([[at, 0]]);
  let frontier = [at];
  for (let d = 1; d <= max; d++) {
    const next: string[] = [];
    for (const x of frontier) {
      for (const n of neighbours(x)) {
        if (near.has(n) || (landOnly && (isWater(n) || s.owner[n] === null))) continue;
        near.set(n, d);
        next.push(n);
      }
    }
    frontier = next;
  }
  return near;
}

/**
 * Attack strength of enemies that could hit a territory next turn: land units by land within their
 * move (plus one), land units already on transports within 3 steps, aircraft within 4. Land units
 * across the water without transports are no threat (counting them kept island capitals buying
 * infantry forever).
 */
function threatTo(s: TacticalRiskState, at: string, f: Faction): number {
  const any = stepsFrom(at, 4, false, s);
  const byLand = stepsFrom(at, 3, true, s);
  let power = 0;
  for (const u of s.units) {
    if (!hostile(s, u.owner, f) || u.type === 'aaGun' || u.type === 'factory') continue;
    if (isAir(u.type)) {
      if (any.has(u.at)) power += UNIT[u.type].attack;
    } else if (isLand(u.type)) {
      const d = u.on !== null ? any.get(u.at) : byLand.get(u.at);
      const reach = u.on !== null ? 3 : UNIT[u.type].movement + (d !== undefined && d <= 1 ? 0 : 1);
      if (d !== undefined && d <= reach) power += UNIT[u.type].attack;
    }
  }
  return power;
}

function defenceOf(s: TacticalRiskState, at: string, f: Faction): number {
  return s.units
    .filter((u) => u.at === at && !hostile(s, u.owner, f) && isCombatUnit(u))
    .reduce((a, u) => a + UNIT[u.type].defense, 0);
}

/** Units the capital keeps this turn. */
function capitalReserve(s: TacticalRiskState, f: Faction): number {
  const threat = threatTo(s, capitalOf(f), f);
  return Math.min(12, Math.ceil(threat / 2) + 2);
}

/** What taking a territory is worth to `f`: production, a capital, completing or breaking a continent. */
function territoryValue(s: TacticalRiskState, t: string, f: Faction): number {
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

function tryMove(s: TacticalRiskState, action: Move): boolean {
  try {
    planMove(s, action);
    return true;
  } catch {
    return false;
  }
}

// --- purchase -----------------------------------------------------------------------------------------

function purchase(s: TacticalRiskState, f: Faction): TacticalRiskAction {
  let money = s.treasury[f];
  const factories = s.factoriesAtStart.filter((t) => s.owner[t] === f);
  let room = factories.reduce((a, t) => a + production(t), 0);
  for (const n of Object.values(s.pending[f])) room -= n ?? 0;
  const buy: UnitCounts = {};
  const add = (t: UnitType) => {
    buy[t] = (buy[t] ?? 0) + 1;
    money -= UNIT[t].cost;
    room--;
  };
  const capital = capitalOf(f);
  const threatened = s.owner[capital] === f && threatTo(s, capital, f) > defenceOf(s, capital, f) * 0.8;
  const dist = frontDistance(s, f);
  const landlocked = factories.every((t) => dist.get(t) === Infinity);
  const coastal = factories.some((t) => neighbours(t).some(isWater));
  const transports = s.units.filter((u) => u.owner === f && u.type === 'transport').length;
  for (let k = 0; k < 2; k++) {
    if (!threatened && coastal && landlocked && transports + k < 8 && money >= 8 && room > 0)
      add('transport');
  }
  if (!threatened && coastal && landlocked && room > 1) {
    const navy = s.units.filter(
      (u) => u.owner === f && (u.type === 'battleship' || u.type === 'destroyer'),
    ).length;
    if (navy < 6 && money >= 24 + 3 * (room - 1)) add('battleship');
    else if (navy < 6 && money >= 12 + 3 * (room - 1)) add('destroyer');
  }
  const invasion = threatened ? null : invasionTarget(s, f);
  if (invasion && coastal) {
    const held = s.units.filter(
      (u) => u.at === invasion.capital && hostile(s, u.owner, f) && isCombatUnit(u),
    );
    // Enemy ships beside the target block the landing: warships first, to outgun them.
    const zones = neighbours(invasion.capital).filter(isWater);
    const foes = s.units.filter((u) => zones.includes(u.at) && hostile(s, u.owner, f) && isSea(u.type));
    const warships = s.units.filter((u) => u.owner === f && isSea(u.type) && u.type !== 'transport');
    const foePower = foes.reduce((a, u) => a + UNIT[u.type].defense, 0);
    const ownPower = warships.reduce((a, u) => a + UNIT[u.type].attack, 0);
    for (let k = 0; k < 3 && ownPower + 4 * k < foePower * 1.5 + 4 && room > 1; k++) {
      if (money >= 24 + 6) add('battleship');
      else if (money >= 12 + 6) add('destroyer');
    }
    // Bombers raid the target's factory: its owner then has less to pile up defenders with.
    const bombers = s.units.filter((u) => u.owner === f && u.type === 'bomber').length;
    if (bombers < 2 + Math.floor(held.length / 15) && money >= 15 + 11 && room > 1) add('bomber');
    const wanted = Math.min(40, Math.ceil((held.length * 1.6 + 2) / 2));
    for (let k = 0; k < 8 && transports + k < wanted && money >= 8 + 3 && room > 1; k++) add('transport');
  }
  const pattern: UnitType[] = threatened
    ? ['infantry']
    : ['infantry', 'artillery', 'armour', 'infantry', 'infantry', 'armour'];
  let i = 0;
  while (room > 0 && money >= 3) {
    // Rich factions (production capacity is the limit) buy stronger units.
    const perSlot = money / room;
    let want = pattern[i++ % pattern.length]!;
    if (!threatened && perSlot >= 14 && i % 3 === 0) want = 'fighter';
    else if (!threatened && perSlot >= 6 && want === 'infantry' && i % 2 === 0) want = 'armour';
    const t: UnitType = UNIT[want].cost <= money ? want : 'infantry';
    if (UNIT[t].cost > money) break;
    add(t);
  }
  // Money the factories cannot turn into units builds another factory (production is the limit).
  if (room <= 0 && money >= UNIT.factory.cost + 10 && !s.pending[f].factory) {
    buy.factory = 1;
    money -= UNIT.factory.cost;
  }
  return Object.keys(buy).length ? { type: 'buy', units: buy } : { type: 'endPhase' };
}

// --- combat move --------------------------------------------------------------------------------------

interface Option {
  unit: Unit;
  path: string[];
}

/** For each of my movable units, the hostile land territories it can move into now. */
function attackOptions(s: TacticalRiskState, f: Faction): Map<string, Option[]> {
  const out = new Map<string, Option[]>();
  // Land units that may leave its capital (the rest stay as its reserve). Keeping garrisons in
  // captured capitals too was tried: fewer all-AI games ended on capitals (10 of 16 seeds against 12).
  const mayLeave = new Map<string, number>();
  const capital = capitalOf(f);
  if (s.owner[capital] === f) {
    const here = s.units.filter(
      (u) => u.owner === f && u.at === capital && isLand(u.type) && u.type !== 'aaGun',
    );
    mayLeave.set(capital, here.length - capitalReserve(s, f));
  }
  const groups = new Map<string, Unit[]>();
  for (const u of s.units) {
    if (u.owner !== f || u.combatMoved || u.on !== null || u.type === 'factory' || u.type === 'aaGun')
      continue;
    if (isSea(u.type)) continue;
    const key = `${u.at}|${u.type}|${u.moved}`;
    const g = groups.get(key) ?? [];
    g.push(u);
    groups.set(key, g);
  }
  // Cargo on my transports may land on an enemy coast beside it (amphibious, with the others); an
  // invasion force lands only on its target.
  const invasion = invasionTarget(s, f);
  const held = new Map<string, boolean>();
  for (const u of s.units) {
    if (u.owner !== f || u.on === null || u.combatMoved) continue;
    if (!held.has(u.at)) held.set(u.at, seaHeldOdds(s, u.at, f) >= 0.65);
    if (!held.get(u.at)) continue; // the landing would be called off
    for (const n of neighbours(u.at)) {
      const o = isWater(n) ? null : s.owner[n];
      if (!o || !hostile(s, o, f)) continue;
      if (invasion && !invasionCoast(s, invasion, n)) continue;
      const path = [u.at, n];
      if (!tryMove(s, { type: 'move', units: [u.id], path })) continue;
      out.set(n, [...(out.get(n) ?? []), { unit: u, path }]);
    }
  }
  for (const g of groups.values()) {
    const rep = g[0]!;
    const paths = reachable(s, rep);
    for (const [dest, path] of paths) {
      if (isWater(dest)) continue;
      const o = s.owner[dest];
      if (!o || !hostile(s, o, f)) continue;
      if (isAir(rep.type) && enemyCombat(s, dest, f).length === 0) continue;
      if (!tryMove(s, { type: 'move', units: [rep.id], path })) continue;
      const list = out.get(dest) ?? [];
      for (const u of g) {
        const left = mayLeave.get(u.at);
        if (left !== undefined && isLand(u.type)) {
          if (left <= 0) continue;
          mayLeave.set(u.at, left - 1);
        }
        list.push({ unit: u, path });
      }
      out.set(dest, list);
    }
  }
  return out;
}

/**
 * How likely `f` holds a sea zone after this turn's sea battle there (1 without enemy units): its
 * units in the zone now (sailed in to attack or standing there) against the enemy's. A landing
 * declared from a contested zone goes ahead only if the attacker holds it. Edition 1 lands from a
 * zone without enemy units only: 0 with any there.
 */
function seaHeldOdds(s: TacticalRiskState, zone: string, f: Faction, extra: Unit[] = []): number {
  if (isLegacy(s)) return s.units.some((u) => u.at === zone && hostile(s, u.owner, f)) ? 0 : 1;
  const defenders = enemyCombat(s, zone, f);
  if (defenders.length === 0) return 1;
  const mine = [...s.units.filter((u) => u.owner === f && u.at === zone && isCombatUnit(u)), ...extra];
  if (mine.length === 0) return 0;
  return simulateBattle({
    attacker: counts(mine),
    defender: counts(defenders),
    sea: true,
    trials: 200,
    seed: 17,
  }).attackerWin;
}

function odds(s: TacticalRiskState, attackers: Unit[], target: string, f: Faction, trials = 300): number {
  const defenders = enemyCombat(s, target, f);
  const aa = s.units.some((u) => u.at === target && u.type === 'aaGun' && hostile(s, u.owner, f));
  return simulateBattle({
    attacker: counts(attackers),
    defender: counts(defenders),
    aaGun: aa,
    trials,
    seed: 7,
  }).capture;
}

function power(units: Unit[], attack: boolean): number {
  return units.reduce((a, u) => a + (attack ? UNIT[u.type].attack : UNIT[u.type].defense), 0);
}

function combatMove(s: TacticalRiskState, f: Faction): TacticalRiskAction {
  const options = attackOptions(s, f);
  const invasion = invasionTarget(s, f);
  let best: { score: number; move: Move } | null = null;
  for (const [target, opts] of options) {
    const committed = s.units.filter((u) => u.owner === f && u.at === target && u.combatMoved);
    const defenders = enemyCombat(s, target, f);
    const value = territoryValue(s, target, f);
    if (defenders.length === 0) {
      if (committed.some((u) => isLand(u.type))) continue;
      const land = opts
        .filter((o) => isLand(o.unit.type))
        .sort((a, b) => UNIT[a.unit.type].cost - UNIT[b.unit.type].cost);
      const pick = land[0];
      if (!pick) continue;
      const score = value * 3;
      if (!best || score > best.score)
        best = { score, move: { type: 'move', units: [pick.unit.id], path: pick.path } };
      continue;
    }
    // Order: land units first (they take territory), then aircraft; cheapest attack power first.
    const sorted = opts
      .filter((o) => !committed.includes(o.unit))
      .sort(
        (a, b) =>
          Number(isAir(a.unit.type)) - Number(isAir(b.unit.type)) ||
          UNIT[a.unit.type].cost - UNIT[b.unit.type].cost,
      );
    const chosen: Option[] = [];
    const dPow = power(defenders, false);
    for (const o of sorted) {
      const all = [...committed, ...chosen.map((c) => c.unit)];
      if (
        all.length > defenders.length + 1 &&
        power(all, true) >= dPow * 1.8 &&
        all.some((u) => isLand(u.type))
      )
        break;
      chosen.push(o);
    }
    if (chosen.length === 0) continue;
    const force = [...committed, ...chosen.map((c) => c.unit)];
    if (!force.some((u) => isLand(u.type))) continue;
    const p = odds(s, force, target, f);
    // An invasion of a capital is all in (the defender only grows while the fleet waits), and so are
    // the follow-up landings after its first wave.
    const needed = target === invasion?.capital ? 0.3 : committed.length ? 0.5 : 0.75;
    if (p < needed && !(target === invasion?.capital && alliesFollowUp(s, f, target, force))) continue;
    // A started attack is finished first: re-planning elsewhere left lone units in hopeless battles.
    const score = value * p + (committed.length ? (isLegacy(s) ? 5 : 100) : 0);
    if (best && score <= best.score) continue;
    const first = chosen[0]!;
    const same = chosen
      .filter(
        (c) =>
          c.unit.at === first.unit.at &&
          c.unit.type === first.unit.type &&
          c.path.join() === first.path.join(),
      )
      .map((c) => c.unit.id);
    best = { score, move: { type: 'move', units: same, path: first.path } };
  }
  if (best && tryMove(s, best.move)) return best.move;
  const naval = navalAttack(s, f);
  if (naval) return naval;
  const amphibious = amphibiousMove(s, f);
  if (amphibious) return amphibious;
  const raid = bombingRaid(s, f);
  if (raid) return raid;
  return { type: 'endPhase' };
}

/**
 * Bombers left after the attacks raid an enemy factory whose owner has money to lose: the invasion
 * target first (fewer defenders bought there), else the most production at stake.
 */
function bombingRaid(s: TacticalRiskState, f: Faction): Move | null {
  const invasion = invasionTarget(s, f);
  const seen = new Set<string>();
  let best: { score: number; move: Move } | null = null;
  for (const b of s.units) {
    if (b.owner !== f || b.type !== 'bomber' || b.combatMoved || seen.has(b.at)) continue;
    seen.add(b.at);
    const group = s.units
      .filter(
        (u) => u.owner === f && u.type === 'bomber' && u.at === b.at && !u.combatMoved && u.moved === b.moved,
      )
      .map((u) => u.id);
    for (const [dest, path] of reachable(s, b)) {
      const o = isWater(dest) ? null : s.owner[dest];
      if (!o || !hostile(s, o, f) || !s.units.some((u) => u.at === dest && u.type === 'factory')) continue;
      const damage = Math.min(production(dest), s.treasury[o]);
      if (damage < 2) continue;
      const score = damage + (dest === invasion?.capital ? 10 : 0);
      if (best && score <= best.score) continue;
      const move: Move = { type: 'move', units: group, path, raid: true };
      if (tryMove(s, move)) best = { score, move };
    }
  }
  return best?.move ?? null;
}

/**
 * An island capital no one faction can take alone falls to waves: a first wave worth making when an
 * ally's loaded transports beside the target could then take it from what the wave leaves.
 */
function alliesFollowUp(s: TacticalRiskState, f: Faction, target: string, force: Unit[]): boolean {
  const zones = neighbours(target).filter(isWater);
  const allied = s.units.filter(
    (u) =>
      u.on !== null && u.owner !== f && !hostile(s, u.owner, f) && zones.includes(u.at) && isLand(u.type),
  );
  if (allied.length === 0) return false;
  const defenders = enemyCombat(s, target, f);
  const wave = simulateBattle({
    attacker: counts(force),
    defender: counts(defenders),
    trials: 200,
    seed: 11,
  });
  const left: UnitCounts = {};
  for (const [t, n] of Object.entries(wave.defenderSurvivors)) {
    const k = Math.round(n ?? 0);
    if (k > 0) left[t as UnitType] = k;
  }
  return simulateBattle({ attacker: counts(allied), defender: left, trials: 200, seed: 13 }).capture >= 0.5;
}

/** Warships and aircraft attack enemy fleets they can beat (clearing the way for transports). */
function navalAttack(s: TacticalRiskState, f: Faction): Move | null {
  const options = new Map<string, Option[]>();
  const seen = new Set<string>();
  for (const u of s.units) {
    if (u.owner !== f || u.combatMoved || u.on !== null || u.type === 'transport') continue;
    if (!isSea(u.type) && !isAir(u.type)) continue;
    const key = `${u.at}|${u.type}|${u.moved}`;
    const paths = seen.has(key) ? null : reachable(s, u);
    seen.add(key);
    if (!paths) {
      for (const [zone, list] of options) {
        const like = list.find(
          (o) => o.unit.at === u.at && o.unit.type === u.type && o.unit.moved === u.moved,
        );
        if (like) options.set(zone, [...list, { unit: u, path: like.path }]);
      }
      continue;
    }
    for (const [zone, path] of paths) {
      if (!isWater(zone) || enemyCombat(s, zone, f).length === 0) continue;
      if (!tryMove(s, { type: 'move', units: [u.id], path })) continue;
      options.set(zone, [...(options.get(zone) ?? []), { unit: u, path }]);
    }
  }
  let best: { score: number; move: Move } | null = null;
  for (const [zone, opts] of options) {
    const committed = s.units.filter((u) => u.owner === f && u.at === zone && u.combatMoved);
    const defenders = enemyCombat(s, zone, f);
    const force = [...committed, ...opts.map((o) => o.unit)];
    // Aircraft alone attack only fleets that cannot shoot back much (transports, lone ships).
    if (!force.some((u) => isSea(u.type)) && defenders.some((u) => u.type !== 'transport')) continue;
    const p = simulateBattle({
      attacker: counts(force),
      defender: counts(defenders),
      sea: true,
      trials: 300,
      seed: 5,
    }).attackerWin;
    if (p < 0.7) continue;
    // Clearing the way for a landing counts: the zone beside the invasion target, or one where my
    // loaded transports stand or could reach (the landing is declared with the sea battle).
    const invasion = invasionTarget(s, f);
    const landing =
      !isLegacy(s) &&
      ((invasion && neighbours(zone).includes(invasion.capital)) ||
        s.units.some((u) => u.owner === f && u.on !== null && u.at === zone));
    const value =
      defenders.reduce((a, u) => a + UNIT[u.type].cost, 0) + (committed.length ? 50 : 0) + (landing ? 40 : 0);
    if (best && value <= best.score) continue;
    const first = opts.slice().sort((a, b) => Number(isAir(a.unit.type)) - Number(isAir(b.unit.type)))[0]!;
    const same = opts
      .filter(
        (o) =>
          o.unit.at === first.unit.at &&
          o.unit.type === first.unit.type &&
          o.path.join() === first.path.join(),
      )
      .map((o) => o.unit.id);
    best = { score: value, move: { type: 'move', units: same, path: first.path } };
  }
  return best && tryMove(s, best.move) ? best.move : null;
}

/** Unload loaded transports into a weak enemy coast, or sail them next to one. */
function amphibiousMove(s: TacticalRiskState, f: Faction): Move | null {
  const transports = s.units.filter((u) => u.owner === f && u.type === 'transport' && u.unloadedTo === null);
  const invasion = invasionTarget(s, f);
  const bestCoast = (zone: string, force: Unit[]) =>
    neighbours(zone)
      .filter((n) => !isWater(n) && s.owner[n] != null && hostile(s, s.owner[n]!, f))
      .filter((n) => !invasion || invasionCoast(s, invasion, n))
      .map((n) => {
        const ships = s.units.filter((u) => u.owner === f && u.at === zone && u.type === 'battleship').length;
        const landed = s.units.filter((u) => u.owner === f && u.at === n && u.combatMoved);
        const defenders = enemyCombat(s, n, f);
        const p = defenders.length
          ? simulateBattle({
              attacker: counts([...force, ...landed]),
              defender: counts(defenders),
              bombard: ships,
              trials: 200,
              seed: 3,
            }).capture
          : 1;
        return { n, score: p * territoryValue(s, n, f), p };
      })
      .filter((x) => x.p >= (x.n === invasion?.capital ? 0.3 : 0.7))
      .sort((a, b) => b.score - a.score)[0];
  const landingAt = new Map<string, ReturnType<typeof bestCoast> | undefined>();
  for (const t of transports) {
    const cargo = s.units.filter((u) => u.on === t.id);
    if (cargo.length === 0) continue;
    // A contested zone still lands (declared, after the sea battle) when my units there should win it.
    const contested = seaHeldOdds(s, t.at, f) < 0.65;
    const zoneCargo = s.units.filter(
      (u) => u.on !== null && u.at === t.at && u.owner === f && transports.some((x) => x.id === u.on),
    );
    // Every loaded transport of a zone offers the same landing: judge it once per zone.
    if (!landingAt.has(t.at)) landingAt.set(t.at, contested ? undefined : bestCoast(t.at, zoneCargo));
    const here = landingAt.get(t.at);
    if (here) {
      const move: Move = { type: 'move', units: cargo.map((u) => u.id), path: [t.at, here.n] };
      if (tryMove(s, move)) return move;
    }
    if (t.combatMoved || t.moved >= UNIT.transport.movement) continue;
    for (const [zone, path] of reachable(s, t)) {
      if (seaHeldOdds(s, zone, f, [t]) < 0.65) continue;
      if (!bestCoast(zone, cargo)) continue;
      const move: Move = { type: 'move', units: [t.id], path };
      if (tryMove(s, move)) return move;
    }
  }
  return null;
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
  const d = new Map<string, number>();
  let frontier: string[] = [];
  for (const t of SEA) {
    if (goal(t)) {
      d.set(t, 0);
      frontier.push(t);
    }
  }
  while (frontier.length) {
    const next: string[] = [];
    for (const at of frontier) {
      for (const n of neighbours(at)) {
        if (!isWater(n) || d.has(n) || !canalOpen(s, at, n, f)) continue;
        d.set(n, d.get(at)! + 1);
        next.push(n);
      }
    }
    frontier = next;
  }
  return d;
}

/** Non-combat: warships sail toward the enemy coasts (escorting the transports, in reach of fleets). */
function sailWarships(s: TacticalRiskState, f: Faction): Move | null {
  let toEnemy: Map<string, number> | null = null;
  for (const w of s.units) {
    if (w.owner !== f || !isSea(w.type) || w.type === 'transport' || w.combatMoved || w.fought) continue;
    if (w.moved >= UNIT[w.type].movement) continue;
    if (s.units.some((u) => u.owner === f && u.type === 'transport' && u.at === w.at)) {
      // Stay with transports that are not moving on (they sail before the escort is considered).
      const moving = s.units.some(
        (u) => u.owner === f && u.type === 'transport' && u.at === w.at && u.moved === 0,
      );
      if (moving) continue;
    }
    toEnemy ??=
      invasionTarget(s, f)?.toTarget ??
      seaDistance(s, f, (z) =>
        neighbours(z).some((n) => !isWater(n) && s.owner[n] != null && hostile(s, s.owner[n]!, f)),
      );
    const here = toEnemy.get(w.at) ?? Infinity;
    if (here === 0) continue;
    let best: { d: number; move: Move } | null = null;
    for (const [zone, path] of reachable(s, w)) {
      const d = toEnemy.get(zone) ?? Infinity;
      if (d >= here || (best && d >= best.d)) continue;
      const move: Move = { type: 'move', units: [w.id], path };
      if (tryMove(s, move)) best = { d, move };
    }
    if (best) return best.move;
  }
  return null;
}

/** Non-combat: loaded transports sail toward enemy coasts, empty ones back to a factory. */
function sailTransports(s: TacticalRiskState, f: Faction): Move | null {
  let toEnemy: Map<string, number> | null = null;
  let toHome: Map<string, number> | null = null;
  for (const t of s.units) {
    if (t.owner !== f || t.type !== 'transport' || t.combatMoved || t.unloadedTo !== null) continue;
    if (t.moved >= UNIT.transport.movement) continue;
    const loaded = s.units.some((u) => u.on === t.id);
    let dist: Map<string, number>;
    if (loaded) {
      toEnemy ??=
        invasionTarget(s, f)?.toTarget ??
        seaDistance(s, f, (z) =>
          neighbours(z).some((n) => !isWater(n) && s.owner[n] != null && hostile(s, s.owner[n]!, f)),
        );
      dist = toEnemy;
    } else {
      toHome ??= seaDistance(s, f, (z) =>
        neighbours(z).some((n) => s.factoriesAtStart.includes(n) && s.owner[n] === f),
      );
      dist = toHome;
    }
    const here = dist.get(t.at) ?? Infinity;
    if (here === 0) continue;
    let best: { d: number; move: Move } | null = null;
    for (const [zone, path] of reachable(s, t)) {
      const d = dist.get(zone) ?? Infinity;
      if (d >= here || (best && d >= best.d)) continue;
      const move: Move = { type: 'move', units: [t.id], path };
      if (tryMove(s, move)) best = { d, move };
    }
    if (best) return best.move;
  }
  return null;
}

// --- non-combat move -------------------------------------------------------------------------------

function landAircraft(s: TacticalRiskState, f: Faction, dist: Map<string, number>): Move | null {
  for (const u of s.units) {
    if (u.owner !== f || !isAir(u.type) || canLandAt(s, u, u.at)) continue;
    let best: { d: number; move: Move } | null = null;
    for (const [dest, path] of reachable(s, u)) {
      const move: Move = { type: 'move', units: [u.id], path };
      const d = isWater(dest) ? 50 : (dist.get(dest) ?? 99);
      if (best && d >= best.d) continue;
      if (tryMove(s, move)) best = { d, move };
    }
    if (best) return best.move;
  }
  return null;
}

function shipTroops(s: TacticalRiskState, f: Faction, dist: Map<string, number>): Move | null {
  const capital = capitalOf(f);
  const reserve = capitalReserve(s, f);
  for (const t of s.units) {
    if (t.owner !== f || t.type !== 'transport' || t.combatMoved || t.unloadedTo !== null) continue;
    const load = s.units
      .filter((u) => u.on === t.id)
      .reduce((a, u) => a + (UNIT[u.type].transportCost ?? 2), 0);
    if (load < 2) {
      for (const land of neighbours(t.at)) {
        if (isWater(land) || s.owner[land] !== f) continue;
        if ((dist.get(land) ?? Infinity) <= 1 && land !== capital) continue;
        const here = s.units.filter(
          (u) =>
            u.owner === f &&
            u.at === land &&
            isLand(u.type) &&
            u.type !== 'aaGun' &&
            !u.combatMoved &&
            u.moved === 0,
        );
        if (land === capital && here.length <= reserve) continue;
        const pick = here.sort(
          (a, b) => (UNIT[a.type].transportCost ?? 2) - (UNIT[b.type].transportCost ?? 2),
        )[0];
        if (!pick) continue;
        const move: Move = { type: 'move', units: [pick.id], path: [land, t.at] };
        if (tryMove(s, move)) return move;
      }
    }
  }
  return null;
}

function marchToFront(s: TacticalRiskState, f: Faction, dist: Map<string, number>): Move | null {
  const capital = capitalOf(f);
  const reserve = capitalReserve(s, f);
  const atCapital = s.units.filter((u) => u.owner === f && u.at === capital && isLand(u.type)).length;
  for (const u of s.units) {
    if (u.owner !== f || !isLand(u.type) || u.on !== null || u.combatMoved || u.fought) continue;
    if (u.moved >= UNIT[u.type].movement) continue;
    const here = dist.get(u.at) ?? Infinity;
    if (here <= 1 || here === Infinity) continue;
    if (u.at === capital && atCapital <= reserve) continue;
    let best: { d: number; move: Move } | null = null;
    for (const [dest, path] of reachable(s, u)) {
      if (isWater(dest)) continue;
      const d = dist.get(dest) ?? Infinity;
      if (d >= here || (best && d >= best.d)) continue;
      const move: Move = { type: 'move', units: [u.id], path };
      if (tryMove(s, move)) best = { d, move };
    }
    if (best) return best.move;
  }
  return null;
}

/**
 * Invasion: land units far from the land front (3 steps or more) march to the coasts where empty
 * transports wait, so the fleet fills faster than the target's defence grows.
 */
function marchToDocks(s: TacticalRiskState, f: Faction, front: Map<string, number>): Move | null {
  if (!invasionTarget(s, f)) return null;
  const docks = new Map<string, number>();
  let frontier: string[] = [];
  for (const t of LAND) {
    if (s.owner[t] !== f) continue;
    const waiting = neighbours(t).some(
      (z) =>
        isWater(z) &&
        s.units.some(
          (u) => u.owner === f && u.at === z && u.type === 'transport' && !s.units.some((c) => c.on === u.id),
        ),
    );
    if (waiting) {
      docks.set(t, 0);
      frontier.push(t);
    }
  }
  while (frontier.length) {
    const next: string[] = [];
    for (const at of frontier)
      for (const n of neighbours(at)) {
        if (isWater(n) || docks.has(n) || s.owner[n] !== f) continue;
        docks.set(n, docks.get(at)! + 1);
        next.push(n);
      }
    frontier = next;
  }
  const capital = capitalOf(f);
  for (const u of s.units) {
    if (u.owner !== f || !isLand(u.type) || u.type === 'aaGun' || u.on !== null) continue;
    if (u.combatMoved || u.fought || u.moved >= UNIT[u.type].movement || u.at === capital) continue;
    const here = docks.get(u.at);
    if (here === undefined || here === 0 || (front.get(u.at) ?? Infinity) < 3) continue;
    let best: { d: number; move: Move } | null = null;
    for (const [dest, path] of reachable(s, u)) {
      const d = docks.get(dest);
      if (d === undefined || d >= here || (best && d >= best.d)) continue;
      const move: Move = { type: 'move', units: [u.id], path };
      if (tryMove(s, move)) best = { d, move };
    }
    if (best) return best.move;
  }
  return null;
}

function nonCombatMove(s: TacticalRiskState, f: Faction): TacticalRiskAction {
  const dist = frontDistance(s, f);
  return (
    landAircraft(s, f, dist) ??
    shipTroops(s, f, dist) ??
    sailTransports(s, f) ??
    sailWarships(s, f) ??
    marchToDocks(s, f, dist) ??
    marchToFront(s, f, dist) ?? { type: 'endPhase' }
  );
}

// --- placement ----------------------------------------------------------------------------------------

function placement(s: TacticalRiskState, f: Faction, legal: TacticalRiskAction[]): TacticalRiskAction {
  const dist = frontDistance(s, f);
  const capital = capitalOf(f);
  const threatened = threatTo(s, capital, f) > defenceOf(s, capital, f);
  const places = legal.filter((a): a is Extract<TacticalRiskAction, { type: 'place' }> => a.type === 'place');
  if (places.length === 0) return { type: 'endPhase' };
  const toEnemy =
    invasionTarget(s, f)?.toTarget ??
    seaDistance(s, f, (z) =>
      neighbours(z).some((n) => !isWater(n) && s.owner[n] != null && hostile(s, s.owner[n]!, f)),
    );
  const score = (a: Extract<TacticalRiskAction, { type: 'place' }>) => {
    if (a.unit === 'factory') return -10 * production(a.territory) + (dist.get(a.territory) ?? 50) / 100;
    if (isWater(a.territory)) return toEnemy.get(a.territory) ?? 1000;
    if (a.territory === capital && threatened) return -100;
    return dist.get(a.territory) ?? 50;
  };
  const pick = places.slice().sort((a, b) => score(a) - score(b))[0]!;
  if (pick.unit === 'factory') return pick;
  const pending = s.pending[f][pick.unit] ?? 0;
  const room = isWater(pick.territory)
    ? Math.max(
        ...s.factoriesAtStart
          .filter((t) => neighbours(pick.territory).includes(t))
          .map((t) => production(t) - (s.placedAt[t] ?? 0)),
      )
    : production(pick.territory) - (s.placedAt[pick.territory] ?? 0);
  return { ...pick, count: Math.max(1, Math.min(pending, room)) };
}

// --- battles ------------------------------------------------------------------------------------------

function battleDecision(s: TacticalRiskState, legal: TacticalRiskAction[]): TacticalRiskAction {
  const b = s.battle;
  if (!b) {
    const fights = legal.filter((a) => a.type === 'fight');
    const sea = fights.find((a) => a.type === 'fight' && isWater(a.territory));
    return sea ?? fights[0] ?? legal[0]!;
  }
  const p = b.prompt;
  if (!p) return legal[0]!;
  if (p.kind === 'casualties') return { type: 'casualties', units: p.suggestion };
  if (p.kind === 'attackerRound' && p.retreats.length > 0) {
    const mine = s.units.filter(
      (u) => u.owner === b.attacker && u.at === b.territory && isCombatUnit(u) && !b.out.includes(u.id),
    );
    const theirs = s.units.filter(
      (u) =>
        u.at === b.territory && hostile(s, u.owner, b.attacker) && isCombatUnit(u) && !b.out.includes(u.id),
    );
    const r = simulateBattle({
      attacker: counts(mine),
      defender: counts(theirs),
      sea: b.kind === 'sea',
      trials: 300,
      seed: b.round,
    });
    if (r.attackerWin < 0.3) return { type: 'retreat', to: p.retreats[0]! };
  }
  return { type: 'press' };
}

/**
 * Under fog of war the AI's board lacks the enemy units it cannot see, so a move it plans may run into
 * them (a ship's non-combat move into a zone with hidden enemy ships is refused). The listed moves come
 * from the real board: a planned move whose units have no listed move to its destination sets those
 * units aside for this decision and plans again (what a player learns from a refusal).
 */
function movesUnderFog(
  s: TacticalRiskState,
  legal: TacticalRiskAction[],
  plan: () => TacticalRiskAction,
): TacticalRiskAction {
  // The same grouping as the listed templates (rules.ts): one unit stands for its interchangeable group.
  const group = moveGroupKey;
  const byId = new Map(s.units.map((u) => [u.id, u]));
  const listed = new Set<string>();
  for (const a of legal) {
    const u = a.type === 'move' ? byId.get(a.units[0]!) : undefined;
    if (a.type === 'move' && u) listed.add(`${group(u)}>${a.path[a.path.length - 1]}${a.raid ? '!' : ''}`);
  }
  for (let tries = 0; tries < 20; tries++) {
    const a = plan();
    if (a.type !== 'move') return a;
    const dest = `${a.path[a.path.length - 1]}${a.raid ? '!' : ''}`;
    const blocked = a.units.map((id) => byId.get(id)!).filter((u) => !listed.has(`${group(u)}>${dest}`));
    if (blocked.length === 0) return a;
    for (const u of blocked) {
      u.moved = UNIT[u.type].movement;
      if (u.on !== null) u.combatMoved = true;
    }
  }
  return { type: 'endPhase' };
}

export function decide(view: View, legal: TacticalRiskAction[]): TacticalRiskAction {
  if (legal.length === 1) return legal[0]!;
  const s = stateFromView(view);
  const f = view.public.faction;
  switch (s.phase) {
    case 'draft':
      return legal[0]!;
    case 'purchase':
      return view.public.canUndo ? { type: 'endPhase' } : purchase(s, f);
    case 'combatMove': {
      const plan = () => withFrozenState(s, () => combatMove(s, f));
      return s.options.fogOfWar ? movesUnderFog(s, legal, plan) : plan();
    }
    case 'battle':
      return battleDecision(s, legal);
    case 'nonCombatMove': {
      const plan = () => withFrozenState(s, () => nonCombatMove(s, f));
      return s.options.fogOfWar ? movesUnderFog(s, legal, plan) : plan();
    }
    case 'place':
      return placement(s, f, legal);
    default:
      return legal[0]!;
  }
}

export const tacticalRiskBot: Bot<TacticalRiskAction, TacticalRiskPublic, TacticalRiskPrivate> = {
  decide: (view, legal) => decide(view, legal),
};
