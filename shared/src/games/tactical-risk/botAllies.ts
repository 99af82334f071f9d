/**
 * The Allies' plan (profiles with `alliedPlan`): the Allied AIs defend each other's capitals, because
 * the Axis win on two Allied capitals and Moscow used to fall alone around round 7
 * (bench/tactical-risk-allbots.ts; the measurements are in docs/rules/tactical-risk.md).
 * - A capital is in danger when the attack strength in reach of it (threatTo) exceeds its defence.
 * - In the non-combat move, units that can reach an allied capital in danger go there (fighters
 *   first, then land units, its own faction's nearby units too) until its defence covers a share of
 *   the threat; fighters too far fly to friendly land nearer it.
 * - Allies whose own capital is safe buy fighters to send while one is in danger.
 * Holding back more (a faction keeping in its capital every unit the whole threat asks for, no
 * attack out of it) was measured too: Moscow held, but Russia gave up its land and the Axis'
 * production grew; its attacks out of the capital stay as the level plays them.
 */
import type { Faction } from './board';
import { UNIT, isWater, neighbours, turnOrder } from './board';
import { canLandAt, reachable } from './reach';
import { capitalOf, hostile, isAir, isLand } from './state';
import type { TacticalRiskState } from './types';
import type { Move } from './botBoard';
import { defenceOf, threatTo, tryMove } from './botBoard';

/**
 * The share of the threat a capital's defence should cover before help stops coming. The whole
 * threat never attacks at once; at 1.2 or 1.0 the Allies won every 9-round game on production (bid
 * 18, 8 seeds), at 0.7 the sides split (bench/tactical-risk-allbots.ts).
 */
const COVER = 0.7;

export interface Danger {
  capital: string;
  faction: Faction;
  threat: number;
  defence: number;
}

/** True when `f` plays the Allies' plan (an alliance game's Allied faction). */
export function onAlliedSide(s: TacticalRiskState, f: Faction): boolean {
  return s.alliance[f] === 'Allies';
}

/** Capitals of `f`'s side (its own among them) held by their faction whose defence falls short, worst first. */
export function capitalsInDanger(s: TacticalRiskState, f: Faction): Danger[] {
  const out: Danger[] = [];
  for (const g of turnOrder) {
    if (hostile(s, g, f)) continue;
    const capital = capitalOf(g);
    if (s.owner[capital] !== g) continue;
    const threat = threatTo(s, capital, g);
    const defence = defenceOf(s, capital, g);
    if (threat > defence) out.push({ capital, faction: g, threat, defence });
  }
  return out.sort((a, b) => b.threat - b.defence - (a.threat - a.defence));
}

/**
 * Non-combat: a unit that can reach an allied capital in danger this move goes there (fighters
 * first, then land units), never one its own capital needs.
 */
export function reinforceCapitals(s: TacticalRiskState, f: Faction): Move | null {
  const dangers = capitalsInDanger(s, f);
  if (dangers.length === 0) return null;
  const own = capitalOf(f);
  const ownInDanger = dangers.some((d) => d.capital === own);
  const order = s.units
    .filter((u) => u.owner === f && u.on === null && (u.type === 'fighter' || isLand(u.type)))
    .filter((u) => u.type !== 'aaGun' && u.type !== 'factory' && !u.combatMoved && !u.fought)
    .sort((a, b) => Number(isAir(b.type)) - Number(isAir(a.type)));
  for (const d of dangers) {
    const need = d.threat * COVER - defenceOf(s, d.capital, d.faction);
    if (need <= 0) continue;
    for (const u of order) {
      if (u.at === d.capital) continue;
      if (u.at === own && ownInDanger && d.capital !== own) continue;
      if (isAir(u.type) && d.faction === f) continue; // its own fighters land where they must
      const path = reachable(s, u).get(d.capital);
      if (!path || isWater(d.capital)) continue;
      const move: Move = { type: 'move', units: [u.id], path };
      if (tryMove(s, move)) return move;
    }
  }
  return stageFighters(s, f, dangers[0]!);
}

/** Steps through the air from every place to `to`. */
function airSteps(to: string): Map<string, number> {
  const d = new Map<string, number>([[to, 0]]);
  let frontier = [to];
  while (frontier.length) {
    const next: string[] = [];
    for (const at of frontier)
      for (const n of neighbours(at)) {
        if (d.has(n)) continue;
        d.set(n, d.get(at)! + 1);
        next.push(n);
      }
    frontier = next;
  }
  return d;
}

/** Fighters too far from an ally's capital in danger fly to friendly land nearer it (not from its own capital in danger). */
function stageFighters(s: TacticalRiskState, f: Faction, d: Danger): Move | null {
  if (d.faction === f) return null;
  const own = capitalOf(f);
  if (capitalsInDanger(s, f).some((x) => x.capital === own)) return null;
  const steps = airSteps(d.capital);
  for (const u of s.units) {
    if (u.owner !== f || u.type !== 'fighter' || u.combatMoved || u.fought || u.at === d.capital) continue;
    const here = steps.get(u.at) ?? Infinity;
    let best: { d: number; move: Move } | null = null;
    for (const [dest, path] of reachable(s, u)) {
      const k = steps.get(dest) ?? Infinity;
      if (isWater(dest) || k >= here || !canLandAt(s, u, dest) || (best && k >= best.d)) continue;
      const move: Move = { type: 'move', units: [u.id], path };
      if (tryMove(s, move)) best = { d: k, move };
    }
    if (best) return best.move;
  }
  return null;
}

/** Fighters to buy for an ally's capital in danger (its own capital safe): the need in fighter defence. */
export function fightersForAllies(s: TacticalRiskState, f: Faction): number {
  const own = capitalOf(f);
  const dangers = capitalsInDanger(s, f);
  if (dangers.some((d) => d.capital === own)) return 0;
  const help = dangers.filter((d) => d.faction !== f);
  if (help.length === 0) return 0;
  const short = help.reduce((a, d) => a + d.threat * COVER - d.defence, 0);
  return Math.min(3, Math.ceil(short / UNIT.fighter.defense / 2));
}
