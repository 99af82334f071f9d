/** A uniformly random opponent for tests and benchmarks: a random kind of action, then a random one of it. */
import type { Bot } from '../../core/contract';
import type { TacticalRiskAction, TacticalRiskPrivate, TacticalRiskPublic } from './types';

export const randomBot: Bot<TacticalRiskAction, TacticalRiskPublic, TacticalRiskPrivate> = {
  decide(_view, legal, random) {
    const usable = legal.filter((a) => a.type !== 'undo');
    const types = [...new Set(usable.map((a) => a.type))];
    const type = types[Math.floor(random() * types.length)]!;
    const pool = usable.filter((a) => a.type === type);
    return pool[Math.floor(random() * pool.length)]!;
  },
};
