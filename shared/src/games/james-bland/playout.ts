/**
 * Plays a whole match between bots through the public contract only (view, legalActions, apply), for
 * tests, the benchmark and simulations. Each bot must answer with a listed action, as in a room. Simultaneous phases are played seat by seat in seat order.
 * Deterministic for a given seed.
 */
import type { GameEvent, SeatSetup } from '../../core/contract';
import { Random, seedRng } from '../../core/rng';
import type { JamesBlandBot } from './baselines';
import { apply, legalActions, toAct } from './rules';
import { setup } from './setup';
import type { JamesBlandAction, JamesBlandOptions, JamesBlandState } from './types';
import { view } from './view';

export interface PlayoutStep {
  before: JamesBlandState;
  seat: number;
  action: JamesBlandAction;
  after: JamesBlandState;
  events: GameEvent[];
}

export interface PlayoutResult {
  state: JamesBlandState;
  actions: number;
  /** Per round, the time all bots together spent deciding it (ms), if a clock was given. */
  roundMs?: number[];
}

export interface PlayoutOptions {
  maxActions?: number;
  onStep?: (step: PlayoutStep) => void;
  clock?: () => number;
}

export function seatsFor(n: number): SeatSetup[] {
  return Array.from({ length: n }, (_, i) => ({ name: `Agent ${String.fromCharCode(65 + i)}`, bot: true }));
}

/** Is the action one of the listed ones (the same object, or the same JSON)? */
export function listed(legal: JamesBlandAction[], action: JamesBlandAction): boolean {
  if (legal.includes(action)) return true;
  const json = JSON.stringify(action);
  return legal.some((l) => JSON.stringify(l) === json);
}

export function playMatch(
  options: JamesBlandOptions,
  seed: number,
  bots: JamesBlandBot[],
  opts: PlayoutOptions = {},
): PlayoutResult {
  let state = setup(options, seatsFor(bots.length), seed);
  const random = new Random(seedRng(seed ^ 0x5eed));
  const rand = () => random.float();
  const max = opts.maxActions ?? 20_000;
  const roundMs: number[] = [];
  let actions = 0;
  while (state.phase !== 'finished') {
    if (actions >= max) throw new Error(`playMatch: no end after ${max} actions (seed ${seed})`);
    const seat = toAct(state)[0]!;
    const legal = legalActions(state, seat);
    const t0 = opts.clock?.();
    const action = bots[seat]!.decide(view(state, seat), legal, rand);
    if (opts.clock && t0 !== undefined)
      roundMs[state.round - 1] = (roundMs[state.round - 1] ?? 0) + opts.clock() - t0;
    // As on the server, a bot must answer with one of the listed actions (the room replaces any
    // other answer with a random legal one).
    if (!listed(legal, action))
      throw new Error(`playMatch: seat ${seat} chose an unlisted ${JSON.stringify(action)} (seed ${seed})`);
    const r = apply(state, seat, action);
    if (!r.ok)
      throw new Error(
        `playMatch: ${JSON.stringify(action)} refused: ${r.error.code} ${r.error.message} (seed ${seed})`,
      );
    opts.onStep?.({ before: state, seat, action, after: r.state, events: r.events });
    actions++;
    state = r.state;
  }
  return { state, actions, roundMs: opts.clock ? roundMs : undefined };
}
