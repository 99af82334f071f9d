/**
 * The Tactical Risk AI's combat move: attacks on land with good capture odds (empty territories with
 * a single unit), then naval attacks it can win, amphibious landings, bombing raids.
 */
import type { Faction, UnitType } from './board';
import { UNIT, isWater, neighbours } from './board';
import { simulateBattle } from './calculator';
import { reachable } from './reach';
import { isLegacy } from './edition';
import { capitalOf, hostile, isAir, isCombatUnit, isLand, isSea, production } from './state';
import type { TacticalRiskAction, TacticalRiskState, Unit, UnitCounts } from './types';
import type { Move } from './botBoard';
import type { BotProfile } from './botLevel';
import { PROFILES } from './botLevel';
import {
  capitalReserve,
  counts,
  enemyCombat,
  invasionCoast,
  invasionTarget,
  territoryValue,
  tryMove,
} from './botBoard';

interface Option {
  unit: Unit;
  path: string[];
}

/** For each of my movable units, the hostile land territories it can move into now. */
function attackOptions(s: TacticalRiskState, f: Faction, p: BotProfile): Map<string, Option[]> {
  const out = new Map<string, Option[]>();
  // Land units that may leave its capital (the rest stay as its reserve). Keeping garrisons in
  // captured capitals too was tried: fewer all-AI games ended on capitals (10 of 16 seeds against 12).
  const mayLeave = new Map<string, number>();
  const capital = capitalOf(f);
  if (s.owner[capital] === f) {
    const here = s.units.filter(
      (u) => u.owner === f && u.at === capital && isLand(u.type) && u.type !== 'aaGun',
    );
    mayLeave.set(capital, here.length - capitalReserve(s, f, p));
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

/**
 * The move to make among scored candidates: the best, or with a profile's `spread` and a random
 * source a seeded draw among those scoring within `spread` of the best (variety, issue 32).
 */
export function choose<T>(
  cands: { score: number; move: T }[],
  prof: BotProfile,
  random?: () => number,
): T | null {
  if (cands.length === 0) return null;
  const top = cands.reduce((a, c) => (c.score > a.score ? c : a));
  if (!random || !(prof.spread > 0)) return top.move;
  const near = cands.filter((c) => c.score >= top.score - Math.abs(top.score) * prof.spread);
  return near[Math.min(near.length - 1, Math.floor(random() * near.length))]!.move;
}

export function combatMove(
  s: TacticalRiskState,
  f: Faction,
  prof: BotProfile = PROFILES.normal,
  random?: () => number,
): TacticalRiskAction {
  const options = attackOptions(s, f, prof);
  const invasion = invasionTarget(s, f);
  const cands: { score: number; move: Move }[] = [];
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
      cands.push({ score: value * 3, move: { type: 'move', units: [pick.unit.id], path: pick.path } });
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
    const p = odds(s, force, target, f, prof.trials);
    // An invasion of a capital is all in (the defender only grows while the fleet waits), and so are
    // the follow-up landings after its first wave.
    const needed =
      target === invasion?.capital ? 0.3 : committed.length ? prof.followUpOdds : prof.attackOdds;
    if (p < needed && !(target === invasion?.capital && alliesFollowUp(s, f, target, force))) continue;
    // A started attack is finished first: re-planning elsewhere left lone units in hopeless battles.
    const score = value * p + (committed.length ? (isLegacy(s) ? 5 : 100) : 0);
    const first = chosen[0]!;
    const same = chosen
      .filter(
        (c) =>
          c.unit.at === first.unit.at &&
          c.unit.type === first.unit.type &&
          c.path.join() === first.path.join(),
      )
      .map((c) => c.unit.id);
    cands.push({ score, move: { type: 'move', units: same, path: first.path } });
  }
  const best = choose(cands, prof, random);
  if (best && tryMove(s, best)) return best;
  const naval = navalAttack(s, f);
  if (naval) return naval;
  const amphibious = amphibiousMove(s, f, prof);
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
function amphibiousMove(s: TacticalRiskState, f: Faction, prof: BotProfile): Move | null {
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
      .filter((x) => x.p >= (x.n === invasion?.capital ? 0.3 : prof.landingOdds))
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
