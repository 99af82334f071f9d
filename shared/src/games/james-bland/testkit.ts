/**
 * Test-only helpers (never imported by product code): build a match, arrange agents, play a round
 * with given plans through `apply`, and retry a round's dice (by reseeding) until a wanted outcome.
 */
import * as core from '../../core/testkit';
import type { GameEvent } from '../../core/contract';
import { seedRng } from '../../core/rng';
import { optionsSchema } from './options';
import { SAFE_TURN_PLAN } from './planning';
import { seatsFor } from './playout';
import { apply, toAct } from './rules';
import { setup } from './setup';
import type { Agent, JamesBlandAction, JamesBlandOptions, JamesBlandState, Plan } from './types';

export function newMatch(players = 4, seed = 1, options: Partial<JamesBlandOptions> = {}): JamesBlandState {
  return setup(optionsSchema.parse(options), seatsFor(players), seed);
}

/** A copy with changes to some agents (and anything else through `more`). */
export function arrange(
  s: JamesBlandState,
  agents: Record<number, Partial<Agent>>,
  more?: (s: JamesBlandState) => void,
): JamesBlandState {
  const c = structuredClone(s);
  for (const [seat, fields] of Object.entries(agents)) Object.assign(c.agents[Number(seat)]!, fields);
  more?.(c);
  return c;
}

export type Step = core.Step<JamesBlandState>;

/** Applies an action that must be accepted. */
export const act = core.accepting(apply);

export function plan(p: Partial<Plan>): Plan {
  return { ...SAFE_TURN_PLAN, ...p };
}

/**
 * Submits the given plans (Safe Turn with no defense for every other planning seat), answers any
 * banner prompt (`believe` lists who believes), and stops in Adaptation (or wherever the match is).
 */
export function playRound(
  s: JamesBlandState,
  plans: Record<number, Partial<Plan>>,
  believe: number[] = [],
): Step {
  let step: Step = { state: s, events: [] };
  const push = (seat: number, a: JamesBlandAction) => {
    const next = act(step.state, seat, a);
    step = { state: next.state, events: [...step.events, ...next.events] };
  };
  for (const seat of toAct(s)) push(seat, { type: 'plan', plan: plan(plans[seat] ?? {}) });
  if (step.state.phase === 'banner')
    for (const seat of toAct(step.state)) push(seat, { type: 'banner', believe: believe.includes(seat) });
  return step;
}

/** Everyone says Ready: the round ends (victory check, next round's income). */
export function finishRound(s: JamesBlandState): Step {
  let step: Step = { state: s, events: [] };
  for (const seat of toAct(s)) {
    if (step.state.phase !== 'adaptation') break;
    const next = act(step.state, seat, { type: 'ready' });
    step = { state: next.state, events: [...step.events, ...next.events] };
  }
  return step;
}

/** Plays the round with different dice (rng reseeded) until `want` holds; throws after 300 tries. */
export function roundUntil(
  s: JamesBlandState,
  plans: Record<number, Partial<Plan>>,
  want: (after: JamesBlandState, events: GameEvent[]) => boolean,
  believe: number[] = [],
): Step {
  for (let seed = 1; seed <= 300; seed++) {
    const step = playRound({ ...s, rng: seedRng(seed) }, plans, believe);
    if (want(step.state, step.events)) return step;
  }
  throw new Error('roundUntil: no seed produced the wanted outcome');
}

/** The reveal entry of the first offense aimed at `target` (or with this offense type). */
export function shownOn(s: JamesBlandState, target: number) {
  const o = s.reveal?.offenses.find((x) => x.target === target);
  if (!o) throw new Error(`no offense on ${target}`);
  return o;
}

export const ipOf = (s: JamesBlandState) => s.agents.map((a) => a.ip);
