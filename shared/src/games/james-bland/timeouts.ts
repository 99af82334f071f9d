/**
 * Timed windows as data. Planning, banner answers, Adaptation and the Showdown are simultaneous, so
 * a deadline belongs to no single seat: the rule names SPECTATOR (-1) and its action `timeUp` fills
 * in the default for EVERY seat still missing (Planning: Safe Turn with no defense, RULINGS 13;
 * banner: Ignore, RULINGS 9; Adaptation: Ready; Showdown: Assassination). The room and the offline
 * table pass the rule's seat straight to `apply`, while no client can act as seat -1 (spectators
 * may not send actions), so only the clock can end a window early; `apply` refuses `timeUp` from
 * any real seat. A deadline seat below 0 is what the client already reads as "everyone's clock".
 */
import type { TimeoutRule } from '../../core/contract';
import { SPECTATOR } from '../../core/contract';
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
    seat: SPECTATOR,
    durationMs,
    action: { type: 'timeUp' },
  };
}
