/** Kingpin's headless matches: the platform playout (core/playout.ts) with seats Ada, Bo and Cy. */
import type { Bot } from '../../core/contract';
import * as core from '../../core/playout';
import { kingpin } from './index';
import type { KingpinAction, KingpinOptions, KingpinPrivate, KingpinPublic, KingpinState } from './types';

export type KingpinBot = Bot<KingpinAction, KingpinPublic, KingpinPrivate>;
export type PlayoutStep = core.PlayoutStep<KingpinState, KingpinAction>;

export interface PlayoutResult {
  state: KingpinState;
  actions: number;
  /** Time spent in each seat's decide calls, in ms, if a clock was given. */
  decideMs?: number[][];
}

export type PlayoutOptions = core.GamePlayoutOptions<KingpinState, KingpinAction>;

export function playMatch(
  options: KingpinOptions,
  seed: number,
  bots: KingpinBot[],
  opts: PlayoutOptions = {},
): PlayoutResult {
  const r = core.playout(kingpin, options, seed, bots, {
    ...opts,
    seats: bots.map((_, i) => ({ name: ['Ada', 'Bo', 'Cy'][i] ?? `P${i}`, bot: true })),
    label: 'playMatch',
  });
  return { state: r.state, actions: r.actions.length, decideMs: opts.clock ? r.decideMs : undefined };
}
