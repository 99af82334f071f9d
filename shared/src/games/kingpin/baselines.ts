/** Reference policies the bot is measured against (tests and bench/kingpin-bot.ts). */
import type { Bot } from '../../core/contract';
import type { KingpinAction, KingpinPrivate, KingpinPublic } from './types';

/** A uniformly random legal action. */
export const randomBot: Bot<KingpinAction, KingpinPublic, KingpinPrivate> = {
  decide(_view, legal, random) {
    return legal[Math.min(legal.length - 1, Math.floor(random() * legal.length))]!;
  },
};
