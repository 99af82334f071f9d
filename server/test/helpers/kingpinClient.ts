/**
 * Kingpin's driver choice (its test plan's, shared/src/games/kingpin/testPlan.ts) for the room tests:
 * mostly aggressive play that keeps matches moving toward a winner.
 */
import { kingpin } from '@parlor/shared/games/kingpin/index';
import { testPlan } from '@parlor/shared/games/kingpin/testPlan';
import { planChoice } from './matchDriver';

export const kingpinChoice = planChoice(kingpin, testPlan.choose!());

export { frameHas } from './leakDetector';
