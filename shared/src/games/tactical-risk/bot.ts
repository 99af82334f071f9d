import type { TacticalRiskBot } from './playout';
import { randomBot } from './baselines';
export const tacticalRiskBot: TacticalRiskBot = randomBot;
