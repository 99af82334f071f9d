/**
 * Phase timers as data (option `phaseSeconds`, 0 = off), with a BGA-style time bank (option
 * `bankSeconds` per seat for the whole match). Each phase or prompt gives its seat `phaseSeconds`;
 * when that runs out and the seat has bank left, the clock's `timeBank` action draws one step (up to
 * BANK_STEP_MS) from the bank and the window goes on for that long, step after step. When the bank is
 * empty the window's default action comes: a battle prompt takes the suggestion (casualties) or
 * presses on, a pending battle is fought, the draft takes the first free faction, any other phase
 * ends. Without phase timers only the prompts others wait on are timed (`promptSeconds`: a battle
 * prompt, a draft pick), with their default answer and no bank. The rules never read a clock: the
 * room's deadlines are the clock. The bank itself, and its `timeBank` action: timeBank.ts.
 */
import type { TimeoutRule } from '../../core/contract';
import { isLegacy } from './edition';
import { FACTIONS } from './board';
import { toAct } from './rules';
import { currentDraw, windowKey } from './timeBank';
import type { TacticalRiskAction, TacticalRiskState } from './types';

function defaultAction(s: TacticalRiskState): TacticalRiskAction {
  const p = s.battle?.prompt;
  if (s.phase === 'draft') return { type: 'draft', faction: FACTIONS.find((f) => s.controller[f] === -1)! };
  if (p) return p.kind === 'casualties' ? { type: 'casualties', units: p.suggestion } : { type: 'press' };
  if (s.phase === 'battle') return { type: 'fight', territory: s.battles[0]! };
  return { type: 'endPhase' };
}

/** Seconds for a prompt when the table has no phase timer (options saved before it: this). */
export const DEFAULT_PROMPT_SECONDS = 60;

export function timeout(s: TacticalRiskState): TimeoutRule<TacticalRiskAction> | null {
  if (s.phase === 'finished') return null;
  const seat = toAct(s)[0];
  if (seat === undefined) return null;
  if (s.options.phaseSeconds <= 0) {
    if (isLegacy(s)) return null; // edition 1: no timer at all without phase timers
    // No phase timer: a seat's own phases are untimed, but a decision others wait on (a battle
    // prompt, often the defender's in another faction's turn, or a draft pick) still times out.
    if (!s.battle?.prompt && s.phase !== 'draft') return null;
    const seconds = s.options.promptSeconds ?? DEFAULT_PROMPT_SECONDS;
    return { key: windowKey(s), seat, durationMs: seconds * 1000, action: defaultAction(s) };
  }
  const action: TacticalRiskAction = (s.bank?.[seat] ?? 0) > 0 ? { type: 'timeBank' } : defaultAction(s);
  const draw = currentDraw(s);
  if (!draw) return { key: windowKey(s), seat, durationMs: s.options.phaseSeconds * 1000, action };
  return { key: `${windowKey(s)}:bank${draw.steps}`, seat, durationMs: draw.ms, action };
}
