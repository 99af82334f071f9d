/**
 * Plays a whole match between bots through the public contract only (view, legalActions, apply),
 * for tests, the benchmark and simulations. Deterministic for a given seed.
 */
import type { Bot, SeatSetup } from '../../core/contract';
import { Random, seedRng } from '../../core/rng';
import { apply, legalActions, toAct } from './rules';
import { setup } from './setup';
import type { KingpinAction, KingpinOptions, KingpinPrivate, KingpinPublic, KingpinState } from './types';
import { view } from './view';

export type KingpinBot = Bot<KingpinAction, KingpinPublic, KingpinPrivate>;

export interface PlayoutStep {
  before: KingpinState;
  seat: number;
  action: KingpinAction;
  after: KingpinState;
}

export interface PlayoutResult {
  state: KingpinState;
  actions: number;
  /** Time spent in each seat's decide calls, in ms, if a clock was given. */
  decideMs?: number[][];
}

export interface PlayoutOptions {
  maxActions?: number;
  onStep?: (step: PlayoutStep) => void;
  clock?: () => number;
}

export function playMatch(
  options: KingpinOptions,
  seed: number,
  bots: KingpinBot[],
  opts: PlayoutOptions = {},
): PlayoutResult {
  const seats: SeatSetup[] = bots.map((_, i) => ({ name: ['Ada', 'Bo', 'Cy'][i] ?? `P${i}`, bot: true }));
  let state = setup(options, seats, seed);
  const random = new Random(seedRng(seed ^ 0x5eed));
  const rand = () => random.float();
  const decideMs: number[][] = bots.map(() => []);
  const max = opts.maxActions ?? 100_000;
  let actions = 0;
  while (state.phase !== 'finished') {
    if (actions >= max) throw new Error(`playMatch: no end after ${max} actions (seed ${seed})`);
    const seat = toAct(state)[0]!;
    const legal = legalActions(state, seat);
    const v = view(state, seat);
    const t0 = opts.clock?.();
    const action = bots[seat]!.decide(v, legal, rand);
    if (opts.clock && t0 !== undefined) decideMs[seat]!.push(opts.clock() - t0);
    const r = apply(state, seat, action);
    if (!r.ok)
      throw new Error(`playMatch: ${JSON.stringify(action)} refused: ${r.error.code} (seed ${seed})`);
    opts.onStep?.({ before: state, seat, action, after: r.state });
    actions++;
    state = r.state;
  }
  return { state, actions, decideMs: opts.clock ? decideMs : undefined };
}
