/**
 * Plays a whole match between two bots through the public contract only (view, legalActions,
 * apply), for tests, the benchmark and simulations. Deterministic for a given seed.
 */
import type { Bot, SeatSetup } from '../../core/contract';
import { Random, seedRng } from '../../core/rng';
import { apply, legalActions, toAct } from './rules';
import { setup } from './setup';
import type { BankoutAction, BankoutOptions, BankoutPrivate, BankoutPublic, BankoutState } from './types';
import { view } from './view';

export type BankoutBot = Bot<BankoutAction, BankoutPublic, BankoutPrivate>;

export interface PlayoutStep {
  before: BankoutState;
  seat: number;
  action: BankoutAction;
  after: BankoutState;
}

export interface PlayoutResult {
  state: BankoutState;
  actions: { seat: number; action: BankoutAction }[];
  /** Time spent in each seat's decide calls, in ms, if timing was asked for. */
  decideMs?: number[][];
}

export interface PlayoutOptions {
  maxActions?: number;
  onStep?: (step: PlayoutStep) => void;
  /** A clock for measuring decision times (the bench passes performance.now). */
  clock?: () => number;
}

export function playMatch(
  options: BankoutOptions,
  seed: number,
  bots: [BankoutBot, BankoutBot],
  opts: PlayoutOptions = {},
): PlayoutResult {
  const seats: SeatSetup[] = [
    { name: 'Ada', bot: false },
    { name: 'Bo', bot: false },
  ];
  let state = setup(options, seats, seed);
  const random = new Random(seedRng(seed ^ 0x5eed));
  const rand = () => random.float();
  const actions: PlayoutResult['actions'] = [];
  const decideMs: number[][] = [[], []];
  const max = opts.maxActions ?? 50_000;
  while (state.phase !== 'finished') {
    if (actions.length >= max) throw new Error(`playMatch: no end after ${max} actions (seed ${seed})`);
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
    actions.push({ seat, action });
    state = r.state;
  }
  return { state, actions, decideMs: opts.clock ? decideMs : undefined };
}
