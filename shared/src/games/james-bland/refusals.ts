/** James Bland's own refusal codes (the platform's are in core/refusals.ts). */
import { gameRefusals } from '../../core/refusals';

export const JAMES_BLAND_REFUSALS = [
  'NOTHING_TO_TIME',
  'NO_SEAT',
  'BAD_PLAN',
  'NO_BANNER',
  'NOT_ALLOWED',
] as const;

export const { refuse } = gameRefusals(JAMES_BLAND_REFUSALS);
