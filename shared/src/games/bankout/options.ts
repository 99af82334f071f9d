/** Table options: the zod schema (with defaults) and the create-table dialog fields. */
import { z } from 'zod';
import type { OptionField } from '../../core/contract';
import { field } from '../../core/optionFields';
import type { BankoutOptions } from './types';

export const MAX_TURN_SECONDS = 300;

export const optionsSchema: z.ZodType<BankoutOptions> = z
  .object({
    mode: z.enum(['bankout', 'blitz']).default('bankout'),
    jokers: z.boolean().default(true),
    turnSeconds: z.number().int().min(0).max(MAX_TURN_SECONDS).default(0),
    // Not in the create dialog: records without it are edition 1 (see edition.ts).
    edition: z.number().int().min(1).max(2).default(2),
  })
  .prefault({});

export const DEFAULT_OPTIONS: BankoutOptions = { mode: 'bankout', jokers: true, turnSeconds: 0, edition: 2 };

export const optionFields: OptionField[] = [
  field.choice('mode', 'Mode', {
    bankout: 'Bankout: first to $1,000, best of 3 rounds',
    blitz: 'Blitz: 3 rounds, one pass of the deck each, winner takes the pot',
  }),
  field.toggle('jokers', 'Jokers', {
    help: 'One Joker in round 2 (resolves at once), two in round 3 (held, can counter a swap).',
  }),
  field.number(
    'turnSeconds',
    'Turn time limit (seconds)',
    { min: 0, max: MAX_TURN_SECONDS, step: 5, zero: 'off' },
    { help: '0 = no limit. When time runs out, the turn banks.' },
  ),
];
