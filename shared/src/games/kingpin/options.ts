/** Table options: the zod schema (with defaults) and the create-table dialog fields. */
import { z } from 'zod';
import type { OptionField } from '../../core/contract';
import type { KingpinOptions } from './types';

export const MAX_TURN_SECONDS = 600;

export const optionsSchema: z.ZodType<KingpinOptions> = z
  .object({
    emergencyDefense: z.boolean().default(false),
    turnSeconds: z.number().int().min(0).max(MAX_TURN_SECONDS).default(0),
  })
  .prefault({});

export const DEFAULT_OPTIONS: KingpinOptions = { emergencyDefense: false, turnSeconds: 0 };

export const optionFields: OptionField[] = [
  {
    key: 'emergencyDefense',
    label: 'Emergency Defense',
    kind: 'toggle',
    help: 'When a card in your hand is attacked, you may move shields from your board onto it first.',
  },
  {
    key: 'turnSeconds',
    label: 'Turn time limit (seconds)',
    kind: 'number',
    min: 0,
    max: MAX_TURN_SECONDS,
    step: 15,
    help: '0 = no limit. When time runs out the turn passes (open choices take their safe default).',
  },
];
