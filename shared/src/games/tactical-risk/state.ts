/** Small helpers over the server state shared by the rules files. */
import type { GameEvent, RuleError } from '../../core/contract';
import type { Faction, UnitType } from './board';
import { FACTION_SETUP, TERRITORY, UNIT, isWater, kindOf, turnOrder } from './board';
import type { TacticalRiskState, Unit } from './types';
import type { TacticalRiskRefusal } from './refusals';

export type Events = GameEvent[];

/**
 * A sentence ending on a name that ends in a full stop ("Karelia S.S.R.") ends there: no "S.S.R..".
 */
export function sentence(text: string): string {
  return text.replace(/\.\.(?=$|\s|\))/g, '.');
}

/**
 * A broken rule, as a value: every rules step returns one (or nothing when it went through) and
 * `apply` hands it back as its refusal.
 */
export function ruleError(code: TacticalRiskRefusal, message: string): RuleError {
  return { code, message: sentence(message) };
}

/** Whether a step's result (a plan, say) is the rule it broke instead. */
export function isRuleError<T extends object>(result: T | RuleError): result is RuleError {
  return 'code' in result;
}

/** A deep copy: apply never changes the state it was given. `prev` is shared (never mutated). */
export function cloneState(s: TacticalRiskState): TacticalRiskState {
  return {
    ...s,
    options: { ...s.options },
    rng: s.rng.slice(),
    names: s.names.slice(),
    controller: { ...s.controller },
    alliance: { ...s.alliance },
    owner: { ...s.owner },
    turnStartOwner: s.turnStartOwner,
    treasury: { ...s.treasury },
    pending: Object.fromEntries(Object.entries(s.pending).map(([f, c]) => [f, { ...c }])) as Record<
      Faction,
      Record<string, number>
    >,
    units: s.units.map((u) => ({ ...u })),
    factoriesAtStart: s.factoriesAtStart,
    placedAt: { ...s.placedAt },
    battles: s.battles.slice(),
    bank: s.bank ? s.bank.slice() : [],
    battle: s.battle
      ? {
          ...s.battle,
          steps: s.battle.steps.slice(),
          queue: s.battle.queue.slice(),
          out: s.battle.out.slice(),
          firedFirst: s.battle.firedFirst.slice(),
        }
      : null,
  };
}

export function current(s: TacticalRiskState): Faction {
  return turnOrder[s.turn]!;
}

export function allied(s: TacticalRiskState, a: Faction, b: Faction): boolean {
  if (a === b) return true;
  const x = s.alliance[a];
  return x !== null && x === s.alliance[b];
}

export function hostile(s: TacticalRiskState, a: Faction, b: Faction): boolean {
  return !allied(s, a, b);
}

/** Owned by the faction or an ally. */
export function friendlyLand(s: TacticalRiskState, name: string, f: Faction): boolean {
  const o = s.owner[name];
  return o != null && allied(s, o, f);
}

export function isNeutral(s: TacticalRiskState, name: string): boolean {
  return !isWater(name) && s.owner[name] === null;
}

export function unitById(s: TacticalRiskState, id: number): Unit | undefined {
  return s.units.find((u) => u.id === id);
}

/** Units that fight: not AA guns, factories or cargo. */
export function isCombatUnit(u: Unit): boolean {
  return u.type !== 'aaGun' && u.type !== 'factory' && u.on === null;
}

/** Enemy units of a faction at a place (cargo included). */
export function enemiesAt(s: TacticalRiskState, at: string, f: Faction): Unit[] {
  return s.units.filter((u) => u.at === at && hostile(s, u.owner, f));
}

export function enemyCombatUnitsAt(s: TacticalRiskState, at: string, f: Faction): Unit[] {
  return s.units.filter((u) => u.at === at && hostile(s, u.owner, f) && isCombatUnit(u));
}

export function isAir(type: UnitType): boolean {
  return kindOf(type) === 'air';
}

export function isSea(type: UnitType): boolean {
  return kindOf(type) === 'sea';
}

export function isLand(type: UnitType): boolean {
  return kindOf(type) === 'land';
}

export function capitalOf(f: Faction): string {
  return FACTION_SETUP[f].capital;
}

export function seatOf(s: TacticalRiskState, f: Faction): number {
  return s.controller[f];
}

export function factionsOf(s: TacticalRiskState, seat: number): Faction[] {
  return turnOrder.filter((f) => s.controller[f] === seat);
}

export function factoryAt(s: TacticalRiskState, at: string): Unit | undefined {
  return s.units.find((u) => u.at === at && u.type === 'factory');
}

/** A faction is out when it holds no territory and has no units left. */
export function isOut(s: TacticalRiskState, f: Faction): boolean {
  for (const name in s.owner) if (s.owner[name] === f) return false;
  return !s.units.some((u) => u.owner === f);
}

export function production(name: string): number {
  return TERRITORY.get(name)?.production ?? 0;
}

export function describeUnits(units: Unit[]): string {
  const counts = new Map<string, number>();
  for (const u of units) counts.set(UNIT[u.type].name, (counts.get(UNIT[u.type].name) ?? 0) + 1);
  return [...counts].map(([n, c]) => (c > 1 ? `${c} ${n}` : n)).join(', ') || 'nothing';
}

export function newUnit(s: TacticalRiskState, type: UnitType, owner: Faction, at: string): Unit {
  const u: Unit = {
    id: s.nextId++,
    type,
    owner,
    at,
    moved: 0,
    combatMoved: false,
    fought: false,
    from: null,
    on: null,
    amphibious: false,
    unloadedTo: null,
    raid: false,
  };
  s.units.push(u);
  return u;
}
