/**
 * The easy Bankout bot: a newcomer's rule of thumb. It draws until it feels it has enough loot
 * (easyStops), then banks (with a King if it holds one). It plays the obvious Queen on Alert, never counts cards,
 * never swaps banks, never plays a Joker from its hand, answers every swap with its Joker and drops
 * a hand card at random. It decides from its own view only.
 */
import { sameAction } from '../../core/actions';
import { rankOf } from './cards';
import type { View } from './botmodel';
import type { BankoutAction } from './types';

/**
 * Whether the easy bot stops now: never below $15 of loot, then more likely the more it holds
 * (a quarter of the time at $20, always from $50), so it sometimes banks too early and sometimes
 * pushes too far.
 */
export function easyStops(loot: number, random: () => number): boolean {
  if (loot < 15) return false;
  return random() < Math.min(1, (loot - 10) / 40);
}

export function easyDecide(view: View, legal: BankoutAction[], random: () => number): BankoutAction {
  const first = legal[0]!;
  if (legal.length <= 1) return first;
  const pub = view.public;
  const pick = (want: BankoutAction) => legal.find((a) => sameAction(a, want));
  switch (pub.phase) {
    case 'counter':
      return pick({ type: 'counter', accept: true }) ?? first;
    case 'discard': {
      const drops = legal.filter((a) => a.type === 'discard');
      return drops[Math.min(drops.length - 1, Math.floor(random() * drops.length))] ?? first;
    }
    default:
      break;
  }
  const me = pub.players[pub.turn]!;
  const stop = easyStops(me.loot, random);
  if (pub.phase === 'joker') return pick({ type: 'joker', choice: stop ? 'king' : 'queen' }) ?? first;
  const hand = view.private?.hand ?? [];
  const queen = hand.find((c) => rankOf(c) === 'Q');
  const king = hand.find((c) => rankOf(c) === 'K');
  if (me.alert && queen) return pick({ type: 'play', card: queen }) ?? first;
  if (stop) return (king && pick({ type: 'play', card: king })) || pick({ type: 'bank' }) || first;
  return pick({ type: 'draw' }) ?? pick({ type: 'bank' }) ?? first;
}
