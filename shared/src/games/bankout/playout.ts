/** Bankout's headless matches: the platform playout (core/playout.ts) with two seats, Ada and Bo. */
import type { Bot } from '../../core/contract';
import * as core from '../../core/playout';
import { bankout } from './index';
import type { BankoutAction, BankoutOptions, BankoutPrivate, BankoutPublic, BankoutState } from './types';

export type BankoutBot = Bot<BankoutAction, BankoutPublic, BankoutPrivate>;
export type PlayoutStep = core.PlayoutStep<BankoutState, BankoutAction>;

export interface PlayoutResult {
  state: BankoutState;
  actions: { seat: number; action: BankoutAction }[];
  /** Time spent in each seat's decide calls, in ms, if timing was asked for. */
  decideMs?: number[][];
}

export type PlayoutOptions = core.GamePlayoutOptions<BankoutState, BankoutAction>;

export function playMatch(
  options: BankoutOptions,
  seed: number,
  bots: [BankoutBot, BankoutBot],
  opts: PlayoutOptions = {},
): PlayoutResult {
  const r = core.playout(bankout, options, seed, bots, {
    ...opts,
    seats: [
      { name: 'Ada', bot: false },
      { name: 'Bo', bot: false },
    ],
    maxActions: opts.maxActions ?? 50_000,
    label: 'playMatch',
  });
  return { state: r.state, actions: r.actions, decideMs: opts.clock ? r.decideMs : undefined };
}
