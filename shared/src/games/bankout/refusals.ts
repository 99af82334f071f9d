/** Bankout's own refusal codes (the platform's are in core/refusals.ts). */
import { gameRefusals } from '../../core/refusals';

export const BANKOUT_REFUSALS = [
  'NOT_IN_HAND',
  'NO_JOKER',
  'CHOICE_REQUIRED',
  'NO_CHOICE_HERE',
  'SWAP_NOT_ALLOWED',
  'DECK_EMPTY',
] as const;

export const { Err, err, refuse } = gameRefusals(BANKOUT_REFUSALS);
