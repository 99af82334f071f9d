/**
 * James Bland's headless matches: the platform playout (core/playout.ts). Each bot must answer with
 * a listed action, as in a room. Simultaneous phases are played seat by seat in seat order.
 */
import type { SeatSetup } from '../../core/contract';
import * as core from '../../core/playout';
import type { JamesBlandBot } from './baselines';
import { jamesBland } from './index';
import type { JamesBlandAction, JamesBlandOptions, JamesBlandState } from './types';

export type PlayoutStep = core.PlayoutStep<JamesBlandState, JamesBlandAction>;

export interface PlayoutResult {
  state: JamesBlandState;
  actions: number;
  /** Per round, the time all bots together spent deciding it (ms), if a clock was given. */
  roundMs?: number[];
}

/**
 * `seatChoice`: in a simultaneous phase, the first due seat acts first (default) or one drawn by the
 * bots' generator (benches that compare seats: seat by seat, seat 0 would always shop first).
 */
export type PlayoutOptions = core.GamePlayoutOptions<JamesBlandState, JamesBlandAction> &
  Pick<core.PlayoutOptions<JamesBlandState, JamesBlandAction>, 'seatChoice'>;

export function seatsFor(n: number): SeatSetup[] {
  return Array.from({ length: n }, (_, i) => ({ name: `Agent ${String.fromCharCode(65 + i)}`, bot: true }));
}

/** Is the action one of the listed ones (the same object, or the same JSON)? */
export const listed: (legal: JamesBlandAction[], action: JamesBlandAction) => boolean = core.isListed;

export function playMatch(
  options: JamesBlandOptions,
  seed: number,
  bots: JamesBlandBot[],
  opts: PlayoutOptions = {},
): PlayoutResult {
  const roundMs: number[] = [];
  const r = core.playout(jamesBland, options, seed, bots, {
    ...opts,
    seats: seatsFor(bots.length),
    maxActions: opts.maxActions ?? 20_000,
    // As on the server, a bot must answer with one of the listed actions (the room replaces any
    // other answer with a random legal one).
    unlisted: 'throw',
    onDecide: (_seat, ms, state) => (roundMs[state.round - 1] = (roundMs[state.round - 1] ?? 0) + ms),
    label: 'playMatch',
  });
  return { state: r.state, actions: r.actions.length, roundMs: opts.clock ? roundMs : undefined };
}
