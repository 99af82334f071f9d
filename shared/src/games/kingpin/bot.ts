/**
 * Kingpin's bot at three levels, deciding from its seat's view and the legal list only:
 * `easy` (botEasy.ts) a newcomer's rules of thumb, `normal` (botNormal.ts) a priority policy drawn
 * among good moves, `hard` (botHard.ts) the normal policy with Monte Carlo rollouts for the main
 * action. Every random choice comes from the `random` the platform passes (seeded: replays exact).
 */
import type { Bot, BotLevel } from '../../core/contract';
import { easyDecide } from './botEasy';
import { hardDecide } from './botHard';
import { normalDecide } from './botNormal';
import type { KingpinAction, KingpinPrivate, KingpinPublic } from './types';

export { ammoBudget, ammoToKill, attackDamage, cardValue, hpDamage, type DamageModel } from './botModel';

export const kingpinBot: Bot<KingpinAction, KingpinPublic, KingpinPrivate> = {
  decide(view, legal, random, level: BotLevel = 'normal') {
    if (legal.length <= 1) return legal[0]!;
    if (level === 'easy') return easyDecide(view, legal, random);
    if (level === 'hard') return hardDecide(view, legal, random);
    return normalDecide(view, legal, random);
  },
};
