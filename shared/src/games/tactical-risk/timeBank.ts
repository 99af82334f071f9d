/**
 * The BGA-style time bank (option `bankSeconds` per seat for the whole match, with phase timers on):
 * when a seat's phase time runs out, the clock's `timeBank` action draws one step off its bank and the
 * window runs on for it (see timeouts.ts). Each drawn step is an action in the match record, so a
 * replay gives back the same banks.
 */
import type { RuleError } from '../../core/contract';
import type { Events } from './state';
import { ruleError } from './state';
import type { TacticalRiskState } from './types';

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

/** The clock's `timeBank` action: one step off the seat's bank, the window runs on for it. */
export function drawBank(s: TacticalRiskState, seat: number, ev: Events): RuleError | undefined {
  const left = s.bank?.[seat] ?? 0;
  if (s.options.phaseSeconds <= 0 || left <= 0) return ruleError('NO_TIME_BANK', 'No time bank left.');
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
