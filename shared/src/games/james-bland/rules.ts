/** apply / legalActions / toAct: who may do what in each phase, and the phase transitions. */
import type { ApplyResult, GameEvent } from '../../core/contract';
import { refuse, SPECTATOR } from '../../core/contract';
import type { AdaptationAction } from './adaptation';
import { adaptationProblem, applyAdaptation, legalAdaptation } from './adaptation';
import { legalPlans, planProblem, plans, SAFE_TURN_PLAN } from './planning';
import { bannerTargets, closePlanning, combat, endRound, rngOf } from './rounds';
import { resolveShowdown } from './victory';
import type { JamesBlandAction, JamesBlandState } from './types';

export function toAct(s: JamesBlandState): number[] {
  const seats = s.agents.map((_, i) => i);
  switch (s.phase) {
    case 'planning':
      return seats.filter((i) => plans(s, i) && !s.agents[i]!.plan);
    case 'banner':
      return seats.filter((i) => s.agents[i]!.bannerAnswer === null);
    case 'adaptation':
      return seats.filter((i) => !s.agents[i]!.ready);
    case 'showdown':
      return s.showdown!.seats.filter((_, k) => s.showdown!.choices[k] === null);
    case 'finished':
      return [];
  }
}

export function legalActions(s: JamesBlandState, seat: number): JamesBlandAction[] {
  if (!toAct(s).includes(seat)) return [];
  switch (s.phase) {
    case 'planning':
      return legalPlans(s, seat).map((plan) => ({ type: 'plan', plan }));
    case 'banner':
      return bannerTargets(s).has(seat)
        ? [
            { type: 'banner', believe: true },
            { type: 'banner', believe: false },
          ]
        : [{ type: 'banner', believe: false }];
    case 'adaptation':
      return legalAdaptation(s, seat);
    case 'showdown':
      return [
        { type: 'showdown', choice: 'assassination' },
        { type: 'showdown', choice: 'sabotage' },
      ];
    default:
      return [];
  }
}

/** Moves on once everyone expected has acted. */
function advance(s: JamesBlandState, events: GameEvent[]): void {
  const rnd = rngOf(s);
  for (let guard = 0; guard < 4 && s.phase !== 'finished' && toAct(s).length === 0; guard++) {
    if (s.phase === 'planning') closePlanning(s, rnd, events);
    else if (s.phase === 'banner') combat(s, rnd, events);
    else if (s.phase === 'adaptation') endRound(s, rnd, events);
    else if (s.phase === 'showdown') resolveShowdown(s, rnd, events);
  }
  s.rng = rnd.state;
}

/** The deadline's action: default choices for every seat still missing (see timeouts.ts). */
function timeUp(s: JamesBlandState): void {
  for (const seat of toAct(s)) {
    const a = s.agents[seat]!;
    if (s.phase === 'planning') a.plan = { ...SAFE_TURN_PLAN };
    else if (s.phase === 'banner') a.bannerAnswer = false;
    else if (s.phase === 'adaptation') a.ready = true;
    else if (s.phase === 'showdown') s.showdown!.choices[s.showdown!.seats.indexOf(seat)] = 'assassination';
  }
}

export function apply(
  state: JamesBlandState,
  seat: number,
  action: JamesBlandAction,
): ApplyResult<JamesBlandState> {
  if (state.phase === 'finished') return refuse('GAME_OVER', 'The match is over.');
  // The deadline's action comes from the clock, applied for SPECTATOR (no client can act as -1).
  if (action.type === 'timeUp') {
    if (seat !== SPECTATOR) return refuse('CLOCK_ONLY', 'Only the clock ends a window.');
    if (toAct(state).length === 0) return refuse('NOTHING_TO_TIME', 'Nobody is being waited for.');
  } else {
    if (!Number.isInteger(seat) || seat < 0 || seat >= state.agents.length)
      return refuse('NO_SEAT', 'No such seat.');
    if (!toAct(state).includes(seat)) return refuse('NOT_YOUR_TURN', 'Nothing to do for you right now.');
  }
  const s: JamesBlandState = structuredClone(state);
  const events: GameEvent[] = [];
  const me = s.agents[Math.max(0, seat)]!;
  if (action.type === 'timeUp') {
    timeUp(s);
  } else if (s.phase === 'planning') {
    if (action.type !== 'plan') return refuse('WRONG_PHASE', 'Submit your plan.');
    const why = planProblem(s, seat, action.plan);
    if (why) return refuse('BAD_PLAN', why);
    me.plan = structuredClone(action.plan);
    events.push({ type: 'submitted', seat, text: `${s.names[seat]} has submitted` });
  } else if (s.phase === 'banner') {
    if (action.type !== 'banner') return refuse('WRONG_PHASE', 'Answer the banner.');
    if (action.believe && !bannerTargets(s).has(seat))
      return refuse('NO_BANNER', 'You did not target a banner caster.');
    me.bannerAnswer = action.believe;
  } else if (s.phase === 'adaptation') {
    if (action.type === 'plan' || action.type === 'banner' || action.type === 'showdown')
      return refuse('WRONG_PHASE', 'Adaptation: buy, bribe, negotiate, then Ready.');
    const act = action as AdaptationAction;
    const why = adaptationProblem(s, seat, act);
    if (why) return refuse('NOT_ALLOWED', why);
    const rnd = rngOf(s);
    applyAdaptation(s, seat, act, rnd, events);
    s.rng = rnd.state;
  } else if (s.phase === 'showdown') {
    if (action.type !== 'showdown') return refuse('WRONG_PHASE', 'Choose Assassination or Sabotage.');
    s.showdown!.choices[s.showdown!.seats.indexOf(seat)] = action.choice;
  }
  advance(s, events);
  return { ok: true, state: s, events };
}
