/**
 * The move confirm's warning (client help, not a rule): a move that takes the last land defender out
 * of a capital the mover holds, while an enemy land unit could walk, blitz or sail into it on its
 * next turn. Computed from the seat's own wire view only (what fog of war hides does not count).
 * Only land units take a territory, so only they are a threat here; the reach is the map's movement
 * (land steps through the enemy's own side's land, armour blitzing through empty land, cargo on a
 * transport that can get beside the capital), a little generous rather than ever silent.
 */
import { isWater, neighbours, UNIT, type UnitType } from './board';
import type { Counts, TrPublic } from './wireView';

export interface CapitalWarning {
  /** The capital left without a land defender. */
  territory: string;
  /** The hostile factions with land units that can reach it, in the view's faction order. */
  enemies: string[];
  /** A land unit type of the move that could stay behind (the cheapest), or null. */
  keep: UnitType | null;
}

/** Land units that defend a territory and can be kept home (not AA guns or factories). */
const DEFENDERS: UnitType[] = ['infantry', 'artillery', 'armour'];

function alliedIn(pub: TrPublic, a: string, b: string): boolean {
  if (a === b) return true;
  const x = pub.factions.find((f) => f.name === a)?.alliance;
  return !!x && x === pub.factions.find((f) => f.name === b)?.alliance;
}

function landDefenders(counts: Counts): number {
  return DEFENDERS.reduce((n, t) => n + (counts[t] ?? 0), 0);
}

/** Whether a land unit of `enemy` at `start` reaches `target` within `steps` land moves. */
function marches(
  pub: TrPublic,
  enemy: string,
  start: string,
  target: string,
  steps: number,
  blitz: boolean,
): boolean {
  const pass = (at: string): boolean => {
    const t = pub.territories[at];
    if (!t || !t.owner) return false; // neutral
    // Any combat unit of the other side stops the march (and armour's blitz) there.
    const hostileUnits = Object.entries(t.units).some(
      ([f, st]) =>
        !alliedIn(pub, f, enemy) &&
        Object.entries(st.counts).some(([u, n]) => (n ?? 0) > 0 && u !== 'aaGun' && u !== 'factory'),
    );
    if (hostileUnits) return false;
    return alliedIn(pub, t.owner, enemy) || blitz;
  };
  let frontier = [start];
  const seen = new Set(frontier);
  for (let d = 0; d < steps; d++) {
    const next: string[] = [];
    for (const at of frontier) {
      if (at !== start && !pass(at)) continue;
      for (const n of neighbours(at)) {
        if (n === target) return true;
        if (seen.has(n) || isWater(n)) continue;
        seen.add(n);
        next.push(n);
      }
    }
    frontier = next;
  }
  return false;
}

/** Sea zones within `steps` of `from` (blocking ignored: generous). */
function seaWithin(from: string, steps: number): Set<string> {
  const out = new Set([from]);
  let frontier = [from];
  for (let d = 0; d < steps; d++) {
    const next: string[] = [];
    for (const at of frontier)
      for (const n of neighbours(at))
        if (isWater(n) && !out.has(n)) {
          out.add(n);
          next.push(n);
        }
    frontier = next;
  }
  return out;
}

/** Whether `enemy` has a transport that could carry its land units to beside `target` and land them. */
function sails(pub: TrPublic, enemy: string, target: string): boolean {
  for (const [zone, t] of Object.entries(pub.territories)) {
    if (!isWater(zone) || !(t.units[enemy]?.counts.transport ?? 0)) continue;
    const reach = seaWithin(zone, UNIT.transport.movement);
    if (![...reach].some((z) => neighbours(target).includes(z))) continue;
    // Cargo aboard (land units of the enemy in a sea zone), or land units on a shore it passes.
    if (landDefenders(t.units[enemy]!.counts) > 0) return true;
    for (const z of reach)
      for (const n of neighbours(z))
        if (!isWater(n) && landDefenders(pub.territories[n]?.units[enemy]?.counts ?? {}) > 0) return true;
  }
  return false;
}

/** Hostile factions (to `mover`) with a land unit that could reach `target` on their next turn. */
export function enemiesReaching(pub: TrPublic, mover: string, target: string): string[] {
  const out: string[] = [];
  for (const f of pub.factions) {
    if (f.out || alliedIn(pub, f.name, mover)) continue;
    let reaches = sails(pub, f.name, target);
    for (const [at, t] of Object.entries(pub.territories)) {
      if (reaches) break;
      if (isWater(at)) continue;
      const c = t.units[f.name]?.counts ?? {};
      if (
        (c.infantry ?? 0) + (c.artillery ?? 0) > 0 &&
        marches(pub, f.name, at, target, UNIT.infantry.movement, false)
      )
        reaches = true;
      else if ((c.armour ?? 0) > 0 && marches(pub, f.name, at, target, UNIT.armour.movement, true))
        reaches = true;
    }
    if (reaches) out.push(f.name);
  }
  return out;
}

/**
 * The warning for `mover` moving `leaving` out of `from`, or null: `from` is a capital the mover
 * holds, no land defender of the mover's side stays, and an enemy land unit can reach it next turn.
 */
export function capitalLeftOpen(
  pub: TrPublic,
  mover: string,
  from: string,
  leaving: Counts,
): CapitalWarning | null {
  const t = pub.territories[from];
  if (!t || t.owner !== mover || !pub.factions.some((f) => f.capital === from)) return null;
  let staying = 0;
  for (const [f, st] of Object.entries(t.units)) {
    if (!alliedIn(pub, f, mover)) continue;
    staying += landDefenders(st.counts);
    if (f === mover) staying -= landDefenders(leaving);
  }
  if (staying > 0) return null;
  const enemies = enemiesReaching(pub, mover, from);
  if (enemies.length === 0) return null;
  const keep = DEFENDERS.find((u) => (leaving[u] ?? 0) > 0) ?? null;
  return { territory: from, enemies, keep };
}

/** The warning as the confirm card says it. */
export function capitalWarningText(w: CapitalWarning): string {
  // "Germans" -> "German" (British, Japanese stay as they are).
  const who = w.enemies.map((f) => (f.endsWith('ans') ? f.slice(0, -1) : f)).join(' and ');
  return `Leaves ${w.territory} empty: ${who} land units can reach it next turn.`;
}
