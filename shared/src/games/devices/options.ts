/** Table options: the zod schema (with defaults) and the create-table dialog fields. */
import { z } from 'zod';
import type { OptionField } from '../../core/contract';
import { field } from '../../core/optionFields';
import type { DevicesOptions } from './types';

export const optionsSchema: z.ZodType<DevicesOptions> = z
  .object({
    ndaySeconds: z.number().int().min(10).max(300).default(45),
    nweeks: z.number().int().min(1).max(12).default(4),
    targetPoints: z.number().int().min(5).max(200).default(30),
    botPace: z.enum(['relaxed', 'normal', 'quick']).default('normal'),
    // Not in the create dialog: records without it are edition 1 (see edition.ts).
    edition: z.number().int().min(1).max(2).default(2),
  })
  .prefault({});

export const DEFAULT_OPTIONS: DevicesOptions = {
  ndaySeconds: 45,
  nweeks: 4,
  targetPoints: 30,
  botPace: 'normal',
  edition: 2,
};

export const optionFields: OptionField[] = [
  field.number(
    'ndaySeconds',
    'Length of an nday (seconds)',
    { min: 10, max: 300, step: 5 },
    { help: 'An nweek has 12 ndays. An nday also ends as soon as every player has passed it.' },
  ),
  field.number('nweeks', 'Nweeks at most', { min: 1, max: 12 }, { help: 'The game ends after this nweek.' }),
  field.number(
    'targetPoints',
    'Points to win',
    { min: 5, max: 200, step: 5 },
    { help: 'Checked at the end of each Thirnight.' },
  ),
  field.choice(
    'botPace',
    'Bot pace',
    {
      relaxed: 'Relaxed (4-7 s a move, 2 moves an nday)',
      normal: 'Normal (2.5-5 s a move, 3 moves an nday)',
      quick: 'Quick (1.5-3 s a move, 5 moves an nday)',
    },
    {
      help: 'Bots think before each move, keep to a few market moves per nday, and never act within 1.5 s of another bot or of the Clock going On.',
    },
  ),
];
