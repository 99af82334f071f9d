/** The three levels of the Bankout bot: each decides from its seat's view, and plays as its level says. */
import type { BotLevel } from '../../core/contract';
import { bankoutBot } from './bot';
import { easyStops } from './botEasy';
import { legalActions } from './rules';
import { DRAW, act, newMatch, run, stackDeck } from './testkit';
import type { BankoutAction, BankoutState } from './types';
import { view } from './view';

const always = (x: number) => () => x;

function decide(s: BankoutState, seat: number, level: BotLevel, random = always(0.5)): BankoutAction {
  return bankoutBot.decide(view(s, seat), legalActions(s, seat), random, level);
}

/** Seat 0 has drawn these cards this turn. */
const drawn = (top: string[], sc: Parameters<typeof stackDeck>[1] = {}) =>
  run(stackDeck(newMatch(), { top, turn: 0, ...sc }), 0, Array(top.length).fill(DRAW)).state;

describe('easy', () => {
  test('never stops below $15 of loot, always stops from $50', () => {
    expect(easyStops(14, always(0))).toBe(false);
    expect(easyStops(50, always(0.999))).toBe(true);
    const low = drawn(['9H', '4C']);
    expect(decide(low, 0, 'easy', always(0))).toEqual({ type: 'draw' });
    const high = drawn(['10H', '10C', '10D', '10S', '9H', '2C']);
    expect(decide(high, 0, 'easy', always(0.999))).toEqual({ type: 'bank' });
  });

  test('between the two it banks early or pushes on, as its draw says (seeded variety)', () => {
    const s = drawn(['10H', '10C', '5D']);
    expect(decide(s, 0, 'easy', always(0.1))).toEqual({ type: 'bank' });
    expect(decide(s, 0, 'easy', always(0.9))).toEqual({ type: 'draw' });
  });

  test('plays the obvious Queen on Alert', () => {
    const s = drawn(['9H', 'JC'], { hands: [['QS'], []] });
    expect(s.players[0]!.alert).toBe(true);
    expect(decide(s, 0, 'easy', always(0.9))).toEqual({ type: 'play', card: 'QS' });
  });

  test('misses the swap a round-2 Joker offers when far behind (normal takes it)', () => {
    const s = act(stackDeck(newMatch(), { round: 2, top: ['X1'], banks: [50, 800], turn: 0 }), 0, DRAW).state;
    expect(decide(s, 0, 'normal')).toEqual({ type: 'joker', choice: 'swap' });
    expect(decide(s, 0, 'easy', always(0))).toMatchObject({ type: 'joker' });
    expect(decide(s, 0, 'easy', always(0))).not.toEqual({ type: 'joker', choice: 'swap' });
    expect(decide(s, 0, 'easy', always(0.999))).not.toEqual({ type: 'joker', choice: 'swap' });
  });

  test('does not count cards: it draws on at $19 into a sure bust where normal and hard stop', () => {
    // Only Aces and a Jack are left to draw: the next card busts (the rest are in the discard pile).
    const top = ['9H', 'JC', '10D', 'JD', 'AS', 'AH', 'AD', 'JS'];
    const s = run(stackDeck(newMatch(), { top, onlyTop: true, turn: 0 }), 0, Array(4).fill(DRAW)).state;
    expect(view(s, 0).private!.bustRisk).toBe(1);
    expect(s.players[0]).toMatchObject({ jacks: 2, loot: 19 });
    expect(decide(s, 0, 'easy', always(0.999))).toEqual({ type: 'draw' });
    expect(decide(s, 0, 'normal')).not.toEqual({ type: 'draw' });
    expect(decide(s, 0, 'hard')).not.toEqual({ type: 'draw' });
  });
});

describe('hard', () => {
  test('takes the clear move whatever its draw: it varies among near-equal moves only', () => {
    const win = act(stackDeck(newMatch(), { top: ['10H'], banks: [990, 100], turn: 0 }), 0, DRAW).state;
    const safe = drawn(['9H', '9C', '9D']);
    for (const r of [0, 0.5, 0.999]) {
      expect(decide(win, 0, 'hard', always(r))).toEqual({ type: 'bank' });
      expect(decide(safe, 0, 'hard', always(r))).toEqual({ type: 'draw' });
    }
  });

  test('cashes in a big loot with the King on two Jacks, as normal does', () => {
    const top = ['10H', '10C', '10D', '10S', '9H', '9C', '9D', '9S', 'JH', 'JC'];
    const s = drawn(top, { hands: [['KH'], []] });
    expect(decide(s, 0, 'hard')).toEqual({ type: 'play', card: 'KH' });
  });
});

test('a missing level is normal', () => {
  const s = drawn(['10H', '10C', '5D']);
  const legal = legalActions(s, 0);
  for (const r of [0.1, 0.9])
    expect(bankoutBot.decide(view(s, 0), legal, always(r))).toEqual(decide(s, 0, 'normal', always(r)));
});
