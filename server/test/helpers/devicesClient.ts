/**
 * Devices' driver choice (its test plan's, shared/src/games/devices/testPlan.ts) for the room tests:
 * a real market (drafts, submits, votes, buys, bids, activates, then passes so time moves).
 */
import { devices } from '@parlor/shared/games/devices/index';
import { devicesChoice as fromView } from '@parlor/shared/games/devices/testPlan';
import { planChoice } from './matchDriver';

export const devicesChoice = planChoice(devices, fromView);
