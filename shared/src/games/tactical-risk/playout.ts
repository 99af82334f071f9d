/** Tactical Risk's headless matches: the platform playout (core/playout.ts), seats `Bot 1`, `Bot 2`, ... */
import type { Bot } from '../../core/contract';
import * as core from '../../core/playout';
import { tacticalRisk } from './index';
import { DEFAULT_OPTIONS } from './options';
import type {
  TacticalRiskAction,
  TacticalRiskOptions,
  TacticalRiskPrivate,
  TacticalRiskPublic,
  TacticalRiskState,
} from './types';

export type TacticalRiskBot = Bot<TacticalRiskAction, TacticalRiskPublic, TacticalRiskPrivate>;

export interface PlayoutResult {
  state: TacticalRiskState;
  actions: number;
  /** Per seat, the milliseconds each decide() took (when a clock is given). */
  decideMs: number[][];
}

export interface PlayoutOptions {
  /** Stops (without an error) after this many actions. */
  maxActions?: number;
  clock?: () => number;
  /** Called after every accepted action (property tests check invariants here). */
  onStep?: (before: TacticalRiskState, action: TacticalRiskAction, after: TacticalRiskState) => void;
}

export function playMatch(
  options: Partial<TacticalRiskOptions>,
  seed: number,
  bots: TacticalRiskBot[],
  opts: PlayoutOptions = {},
): PlayoutResult {
  const { onStep } = opts;
  const r = core.playout(tacticalRisk, { ...DEFAULT_OPTIONS, ...options }, seed, bots, {
    seats: bots.map((_, i) => ({ name: `Bot ${i + 1}`, bot: true })),
    maxActions: opts.maxActions ?? 200_000,
    atLimit: 'stop',
    clock: opts.clock,
    onStep: onStep && ((step) => onStep(step.before, step.action, step.after)),
  });
  return { state: r.state, actions: r.actions.length, decideMs: r.decideMs };
}
