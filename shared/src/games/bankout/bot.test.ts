/** The AI decides from its view only and plays the obvious moves right. */
import { randomBot, thresholdBot } from './baselines';
import { bankoutBot } from './bot';
import { opponentJokerChance, raceWin, leadWin } from './botmodel';
import { playMatch } from './playout';
import { legalActions } from './rules';
import { DRAW, act, newMatch, run, stackDeck } from './testkit';
import type { BankoutAction, BankoutState } from './types';
import { view } from './view';

const half = () => 0.5;

function decide(s: BankoutState, seat: number): BankoutAction {
  return bankoutBot.decide(view(s, seat), legalActions(s, seat), half);
}

describe('the AI', () => {
  test('draws when nothing can bust it', () => {
    const s = run(stackDeck(newMatch(), { top: ['9H', '9C', '9D'], turn: 0 }), 0, [DRAW, DRAW, DRAW]).state;
    expect(view(s, 0).private!.bustRisk).toBe(0);
    expect(decide(s, 0)).toEqual({ type: 'draw' });
  });

  test('banks when the bank wins the round', () => {
    const s = act(stackDeck(newMatch(), { top: ['10H'], banks: [990, 100], turn: 0 }), 0, DRAW).state;
    expect(decide(s, 0)).toEqual({ type: 'bank' });
  });

  test('with two Jacks and a big loot, it cashes in with the King', () => {
    const top = ['10H', '10C', '10D', '10S', '9H', '9C', '9D', '9S', 'JH', 'JC'];
    const s = run(
      stackDeck(newMatch(), { top, hands: [['KH'], []], turn: 0 }),
      0,
      Array(10).fill(DRAW),
    ).state;
    expect(s.players[0]).toMatchObject({ jacks: 2, loot: 76 });
    expect(decide(s, 0)).toEqual({ type: 'play', card: 'KH' });
  });

  test('a King that reaches $1,000 is played at once', () => {
    const s = act(
      stackDeck(newMatch(), { top: ['10H'], hands: [['KH'], []], banks: [985, 100], turn: 0 }),
      0,
      DRAW,
    ).state;
    expect(decide(s, 0)).toEqual({ type: 'play', card: 'KH' });
  });

  test('swaps with a round-2 Joker when far behind', () => {
    const s = act(stackDeck(newMatch(), { round: 2, top: ['X1'], banks: [50, 800], turn: 0 }), 0, DRAW).state;
    expect(decide(s, 0)).toEqual({ type: 'joker', choice: 'swap' });
  });

  test('counters a swap that would cost it a lead, lets a helpful one pass', () => {
    const setupSwap = (banks: [number, number]) =>
      run(stackDeck(newMatch(), { round: 3, top: ['5H'], hands: [['X1'], ['X2']], banks, turn: 0 }), 0, [
        DRAW,
        { type: 'play', card: 'X1', choice: 'swap' },
      ]).state;
    expect(decide(setupSwap([100, 800]), 1)).toEqual({ type: 'counter', accept: true });
    expect(decide(setupSwap([700, 50]), 1)).toEqual({ type: 'counter', accept: false });
  });

  test('drops a Queen rather than a King at the hand limit', () => {
    const s = act(stackDeck(newMatch(), { top: ['QS'], hands: [['KH', 'KD'], []], turn: 0 }), 0, DRAW).state;
    expect(s.phase).toBe('discard');
    expect(decide(s, 0)).toEqual({ type: 'discard', card: 'QS' });
  });

  test('beats random and the T=90 policy in a small seeded sample', () => {
    let vsRandom = 0;
    let vsFixed = 0;
    const n = 16;
    for (let i = 0; i < n; i++) {
      // Blitz matches are short; the full comparison is bench/bankout-ai.ts.
      const options = { mode: 'blitz' as const, jokers: i % 4 < 2, turnSeconds: 0 };
      const seat = i % 2;
      const pair = <T>(ai: T, other: T): [T, T] => (seat === 0 ? [ai, other] : [other, ai]);
      if (playMatch(options, 300 + i, pair(bankoutBot, randomBot)).state.winner === seat) vsRandom++;
      if (playMatch(options, 300 + i, pair(bankoutBot, thresholdBot(90))).state.winner === seat) vsFixed++;
    }
    expect(vsRandom).toBeGreaterThanOrEqual(15);
    expect(vsFixed).toBeGreaterThanOrEqual(9);
  });
});

describe('the AI model', () => {
  test('race win chances behave', () => {
    expect(raceWin(1000, 0, false)).toBe(1);
    expect(raceWin(0, 1000, true)).toBe(0);
    expect(raceWin(0, 0, true)).toBeGreaterThan(0.5);
    expect(raceWin(900, 100, false)).toBeGreaterThan(0.9);
    expect(raceWin(500, 500, true)).toBeGreaterThan(raceWin(500, 500, false));
  });

  test('lead win chances behave', () => {
    expect(leadWin(10, 0)).toBe(1);
    expect(leadWin(0, 0)).toBe(0.5);
    expect(leadWin(0, 50)).toBeCloseTo(0.5);
    expect(leadWin(100, 50)).toBeGreaterThan(leadWin(50, 50));
  });

  test('the chance the opponent holds a Joker comes from the unseen cards', () => {
    const s = stackDeck(newMatch(), { round: 3, top: [], hands: [['X1'], ['X2']], turn: 0 });
    const p = opponentJokerChance(view(s, 0), 0);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(0.2);
    const none = stackDeck(newMatch(), { round: 3, top: [], hands: [['X1'], []], turn: 0 });
    expect(opponentJokerChance(view(none, 0), 0)).toBe(0);
  });
});
