/**
 * The Tactical Risk AI's non-combat move: aircraft land, transports load and sail toward enemy coasts
 * (empty ones home), warships escort them, land units march to the docks (an invasion) or the front.
 */
import type { Faction } from './board';
import { LAND, UNIT, isWater, neighbours } from './board';
import { canLandAt, reachable } from './reach';
import { capitalOf, hostile, isAir, isLand, isSea } from './state';
import type { TacticalRiskAction, TacticalRiskState } from './types';
import type { Move } from './botBoard';
import type { BotProfile } from './botLevel';
import { PROFILES } from './botLevel';
import { onAlliedSide, reinforceCapitals } from './botAllies';
import { capitalReserve, frontDistance, invasionTarget, seaDistance, tryMove } from './botBoard';

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

function shipTroops(s: TacticalRiskState, f: Faction, dist: Map<string, number>, p: BotProfile): Move | null {
  const capital = capitalOf(f);
  const reserve = capitalReserve(s, f, p);
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

function marchToFront(
  s: TacticalRiskState,
  f: Faction,
  dist: Map<string, number>,
  p: BotProfile,
): Move | null {
  const capital = capitalOf(f);
  const reserve = capitalReserve(s, f, p);
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

export function nonCombatMove(
  s: TacticalRiskState,
  f: Faction,
  p: BotProfile = PROFILES.normal,
): TacticalRiskAction {
  const dist = frontDistance(s, f);
  const allied = p.alliedPlan && onAlliedSide(s, f) ? reinforceCapitals(s, f) : null;
  return (
    allied ??
    landAircraft(s, f, dist) ??
    shipTroops(s, f, dist, p) ??
    sailTransports(s, f) ??
    sailWarships(s, f) ??
    marchToDocks(s, f, dist) ??
    marchToFront(s, f, dist, p) ?? { type: 'endPhase' }
  );
}
