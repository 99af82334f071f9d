/**
 * Devices' headless games: the platform playout (core/playout.ts). Everyone may act at once, so
 * each step asks one of the seats due to act, drawn by the seeded generator; when nobody is due
 * (everyone passed, or an emergency everyone voted in) the timer's action is applied.
 */
import * as core from '../../core/playout';
import { devices } from './index';
import type { DevicesAction, DevicesBot, DevicesOptions, DevicesState } from './types';

export type { DevicesBot } from './types';
export type PlayoutStep = core.PlayoutStep<DevicesState, DevicesAction>;

export type PlayoutOptions = core.GamePlayoutOptions<DevicesState, DevicesAction>;

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
  const r = core.playout(devices, options, seed, bots, {
    ...opts,
    seats: bots.map((_, i) => ({ name: SEAT_NAMES[i]!, bot: true })),
    seatChoice: 'random',
    label: 'playGame',
  });
  return { state: r.state, actions: r.actions.length, decideMs: opts.clock ? r.decideMs : undefined };
}
