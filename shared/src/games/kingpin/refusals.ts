/** Kingpin's own refusal codes (the platform's are in core/refusals.ts). */
import { gameRefusals } from '../../core/refusals';

/** ILLEGAL: a well-formed action the position does not allow (not in the seat's legal list). */
export const KINGPIN_REFUSALS = ['ILLEGAL'] as const;

export const { Err, err, refuse } = gameRefusals(KINGPIN_REFUSALS);
