/**
 * "This turn": ideas for the acting player, worked out on the screen from what this seat sees (the
 * map's public state, with fog of war's hidden territories left out) and its legal moves, with the
 * battle calculator the move card uses. Nothing here decides a rule or moves a unit: a picked idea
 * only selects units and asks (the confirm card), as a tap on the map does. Pure (no DOM), so tests
 * check the odds and what is left out.
 */
import type { GameAction } from '@parlor/shared/core/contract';
import {
  isWater,
  neighbours,
  production,
  stepsFrom,
  UNIT,
  type UnitType,
} from '@parlor/shared/games/tactical-risk/board';
import type { Counts, TrPublic } from './adapter';
import {
  commonDestinations,
  cost,
  countsTotal,
  type MoveGroup,
  moveGroups,
  planOdds,
  type Selection,
} from './model';
import { alliedWith, attackReach, joiningUnits } from './sceneModel';

/** Odds at or above this make an attack worth a row. */
export const GOOD_ODDS = 0.6;
/** Rows shown at most. */
export const MAX_ROWS = 4;

/** An enemy territory with defenders that the mover's units can reach in this combat move. */
export interface AttackIdea {
  target: string;
  /** The calculator's odds with every unit that can reach (and those already there). */
  win: number;
  capture: number;
  /** The territory's production (IPC a turn). */
  ipc: number;
  /** The mover's units that would fight: already there, and all that can still reach. */
  attackers: Counts;
  /** The stacks that can still join, largest first. */
  from: string[];
  /** Units of the mover already moved in (the battle is set). */
  committed: number;
}

/** Empty enemy land a land unit can walk into. */
export interface FreeIdea {
  target: string;
  ipc: number;
  from: string;
}

/** The mover's land territory with the most enemy strength next to it (what it sees). */
export interface Front {
  territory: string;
  /** Enemy land and air units in the land around it. */
  enemy: number;
  /** The mover's units there. */
  mine: number;
}

export interface Advice {
  /** One line: what to do (the whole advice outside the combat move). */
  line: string;
  /** Combat move: attacks at GOOD_ODDS or better, best first (at most MAX_ROWS). */
  attacks: AttackIdea[];
  /** Combat move: empty enemy land in reach, the most production first. */
  free: FreeIdea[];
  /** Purchase: the units the line suggests (the panel can count them in; the player buys). */
  buy?: Counts;
}

const hostileFaction = (pub: TrPublic, f: string): boolean => !!f && f !== pub.faction && !alliedWith(pub, f);

function enemyUnits(pub: TrPublic, at: string): number {
  let n = 0;
  for (const [f, s] of Object.entries(pub.territories[at]?.units ?? {}))
    if (hostileFaction(pub, f)) n += countsTotal(s.counts) - (s.counts.factory ?? 0) - (s.counts.aaGun ?? 0);
  return n;
}

/** Land the mover's side may not hold: an enemy's, or holding enemy units. */
function enemyLand(pub: TrPublic, at: string): boolean {
  if (isWater(at)) return false;
  return hostileFaction(pub, pub.territories[at]?.owner ?? '') || enemyUnits(pub, at) > 0;
}

const unitsOf = (groups: readonly MoveGroup[]): number => groups.reduce((n, g) => n + g.ids.length, 0);

/**
 * Every enemy territory with defenders that units can reach now (combat move), with the odds of all
 * of them together, best first (odds, then taking it, then production). Territories hidden by fog of
 * war are left out (what defends them is not known here).
 */
export function attackIdeas(
  pub: TrPublic,
  legal: readonly GameAction[],
  hidden: ReadonlySet<string>,
): AttackIdea[] {
  if (pub.phase !== 'combatMove') return [];
  const stacks = attackReach(pub, legal);
  const targets = new Set<string>();
  for (const groups of stacks.values())
    for (const g of groups)
      for (const d of g.dests.keys()) if (!hidden.has(d) && enemyLand(pub, d)) targets.add(d);
  // A battle already set up by this turn's moves stays on the list while stacks may still join.
  for (const [t, info] of Object.entries(pub.territories))
    if (!hidden.has(t) && info.units[pub.faction] && enemyUnits(pub, t) > 0 && !isWater(t)) targets.add(t);
  const out: AttackIdea[] = [];
  for (const target of targets) {
    if (enemyUnits(pub, target) === 0) continue;
    const add: Counts = {};
    const from: { at: string; n: number }[] = [];
    for (const { at, groups: join } of joiningUnits(stacks, target)) {
      for (const g of join) add[g.type] = (add[g.type] ?? 0) + g.ids.length;
      from.push({ at, n: unitsOf(join) });
    }
    const r = planOdds(pub, target, add);
    if (!r) continue;
    const there = pub.territories[target]?.units[pub.faction]?.counts ?? {};
    const attackers: Counts = { ...there };
    for (const [t, n] of Object.entries(add) as [UnitType, number][]) attackers[t] = (attackers[t] ?? 0) + n;
    out.push({
      target,
      win: r.attackerWin,
      capture: r.capture,
      ipc: production(target),
      attackers,
      from: from.sort((a, b) => b.n - a.n || a.at.localeCompare(b.at)).map((x) => x.at),
      committed: countsTotal(there),
    });
  }
  return out.sort(
    (a, b) => b.win - a.win || b.capture - a.capture || b.ipc - a.ipc || a.target.localeCompare(b.target),
  );
}

/** Empty enemy land (seen, no defender) a land unit can walk into now, the most production first. */
export function freeLand(
  pub: TrPublic,
  legal: readonly GameAction[],
  hidden: ReadonlySet<string>,
): FreeIdea[] {
  if (pub.phase !== 'combatMove') return [];
  const best = new Map<string, { from: string; n: number }>();
  for (const [at, groups] of attackReach(pub, legal))
    for (const g of groups) {
      if (g.cls !== 'land') continue;
      for (const [d, dest] of g.dests) {
        if (!dest.plain || hidden.has(d) || isWater(d)) continue;
        if (!hostileFaction(pub, pub.territories[d]?.owner ?? '') || enemyUnits(pub, d) > 0) continue;
        if (pub.territories[d]?.units[pub.faction]) continue; // already walked into
        const n = unitsOf(groups);
        const known = best.get(d);
        if (!known || n > known.n) best.set(d, { from: at, n });
      }
    }
  return [...best]
    .map(([target, { from }]) => ({ target, ipc: production(target), from }))
    .sort((a, b) => b.ipc - a.ipc || a.target.localeCompare(b.target));
}

/**
 * The front: the mover's land with the most enemy units (seen) in the land next to it; ties go to
 * the one with more production. Null when no enemy is seen next to any of it.
 */
export function frontOf(pub: TrPublic, hidden: ReadonlySet<string>): Front | null {
  let best: (Front & { ipc: number }) | null = null;
  for (const [t, info] of Object.entries(pub.territories)) {
    if (isWater(t) || info.owner !== pub.faction) continue;
    let enemy = 0;
    for (const n of neighbours(t)) if (!isWater(n) && !hidden.has(n)) enemy += enemyUnits(pub, n);
    if (enemy === 0) continue;
    const ipc = production(t);
    if (!best || enemy > best.enemy || (enemy === best.enemy && ipc > best.ipc)) {
      const s = info.units[pub.faction]?.counts ?? {};
      best = { territory: t, enemy, mine: countsTotal(s) - (s.factory ?? 0) - (s.aaGun ?? 0), ipc };
    }
  }
  return best && { territory: best.territory, enemy: best.enemy, mine: best.mine };
}

/** Steps over land from each place to `to` (99 when not joined by land within 11 steps). */
function landStepsTo(to: string): (from: string) => number {
  const d = stepsFrom([to], (_at, n) => !isWater(n), 11);
  return (from) => d.get(from) ?? 99;
}

/** Of the places offered, the one nearest the front over land (the first on a tie). */
export function nearestFront(spots: readonly string[], front: Front | null): string | null {
  if (!spots.length) return null;
  if (!front) return spots[0]!;
  const steps = landStepsTo(front.territory);
  return spots.reduce((a, b) => (steps(b) < steps(a) ? b : a));
}

/**
 * The mover's factories (held since the turn began) with the units each may take in a turn, the
 * nearest the front first (then the larger).
 */
export function placePlan(pub: TrPublic, front: Front | null): { at: string; room: number }[] {
  const steps = front ? landStepsTo(front.territory) : () => 0;
  return myFactories(pub)
    .map((at) => ({ at, room: production(at) - (pub.placedAt[at] ?? 0), d: steps(at) }))
    .filter((p) => p.room > 0)
    .sort((a, b) => a.d - b.d || b.room - a.room)
    .map(({ at, room }) => ({ at, room }));
}

/**
 * A purchase for a newcomer: mostly Infantry (defends best per IPC), an Armour in four IPC to
 * attack; no more units than the factories can place this turn (`room`): then the money left buys
 * Armour instead of Infantry, and Fighters instead of Armour (at most half the units).
 */
export function suggestedBuy(treasury: number, room = Infinity): Counts {
  let armour = Math.max(0, Math.min(Math.floor((treasury * 0.25) / UNIT.armour.cost), Math.floor(room / 4)));
  let infantry = Math.max(
    0,
    Math.min(Math.floor((treasury - armour * UNIT.armour.cost) / UNIT.infantry.cost), room - armour),
  );
  // The factories are full before the money is spent: Armour in Infantry's place (same slot, more attack).
  const step = UNIT.armour.cost - UNIT.infantry.cost;
  while (infantry > 0 && treasury - infantry * UNIT.infantry.cost - armour * UNIT.armour.cost >= step) {
    infantry--;
    armour++;
  }
  // Still money over (a big treasury, few factory places): Fighters (defend 4) for up to half the units.
  let fighter = 0;
  const up = UNIT.fighter.cost - UNIT.armour.cost;
  const spent = () => infantry * UNIT.infantry.cost + armour * UNIT.armour.cost + fighter * UNIT.fighter.cost;
  while (armour > 0 && treasury - spent() >= up && 2 * (fighter + 1) <= infantry + armour + fighter) {
    armour--;
    fighter++;
  }
  const out: Counts = {};
  if (infantry > 0) out.infantry = infantry;
  if (armour > 0) out.armour = armour;
  if (fighter > 0) out.fighter = fighter;
  return out;
}

export function countsText(c: Counts): string {
  const parts = (Object.entries(c) as [UnitType, number][])
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `${n} ${UNIT[t].name}${n > 1 && /er$/.test(UNIT[t].name) ? 's' : ''}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

const frontWords = (f: Front): string =>
  `${f.territory} (${f.enemy} enemy units next to it, ${f.mine} of yours)`;

/** The factories the mover may place at (held since the turn began). */
function myFactories(pub: TrPublic): string[] {
  return pub.factoriesAtStart.filter((t) => pub.territories[t]?.owner === pub.faction);
}

/**
 * Where the mover's spare units are: the land stack with the most units that sees no enemy next to
 * it and can move toward the front (a plain move to it, or to land next to it). Non-combat move.
 */
function spareFor(
  pub: TrPublic,
  legal: readonly GameAction[],
  front: Front,
  hidden: ReadonlySet<string>,
): string | null {
  let best: { at: string; n: number } | null = null;
  const near = new Set([front.territory, ...neighbours(front.territory)]);
  for (const [at, groups] of attackReach(pub, legal)) {
    if (at === front.territory) continue;
    if (neighbours(at).some((n) => !isWater(n) && !hidden.has(n) && enemyUnits(pub, n) > 0)) continue;
    const going = groups.filter((g) => g.cls === 'land' && [...g.dests.keys()].some((d) => near.has(d)));
    const n = unitsOf(going);
    if (n > 0 && (!best || n > best.n)) best = { at, n };
  }
  return best?.at ?? null;
}

/** The combat move's line: how to use the rows, or (none good) what to do instead. */
function combatLine(
  good: readonly AttackIdea[],
  best: AttackIdea | undefined,
  free: boolean,
  front: Front | null,
): string {
  if (good.length)
    return 'Tap an idea: its first stack is chosen, then “Move”; tap it again for the next stack.';
  const odds = best
    ? ` (the best: ${best.target}, win ${Math.round(best.win * 100)}% with all you can send)`
    : '';
  const hold = front ? ` Then in the non-combat move strengthen ${front.territory}.` : '';
  return (
    `No attack with good odds this turn${odds}: keep your units, press “To battles”.${hold}` +
    (free ? ' Empty land below is free to take.' : '')
  );
}

/**
 * The ideas for this seat now: for the combat move the attacks and free land (and a line when none is
 * good), for the purchase, the placement and the non-combat move one line. Null when there is
 * nothing to say (not this seat's turn, a battle, the draft).
 */
export function adviceFor(
  pub: TrPublic,
  legal: readonly GameAction[],
  hidden: ReadonlySet<string>,
  treasury: number,
): Advice | null {
  if (!legal.length || pub.battle || pub.winner) return null;
  const front = frontOf(pub, hidden);
  const legalTypes = new Set(legal.map((a) => a.type));
  if (pub.phase === 'purchase' && legalTypes.has('buy')) {
    const places = placePlan(pub, front);
    // Units bought before and not placed yet take their room first.
    const waiting = countsTotal(pub.factions.find((f) => f.name === pub.faction)?.pending ?? {});
    const room = Math.max(0, places.reduce((n, p) => n + p.room, 0) - waiting);
    const buy = suggestedBuy(treasury, room);
    let left = countsTotal(buy);
    const spots: string[] = [];
    for (const p of places) {
      if (left <= 0) break;
      const n = Math.min(left, p.room);
      spots.push(`${p.at} (${n})`);
      left -= n;
    }
    const where = spots.length ? `; you place them at ${spots.join(', ')} at the end of your turn` : '';
    if (!countsTotal(buy))
      return { line: 'Too little money to buy a unit: press “Done buying”.', attacks: [], free: [] };
    const line =
      `Buy ${countsText(buy)} (${cost(buy)} of your ${treasury} IPC)${where}.` +
      (front ? ` The front: ${frontWords(front)}.` : '');
    return { line, attacks: [], free: [], buy };
  }
  if (pub.phase === 'combatMove') {
    const all = attackIdeas(pub, legal, hidden);
    const attacks = all.filter((a) => a.win >= GOOD_ODDS).slice(0, MAX_ROWS);
    const free = freeLand(pub, legal, hidden).slice(0, MAX_ROWS);
    return { line: combatLine(attacks, all[0], free.length > 0, front), attacks, free };
  }
  if (pub.phase === 'nonCombatMove') {
    if (!front)
      return {
        line: 'No enemy next to your land: move units toward the enemy, or end the phase.',
        attacks: [],
        free: [],
      };
    const spare = spareFor(pub, legal, front, hidden);
    const line = spare
      ? `Move spare units from ${spare} toward ${frontWords(front)}.`
      : `Hold ${frontWords(front)}: move units there if any can reach it.`;
    return { line, attacks: [], free: [] };
  }
  if (pub.phase === 'place' && legalTypes.has('place')) {
    const spots = [
      ...new Set(
        (legal as { type: string; territory?: string }[])
          .filter((a) => a.type === 'place')
          .map((a) => a.territory!),
      ),
    ];
    const land = spots.filter((t) => !isWater(t));
    const at = nearestFront(land.length ? land : spots, front);
    return at
      ? {
          line: `Place your units at ${at}${front ? `, nearest the front (${front.territory})` : ''}.`,
          attacks: [],
          free: [],
        }
      : null;
  }
  return null;
}

/**
 * What a tap on an idea selects: the next stack (the largest first) that can go to `target`, all its
 * units that move the same way and reach it (a free walk-in: one land unit), checked against the
 * destinations the move card would offer. Null when no stack can go there now.
 */
export function ideaStep(
  pub: TrPublic,
  legal: readonly GameAction[],
  target: string,
  single = false,
): { from: string; sel: Selection } | null {
  const options: { from: string; sel: Selection; n: number }[] = [];
  for (const { at, groups } of joiningUnits(attackReach(pub, legal), target)) {
    const join = groups.filter((g) => !single || g.cls === 'land');
    if (!join.length) continue;
    // One way of moving per move: the land units first (they take the territory), else the air.
    const byCls = new Map<string, MoveGroup[]>();
    for (const g of join) byCls.set(g.cls, [...(byCls.get(g.cls) ?? []), g]);
    const cls = byCls.has('land') ? 'land' : [...byCls.keys()][0]!;
    let chosen = byCls.get(cls)!;
    if (single) {
      const cheapest = chosen.reduce((a, b) => (UNIT[b.type].cost < UNIT[a.type].cost ? b : a));
      chosen = [cheapest];
    }
    let sel: Selection = Object.fromEntries(chosen.map((g) => [g.key, single ? 1 : g.ids.length]));
    const all = moveGroups(pub, legal, at);
    if (!commonDestinations(pub, all, sel).has(target)) {
      // Groups that reach it by paths of different lengths move apart: the largest alone.
      const big = chosen.reduce((a, b) => (b.ids.length > a.ids.length ? b : a));
      sel = { [big.key]: single ? 1 : big.ids.length };
      if (!commonDestinations(pub, all, sel).has(target)) continue;
    }
    options.push({ from: at, sel, n: unitsOf(join) });
  }
  options.sort((a, b) => b.n - a.n || a.from.localeCompare(b.from));
  const first = options[0];
  return first ? { from: first.from, sel: first.sel } : null;
}
