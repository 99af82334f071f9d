/**
 * Plays a whole game between bots through the public contract only (view, legalActions, apply,
 * toAct, timeout), for tests, the benchmark and simulations. Everyone may act at once in Devices, so
 * each step asks one of the seats due to act, chosen by the seeded generator; when nobody is due
 * (everyone passed, or an emergency everyone voted in) the timer's action is applied.
 */
import type { Bot, SeatSetup } from '../../core/contract';
import { Random, seedRng } from '../../core/rng';
import { legalActions } from './legal';
import { apply, toAct } from './rules';
import { setup } from './setup';
import { timeout } from './timeouts';
import type { DevicesAction, DevicesOptions, DevicesPrivate, DevicesPublic, DevicesState } from './types';
import { view } from './view';

export type DevicesBot = Bot<DevicesAction, DevicesPublic, DevicesPrivate>;

export interface PlayoutStep {
  before: DevicesState;
  seat: number;
  action: DevicesAction;
  after: DevicesState;
}

export interface PlayoutOptions {
  maxActions?: number;
  onStep?: (step: PlayoutStep) => void;
  clock?: () => number;
}

export interface PlayoutResult {
  state: DevicesState;
  actions: number;
  decideMs?: number[][];
}

export const SEAT_NAMES = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'];

export function playGame(
  options: DevicesOptions,
  seed: number,
  bots: DevicesBot[],
  opts: PlayoutOptions = {},
): PlayoutResult {
  const seats: SeatSetup[] = bots.map((_, i) => ({ name: SEAT_NAMES[i]!, bot: true }));
  let state = setup(options, seats, seed);
  const random = new Random(seedRng(seed ^ 0x5eed));
  const rand = () => random.float();
  const decideMs: number[][] = bots.map(() => []);
  const max = opts.maxActions ?? 100_000;
  let n = 0;
  while (state.phase !== 'finished') {
    if (n++ >= max) throw new Error(`playGame: no end after ${max} actions (seed ${seed})`);
    const due = toAct(state);
    let seat: number;
    let action: DevicesAction;
    if (due.length === 0) {
      const t = timeout(state)!;
      seat = t.seat;
      action = t.action;
    } else {
      seat = random.pick(due);
      const t0 = opts.clock?.();
      action = bots[seat]!.decide(view(state, seat), legalActions(state, seat), rand);
      if (opts.clock && t0 !== undefined) decideMs[seat]!.push(opts.clock() - t0);
    }
    const r = apply(state, seat, action);
    if (!r.ok)
      throw new Error(
        `playGame: ${JSON.stringify(action)} refused: ${r.error.code} ${r.error.message} (seed ${seed})`,
      );
    opts.onStep?.({ before: state, seat, action, after: r.state });
    state = r.state;
  }
  return { state, actions: n, decideMs: opts.clock ? decideMs : undefined };
}
