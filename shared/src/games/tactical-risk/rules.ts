/**
 * Legality and the reducer. `apply` validates everything itself (any well-formed action, not only the
 * listed ones); `legalActions` lists practical templates per phase (see docs/rules/tactical-risk.md).
 */
import type { ApplyResult, RuleError, SeatIndex } from '../../core/contract';
import { refuse } from './refusals';
import { FACTIONS, UNIT, UNIT_TYPES, isWater } from './board';
import { answerPrompt } from './battlePrompts';
import { findBattles, startBattle } from './combat';
import { landDeclared, seaBattleFirst } from './landings';
import { moveGroupKey } from './destinations';
import { buy, place, placementSpots } from './economy';
import { performMove, planMove, resolveInFog } from './movement';
import { judgedOnSight, knownState, visiblePlaces } from './sight';
import { reachable, withFrozenState } from './reach';
import type { Events } from './state';
import {
  cloneState,
  current,
  enemyCombatUnitsAt,
  hostile,
  isRuleError,
  ruleError,
  seatOf,
  sentence,
} from './state';
import { drawBank } from './timeBank';
import { edition } from './edition';
import { passIdlePhases } from './idlePhases';
import { openTurnRecord } from './turnlog';
import { applyTakeOver } from './takeOver';
import { collectIncomeAndPass, crashStrandedAir } from './turns';
import type { TacticalRiskAction, TacticalRiskState, Unit } from './types';

/** Seats expected to act now. */
export function toAct(s: TacticalRiskState): SeatIndex[] {
  if (s.phase === 'finished') return [];
  if (s.phase === 'draft') return [s.draftSeat];
  const p = s.battle?.prompt;
  if (p) return [seatOf(s, p.faction)];
  return [seatOf(s, current(s))];
}

const UNDOABLE = new Set(['buy', 'move', 'place']);
/** Events that go to the acting seat only under fog of war. */
const PRIVATE_UNDER_FOG = new Set(['move', 'landingOff', 'buy', 'place', 'crash']);

/**
 * Fog of war (edition 3): a move that brought places into sight cannot be undone, or a unit could look
 * into the fog and come back (a battle found there could be called off the same way).
 */
function revealing(before: TacticalRiskState, after: TacticalRiskState, seat: SeatIndex): boolean {
  if (!judgedOnSight(before)) return false;
  const seen = visiblePlaces(before, seat);
  for (const p of visiblePlaces(after, seat)) if (!seen.has(p)) return true;
  return false;
}

export function apply(
  state: TacticalRiskState,
  seat: SeatIndex,
  action: TacticalRiskAction,
): ApplyResult<TacticalRiskState> {
  try {
    if (state.phase === 'finished') return refuse('GAME_OVER', 'The match is over.');
    if (typeof action !== 'object' || action === null || typeof action.type !== 'string') {
      return refuse('BAD_ACTION', 'Unknown action.');
    }
    // The room's own, at the dealer's seat, at any moment of the match (takeOver.ts).
    if (action.type === 'takeOver') return applyTakeOver(state, seat, action);
    if (!toAct(state).includes(seat)) return refuse('NOT_YOUR_TURN', "It's not your turn.");
    if (action.type === 'undo') {
      if (!state.prev || state.battle)
        return refuse('NOTHING_TO_UNDO', 'There is no move to undo in this phase.');
      // The clock is not undone: the time bank stays as it is now.
      return {
        ok: true,
        state: { ...state.prev, bank: state.bank, bankDraw: state.bankDraw },
        events: [{ type: 'undo', text: `The ${current(state)} take back their last move.` }],
      };
    }
    const s = cloneState(state);
    const ev: Events = [];
    const broken = perform(s, seat, action, ev);
    if (broken) return { ok: false, error: broken };
    // A phase (or turn) just began: one with nothing to do in it passes by itself (edition 3 on:
    // records of earlier editions hold the clicks through such phases, and must replay).
    if (edition(s) >= 3 && (s.phase !== state.phase || s.turnNumber !== state.turnNumber))
      passIdlePhases(s, ev);
    // Fog of war: only the mover learns where its units went, what it bought and placed, and which
    // of its aircraft crashed (captures and battles stay public).
    if (s.options.fogOfWar) for (const e of ev) if (PRIVATE_UNDER_FOG.has(e.type)) e.to = seat;
    for (const e of ev) e.text = sentence(e.text);
    if (action.type !== 'timeBank')
      s.prev = UNDOABLE.has(action.type) && !revealing(state, s, seat) ? { ...state, prev: null } : null;
    return { ok: true, state: s, events: ev };
  } catch (e) {
    // A bug, not a broken rule (those come back as values): refused, and the state stays as it was.
    return refuse('INTERNAL', `Internal rules error: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Carries out an action on `s` (a copy), or returns the rule it breaks (`s` is then thrown away). */
function perform(
  s: TacticalRiskState,
  seat: SeatIndex,
  action: TacticalRiskAction,
  ev: Events,
): RuleError | undefined {
  const inPrompt = s.battle?.prompt != null;
  const promptTypes = ['casualties', 'press', 'retreat', 'submerge', 'timeBank'];
  if (inPrompt && !promptTypes.includes(action.type))
    return ruleError('BATTLE_DECISION', 'Answer the battle first.');
  switch (action.type) {
    case 'draft': {
      if (s.phase !== 'draft') return ruleError('WRONG_PHASE', 'The draft is over.');
      if (!(FACTIONS as readonly string[]).includes(action.faction) || s.controller[action.faction] !== -1) {
        return ruleError('TAKEN', 'That faction is not available.');
      }
      s.controller[action.faction] = seat;
      ev.push({ type: 'draft', text: `${s.names[seat]} drafts the ${action.faction}.`, seat });
      s.draftSeat = (s.draftSeat + 1) % s.names.length;
      s.seq++; // each pick is a timer window of its own
      if (FACTIONS.every((f) => s.controller[f] !== -1)) {
        s.phase = 'purchase';
        openTurnRecord(s);
        s.seq++;
        ev.push({ type: 'turn', text: `Round 1: the ${current(s)} to move.` });
      }
      return;
    }
    case 'buy':
      return buy(s, action.units, ev);
    case 'move': {
      // Under fog of war (edition 3) judged on what the seat sees; what it finds there is resolved.
      if (!judgedOnSight(s)) {
        const plan = planMove(s, action);
        if (isRuleError(plan)) return plan;
        performMove(s, plan, action, ev);
        return;
      }
      const known = knownState(s, seat);
      const plan = planMove(known, action);
      if (isRuleError(plan)) return plan;
      const resolved = resolveInFog(s, known, plan, action);
      performMove(s, resolved.plan, resolved.action, ev);
      return;
    }
    case 'fight':
      if (s.phase !== 'battle') return ruleError('WRONG_PHASE', 'Battles are fought in the combat phase.');
      if (s.battle) return ruleError('BATTLE_ON', 'Finish the current battle first.');
      if (!s.battles.includes(action.territory))
        return ruleError('NO_BATTLE', `No battle at ${action.territory}.`);
      {
        const zone = seaBattleFirst(s, action.territory);
        if (zone)
          return ruleError(
            'SEA_FIRST',
            `Fight the sea battle in ${zone} first: its landing joins this battle.`,
          );
      }
      return startBattle(s, action.territory, ev);
    case 'casualties':
    case 'press':
    case 'retreat':
    case 'submerge':
      return answerPrompt(s, action, ev);
    case 'place': {
      // Under fog of war (edition 3) a placement is judged on the seat's known board first (a sea
      // zone it cannot see would otherwise answer whether enemy ships stand there).
      const unit = action.unit;
      const count = action.count ?? 1;
      if (judgedOnSight(s)) {
        const broken = place(cloneState(knownState(s, seat)), unit, action.territory, count, []);
        if (broken) return broken;
      }
      return place(s, unit, action.territory, count, ev);
    }
    case 'endPhase':
      return endPhase(s, ev);
    case 'timeBank':
      return drawBank(s, seat, ev);
    default:
      return ruleError('BAD_ACTION', 'Unknown action.');
  }
}

function endPhase(s: TacticalRiskState, ev: Events): RuleError | undefined {
  const f = current(s);
  switch (s.phase) {
    case 'purchase':
      s.phase = 'combatMove';
      break;
    case 'combatMove':
      s.battles = findBattles(s);
      // A landing declared from a zone where no sea battle is left to fight goes ahead at once.
      for (const u of s.units.filter((x) => x.owner === f && x.landing !== undefined && x.from)) {
        if (u.landing !== undefined && !s.battles.includes(u.from!))
          landDeclared(s, u.from!, enemyCombatUnitsAt(s, u.from!, f).length === 0, ev);
      }
      s.phase = s.battles.length > 0 ? 'battle' : 'nonCombatMove';
      if (s.battles.length > 0)
        ev.push({
          type: 'battles',
          text: `The ${f} fight at ${s.battles.map((b) => b.replace('raid:', 'bombing raid on ')).join(', ')}.`,
        });
      break;
    case 'battle':
      return ruleError('BATTLES_LEFT', 'Fight every battle first.');
    case 'nonCombatMove':
      crashStrandedAir(s, ev);
      s.phase = 'place';
      break;
    case 'place':
      collectIncomeAndPass(s, ev);
      return;
    default:
      return ruleError('WRONG_PHASE', 'This phase does not end that way.');
  }
  s.seq++;
}

// --- legal action templates -------------------------------------------------------------------------

/** Units of the mover that could move now, one representative per interchangeable group. */
export function movableGroups(s: TacticalRiskState): Unit[] {
  const f = current(s);
  const combat = s.phase === 'combatMove';
  const seen = new Set<string>();
  const out: Unit[] = [];
  for (const u of s.units) {
    if (u.owner !== f || u.type === 'factory') continue;
    if (!combat && u.type !== 'fighter' && u.type !== 'bomber' && (u.combatMoved || u.fought)) continue;
    const key = moveGroupKey(u);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(u);
  }
  return out;
}

export function moveTemplates(s: TacticalRiskState): TacticalRiskAction[] {
  return withFrozenState(s, () => listMoves(s));
}

function listMoves(s: TacticalRiskState): TacticalRiskAction[] {
  const out: TacticalRiskAction[] = [];
  for (const u of movableGroups(s)) {
    for (const [dest, path] of reachable(s, u)) {
      const candidates: TacticalRiskAction[] = [{ type: 'move', units: [u.id], path }];
      if (u.type === 'bomber' && s.phase === 'combatMove' && !isWater(dest)) {
        const o = s.owner[dest];
        if (o && hostile(s, o, u.owner)) candidates.push({ type: 'move', units: [u.id], path, raid: true });
      }
      for (const a of candidates) {
        if (!isRuleError(planMove(s, a as Extract<TacticalRiskAction, { type: 'move' }>, true))) out.push(a);
      }
    }
  }
  return out;
}

export function legalActions(state: TacticalRiskState, seat: SeatIndex): TacticalRiskAction[] {
  if (!toAct(state).includes(seat)) return [];
  // Under fog of war (edition 3) listed from what the seat sees, as `apply` judges them.
  const s = judgedOnSight(state) ? knownState(state, seat) : state;
  const undo: TacticalRiskAction[] = s.prev && !s.battle ? [{ type: 'undo' }] : [];
  switch (s.phase) {
    case 'draft':
      return FACTIONS.filter((f) => s.controller[f] === -1).map((faction) => ({ type: 'draft', faction }));
    case 'purchase': {
      const f = current(s);
      const buys: TacticalRiskAction[] = UNIT_TYPES.filter((t) => UNIT[t].cost <= s.treasury[f]).map((t) => ({
        type: 'buy',
        units: { [t]: 1 },
      }));
      return [...buys, ...undo, { type: 'endPhase' }];
    }
    case 'combatMove':
    case 'nonCombatMove':
      return [...moveTemplates(s), ...undo, { type: 'endPhase' }];
    case 'battle': {
      const b = s.battle;
      if (!b)
        return s.battles
          .filter((territory) => seaBattleFirst(s, territory) === null)
          .map((territory) => ({ type: 'fight', territory }));
      const p = b.prompt;
      if (!p) return [];
      if (p.kind === 'casualties') return [{ type: 'casualties', units: p.suggestion }];
      const out: TacticalRiskAction[] = [{ type: 'press' }];
      if (p.kind === 'defenderSubmerge' || p.canSubmerge) out.push({ type: 'submerge' });
      if (p.kind === 'attackerRound') for (const to of p.retreats) out.push({ type: 'retreat', to });
      return out;
    }
    case 'place': {
      const f = current(s);
      const out: TacticalRiskAction[] = [];
      for (const type of UNIT_TYPES) {
        if ((s.pending[f][type] ?? 0) <= 0) continue;
        for (const territory of placementSpots(s, type)) out.push({ type: 'place', unit: type, territory });
      }
      return [...out, ...undo, { type: 'endPhase' }];
    }
    default:
      return [];
  }
}
