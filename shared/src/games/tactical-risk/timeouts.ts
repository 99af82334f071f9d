/**
 * Phase timers as data (option `phaseSeconds`, 0 = off), with a BGA-style time bank (option
 * `bankSeconds` per seat for the whole match). Each phase or prompt gives its seat `phaseSeconds`;
 * when that runs out and the seat has bank left, the clock's `timeBank` action draws one step (up to
 * BANK_STEP_MS) from the bank and the window goes on for that long, step after step. When the bank is
 * empty the window's default action comes: a battle prompt takes the suggestion (casualties) or
 * presses on, a pending battle is fought, the draft takes the first free faction, any other phase
 * ends. Without phase timers only the prompts others wait on are timed (`promptSeconds`: a battle
 * prompt, a draft pick), with their default answer and no bank. The rules never read a clock: the room's deadlines are the clock, and each drawn step is an
 * action in the match record (so a replay gives back the same banks).
 */
import type { TimeoutRule } from '../../core/contract';
import { isLegacy } from './edition';
import { FACTIONS } from './board';
import { toAct } from './rules';
import type { Events } from './state';
import { fail } from './state';
import type { TacticalRiskAction, TacticalRiskState } from './types';

/** The bank is drawn in steps of this many ms (a seat that answers mid-step loses the rest of it). */
export const BANK_STEP_MS = 5000;

/** The seat's starting bank (nothing without phase timers). */
export function startingBank(options: TacticalRiskState['options']): number {
  return options.phaseSeconds > 0 ? (options.bankSeconds ?? 0) * 1000 : 0;
}

/** The current window's name: a phase or a prompt (a draft pick and a prompt each bump `seq`). */
export function windowKey(s: TacticalRiskState): string {
  return `${s.turnNumber}:${s.phase}:${s.seq}`;
}

/** The running window's bank draw, if it is drawing on the bank. */
export function currentDraw(s: TacticalRiskState): TacticalRiskState['bankDraw'] {
  return s.bankDraw && s.bankDraw.window === windowKey(s) ? s.bankDraw : null;
}

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

/** The clock's `timeBank` action: one step off the seat's bank, the window runs on for it. */
export function drawBank(s: TacticalRiskState, seat: number, ev: Events): void {
  const left = s.bank?.[seat] ?? 0;
  if (s.options.phaseSeconds <= 0 || left <= 0) fail('NO_TIME_BANK', 'No time bank left.');
  const ms = Math.min(BANK_STEP_MS, left);
  s.bank = s.bank.slice();
  s.bank[seat] = left - ms;
  const before = currentDraw(s);
  s.bankDraw = { window: windowKey(s), steps: (before?.steps ?? 0) + 1, ms };
  if (!before)
    ev.push({
      type: 'timeBank',
      text: `${s.names[seat]}'s time is up: their time bank runs (${Math.ceil(left / 1000)} s).`,
      seat,
      data: { seat, bankMs: left },
    });
}
