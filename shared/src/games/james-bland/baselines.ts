/**
 * Reference policy the bot is measured against (tests and bench/james-bland-ai.ts): `randomBot`
 * picks a uniformly random legal action, except that in Adaptation it says Ready half the time (so
 * its shopping ends).
 */
import type { Bot } from '../../core/contract';
import type { JamesBlandAction, JamesBlandPrivate, JamesBlandPublic } from './types';

export type JamesBlandBot = Bot<JamesBlandAction, JamesBlandPublic, JamesBlandPrivate>;

export const randomBot: JamesBlandBot = {
  decide(view, legal, random) {
    if (view.public.phase === 'adaptation' && random() < 0.5) return { type: 'ready' };
    return legal[Math.min(legal.length - 1, Math.floor(random() * legal.length))]!;
  },
};
