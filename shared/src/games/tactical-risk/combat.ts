/**
 * Battles, one at a time in the attacker's chosen order. A battle is a queue of steps (bombardment,
 * AA fire, then rounds of submarine first strike and general fire) run by `advance` until it needs a
 * decision: casualties chosen by their owner (a cheapest-first suggestion is offered), the attacker's
 * press/retreat/submerge before a round, or the defender's submerge. All dice come from the state's rng.
 * The answers to those prompts: battlePrompts.ts; which units hits can remove: casualties.ts; landings
 * that wait for a sea battle: landings.ts.
 */
import type { RuleError } from '../../core/contract';
import { Random } from '../../core/rng';
import type { Faction } from './board';
import { UNIT, isWater, neighbours } from './board';
import type { Events } from './state';
import {
  allied,
  current,
  describeUnits,
  enemiesAt,
  hostile,
  isAir,
  isCombatUnit,
  isLand,
  production,
  ruleError,
} from './state';
import { isLegacy } from './edition';
import { noteTurn } from './turnlog';
import { capture } from './turns';
import type { BattleState, BattleStep, Hits, Side, TacticalRiskState, Unit } from './types';
import { suggestCasualties } from './casualties';
import { landDeclared } from './landings';

const MAX_ROUNDS = 60;

/** Where this turn's battles are, once the combat move ends. */
export function findBattles(s: TacticalRiskState): string[] {
  const f = current(s);
  const out: string[] = [];
  const places = new Set(s.units.filter((u) => u.owner === f && u.on === null).map((u) => u.at));
  for (const at of places) {
    const mine = s.units.filter((u) => u.owner === f && u.at === at && isCombatUnit(u) && !u.raid);
    const enemy = s.units.filter((u) => u.at === at && hostile(s, u.owner, f) && isCombatUnit(u));
    if (mine.length > 0 && enemy.length > 0) out.push(at);
    if (s.units.some((u) => u.owner === f && u.at === at && u.raid)) out.push(`raid:${at}`);
  }
  return out.sort();
}

export function activeUnits(s: TacticalRiskState, b: BattleState, side: Side): Unit[] {
  return s.units.filter((u) => {
    if (u.at !== b.territory || !isCombatUnit(u) || b.out.includes(u.id)) return false;
    if (side === 'attacker') {
      if (u.owner !== b.attacker) return false;
      return b.kind === 'raid' ? u.raid : !u.raid;
    }
    return b.kind !== 'raid' && hostile(s, u.owner, b.attacker);
  });
}

const hitsText = (n: number): string => `${n} hit${n === 1 ? '' : 's'}`;

export function hasDestroyer(units: Unit[]): boolean {
  return units.some((u) => u.type === 'destroyer');
}

function roll(s: TacticalRiskState, n: number): number[] {
  const r = new Random(s.rng);
  const dice = Array.from({ length: n }, () => r.int(1, 6));
  s.rng = r.state;
  return dice;
}

/** Combat values of a firing side (artillery supports one infantry each on attack). */
export function combatValues(units: Unit[], side: Side): number[] {
  let support = side === 'attacker' ? units.filter((u) => u.type === 'artillery').length : 0;
  return units.map((u) => {
    const base = side === 'attacker' ? UNIT[u.type].attack : UNIT[u.type].defense;
    if (side === 'attacker' && u.type === 'infantry' && support > 0) {
      support--;
      return base + 1;
    }
    return base;
  });
}

function fire(
  s: TacticalRiskState,
  units: Unit[],
  side: Side,
): { hits: Hits; dice: number[]; values: number[] } {
  const values = combatValues(units, side);
  const dice = roll(s, units.length);
  const hits: Hits = { sub: 0, air: 0, other: 0 };
  units.forEach((u, i) => {
    if (dice[i]! <= values[i]!) {
      if (u.type === 'submarine') hits.sub++;
      else if (isAir(u.type)) hits.air++;
      else hits.other++;
    }
  });
  return { hits, dice, values };
}

function roundSteps(kind: BattleState['kind']): BattleStep[] {
  return kind === 'sea'
    ? ['roundStart', 'defenderSubmerge', 'firstStrike', 'general', 'endCheck']
    : ['roundStart', 'general', 'endCheck'];
}

export function startBattle(s: TacticalRiskState, key: string, ev: Events): RuleError | undefined {
  const raid = key.startsWith('raid:');
  const territory = raid ? key.slice(5) : key;
  const attacker = current(s);
  const kind = raid ? 'raid' : isWater(territory) ? 'sea' : 'land';
  const b: BattleState = {
    key,
    territory,
    kind,
    attacker,
    defender: attacker,
    round: 1,
    steps: [],
    prompt: null,
    queue: [],
    out: [],
    firedFirst: [],
    lastRolls: { attacker: [], defender: [], attackerAt: [], defenderAt: [], label: '' },
    bombard: null,
  };
  s.battle = b;
  const defenders = activeUnits(s, b, 'defender');
  const owner = isWater(territory) ? null : s.owner[territory];
  const tally = new Map<Faction, number>();
  for (const u of defenders) tally.set(u.owner, (tally.get(u.owner) ?? 0) + 1);
  b.defender =
    owner && hostile(s, owner, attacker) && (tally.has(owner) || raid)
      ? owner
      : ([...tally].sort((x, y) => y[1] - x[1])[0]?.[0] ?? owner ?? attacker);
  const attackers = activeUnits(s, b, 'attacker');
  ev.push({
    type: 'battle',
    text: `Battle ${raid ? 'over' : 'for'} ${territory}${raid ? ' (bombing raid)' : ''}: the ${attacker} with ${describeUnits(attackers)} against ${describeUnits(defenders)}.`,
    data: { territory, attacker, defender: b.defender, kind },
  });
  if (kind === 'raid') b.steps = ['aa', 'raid'];
  else {
    const pre: BattleStep[] = [];
    const ships = kind === 'land' ? bombardingShips(s, territory, attacker, attackers) : [];
    if (ships.length > 0 && defenders.length > 0) {
      pre.push('bombard');
      b.bombard = {
        count: ships.length,
        ships: ships.map((u) => ({ id: u.id, zone: u.at })),
        dice: [],
        at: [],
        hits: 0,
      };
    }
    pre.push('aa');
    b.steps = [...pre, ...roundSteps(kind)];
  }
  return advance(s, ev);
}

/**
 * The attacker's battleships that bombard an amphibious assault on `territory`: in a sea zone some of
 * the landed units came from, with no enemy units there, and not yet in a battle this turn.
 */
export function bombardingShips(
  s: TacticalRiskState,
  territory: string,
  attacker: Faction,
  attackers: readonly Unit[],
): Unit[] {
  const zones = new Set(
    attackers.filter((u) => u.at === territory && u.amphibious && u.from).map((u) => u.from!),
  );
  if (zones.size === 0) return [];
  return s.units.filter(
    (u) =>
      u.owner === attacker &&
      u.type === 'battleship' &&
      zones.has(u.at) &&
      !u.fought &&
      enemiesAt(s, u.at, attacker).length === 0,
  );
}

function aaGunAt(s: TacticalRiskState, b: BattleState): boolean {
  return (
    !isWater(b.territory) &&
    s.units.some((u) => u.at === b.territory && u.type === 'aaGun' && hostile(s, u.owner, b.attacker))
  );
}

function queueCasualties(b: BattleState, side: Side, hits: Hits, airOnly = false): void {
  if (hits.sub + hits.air + hits.other === 0) return;
  const faction = side === 'attacker' ? b.attacker : b.defender;
  b.queue.push({ kind: 'casualties', side, faction, hits, count: 0, airOnly, suggestion: [] });
}

/** Opens the next queued casualty prompt, resolving it at once when there is no real choice. */
function openNextCasualties(s: TacticalRiskState, b: BattleState, ev: Events): boolean {
  while (b.queue.length > 0) {
    const p = b.queue.shift()!;
    if (p.kind !== 'casualties') continue;
    const units = activeUnits(s, b, p.side);
    const enemy = activeUnits(s, b, p.side === 'attacker' ? 'defender' : 'attacker');
    const airHitsSubs = hasDestroyer(enemy);
    const suggestion = suggestCasualties(units, p.hits, airHitsSubs, p.airOnly);
    const pool = p.airOnly ? units.filter((u) => isAir(u.type)) : units;
    if (suggestion.length === 0) continue;
    const interchangeable =
      suggestion.length === pool.length ||
      (new Set(pool.map((u) => u.type)).size === 1 && pool.every((u) => !s.units.some((c) => c.on === u.id)));
    if (interchangeable) {
      removeCasualties(s, b, p.side, suggestion, ev);
      continue;
    }
    b.prompt = { ...p, count: suggestion.length, suggestion };
    s.seq++;
    return true;
  }
  return false;
}

export function removeCasualties(
  s: TacticalRiskState,
  b: BattleState,
  side: Side,
  ids: number[],
  ev: Events,
): void {
  const dead = new Set(ids);
  const lost = s.units.filter((u) => dead.has(u.id));
  const cargo = s.units.filter((u) => u.on !== null && dead.has(u.on));
  for (const c of cargo) dead.add(c.id);
  s.units = s.units.filter((u) => !dead.has(u.id));
  const who = side === 'attacker' ? b.attacker : b.defender;
  ev.push({
    type: 'casualties',
    text: `${b.territory}: the ${side} (${who}) lose ${describeUnits(lost)}${cargo.length ? ` and the cargo ${describeUnits(cargo)}` : ''}.`,
    data: { territory: b.territory, side, units: [...dead] },
  });
}

function canHit(firing: Unit[], targets: Unit[], side: Side): boolean {
  const values = combatValues(firing, side);
  const destroyer = hasDestroyer(firing);
  return firing.some((u, i) => {
    if (values[i]! <= 0) return false;
    if (u.type === 'submarine') return targets.some((t) => !isAir(t.type));
    if (isAir(u.type)) return targets.some((t) => t.type !== 'submarine' || destroyer);
    return targets.length > 0;
  });
}

/** Attackers that may retreat: all but the units landed from the sea (RULINGS 6). */
export function retreating(s: TacticalRiskState, b: BattleState): Unit[] {
  return activeUnits(s, b, 'attacker').filter((u) => !u.amphibious);
}

function retreatOptions(s: TacticalRiskState, b: BattleState): string[] {
  if (b.round <= 1 || b.kind === 'raid') return [];
  // Edition 1: no retreat at all from a battle with units landed from the sea.
  if (isLegacy(s) && activeUnits(s, b, 'attacker').some((u) => u.amphibious)) return [];
  const attackers = retreating(s, b);
  const froms = new Set(attackers.map((u) => u.from).filter((x): x is string => x !== null));
  const f = b.attacker;
  return neighbours(b.territory)
    .filter((n) => froms.has(n))
    .filter((n) => {
      if (b.kind === 'sea') return isWater(n) && enemiesAt(s, n, f).length === 0;
      if (isWater(n)) return false;
      const now = s.owner[n];
      const start = s.turnStartOwner[n];
      return now != null && start != null && allied(s, now, f) && allied(s, start, f);
    })
    .sort();
}

/** Runs steps until the battle needs a decision or ends. */
export function advance(s: TacticalRiskState, ev: Events): RuleError | undefined {
  const b = s.battle;
  if (!b) return;
  for (let guard = 0; guard < 1000; guard++) {
    if (b.prompt) return;
    if (openNextCasualties(s, b, ev)) return;
    const step = b.steps.shift();
    if (!step) {
      finishBattle(s, ev);
      return;
    }
    const attackers = activeUnits(s, b, 'attacker');
    const defenders = activeUnits(s, b, 'defender');
    // A side with nothing left in the battle (destroyed, or every unit submerged) is not fired at,
    // and fires at nothing: the round goes straight to its end check.
    const oneSideGone = attackers.length === 0 || defenders.length === 0;
    switch (step) {
      case 'bombard': {
        // The battleships fixed when the battle started (b.bombard), as they stand now.
        const ids = new Set(b.bombard?.ships.map((x) => x.id) ?? []);
        const ships = s.units.filter((u) => ids.has(u.id));
        if (ships.length === 0 || defenders.length === 0) break;
        for (const ship of ships) ship.fought = true;
        const { hits, dice, values } = fire(s, ships, 'attacker');
        b.bombard = { ...b.bombard!, dice, at: values, hits: hits.other };
        b.lastRolls = {
          attacker: dice,
          defender: [],
          attackerAt: values,
          defenderAt: [],
          label: 'Shore bombardment',
        };
        ev.push({
          type: 'bombard',
          text: `${b.territory}: ${ships.length} battleship${ships.length > 1 ? 's' : ''} bombard, ${dice.join(' ')}: ${hits.other} hit${hits.other === 1 ? '' : 's'}.`,
          data: { territory: b.territory, dice, hits: hits.other },
        });
        queueCasualties(b, 'defender', { sub: 0, air: 0, other: hits.other });
        break;
      }
      case 'aa': {
        const planes = attackers.filter((u) => isAir(u.type));
        if (planes.length === 0 || !aaGunAt(s, b)) break;
        const dice = roll(s, planes.length);
        const hits = dice.filter((d) => d === 1).length;
        b.lastRolls = {
          attacker: [],
          defender: dice,
          attackerAt: [],
          defenderAt: dice.map(() => 1),
          label: 'AA fire',
        };
        ev.push({
          type: 'aaFire',
          text: `${b.territory}: AA fire at ${planes.length} aircraft, ${dice.join(' ')}: ${hits} hit${hits === 1 ? '' : 's'}.`,
          data: { territory: b.territory, dice, hits },
        });
        queueCasualties(b, 'attacker', { sub: 0, air: 0, other: hits }, true);
        break;
      }
      case 'raid': {
        const bombers = attackers.filter((u) => u.type === 'bomber');
        for (const u of bombers) u.fought = true;
        const dice = roll(s, bombers.length);
        const owner = s.owner[b.territory] ?? b.defender;
        // A territory taken by the attacker earlier this combat is no longer a target; a raid sent
        // into the fog of war may find no factory there (see movement.ts): nothing to bomb.
        const factory = s.units.some(
          (u) => u.at === b.territory && u.type === 'factory' && hostile(s, u.owner, b.attacker),
        );
        const damage =
          hostile(s, owner, b.attacker) && factory
            ? Math.min(
                dice.reduce((a, d) => a + d, 0),
                production(b.territory),
                s.treasury[owner],
              )
            : 0;
        s.treasury[owner] -= damage;
        // Damage dice: none of them hits or misses.
        b.lastRolls = { attacker: dice, defender: [], attackerAt: [], defenderAt: [], label: 'Bombing' };
        ev.push({
          type: 'raid',
          text:
            !factory && hostile(s, owner, b.attacker)
              ? `Bombing raid on ${b.territory}: the bombers find no factory to bomb.`
              : `Bombing raid on ${b.territory}: ${dice.join(' ') || 'no bombers left'}; the ${owner} lose ${damage} IPCs.`,
          data: { territory: b.territory, dice, damage, faction: owner },
        });
        break;
      }
      case 'roundStart': {
        const retreats = retreatOptions(s, b);
        const canSubmerge =
          b.kind === 'sea' && attackers.some((u) => u.type === 'submarine') && !hasDestroyer(defenders);
        if (retreats.length > 0 || canSubmerge) {
          b.prompt = { kind: 'attackerRound', faction: b.attacker, retreats, canSubmerge };
          s.seq++;
          return;
        }
        break;
      }
      case 'defenderSubmerge': {
        if (defenders.some((u) => u.type === 'submarine') && !hasDestroyer(attackers)) {
          b.prompt = { kind: 'defenderSubmerge', faction: b.defender };
          s.seq++;
          return;
        }
        break;
      }
      case 'firstStrike': {
        if (oneSideGone) break;
        const atkSubs = hasDestroyer(defenders) ? [] : attackers.filter((u) => u.type === 'submarine');
        const defSubs = hasDestroyer(attackers) ? [] : defenders.filter((u) => u.type === 'submarine');
        if (atkSubs.length + defSubs.length === 0) break;
        const a = fire(s, atkSubs, 'attacker');
        const d = fire(s, defSubs, 'defender');
        b.firedFirst = [...atkSubs, ...defSubs].map((u) => u.id);
        b.lastRolls = {
          attacker: a.dice,
          defender: d.dice,
          attackerAt: a.values,
          defenderAt: d.values,
          label: `Round ${b.round}: submarine first strike`,
        };
        ev.push({
          type: 'firstStrike',
          text: `${b.territory}: submarines strike first, attacker ${a.dice.join(' ') || '-'} (${hitsText(a.hits.sub)}), defender ${d.dice.join(' ') || '-'} (${hitsText(d.hits.sub)}).`,
          data: { territory: b.territory, attackerHits: a.hits.sub, defenderHits: d.hits.sub },
        });
        queueCasualties(b, 'defender', a.hits);
        queueCasualties(b, 'attacker', d.hits);
        break;
      }
      case 'general': {
        if (oneSideGone) break;
        const atk = attackers.filter((u) => !b.firedFirst.includes(u.id));
        const def = defenders.filter((u) => !b.firedFirst.includes(u.id));
        const a = fire(s, atk, 'attacker');
        const d = fire(s, def, 'defender');
        b.lastRolls = {
          attacker: a.dice,
          defender: d.dice,
          attackerAt: a.values,
          defenderAt: d.values,
          label: `Round ${b.round}`,
        };
        const total = (h: Hits) => h.sub + h.air + h.other;
        ev.push({
          type: 'round',
          text: `${b.territory}, round ${b.round}: the ${b.attacker} roll ${a.dice.join(' ') || '-'} (${hitsText(total(a.hits))}), the defenders ${d.dice.join(' ') || '-'} (${hitsText(total(d.hits))}).`,
          data: {
            territory: b.territory,
            round: b.round,
            attackerHits: total(a.hits),
            defenderHits: total(d.hits),
          },
        });
        queueCasualties(b, 'defender', a.hits);
        queueCasualties(b, 'attacker', d.hits);
        break;
      }
      case 'endCheck': {
        b.firedFirst = [];
        const over =
          attackers.length === 0 ||
          defenders.length === 0 ||
          b.round >= MAX_ROUNDS ||
          (!canHit(attackers, defenders, 'attacker') && !canHit(defenders, attackers, 'defender'));
        if (over) {
          b.steps = [];
          break;
        }
        b.round++;
        b.steps.push(...roundSteps(b.kind));
        break;
      }
    }
  }
  return ruleError('INTERNAL', 'A battle did not settle.');
}

function finishBattle(s: TacticalRiskState, ev: Events): void {
  const b = s.battle!;
  const attackers = activeUnits(s, b, 'attacker');
  const defenders = activeUnits(s, b, 'defender');
  for (const u of s.units) {
    if (u.owner === b.attacker && (attackers.includes(u) || b.out.includes(u.id))) u.fought = true;
  }
  let winner: 'attacker' | 'defender' | 'none' = 'none';
  let captured = false;
  if (b.kind === 'raid') winner = attackers.length > 0 ? 'attacker' : 'defender';
  else if (attackers.length === 0 && defenders.length > 0) winner = 'defender';
  else if (defenders.length === 0 && attackers.length > 0) {
    winner = 'attacker';
    if (b.kind === 'land' && attackers.some((u) => isLand(u.type))) {
      capture(s, b.territory, b.attacker, ev);
      captured = true;
    }
  } else if (attackers.length === 0 && defenders.length === 0) winner = 'none';
  ev.push({
    type: 'battleEnd',
    text:
      winner === 'attacker'
        ? `The ${b.attacker} win the battle ${b.kind === 'raid' ? 'over' : 'for'} ${b.territory}.`
        : winner === 'defender'
          ? `The defenders hold ${b.territory}.`
          : `The battle for ${b.territory} ends with no winner.`,
    data: { territory: b.territory, winner, captured },
  });
  if (b.kind === 'sea') landDeclared(s, b.territory, winner === 'attacker', ev);
  s.lastBattle = { key: b.key, winner, captured };
  noteTurn(s, (r) => ({
    ...r,
    battles: [...r.battles, { territory: b.territory, kind: b.kind, won: winner === 'attacker', captured }],
  }));
  s.battles = s.battles.filter((k) => k !== b.key);
  s.battle = null;
  s.seq++;
  if (s.battles.length === 0) s.phase = 'nonCombatMove';
}
