/**
 * Combat and non-combat movement. `planMove` validates a move without changing anything and says
 * what it will do (blitzes, neutral entries, a capture on entry), or the rule it breaks;
 * `performMove` carries it out. Where units can go at all: reach.ts.
 */
import type { RuleError } from '../../core/contract';
import type { Faction } from './board';
import { UNIT, adjacent, isTerritory, isWater } from './board';
import type { Events } from './state';
import {
  current,
  describeUnits,
  friendlyLand,
  hostile,
  isAir,
  isCombatUnit,
  isLand,
  isNeutral,
  isSea,
  ruleError,
} from './state';
import { isLegacy } from './edition';
import { NEUTRAL_ENTRY_COST, capture } from './turns';
import { outOfSight } from './sight';
import type { TacticalRiskAction, TacticalRiskState, Unit } from './types';
import {
  blitzesPast,
  cargoLoad,
  cargoOf,
  canLandAt,
  canalOpen,
  enemiesAt,
  enemyCombatUnitsAt,
  landingReachable,
  unitWithId,
  unitsAt,
} from './reach';

type MoveAction = Extract<TacticalRiskAction, { type: 'move' }>;

/** The refusal for a unit id the mover may not move, whatever the reason (see planMove). */
export const NOT_YOURS_MESSAGE = 'You have no such unit to move.';

export const TRANSPORT_CAPACITY = UNIT.transport.transportCapacity ?? 2;

export interface MovePlan {
  kind: 'land' | 'sea' | 'air' | 'load' | 'unload';
  units: Unit[];
  dest: string;
  blitzed: string[];
  neutrals: string[];
  /** Land units take the destination at once (no defenders in it). */
  captureOnEntry: boolean;
  /** Loading: the transport each unit boards. */
  boards: Map<number, number>;
  /**
   * Unloading from a sea zone with enemy units (combat move): the landing is declared now and made
   * after the sea battle there, if the attacker then holds the zone (see landDeclared in combat.ts).
   */
  declared: boolean;
  /** Fog of war: the destination was out of sight and enemy units stood there (movement's news). */
  found?: boolean;
  /** Fog of war: ships in the non-combat move stopped short of enemy units out of sight there. */
  stoppedBy?: string;
}

function checkPath(path: string[]): RuleError | undefined {
  if (!Array.isArray(path) || path.length < 2)
    return ruleError('BAD_PATH', 'A move needs a start and a destination.');
  for (const p of path) if (!isTerritory(p)) return ruleError('BAD_PATH', `Unknown territory: ${String(p)}.`);
  for (let i = 1; i < path.length; i++) {
    if (!adjacent(path[i - 1]!, path[i]!))
      return ruleError('BAD_PATH', `${path[i - 1]} does not border ${path[i]}.`);
  }
}

/**
 * Validates a move: its plan, or the rule it breaks. Changes nothing. `pathFromReachable`: the path
 * is one `reachable` gave (real places, each next to the one before), not checked again.
 */
export function planMove(
  s: TacticalRiskState,
  action: MoveAction,
  pathFromReachable = false,
): MovePlan | RuleError {
  const f = current(s);
  const combat = s.phase === 'combatMove';
  if (!combat && s.phase !== 'nonCombatMove')
    return ruleError('WRONG_PHASE', 'Units move in the combat and non-combat moves.');
  const path = action.path;
  if (!pathFromReachable) {
    const badPath = checkPath(path);
    if (badPath) return badPath;
  }
  const ids = action.units;
  if (!Array.isArray(ids) || ids.length === 0) return ruleError('NO_UNITS', 'Choose units to move.');
  if (new Set(ids).size !== ids.length) return ruleError('NO_UNITS', 'A unit is listed twice.');
  // One refusal for a unit that does not exist, is not the mover's, or is out of sight: saying which
  // (or naming its type) would let a probe over the ids map the enemy through the fog of war.
  const units: Unit[] = [];
  for (const id of ids) {
    const u = unitWithId(s, id);
    if (!u || u.owner !== f) return ruleError('NOT_YOURS', NOT_YOURS_MESSAGE);
    units.push(u);
  }
  const start = path[0]!;
  const dest = path[path.length - 1]!;
  const steps = path.length - 1;
  for (const u of units) {
    if (u.at !== start) return ruleError('BAD_PATH', `The path must start where the units are (${u.at}).`);
    if (u.type === 'factory') return ruleError('CANNOT_MOVE', 'Factories do not move.');
    if (!combat && !isAir(u.type) && (u.combatMoved || u.fought)) {
      return ruleError(
        'ALREADY_ATTACKED',
        'Units that moved to attack or fought this turn cannot move again.',
      );
    }
  }
  const plan: MovePlan = {
    kind: 'land',
    units,
    dest,
    blitzed: [],
    neutrals: [],
    captureOnEntry: false,
    boards: new Map(),
    declared: false,
  };
  const cargo = units.filter((u) => u.on !== null);
  if (cargo.length > 0) {
    if (cargo.length !== units.length) return ruleError('BAD_GROUP', 'Unload cargo on its own.');
    return planUnload(s, plan, f, combat, steps);
  }
  if (units.every((u) => isAir(u.type))) return planAir(s, plan, action, f, combat);
  if (units.every((u) => isSea(u.type))) return planSea(s, plan, path, f, combat);
  if (units.every((u) => isLand(u.type))) {
    if (isWater(dest)) return planLoad(s, plan, action, f, combat);
    return planLand(s, plan, path, f, combat);
  }
  return ruleError('BAD_GROUP', 'Move land, sea and air units separately.');
}

function planLand(
  s: TacticalRiskState,
  plan: MovePlan,
  path: string[],
  f: Faction,
  combat: boolean,
): MovePlan | RuleError {
  plan.kind = 'land';
  const steps = path.length - 1;
  const dest = plan.dest;
  for (const p of path)
    if (isWater(p)) return ruleError('BAD_PATH', 'Land units cross the sea only on transports.');
  for (const u of plan.units) {
    if (UNIT[u.type].movement - u.moved < steps)
      return ruleError('OUT_OF_MOVES', `The ${UNIT[u.type].name} cannot move that far.`);
  }
  for (const mid of path.slice(1, -1)) {
    if (friendlyLand(s, mid, f) && enemyCombatUnitsAt(s, mid, f).length === 0) continue;
    const blitzable =
      combat && !isNeutral(s, mid) && plan.units.every((u) => u.type === 'armour') && blitzesPast(s, mid, f);
    if (!blitzable) {
      return ruleError(
        isNeutral(s, mid) ? 'NEUTRAL' : 'BLOCKED',
        isNeutral(s, mid)
          ? `Units cannot pass through neutral ${mid}.`
          : `Only armour blitzes, and only through empty enemy territory: ${mid} blocks the way.`,
      );
    }
    plan.blitzed.push(mid);
  }
  if (friendlyLand(s, dest, f)) return plan;
  if (!combat) return ruleError('HOSTILE', 'The non-combat move goes only to friendly territory.');
  return enterHostileLand(s, plan, f);
}

function planLoad(
  s: TacticalRiskState,
  plan: MovePlan,
  action: MoveAction,
  f: Faction,
  combat: boolean,
): MovePlan | RuleError {
  plan.kind = 'load';
  if (action.path.length !== 2)
    return ruleError('BAD_PATH', 'Land units board a transport in an adjacent sea zone.');
  const zone = plan.dest;
  if (enemiesAt(s, zone, f).length > 0)
    return ruleError('SEA_CONTESTED', 'Units cannot board in a sea zone with enemy units.');
  const transports = unitsAt(s, zone).filter(
    (t) =>
      t.type === 'transport' &&
      t.owner === f &&
      t.unloadedTo === null &&
      (action.transport === undefined || t.id === action.transport) &&
      !(combat === false && (t.combatMoved || t.fought)),
  );
  if (transports.length === 0)
    return ruleError('NO_TRANSPORT', `No transport of yours can take units in ${zone}.`);
  const room = new Map(transports.map((t) => [t.id, TRANSPORT_CAPACITY - cargoLoad(s, t)]));
  for (const u of plan.units) {
    if (u.moved >= UNIT[u.type].movement)
      return ruleError('OUT_OF_MOVES', `The ${UNIT[u.type].name} has no move left.`);
    const need = UNIT[u.type].transportCost ?? 2;
    const t = transports.find((x) => (room.get(x.id) ?? 0) >= need);
    if (!t) return ruleError('TRANSPORT_FULL', 'Not enough room on the transports there.');
    room.set(t.id, room.get(t.id)! - need);
    plan.boards.set(u.id, t.id);
  }
  return plan;
}

function planUnload(
  s: TacticalRiskState,
  plan: MovePlan,
  f: Faction,
  combat: boolean,
  steps: number,
): MovePlan | RuleError {
  plan.kind = 'unload';
  const dest = plan.dest;
  if (steps !== 1 || isWater(dest))
    return ruleError('BAD_PATH', 'Cargo unloads into a land territory beside its sea zone.');
  const zone = plan.units[0]!.at;
  if (enemiesAt(s, zone, f).length > 0) {
    if (isLegacy(s))
      return ruleError('SEA_CONTESTED', 'Units cannot unload from a sea zone with enemy units.');
    // A&A: the landing is declared with the sea move; the sea battle comes first (see combat.ts).
    if (!combat)
      return ruleError(
        'SEA_CONTESTED',
        'Units cannot unload from a sea zone with enemy units in the non-combat move.',
      );
    if (isNeutral(s, dest))
      return ruleError(
        'NEUTRAL',
        'A landing from a sea zone with enemy units cannot enter a neutral territory.',
      );
    plan.declared = true;
  }
  for (const u of plan.units) {
    const t = unitWithId(s, u.on!);
    if (!t || t.owner !== f) return ruleError('NOT_YOURS', 'Only your own transports unload on your turn.');
    if (t.unloadedTo !== null && t.unloadedTo !== dest)
      return ruleError('ALREADY_UNLOADED', 'A transport unloads into one territory per turn.');
    if (!combat && (u.combatMoved || t.fought))
      return ruleError('ALREADY_ATTACKED', 'These units are committed to the combat move.');
  }
  if (friendlyLand(s, dest, f)) return plan;
  if (!combat) return ruleError('HOSTILE', 'Amphibious assaults are made in the combat move only.');
  if (plan.declared) {
    if (plan.units.some((u) => u.type === 'aaGun'))
      return ruleError('CANNOT_ATTACK', 'AA guns do not attack.');
    return plan;
  }
  return enterHostileLand(s, plan, f);
}

/** A combat move into land no friend holds: AA guns do not attack; a neutral costs its entry. */
function enterHostileLand(s: TacticalRiskState, plan: MovePlan, f: Faction): MovePlan | RuleError {
  const dest = plan.dest;
  if (plan.units.some((u) => u.type === 'aaGun')) return ruleError('CANNOT_ATTACK', 'AA guns do not attack.');
  if (isNeutral(s, dest)) {
    if (s.treasury[f] < NEUTRAL_ENTRY_COST)
      return ruleError('NO_MONEY', `Entering a neutral costs ${NEUTRAL_ENTRY_COST} IPCs.`);
    plan.neutrals.push(dest);
    plan.captureOnEntry = true;
    return plan;
  }
  plan.captureOnEntry = enemyCombatUnitsAt(s, dest, f).length === 0;
  return plan;
}

function planSea(
  s: TacticalRiskState,
  plan: MovePlan,
  path: string[],
  f: Faction,
  combat: boolean,
): MovePlan | RuleError {
  plan.kind = 'sea';
  const steps = path.length - 1;
  for (const p of path) if (!isWater(p)) return ruleError('BAD_PATH', 'Ships stay at sea.');
  for (const u of plan.units) {
    if (UNIT[u.type].movement - u.moved < steps)
      return ruleError('OUT_OF_MOVES', `The ${UNIT[u.type].name} cannot move that far.`);
    if (u.unloadedTo !== null)
      return ruleError('ALREADY_UNLOADED', 'A transport that unloaded cannot move again this turn.');
    if (!combat && cargoOf(s, u).some((c) => c.combatMoved))
      return ruleError(
        'ALREADY_ATTACKED',
        'Units loaded in the combat move are committed to it: their transport stays.',
      );
  }
  for (let i = 1; i < path.length; i++) {
    if (!canalOpen(s, path[i - 1]!, path[i]!, f)) {
      return ruleError(
        'CANAL_CLOSED',
        `The canal between ${path[i - 1]} and ${path[i]} is not held by your side since the turn began.`,
      );
    }
  }
  for (const mid of path.slice(1, -1)) {
    if (enemiesAt(s, mid, f).length > 0) return ruleError('BLOCKED', `Enemy ships in ${mid} block the way.`);
  }
  if (!combat && enemiesAt(s, plan.dest, f).length > 0)
    return ruleError('HOSTILE', 'The non-combat move avoids enemy ships.');
  return plan;
}

function planAir(
  s: TacticalRiskState,
  plan: MovePlan,
  action: MoveAction,
  f: Faction,
  combat: boolean,
): MovePlan | RuleError {
  plan.kind = 'air';
  const path = action.path;
  const steps = path.length - 1;
  const dest = plan.dest;
  for (const p of path.slice(1))
    if (isNeutral(s, p)) return ruleError('NEUTRAL', `Aircraft may not fly over neutral ${p}.`);
  for (const u of plan.units) {
    if (UNIT[u.type].movement - u.moved < steps)
      return ruleError('OUT_OF_MOVES', `The ${UNIT[u.type].name} cannot fly that far.`);
  }
  if (action.raid) {
    if (!combat) return ruleError('WRONG_PHASE', 'Bombing raids start in the combat move.');
    if (!plan.units.every((u) => u.type === 'bomber'))
      return ruleError('BAD_GROUP', 'Only bombers make strategic bombing raids.');
    const o = s.owner[dest];
    // Fog of war: a raid may fly to enemy land out of sight; what it finds there is resolved then.
    const target = outOfSight(s, dest) || unitsAt(s, dest).some((u) => u.type === 'factory');
    if (isWater(dest) || !o || !hostile(s, o, f) || !target) {
      return ruleError('NO_TARGET', 'A bombing raid needs an enemy factory.');
    }
  }
  const enemyHere = enemyCombatUnitsAt(s, dest, f).length > 0;
  const battleHere = combat && (enemyHere || action.raid === true);
  if (!combat) {
    let extra = 0;
    for (const u of plan.units) {
      if (!canLandAt(s, u, dest, u.type === 'fighter' ? extra : 0)) {
        return ruleError(
          'NO_LANDING',
          `Aircraft end the non-combat move on friendly land held since the turn began or a carrier.`,
        );
      }
      if (u.type === 'fighter') extra++;
    }
    return plan;
  }
  if (!battleHere) {
    // Fog of war: enemy land out of sight may hold defenders: an attack into the fog is allowed.
    const friendly = isWater(dest)
      ? enemiesAt(s, dest, f).length === 0
      : friendlyLand(s, dest, f) || outOfSight(s, dest);
    if (!friendly)
      return ruleError('NO_TARGET', 'Aircraft attack enemy units (or bomb a factory), not empty territory.');
  }
  for (const u of plan.units) {
    const left = UNIT[u.type].movement - u.moved - steps;
    if (!landingReachable(s, u, dest, left, battleHere)) {
      return ruleError('NO_LANDING', `The ${UNIT[u.type].name} would have nowhere to land after the attack.`);
    }
  }
  return plan;
}

/**
 * A move judged on the mover's known board (fog of war, edition 3: `known`, see sight.ts) meets the
 * real board `s`: the plan with the real units, and what it finds in a destination out of sight.
 * Land units take it at once only if no defenders stand there (otherwise the battle is found when the
 * combat move ends, as for ships and aircraft that meet enemy units); ships in the non-combat move
 * stop in the zone before enemy units (their move ends there: the path's last step is not made).
 */
export function resolveInFog(
  s: TacticalRiskState,
  known: TacticalRiskState,
  plan: MovePlan,
  action: MoveAction,
): { plan: MovePlan; action: MoveAction } {
  const f = current(s);
  const ids = new Set(plan.units.map((u) => u.id));
  const real: MovePlan = { ...plan, units: s.units.filter((u) => ids.has(u.id)) };
  if (!outOfSight(known, plan.dest)) return { plan: real, action };
  const enemies = s.units.filter((u) => u.at === plan.dest && hostile(s, u.owner, f));
  const defenders = enemies.filter(isCombatUnit);
  if (plan.kind === 'sea' && s.phase !== 'combatMove' && enemies.length > 0) {
    const path = action.path.slice(0, -1);
    return {
      plan: { ...real, dest: path[path.length - 1]!, stoppedBy: plan.dest },
      action: { ...action, path },
    };
  }
  real.found = defenders.length > 0;
  if ((plan.kind === 'land' || plan.kind === 'unload') && !plan.neutrals.includes(plan.dest))
    real.captureOnEntry = defenders.length === 0;
  return { plan: real, action };
}

/** Carries out a validated move. */
export function performMove(s: TacticalRiskState, plan: MovePlan, action: MoveAction, ev: Events): void {
  const f = current(s);
  const combat = s.phase === 'combatMove';
  const path = action.path;
  const steps = path.length - 1;
  const from = path[path.length - 2]!;
  const ids = new Set(plan.units.map((u) => u.id));
  const mine = s.units.filter((u) => ids.has(u.id));
  for (const mid of plan.blitzed) capture(s, mid, f, ev);
  s.treasury[f] -= NEUTRAL_ENTRY_COST * plan.neutrals.length;
  for (const u of mine) {
    u.from = from;
    u.combatMoved = u.combatMoved || combat;
    switch (plan.kind) {
      case 'load':
        u.at = plan.dest;
        u.on = plan.boards.get(u.id)!;
        u.moved = UNIT[u.type].movement;
        break;
      case 'unload': {
        const t = s.units.find((x) => x.id === u.on)!;
        t.unloadedTo = plan.dest;
        if (plan.declared) {
          // Stays aboard until the sea battle is won (combat.ts lands it or calls it off).
          u.landing = plan.dest;
          u.moved = UNIT[u.type].movement;
          break;
        }
        u.on = null;
        u.at = plan.dest;
        u.moved = UNIT[u.type].movement;
        u.amphibious = !friendlyLand(s, plan.dest, f);
        break;
      }
      case 'sea':
        u.at = plan.dest;
        u.moved += steps;
        for (const c of s.units) if (c.on === u.id) c.at = plan.dest;
        break;
      default:
        u.at = plan.dest;
        u.moved += steps;
        u.raid = action.raid === true;
    }
  }
  ev.push({
    type: 'move',
    text: plan.declared
      ? `The ${f} will land ${describeUnits(mine)} from ${path[0]} in ${plan.dest} if they win the sea battle.`
      : `The ${f} move ${describeUnits(mine)} from ${path[0]} to ${plan.dest}${fogNews(plan)}.`,
    data: { faction: f, from: path[0]!, to: plan.dest, units: mine.map((u) => u.id) },
  });
  if (plan.captureOnEntry && !friendlyLand(s, plan.dest, f)) capture(s, plan.dest, f, ev);
}

/** What a move into the fog found (the move event goes to the mover only under fog of war). */
function fogNews(plan: MovePlan): string {
  if (plan.stoppedBy) return `: enemy ships in ${plan.stoppedBy} stop them`;
  return plan.found ? `, where they find enemy units` : '';
}
