/** Table options: the zod schema (with defaults) and the create-table dialog fields. */
import { z } from 'zod';
import type { OptionField } from '../../core/contract';
import type { JamesBlandOptions } from './types';

export const MAX_PLANNING_SECONDS = 300;
export const DEFAULT_ROUND_LIMIT = 30;

export const optionsSchema: z.ZodType<JamesBlandOptions> = z
  .object({
    planningSeconds: z.number().int().min(0).max(MAX_PLANNING_SECONDS).default(0),
    roundLimit: z.number().int().min(3).max(100).default(DEFAULT_ROUND_LIMIT),
  })
  .prefault({});

export const DEFAULT_OPTIONS: JamesBlandOptions = { planningSeconds: 0, roundLimit: DEFAULT_ROUND_LIMIT };

export const optionFields: OptionField[] = [
  {
    key: 'planningSeconds',
    label: 'Planning time (seconds)',
    kind: 'number',
    min: 0,
    max: MAX_PLANNING_SECONDS,
    step: 10,
    help: '0 = the standard 90 seconds (60 seconds with two players).',
  },
  {
    key: 'roundLimit',
    label: 'Round limit',
    kind: 'number',
    min: 3,
    max: 100,
    help: 'After this round the agent with the most IP wins.',
  },
];
