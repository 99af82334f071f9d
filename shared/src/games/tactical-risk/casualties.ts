/**
 * Which units hits can remove: a tiny max-flow between hit kinds (submarine, air, other) and unit
 * classes, for checking a casualty choice and for the cheapest-first suggestion a battle prompt offers.
 */
import { UNIT } from './board';
import { isAir } from './state';
import type { Hits, Unit } from './types';

export type Cls = 'air' | 'sub' | 'other';

const clsOf = (u: Unit): Cls => (isAir(u.type) ? 'air' : u.type === 'submarine' ? 'sub' : 'other');

/**
 * How many of these units the hits can remove (a maximum matching of hits to units). With unlimited
 * edges between hit kinds and unit classes, max-flow = min over sets X of hit kinds of
 * (hits outside X) + (units of the classes X may hit). `airHitsSubs`: the firing side has a Destroyer.
 */
export function assignable(hits: Hits, counts: Record<Cls, number>, airHitsSubs: boolean): number {
  const targets: Record<keyof Hits, Cls[]> = {
    sub: ['sub', 'other'],
    air: airHitsSubs ? ['air', 'sub', 'other'] : ['air', 'other'],
    other: ['air', 'sub', 'other'],
  };
  const kinds = ['sub', 'air', 'other'] as const;
  let best = Infinity;
  for (let mask = 0; mask < 8; mask++) {
    let cut = 0;
    const reached = new Set<Cls>();
    kinds.forEach((k, i) => {
      if (mask & (1 << i)) for (const c of targets[k]) reached.add(c);
      else cut += hits[k];
    });
    for (const c of reached) cut += counts[c];
    best = Math.min(best, cut);
  }
  return best;
}

export function countClasses(units: Unit[]): Record<Cls, number> {
  const c: Record<Cls, number> = { air: 0, sub: 0, other: 0 };
  for (const u of units) c[clsOf(u)]++;
  return c;
}

/** Cheapest first, transports last. */
function suggestionOrder(a: Unit, b: Unit): number {
  const ta = a.type === 'transport' ? 1 : 0;
  const tb = b.type === 'transport' ? 1 : 0;
  return ta - tb || UNIT[a.type].cost - UNIT[b.type].cost || a.id - b.id;
}

export function suggestCasualties(
  units: Unit[],
  hits: Hits,
  airHitsSubs: boolean,
  airOnly: boolean,
): number[] {
  const pool = (airOnly ? units.filter((u) => isAir(u.type)) : units).slice().sort(suggestionOrder);
  const chosen: Unit[] = [];
  const need = airOnly
    ? Math.min(pool.length, hits.other)
    : assignable(hits, countClasses(pool), airHitsSubs);
  for (const u of pool) {
    if (chosen.length >= need) break;
    if (airOnly || assignable(hits, countClasses([...chosen, u]), airHitsSubs) === chosen.length + 1)
      chosen.push(u);
  }
  return chosen.map((u) => u.id);
}
