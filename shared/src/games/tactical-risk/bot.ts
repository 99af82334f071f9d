/**
 * The Tactical Risk AI: phase-by-phase heuristics over what its seat may see (it rebuilds a rules
 * state from its view and asks the rules module, never the full server state).
 * - Purchase: infantry when the capital is threatened, otherwise a mix of infantry, artillery and
 *   armour, with transports for factions whose home has no land route to the enemy.
 * - Combat move: attacks the most valuable reachable enemy territories whose capture odds (battle
 *   calculator) are good, taking empty ones with a single unit; amphibious landings from loaded
 *   transports when the odds are good; keeps a reserve in the capital.
 * - Battles: the suggested casualties; retreats when the odds turn bad.
 * - Non-combat move: lands aircraft, loads transports and ships them toward enemy coasts, marches
 *   land units toward the front.
 * - Placement: at the factory nearest the front (the capital first when threatened).
 * One action per call; each call re-plans from the current view. Here: the battles, fog of war and
 * the dispatch per phase; the phases' plans in botEconomy.ts, botCombatMove.ts and
 * botNonCombatMove.ts, over what botBoard.ts reads off the board.
 */
import type { Bot, BotLevel } from '../../core/contract';
import type { BotProfile } from './botLevel';
import { lastRound, profileOf } from './botLevel';
import { UNIT, isWater } from './board';
import { simulateBattle } from './calculator';
import { moveGroupKey } from './destinations';
import { withFrozenState } from './reach';
import { hostile, isCombatUnit } from './state';
import type { TacticalRiskAction, TacticalRiskPrivate, TacticalRiskPublic, TacticalRiskState } from './types';
import type { SeatView } from './botBoard';
import { counts, stateFromView } from './botBoard';
import { placement, purchase } from './botEconomy';
import { combatMove } from './botCombatMove';
import { nonCombatMove } from './botNonCombatMove';

function battleDecision(
  s: TacticalRiskState,
  legal: TacticalRiskAction[],
  prof: BotProfile,
): TacticalRiskAction {
  const b = s.battle;
  if (!b) {
    const fights = legal.filter((a) => a.type === 'fight');
    const sea = fights.find((a) => a.type === 'fight' && isWater(a.territory));
    return sea ?? fights[0] ?? legal[0]!;
  }
  const p = b.prompt;
  if (!p) return legal[0]!;
  if (p.kind === 'casualties') return { type: 'casualties', units: p.suggestion };
  // Where it may retreat: its legal actions (under fog of war the view's prompt does not list them).
  const retreats = legal.flatMap((a) => (a.type === 'retreat' ? [a.to] : []));
  if (p.kind === 'attackerRound' && retreats.length > 0 && prof.retreatBelow > 0) {
    const mine = s.units.filter(
      (u) => u.owner === b.attacker && u.at === b.territory && isCombatUnit(u) && !b.out.includes(u.id),
    );
    const theirs = s.units.filter(
      (u) =>
        u.at === b.territory && hostile(s, u.owner, b.attacker) && isCombatUnit(u) && !b.out.includes(u.id),
    );
    const r = simulateBattle({
      attacker: counts(mine),
      defender: counts(theirs),
      sea: b.kind === 'sea',
      trials: 300,
      seed: b.round,
    });
    if (r.attackerWin < prof.retreatBelow) return { type: 'retreat', to: retreats[0]! };
  }
  return { type: 'press' };
}

/**
 * Under fog of war the AI's board lacks the enemy units it cannot see. From edition 3 the rules judge
 * and list its moves on the same board (sight.ts), so what it plans is listed; in edition 2 they came
 * from the real board (a ship's non-combat move into a zone with hidden enemy ships was refused). A
 * planned move whose units have no listed move to its destination sets those units aside for this
 * decision and plans again.
 */
function movesUnderFog(
  s: TacticalRiskState,
  legal: TacticalRiskAction[],
  plan: () => TacticalRiskAction,
): TacticalRiskAction {
  // The same grouping as the listed templates (rules.ts): one unit stands for its interchangeable group.
  const group = moveGroupKey;
  const byId = new Map(s.units.map((u) => [u.id, u]));
  const listed = new Set<string>();
  for (const a of legal) {
    const u = a.type === 'move' ? byId.get(a.units[0]!) : undefined;
    if (a.type === 'move' && u) listed.add(`${group(u)}>${a.path[a.path.length - 1]}${a.raid ? '!' : ''}`);
  }
  for (let tries = 0; tries < 20; tries++) {
    const a = plan();
    if (a.type !== 'move') return a;
    const dest = `${a.path[a.path.length - 1]}${a.raid ? '!' : ''}`;
    const blocked = a.units.map((id) => byId.get(id)!).filter((u) => !listed.has(`${group(u)}>${dest}`));
    if (blocked.length === 0) return a;
    for (const u of blocked) {
      u.moved = UNIT[u.type].movement;
      if (u.on !== null) u.combatMoved = true;
    }
  }
  return { type: 'endPhase' };
}

export function decide(
  view: SeatView,
  legal: TacticalRiskAction[],
  level?: BotLevel,
  random?: () => number,
): TacticalRiskAction {
  return decideWith(view, legal, profileOf(level), random);
}

/** One decision under a given profile (benches compare variants of a level this way). */
export function decideWith(
  view: SeatView,
  legal: TacticalRiskAction[],
  prof: BotProfile,
  /** Seeded draws for the profile's variety (`spread`); without it the best move every time. */
  random?: () => number,
): TacticalRiskAction {
  if (legal.length === 1) return legal[0]!;
  const s = stateFromView(view);
  const f = view.public.faction;
  prof = lastRound(s, f, prof);
  switch (s.phase) {
    case 'draft':
      return legal[0]!;
    case 'purchase':
      return view.public.canUndo ? { type: 'endPhase' } : purchase(s, f, prof, random);
    case 'combatMove': {
      const plan = () => withFrozenState(s, () => combatMove(s, f, prof, random));
      return s.options.fogOfWar ? movesUnderFog(s, legal, plan) : plan();
    }
    case 'battle':
      return battleDecision(s, legal, prof);
    case 'nonCombatMove': {
      const plan = () => withFrozenState(s, () => nonCombatMove(s, f, prof));
      return s.options.fogOfWar ? movesUnderFog(s, legal, plan) : plan();
    }
    case 'place':
      return placement(s, f, legal);
    default:
      return legal[0]!;
  }
}

export const tacticalRiskBot: Bot<TacticalRiskAction, TacticalRiskPublic, TacticalRiskPrivate> = {
  decide: (view, legal, random, level) => decide(view, legal, level, random),
};
