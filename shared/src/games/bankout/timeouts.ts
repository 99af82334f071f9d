/**
 * Timed windows as data. Each prompt has its own key (turn number, phase and prompt counter), so a
 * second discard in the same turn gets a fresh deadline. The turn limit (option `turnSeconds`, 0 = off)
 * banks the turn
 * (the clock's `timeUp` action, so the log can say the time ran out).
 */
import type { TimeoutRule } from '../../core/contract';
import { isLegacy } from './edition';
import type { BankoutAction, BankoutState } from './types';

export const JOKER_PROMPT_MS = 15_000;
export const COUNTER_PROMPT_MS = 10_000;
export const DISCARD_PROMPT_MS = 15_000;

export function timeout(s: BankoutState): TimeoutRule<BankoutAction> | null {
  const key = `${s.turnNumber}:${s.phase}:${s.promptSeq}`;
  switch (s.phase) {
    case 'joker':
      return { key, seat: s.turn, durationMs: JOKER_PROMPT_MS, action: { type: 'joker', choice: 'queen' } };
    case 'counter':
      return {
        key,
        seat: s.prompt?.seat ?? 1 - s.turn,
        durationMs: COUNTER_PROMPT_MS,
        action: { type: 'counter', accept: false },
      };
    case 'discard': {
      const oldest = s.players[s.turn]!.hand[0]!;
      return { key, seat: s.turn, durationMs: DISCARD_PROMPT_MS, action: { type: 'discard', card: oldest } };
    }
    case 'turn':
      if (s.options.turnSeconds <= 0) return null;
      return {
        key: `${s.turnNumber}:turn`,
        seat: s.turn,
        durationMs: s.options.turnSeconds * 1000,
        // Edition 1's clock simply banked.
        action: isLegacy(s) ? { type: 'bank' } : { type: 'timeUp' },
      };
    default:
      return null;
  }
}
