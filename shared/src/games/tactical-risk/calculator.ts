/**
 * The battle calculator: Monte Carlo odds of a battle fought to the end with cheapest-first
 * casualties and no retreat, under the same combat rules as the engine (AA fire, bombardment,
 * artillery support, submarine first strike, Destroyers, aircraft and submarines). Used by players
 * (through the client) and by the AI. Deterministic for a seed.
 */
import type { UnitType } from './board';
import { UNIT, UNIT_TYPES } from './board';
import type { UnitCounts } from './types';

export interface CalcInput {
  attacker: UnitCounts;
  defender: UnitCounts;
  /** A sea battle (first strike and submerging rules apply; no capture). Default: land. */
  sea?: boolean;
  /** The defender has an AA gun (land battles). */
  aaGun?: boolean;
  /** Battleships bombarding before an amphibious assault. */
  bombard?: number;
  trials?: number;
  seed?: number;
}

export interface CalcResult {
  trials: number;
  attackerWin: number;
  defenderWin: number;
  /** No winner: both sides wiped out together, or units that cannot hit each other. */
  draw: number;
  /** Land battles: the attacker wins with a land unit left to take the territory. */
  capture: number;
  /** Average survivors per unit type. */
  attackerSurvivors: UnitCounts;
  defenderSurvivors: UnitCounts;
}

// Unit types as small integers, in the order casualties are taken: cheapest first, transports last.
const ORDER: UnitType[] = UNIT_TYPES.filter((t) => t !== 'factory' && t !== 'aaGun')
  .slice()
  .sort((a, b) => (a === 'transport' ? 1 : 0) - (b === 'transport' ? 1 : 0) || UNIT[a].cost - UNIT[b].cost);
const AIR = ORDER.map((t) => UNIT[t].type === 'air');
const SUB = ORDER.map((t) => t === 'submarine');
const LANDU = ORDER.map((t) => UNIT[t].type === 'land');
const ATT = ORDER.map((t) => UNIT[t].attack);
const DEF = ORDER.map((t) => UNIT[t].defense);
const INF = ORDER.indexOf('infantry');
const ART = ORDER.indexOf('artillery');
const DD = ORDER.indexOf('destroyer');

/** A small fast generator (xorshift32) private to the calculator. */
function makeDie(seed: number): () => number {
  let x = seed | 0 || 0x9e3779b9;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return ((x >>> 0) % 6) + 1;
  };
}

function toArray(c: UnitCounts): number[] {
  return ORDER.map((t) => c[t] ?? 0);
}

function total(a: number[]): number {
  let n = 0;
  for (const x of a) n += x;
  return n;
}

/** Removes up to n units the hit kind may take, cheapest first. */
function take(side: number[], n: number, kind: 0 | 1 | 2, airHitsSubs: boolean): void {
  // kind 0: submarine hits (never aircraft); 1: aircraft hits (subs only with a Destroyer); 2: any.
  for (let i = 0; i < side.length && n > 0; i++) {
    if (kind === 0 && AIR[i]) continue;
    if (kind === 1 && SUB[i] && !airHitsSubs) continue;
    const k = Math.min(n, side[i]!);
    side[i]! -= k;
    n -= k;
  }
}

interface Volley {
  sub: number;
  air: number;
  other: number;
}

function volley(
  side: number[],
  attacking: boolean,
  die: () => number,
  subsOnly: boolean,
  skipSubs: boolean,
): Volley {
  const v: Volley = { sub: 0, air: 0, other: 0 };
  let support = attacking ? side[ART]! : 0;
  for (let i = 0; i < side.length; i++) {
    if (subsOnly && !SUB[i]) continue;
    if (skipSubs && SUB[i]) continue;
    const value = attacking ? ATT[i]! : DEF[i]!;
    for (let k = 0; k < side[i]!; k++) {
      let val = value;
      if (attacking && i === INF && support > 0) {
        support--;
        val++;
      }
      if (val > 0 && die() <= val) {
        if (SUB[i]) v.sub++;
        else if (AIR[i]) v.air++;
        else v.other++;
      }
    }
  }
  return v;
}

function applyVolley(side: number[], v: Volley, enemyHasDestroyer: boolean): void {
  take(side, v.sub, 0, enemyHasDestroyer);
  take(side, v.air, 1, enemyHasDestroyer);
  take(side, v.other, 2, enemyHasDestroyer);
}

function canHit(firing: number[], target: number[], attacking: boolean): boolean {
  const dd = firing[DD]! > 0;
  for (let i = 0; i < firing.length; i++) {
    if (firing[i] === 0 || (attacking ? ATT[i] : DEF[i]) === 0) continue;
    for (let j = 0; j < target.length; j++) {
      if (target[j] === 0) continue;
      if (SUB[i] && AIR[j]) continue;
      if (AIR[i] && SUB[j] && !dd) continue;
      return true;
    }
  }
  return false;
}

/**
 * Results already worked out, by input (the calculation is a pure function of it: the dice are
 * seeded by the input's seed). The bots ask the same battles again and again within a turn and from
 * turn to turn; a repeat costs a lookup and a copy instead of up to 10,000 simulated battles.
 * Emptied when full, so it never grows past CACHE_SIZE results.
 */
const cache = new Map<string, CalcResult>();
const CACHE_SIZE = 20_000;

function copy(r: CalcResult): CalcResult {
  return {
    ...r,
    attackerSurvivors: { ...r.attackerSurvivors },
    defenderSurvivors: { ...r.defenderSurvivors },
  };
}

export function simulateBattle(input: CalcInput): CalcResult {
  const key = [
    ...toArray(input.attacker),
    '|',
    ...toArray(input.defender),
    input.sea === true,
    !!input.sea,
    !!input.aaGun,
    input.bombard ?? 0,
    input.trials ?? 10_000,
    input.seed ?? 12345,
  ].join(',');
  let r = cache.get(key);
  if (!r) {
    if (cache.size >= CACHE_SIZE) cache.clear();
    r = simulateBattleUncached(input);
    cache.set(key, r);
  }
  return copy(r);
}

/** The calculation itself, every time (simulateBattle remembers its results). */
export function simulateBattleUncached(input: CalcInput): CalcResult {
  const trials = input.trials ?? 10_000;
  const die = makeDie(input.seed ?? 12345);
  const a0 = toArray(input.attacker);
  const d0 = toArray(input.defender);
  const aSum = new Array<number>(ORDER.length).fill(0);
  const dSum = new Array<number>(ORDER.length).fill(0);
  let aw = 0;
  let dw = 0;
  let draw = 0;
  let capture = 0;
  for (let t = 0; t < trials; t++) {
    const a = a0.slice();
    const d = d0.slice();
    if (input.bombard && !input.sea) {
      let hits = 0;
      for (let k = 0; k < input.bombard; k++) if (die() <= UNIT.battleship.attack) hits++;
      take(d, hits, 2, true);
    }
    if (input.aaGun && !input.sea) {
      let planes = 0;
      for (let i = 0; i < a.length; i++) if (AIR[i]) planes += a[i]!;
      let hits = 0;
      for (let k = 0; k < planes; k++) if (die() === 1) hits++;
      for (let i = 0; i < a.length && hits > 0; i++) {
        if (!AIR[i]) continue;
        const k = Math.min(hits, a[i]!);
        a[i]! -= k;
        hits -= k;
      }
    }
    for (let round = 0; round < 60; round++) {
      if (total(a) === 0 || total(d) === 0) break;
      if (!canHit(a, d, true) && !canHit(d, a, false)) break;
      const aDD = a[DD]! > 0;
      const dDD = d[DD]! > 0;
      const aFirst = input.sea === true && !dDD;
      const dFirst = input.sea === true && !aDD;
      if (aFirst || dFirst) {
        const va = aFirst ? volley(a, true, die, true, false) : { sub: 0, air: 0, other: 0 };
        const vd = dFirst ? volley(d, false, die, true, false) : { sub: 0, air: 0, other: 0 };
        applyVolley(d, va, aDD);
        applyVolley(a, vd, dDD);
      }
      const ga = volley(a, true, die, false, aFirst);
      const gd = volley(d, false, die, false, dFirst);
      applyVolley(d, ga, aDD);
      applyVolley(a, gd, dDD);
    }
    const at = total(a);
    const dt = total(d);
    if (at > 0 && dt === 0) {
      aw++;
      if (!input.sea && a.some((n, i) => n > 0 && LANDU[i])) capture++;
    } else if (dt > 0 && at === 0) dw++;
    else draw++;
    for (let i = 0; i < a.length; i++) {
      aSum[i]! += a[i]!;
      dSum[i]! += d[i]!;
    }
  }
  const avg = (sum: number[]): UnitCounts => {
    const out: UnitCounts = {};
    ORDER.forEach((t, i) => {
      if (sum[i]! > 0) out[t] = sum[i]! / trials;
    });
    return out;
  };
  return {
    trials,
    attackerWin: aw / trials,
    defenderWin: dw / trials,
    draw: draw / trials,
    capture: capture / trials,
    attackerSurvivors: avg(aSum),
    defenderSurvivors: avg(dSum),
  };
}
