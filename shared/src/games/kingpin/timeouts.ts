/**
 * Timed windows as data. With a turn limit (option `turnSeconds`, 0 = off) the turn passes and each
 * prompt takes its safe default (card to hand, no ammunition, skip the pick). The Emergency Defense
 * prompt is the defender's, in the middle of someone else's turn, so it is always timed.
 */
import type { TimeoutRule } from '../../core/contract';
import { isLegacy } from './edition';
import type { KingpinAction, KingpinState } from './types';

/** Long enough to read the prompt (which card, what damage, what shields do) and answer. */
export const EMERGENCY_PROMPT_MS = 45_000;
/** Edition 1's Emergency Defense prompt. */
export const LEGACY_EMERGENCY_PROMPT_MS = 20_000;

export function timeout(s: KingpinState): TimeoutRule<KingpinAction> | null {
  if (s.phase === 'finished') return null;
  const key = `${s.turnNumber}:${s.phase}:${s.promptSeq}`;
  if (s.phase === 'emergency' && s.prompt) {
    return {
      key,
      seat: s.prompt.seat,
      durationMs: isLegacy(s) ? LEGACY_EMERGENCY_PROMPT_MS : EMERGENCY_PROMPT_MS,
      action: { type: 'emergencyDone' },
    };
  }
  if (s.options.turnSeconds <= 0) return null;
  const durationMs = s.options.turnSeconds * 1000;
  switch (s.phase) {
    case 'turn':
      // One deadline for the whole turn (Defense Management moves do not restart it).
      return { key: `${s.turnNumber}:turn`, seat: s.turn, durationMs, action: { type: 'pass' } };
    case 'place':
      return { key, seat: s.turn, durationMs, action: { type: 'place', to: 'hand' } };
    case 'ammo':
      return { key, seat: s.turn, durationMs, action: { type: 'ammo', amount: 0 } };
    case 'pick':
      return { key, seat: s.turn, durationMs, action: { type: 'pick', target: null } };
    default:
      return null;
  }
}
