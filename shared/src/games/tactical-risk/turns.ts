/**
 * The turn cycle: beginning a turn, ending phases, income, captures and the victory checks made at
 * the end of each round.
 */
import type { Faction } from './board';
import { CAPITALS, FACTIONS, LAND, TERRITORY, UNIT, continentList, turnOrder } from './board';
import type { Events } from './state';
import { allied, capitalOf, current, hostile, isAir, isOut, production } from './state';
import { noteTurn, openTurnRecord, turnChanges } from './turnlog';
import type { TacticalRiskState } from './types';
import { LIMIT_BY_TARGET_EDITION, edition } from './edition';

export const AXIS_ECONOMIC_TARGET = 84;
export const ALLIES_ECONOMIC_TARGET = 140;
export const NEUTRAL_ENTRY_COST = 3;

/** Resets the mover's per-turn flags and takes the snapshots the turn's rules refer to. */
export function beginTurn(s: TacticalRiskState): void {
  const f = current(s);
  s.turnStartOwner = { ...s.owner };
  s.factoriesAtStart = s.units
    .filter((u) => u.type === 'factory' && u.owner === f && s.owner[u.at] === f)
    .map((u) => u.at);
  s.placedAt = {};
  for (const u of s.units) {
    if (u.owner !== f) continue;
    u.moved = 0;
    u.combatMoved = false;
    u.fought = false;
    u.from = null;
    u.amphibious = false;
    u.unloadedTo = null;
    u.raid = false;
    delete u.landing;
  }
  s.battles = [];
  s.battle = null;
  s.prev = null;
  if (s.phase !== 'draft') {
    s.phase = 'purchase';
    openTurnRecord(s);
  }
  s.seq++;
}

export function continentBonuses(s: TacticalRiskState, f: Faction): { name: string; bonus: number }[] {
  return continentList
    .filter((c) => c.territories.every((t) => s.owner[t] === f))
    .map((c) => ({ name: c.name, bonus: c.bonus }));
}

/** Territory production plus continent bonuses; nothing while the capital is in enemy hands. */
export function incomeOf(s: TacticalRiskState, f: Faction): number {
  if (s.owner[capitalOf(f)] !== f) return 0;
  let total = 0;
  for (const name of LAND) if (s.owner[name] === f) total += production(name);
  for (const c of continentBonuses(s, f)) total += c.bonus;
  return total;
}

/**
 * A land territory changes hands. A territory of an ally returns to its original owner when that
 * owner holds its capital (liberation); a captured capital hands its treasury to the captor; factories
 * and AA guns change hands with the territory.
 */
export function capture(s: TacticalRiskState, name: string, by: Faction, ev: Events): void {
  const before = s.owner[name] ?? null;
  const original = (TERRITORY.get(name)?.originalOwner as Faction | null | undefined) ?? null;
  let to = by;
  if (
    original &&
    original !== by &&
    allied(s, original, by) &&
    (name === capitalOf(original) || s.owner[capitalOf(original)] === original)
  ) {
    to = original;
  }
  s.owner[name] = to;
  for (const u of s.units) {
    if (u.at === name && (u.type === 'factory' || u.type === 'aaGun') && hostile(s, u.owner, to))
      u.owner = to;
  }
  // Factions are plural: "The Russians capture", "The British liberate ... for the Russians".
  const verb = to === by ? 'capture' : `liberate`;
  ev.push({
    type: 'capture',
    text: `The ${by} ${verb} ${name}${before ? ` from the ${before}` : ''}${to === by ? '' : ` for the ${to}`}.`,
    data: { territory: name, by, to, from: before },
  });
  if (before && name === capitalOf(before) && hostile(s, before, by)) {
    const loot = s.treasury[before];
    s.treasury[by] += loot;
    s.treasury[before] = 0;
    ev.push({
      type: 'capitalCaptured',
      text: `${name}, capital of the ${before}, falls: the ${by} take ${loot} IPCs from their treasury.`,
      data: { territory: name, from: before, by, ipcs: loot },
    });
  }
}

/** Air units of the mover that have nowhere to land at the end of its turn are lost. */
export function crashStrandedAir(s: TacticalRiskState, ev: Events): void {
  const f = current(s);
  const lost: number[] = [];
  const seaLoad = new Map<string, number>();
  for (const u of s.units) {
    if (u.owner !== f || !isAir(u.type)) continue;
    const t = TERRITORY.get(u.at)!;
    if (!t.isWater) {
      const o = s.owner[u.at];
      const start = s.turnStartOwner[u.at];
      if (!(o && allied(s, o, f) && start && allied(s, start, f))) lost.push(u.id);
      continue;
    }
    if (u.type !== 'fighter') {
      lost.push(u.id);
      continue;
    }
    seaLoad.set(u.at, (seaLoad.get(u.at) ?? 0) + 1);
  }
  for (const [zone] of seaLoad) {
    const cap =
      s.units.filter((u) => u.at === zone && u.type === 'carrier' && allied(s, u.owner, f)).length *
      (UNIT.carrier.carrierCapacity ?? 2);
    const fighters = s.units.filter((u) => u.at === zone && u.type === 'fighter' && allied(s, u.owner, f));
    const others = fighters.filter((u) => u.owner !== f).length;
    const mine = fighters.filter((u) => u.owner === f);
    const room = Math.max(0, cap - others);
    for (const u of mine.slice(room)) lost.push(u.id);
  }
  if (lost.length === 0) return;
  s.units = s.units.filter((u) => !lost.includes(u.id));
  ev.push({
    type: 'crash',
    text: `The ${f} lose ${lost.length} aircraft with nowhere to land.`,
    data: { faction: f, units: lost },
  });
}

/** Phase 6: income, then the next faction's turn (and the end-of-round checks). */
export function collectIncomeAndPass(s: TacticalRiskState, ev: Events): void {
  const f = current(s);
  const income = incomeOf(s, f);
  s.treasury[f] += income;
  const bonuses = continentBonuses(s, f);
  const bonusText = bonuses.length
    ? ` (continents: ${bonuses.map((b) => `${b.name} +${b.bonus}`).join(', ')})`
    : '';
  ev.push({
    type: 'income',
    text:
      s.owner[capitalOf(f)] === f
        ? `The ${f} collect ${income} IPCs${bonusText}.`
        : `The ${f} collect nothing: their capital is in enemy hands.`,
    data: { faction: f, ipcs: income },
  });
  noteTurn(s, (r) => ({ ...r, ...turnChanges(s), done: true, income }));
  nextTurn(s, ev);
}

function nextTurn(s: TacticalRiskState, ev: Events): void {
  for (let i = 0; i < turnOrder.length; i++) {
    s.turn++;
    s.turnNumber++;
    if (s.turn >= turnOrder.length) {
      s.turn = 0;
      endOfRound(s, ev);
      if (s.winner) return;
      s.round++;
    }
    if (!isOut(s, current(s))) break;
  }
  beginTurn(s);
  ev.push({
    type: 'turn',
    text: `Round ${s.round}: the ${current(s)} to move.`,
    data: { faction: current(s), round: s.round },
  });
}

function holder(s: TacticalRiskState, name: string): Faction | null {
  return s.owner[name] ?? null;
}

function allianceProduction(s: TacticalRiskState, side: 'Axis' | 'Allies'): number {
  let total = 0;
  for (const name of LAND) {
    const o = s.owner[name];
    if (o && s.alliance[o] === side) total += production(name);
  }
  return total;
}

function finish(s: TacticalRiskState, factions: Faction[], reason: string, ev: Events): void {
  s.winner = { factions, reason };
  s.phase = 'finished';
  s.battle = null;
  s.prev = null;
  ev.push({ type: 'gameOver', text: reason, data: { winners: factions } });
}

/** Victory conditions, checked at the end of every full round. */
export function endOfRound(s: TacticalRiskState, ev: Events): void {
  const limitReached = s.options.roundLimit > 0 && s.round >= s.options.roundLimit;
  if (s.options.mode === 'ffa') {
    const held = FACTIONS.map((f) => ({ f, n: CAPITALS.filter((c) => holder(s, c) === f).length }));
    const best = Math.max(...held.map((h) => h.n));
    if (best >= s.options.capitalsToWin) {
      const ws = held.filter((h) => h.n === best).map((h) => h.f);
      return finish(s, ws, `The ${ws.join(' and the ')} hold ${best} capitals and win.`, ev);
    }
    const alive = FACTIONS.filter((f) => !isOut(s, f));
    if (alive.length === 1) return finish(s, alive, `The ${alive[0]} are the last faction standing.`, ev);
    if (limitReached) {
      const prod = FACTIONS.map((f) => ({
        f,
        p: LAND.filter((t) => s.owner[t] === f).reduce((a, t) => a + production(t), 0),
      }));
      const top = Math.max(...prod.map((x) => x.p));
      const ws = prod.filter((x) => x.p === top).map((x) => x.f);
      return finish(s, ws, `Round limit: the ${ws.join(' and the ')} lead with ${top} production.`, ev);
    }
    return;
  }
  const members = (side: 'Axis' | 'Allies') => FACTIONS.filter((f) => s.alliance[f] === side);
  const capitalsOf = (side: 'Axis' | 'Allies') => members(side).map(capitalOf);
  const heldBy = (name: string, side: 'Axis' | 'Allies') => {
    const o = holder(s, name);
    return o !== null && s.alliance[o] === side;
  };
  const axisCaps = capitalsOf('Axis');
  const alliedCaps = capitalsOf('Allies');
  if (axisCaps.every((c) => heldBy(c, 'Axis')) && alliedCaps.filter((c) => heldBy(c, 'Axis')).length >= 2) {
    return finish(s, members('Axis'), 'The Axis hold two Allied capitals and their own: the Axis win.', ev);
  }
  if (axisCaps.every((c) => heldBy(c, 'Allies')) && alliedCaps.every((c) => heldBy(c, 'Allies'))) {
    return finish(
      s,
      members('Allies'),
      'The Allies hold both Axis capitals and all of their own: the Allies win.',
      ev,
    );
  }
  if (s.options.economicVictory) {
    const axis = allianceProduction(s, 'Axis');
    const allies = allianceProduction(s, 'Allies');
    if (axis >= AXIS_ECONOMIC_TARGET)
      return finish(s, members('Axis'), `Economic victory: the Axis reach ${axis} production.`, ev);
    if (allies >= ALLIES_ECONOMIC_TARGET)
      return finish(s, members('Allies'), `Economic victory: the Allies reach ${allies} production.`, ev);
  }
  for (const side of ['Axis', 'Allies'] as const) {
    if (members(side).every((f) => isOut(s, f))) {
      const other = side === 'Axis' ? 'Allies' : 'Axis';
      return finish(s, members(other), `The ${side} are wiped out: the ${other} win.`, ev);
    }
  }
  if (limitReached) {
    const lead = limitLead(s);
    const ws = lead > 0 ? members('Axis') : lead < 0 ? members('Allies') : [...FACTIONS];
    return finish(s, ws, limitReason(s, lead), ev);
  }
}

/**
 * Who a round limit favours, above 0 the Axis, below the Allies. From edition 5 each side's
 * production is weighed against its economic-victory target (Axis 84, Allies 140): the Allies start
 * with far more production, so a bare comparison handed them nearly every limited match once their
 * AI held Moscow (15/85 at the default limit); against the targets the start is about even.
 * Before edition 5: the bare difference.
 */
export function limitLead(s: TacticalRiskState): number {
  const axis = allianceProduction(s, 'Axis');
  const allies = allianceProduction(s, 'Allies');
  if (edition(s) < LIMIT_BY_TARGET_EDITION) return axis - allies;
  // Compared as integers (axis/84 - allies/140, times 420): no rounding decides a match.
  return axis * 5 - allies * 3;
}

function limitReason(s: TacticalRiskState, lead: number): string {
  const axis = allianceProduction(s, 'Axis');
  const allies = allianceProduction(s, 'Allies');
  if (edition(s) < LIMIT_BY_TARGET_EDITION) return `Round limit: production Axis ${axis}, Allies ${allies}.`;
  const pct = (n: number, of: number) => Math.round((100 * n) / of);
  const verdict = lead > 0 ? 'the Axis win' : lead < 0 ? 'the Allies win' : 'a draw';
  return (
    `Round limit: the Axis hold ${axis} of the ${AXIS_ECONOMIC_TARGET} production they aim for ` +
    `(${pct(axis, AXIS_ECONOMIC_TARGET)}%), the Allies ${allies} of ${ALLIES_ECONOMIC_TARGET} ` +
    `(${pct(allies, ALLIES_ECONOMIC_TARGET)}%): ${verdict}.`
  );
}
