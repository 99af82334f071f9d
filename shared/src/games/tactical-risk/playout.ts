/** Headless matches driven through the contract only (tests and benchmarks). */
import type { Bot } from '../../core/contract';
import { Random, seedRng } from '../../core/rng';
import { apply, legalActions, toAct } from './rules';
import { setup } from './setup';
import type {
  TacticalRiskAction,
  TacticalRiskOptions,
  TacticalRiskPrivate,
  TacticalRiskPublic,
  TacticalRiskState,
} from './types';
import { view } from './view';
import { DEFAULT_OPTIONS } from './options';

export type TacticalRiskBot = Bot<TacticalRiskAction, TacticalRiskPublic, TacticalRiskPrivate>;

export interface PlayoutResult {
  state: TacticalRiskState;
  actions: number;
  /** Per seat, the milliseconds each decide() took (when a clock is given). */
  decideMs: number[][];
}

export interface PlayoutOptions {
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
  let s = setup(
    { ...DEFAULT_OPTIONS, ...options },
    bots.map((_, i) => ({ name: `Bot ${i + 1}`, bot: true })),
    seed,
  );
  const random = new Random(seedRng(seed ^ 0x5eed));
  const next = () => random.float();
  const decideMs: number[][] = bots.map(() => []);
  const max = opts.maxActions ?? 200_000;
  let actions = 0;
  while (s.phase !== 'finished' && actions < max) {
    const seat = toAct(s)[0]!;
    const legal = legalActions(s, seat);
    if (legal.length === 0) throw new Error(`no legal action for seat ${seat} in ${s.phase}`);
    const t0 = opts.clock?.();
    const action = bots[seat]!.decide(view(s, seat), legal, next);
    if (t0 !== undefined) decideMs[seat]!.push(opts.clock!() - t0);
    const r = apply(s, seat, action);
    if (!r.ok)
      throw new Error(`bot action refused: ${r.error.code} ${r.error.message} ${JSON.stringify(action)}`);
    opts.onStep?.(s, action, r.state);
    s = r.state;
    actions++;
  }
  return { state: s, actions, decideMs };
}
