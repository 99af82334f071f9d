/** The Bankout AI (first version: risk threshold from the unseen cards). */
import type { Bot, GameView } from '../../core/contract';
import { rankOf } from './cards';
import type { BankoutAction, BankoutPrivate, BankoutPublic } from './types';

type View = GameView<BankoutPublic, BankoutPrivate>;

export const bankoutBot: Bot<BankoutAction, BankoutPublic, BankoutPrivate> = {
  decide(view: View, legal: BankoutAction[], _random: () => number): BankoutAction {
    const pub = view.public;
    const hand = view.private?.hand ?? [];
    const find = (t: BankoutAction['type']) => legal.find((a) => a.type === t);
    const me = pub.players[pub.turn]!;
    if (pub.phase === 'joker')
      return legal.find((a) => a.type === 'joker' && a.choice === 'king') ?? legal[0]!;
    if (pub.phase === 'counter') return legal.find((a) => a.type === 'counter' && a.accept) ?? legal[0]!;
    if (pub.phase === 'discard') return legal[0]!;
    const risk = view.private?.bustRisk ?? 0;
    if (me.alert) {
      const q = hand.find((c) => rankOf(c) === 'Q');
      if (q) return { type: 'play', card: q };
    }
    if (me.loot > 0 && (me.loot >= 150 || risk * me.loot > (1 - risk) * 4)) {
      const k = hand.find((c) => rankOf(c) === 'K');
      if (k) return { type: 'play', card: k };
      return find('bank') ?? legal[0]!;
    }
    return find('draw') ?? find('bank') ?? legal[0]!;
  },
};
