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
import { isLegacy } from './edition';
import type { JamesBlandAction, JamesBlandState } from './types';

export const PLANNING_MS = 90_000;
export const PLANNING_MS_1V1 = 60_000;
export const BANNER_MS = 10_000;
export const ADAPTATION_MS = 45_000;
export const SHOWDOWN_MS = 15_000;

/** Newcomer time: added to Planning and to Adaptation in the rounds it applies to. */
export const NEWCOMER_PLANNING_MS = 120_000;
export const NEWCOMER_ADAPTATION_MS = 30_000;

/** Does this round give new players extra time (the table's option; round 1 by default)? */
export function newcomerRound(s: JamesBlandState): boolean {
  // Edition 1 had no newcomer time.
  const mode = s.options.newcomerTime ?? (isLegacy(s) ? 'off' : 'firstRound');
  return mode === 'everyRound' || (mode === 'firstRound' && s.round === 1);
}

/** This round's planning window (ms); 0 when the table plays without a clock. */
export function planningMs(s: JamesBlandState): number {
  if (s.options.untimed) return 0;
  const base =
    s.options.planningSeconds > 0
      ? s.options.planningSeconds * 1000
      : s.mode === '1v1'
        ? PLANNING_MS_1V1
        : PLANNING_MS;
  return base + (newcomerRound(s) ? NEWCOMER_PLANNING_MS : 0);
}

export function timeout(s: JamesBlandState): TimeoutRule<JamesBlandAction> | null {
  const waiting = toAct(s);
  if (waiting.length === 0 || s.options.untimed) return null;
  const durations: Record<string, number> = {
    planning: planningMs(s),
    banner: BANNER_MS,
    adaptation: ADAPTATION_MS + (newcomerRound(s) ? NEWCOMER_ADAPTATION_MS : 0),
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
