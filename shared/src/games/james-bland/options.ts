/** Table options: the zod schema (with defaults) and the create-table dialog fields. */
import { z } from 'zod';
import type { OptionField } from '../../core/contract';
import { field } from '../../core/optionFields';
import { LATEST_EDITION } from './edition';
import type { JamesBlandOptions } from './types';

export const MAX_PLANNING_SECONDS = 300;
export const DEFAULT_ROUND_LIMIT = 30;

export const optionsSchema: z.ZodType<JamesBlandOptions> = z
  .object({
    planningSeconds: z.number().int().min(0).max(MAX_PLANNING_SECONDS).default(0),
    roundLimit: z.number().int().min(3).max(100).default(DEFAULT_ROUND_LIMIT),
    newcomerTime: z.enum(['firstRound', 'everyRound', 'off']).default('firstRound'),
    untimed: z.boolean().default(false),
    edition: z.number().int().min(1).max(LATEST_EDITION).default(LATEST_EDITION),
  })
  .prefault({});

export const DEFAULT_OPTIONS: JamesBlandOptions = {
  planningSeconds: 0,
  roundLimit: DEFAULT_ROUND_LIMIT,
  newcomerTime: 'firstRound',
  untimed: false,
  edition: LATEST_EDITION,
};

export const optionFields: OptionField[] = [
  field.toggle('untimed', 'No clock', {
    help: 'Every phase waits until everyone has chosen (bots still play at a human pace).',
  }),
  field.choice(
    'newcomerTime',
    'Time for new players',
    {
      firstRound: 'First round: +2 minutes to plan, +30 s to shop',
      everyRound: 'Every round: +2 minutes to plan, +30 s to shop',
      off: 'None: the standard clock from round 1',
    },
    {
      showWhen: { key: 'untimed', in: [false] },
      help: 'Round 1 is when people read the how-to and the planning panel.',
    },
  ),
  field.number(
    'planningSeconds',
    'Planning time (seconds)',
    { min: 0, max: MAX_PLANNING_SECONDS, step: 10, zero: 'standard' },
    {
      showWhen: { key: 'untimed', in: [false] },
      help: '0 = the standard 90 seconds (60 seconds with two players), before any newcomer time.',
    },
  ),
  field.number(
    'roundLimit',
    'Round limit',
    { min: 3, max: 100 },
    { help: 'After this round the agent with the most IP wins.' },
  ),
];
