/**
 * Timed windows as data. The contract's TimeoutRule names one seat, but Planning, banner answers and
 * Adaptation are simultaneous: the rule's action is `timeUp`, applied for the first seat still
 * missing, and it fills in the default for EVERY missing seat at once (Planning: Safe Turn with no
 * defense, RULINGS 13; banner: Ignore, RULINGS 9; Adaptation: Ready; Showdown: Assassination).
 * `timeUp` is never in the legal list, so bots do not send it. The rules cannot tell a deadline
 * from a player sending `timeUp` early; see docs/rules/james-bland.md.
 */
import type { TimeoutRule } from '../../core/contract';
import { toAct } from './rules';
import type { JamesBlandAction, JamesBlandState } from './types';

export const PLANNING_MS = 90_000;
export const PLANNING_MS_1V1 = 60_000;
export const BANNER_MS = 10_000;
export const ADAPTATION_MS = 45_000;
export const SHOWDOWN_MS = 15_000;

export function planningMs(s: JamesBlandState): number {
  if (s.options.planningSeconds > 0) return s.options.planningSeconds * 1000;
  return s.mode === '1v1' ? PLANNING_MS_1V1 : PLANNING_MS;
}

export function timeout(s: JamesBlandState): TimeoutRule<JamesBlandAction> | null {
  const waiting = toAct(s);
  if (waiting.length === 0) return null;
  const durations: Record<string, number> = {
    planning: planningMs(s),
    banner: BANNER_MS,
    adaptation: ADAPTATION_MS,
    showdown: SHOWDOWN_MS,
  };
  const durationMs = durations[s.phase];
  if (durationMs === undefined) return null;
  return {
    key: `${s.round}:${s.phase}:${s.windowSeq}`,
    seat: waiting[0]!,
    durationMs,
    action: { type: 'timeUp' },
  };
}
