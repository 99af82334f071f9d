/**
 * Reference policies the AI is measured against (tests and bench/bankout-ai.ts):
 * - `randomBot`: a uniformly random legal action;
 * - `thresholdBot(T)`: play a Queen when on Alert; once loot >= T, play a King if held, else bank.
 *   Prompts: a drawn Joker is a King at loot >= T, else a Queen; a held Joker stands in for a missing
 *   Queen (on Alert) or King (at T); always counter a swap; the hand limit drops the oldest card.
 */
import { sameAction } from '../../core/actions';
import type { Bot } from '../../core/contract';
import { rankOf } from './cards';
import type { BankoutAction, BankoutPrivate, BankoutPublic } from './types';

type BankoutBot = Bot<BankoutAction, BankoutPublic, BankoutPrivate>;

export const randomBot: BankoutBot = {
  decide(_view, legal, random) {
    return legal[Math.min(legal.length - 1, Math.floor(random() * legal.length))]!;
  },
};

function has(legal: BankoutAction[], want: BankoutAction): BankoutAction | undefined {
  return legal.find((a) => sameAction(a, want));
}

export function thresholdBot(threshold: number): BankoutBot {
  return {
    decide(view, legal) {
      const pub = view.public;
      const me = pub.players[pub.turn]!;
      const hand = view.private?.hand ?? [];
      const held = (rank: string) => hand.find((c) => rankOf(c) === rank);
      const first = legal[0]!;
      switch (pub.phase) {
        case 'joker':
          return has(legal, { type: 'joker', choice: me.loot >= threshold ? 'king' : 'queen' }) ?? first;
        case 'counter':
          return has(legal, { type: 'counter', accept: true }) ?? first;
        case 'discard':
          return first;
        default:
          break;
      }
      const queen = held('Q');
      const king = held('K');
      const joker = held('X');
      if (me.alert) {
        if (queen) return { type: 'play', card: queen };
        if (joker) return { type: 'play', card: joker, choice: 'queen' };
      }
      if (me.loot >= threshold) {
        if (king) return { type: 'play', card: king };
        if (joker) return { type: 'play', card: joker, choice: 'king' };
        return { type: 'bank' };
      }
      return has(legal, { type: 'draw' }) ?? { type: 'bank' };
    },
  };
}
