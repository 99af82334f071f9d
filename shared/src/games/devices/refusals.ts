/** Devices' own refusal codes, its engine's included (the platform's are in core/refusals.ts). */
import { gameRefusals } from '../../core/refusals';
import { ENGINE_REFUSALS } from '../../devices-engine/errors';

export const DEVICES_REFUSALS = [
  ...ENGINE_REFUSALS,
  'EMERGENCY',
  'NO_EMERGENCY',
  'ROLLBACK_USED',
  'ALREADY_PASSED',
  'PANIC_UNCHANGED',
  'HOST_ONLY',
  'CLOCK_ON',
  'STALE_TICK',
  'NOT_ENOUGH_POINTS',
  'NOT_ENOUGH_MONEY',
  'ALREADY_VOTED',
  'NOT_BALLOTDAY',
  'NO_DRAFT',
  'NO_SUCH_PROPOSAL',
  'ONE_PER_NWEEK',
  'RESERVED_PROPERTY',
] as const;

export const { Err } = gameRefusals(DEVICES_REFUSALS);
export type DevicesRefusal = keyof typeof Err;
