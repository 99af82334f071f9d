/** Phase 1 (purchase) and phase 5 (placement). Income is in turns.ts. */
import type { UnitType } from './board';
import { UNIT, UNIT_TYPES, isTerritory, isWater, neighbours } from './board';
import type { RuleError } from '../../core/contract';
import type { Events } from './state';
import { allied, current, enemiesAt, factoryAt, isSea, newUnit, production, ruleError } from './state';
import { noteTurn } from './turnlog';
import type { TacticalRiskState, UnitCounts } from './types';

export function purchaseCost(units: UnitCounts): number {
  let total = 0;
  for (const type of UNIT_TYPES) total += (units[type] ?? 0) * UNIT[type].cost;
  return total;
}

export function buy(s: TacticalRiskState, units: UnitCounts, ev: Events): RuleError | undefined {
  if (s.phase !== 'purchase') return ruleError('WRONG_PHASE', 'Units are bought in the purchase phase.');
  const f = current(s);
  let count = 0;
  for (const [type, n] of Object.entries(units ?? {})) {
    if (!(UNIT_TYPES as readonly string[]).includes(type))
      return ruleError('BAD_UNIT', `Unknown unit type ${type}.`);
    if (!Number.isInteger(n) || (n as number) < 0) return ruleError('BAD_COUNT', 'Counts are whole numbers.');
    count += n as number;
  }
  if (count === 0) return ruleError('BAD_COUNT', 'Buy at least one unit.');
  const total = purchaseCost(units);
  if (total > s.treasury[f])
    return ruleError('NO_MONEY', `That costs ${total} IPCs; the ${f} have ${s.treasury[f]}.`);
  s.treasury[f] -= total;
  const pending = s.pending[f];
  const bought: string[] = [];
  for (const type of UNIT_TYPES) {
    const n = units[type] ?? 0;
    if (n <= 0) continue;
    pending[type] = (pending[type] ?? 0) + n;
    bought.push(`${n} ${UNIT[type].name}`);
  }
  noteTurn(s, (r) => ({ ...r, spent: r.spent + total }));
  ev.push({
    type: 'buy',
    text: `The ${f} buy ${bought.join(', ')} for ${total} IPCs.`,
    data: { faction: f, cost: total },
  });
}

/** Production left at a factory territory this turn. */
export function roomAt(s: TacticalRiskState, factory: string): number {
  return production(factory) - (s.placedAt[factory] ?? 0);
}

/** Factory territories usable now: held since the turn began, still held. */
export function usableFactories(s: TacticalRiskState): string[] {
  const f = current(s);
  return s.factoriesAtStart.filter((t) => s.owner[t] === f && factoryAt(s, t)?.owner === f);
}

/** Where a unit type may be placed now (ignoring how many are pending). */
export function placementSpots(s: TacticalRiskState, type: UnitType): string[] {
  const f = current(s);
  if (type === 'factory') {
    return Object.keys(s.owner).filter(
      (t) => s.owner[t] === f && s.turnStartOwner[t] === f && production(t) >= 1 && !factoryAt(s, t),
    );
  }
  const factories = usableFactories(s).filter((t) => roomAt(s, t) > 0);
  if (!isSea(type) && type !== 'fighter') return factories;
  const zones = new Set<string>();
  for (const t of factories) {
    for (const n of neighbours(t)) {
      if (!isWater(n) || enemiesAt(s, n, f).length > 0) continue;
      if (type === 'fighter' && carrierRoom(s, n) < 1) continue;
      zones.add(n);
    }
  }
  return type === 'fighter' ? [...factories, ...[...zones].sort()] : [...zones].sort();
}

/** Free fighter places on the mover's and its allies' carriers in a sea zone. */
export function carrierRoom(s: TacticalRiskState, zone: string): number {
  const f = current(s);
  const friendly = s.units.filter((u) => u.at === zone && allied(s, u.owner, f));
  const carriers = friendly.filter((u) => u.type === 'carrier').length;
  const fighters = friendly.filter((u) => u.type === 'fighter').length;
  return carriers * (UNIT.carrier.carrierCapacity ?? 2) - fighters;
}

export function place(
  s: TacticalRiskState,
  type: UnitType,
  territory: string,
  count: number,
  ev: Events,
): RuleError | undefined {
  if (s.phase !== 'place') return ruleError('WRONG_PHASE', 'Units are placed in the placement phase.');
  const f = current(s);
  if (!(UNIT_TYPES as readonly string[]).includes(type))
    return ruleError('BAD_UNIT', `Unknown unit type ${type}.`);
  if (!isTerritory(territory)) return ruleError('BAD_TERRITORY', `Unknown territory ${territory}.`);
  if (!Number.isInteger(count) || count < 1) return ruleError('BAD_COUNT', 'Place at least one unit.');
  const have = s.pending[f][type] ?? 0;
  if (have < count) return ruleError('NOT_BOUGHT', `The ${f} have ${have} ${UNIT[type].name} to place.`);
  if (type === 'factory') {
    if (count !== 1) return ruleError('BAD_COUNT', 'One factory per territory.');
    if (!placementSpots(s, 'factory').includes(territory)) {
      return ruleError(
        'NO_FACTORY_SPOT',
        'A new factory goes on a territory with production held since the turn began, without one.',
      );
    }
  } else if (isSea(type) || (type === 'fighter' && isWater(territory))) {
    if (!isWater(territory))
      return ruleError('BAD_TERRITORY', 'Ships are placed in a sea zone beside a factory.');
    if (type === 'fighter' && carrierRoom(s, territory) < count) {
      return ruleError('NO_CARRIER', 'Fighters are placed at sea only on carriers with room.');
    }
    if (enemiesAt(s, territory, f).length > 0)
      return ruleError('HOSTILE', 'Ships cannot be placed among enemy units.');
    const factory = usableFactories(s)
      .filter((t) => neighbours(territory).includes(t))
      .sort((a, b) => roomAt(s, b) - roomAt(s, a))[0];
    if (!factory || roomAt(s, factory) < count)
      return ruleError('NO_CAPACITY', 'No factory beside that sea zone has room for them.');
    s.placedAt[factory] = (s.placedAt[factory] ?? 0) + count;
  } else {
    if (!usableFactories(s).includes(territory)) {
      return ruleError('NO_FACTORY', 'Units are placed at factories held since the turn began.');
    }
    if (roomAt(s, territory) < count) {
      return ruleError('NO_CAPACITY', `${territory} can place ${roomAt(s, territory)} more units this turn.`);
    }
    s.placedAt[territory] = (s.placedAt[territory] ?? 0) + count;
  }
  s.pending[f][type] = have - count;
  if (s.pending[f][type] === 0) delete s.pending[f][type];
  for (let i = 0; i < count; i++) {
    const u = newUnit(s, type, f, territory);
    u.moved = UNIT[type].movement;
  }
  ev.push({
    type: 'place',
    text: `The ${f} place ${count} ${UNIT[type].name} in ${territory}.`,
    data: { faction: f, unit: type, territory, count },
  });
}
