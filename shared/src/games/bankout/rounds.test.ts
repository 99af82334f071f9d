/** Rulings 6, 7, 8 and 11: rounds, reshuffles, Blitz, the pot, Sudden Death, the first player. */
import { buildDeck, rankOf } from './cards';
import { optionsSchema } from './options';
import { outcomeOf } from './rounds';
import { apply, legalActions } from './rules';
import { setup } from './setup';
import { BANK, DRAW, END, SEATS, act, newMatch, run, stackDeck } from './testkit';
import { timeout } from './timeouts';
import type { BankoutState } from './types';

describe('ruling 6: Bankout mode', () => {
  test('banking to $1,000 wins the round at once; the next round starts fresh', () => {
    const s0 = stackDeck(newMatch(), { top: ['10H'], hands: [['KH'], ['QD']], banks: [990, 500], turn: 0 });
    const { state, events } = run(s0, 0, [DRAW, BANK]);
    const end = events.find((e) => e.type === 'roundEnd')!;
    expect(end.text).toBe('Ada wins round 1 (Ada $1,000, Bo $500).');
    expect(state.players.map((p) => p.roundsWon)).toEqual([1, 0]);
    expect(state.round).toBe(2);
    expect(state.players.map((p) => p.bank)).toEqual([0, 0]);
    expect(state.players.map((p) => p.hand)).toEqual([[], []]);
    expect(state.deck.length).toBe(53);
    expect([...state.deck].sort()).toEqual(buildDeck(2, true, false).sort());
    expect(state.discard).toEqual([]);
    expect(state.turn).toBe(1);
    expect(events.at(-1)).toMatchObject({ type: 'turn', text: 'Round 2 begins: Bo goes first.' });
  });

  test('a King that reaches $1,000 wins the round', () => {
    const s0 = stackDeck(newMatch(), { top: ['3H'], hands: [['KH'], []], banks: [995, 0], turn: 0 });
    const s = run(s0, 0, [DRAW, { type: 'play', card: 'KH' }]).state;
    expect(s.players[0]!.roundsWon).toBe(1);
    expect(s.round).toBe(2);
  });

  test('two rounds won win the match', () => {
    const s0 = stackDeck(newMatch(), { round: 2, top: ['10H'], banks: [990, 0], turn: 0 });
    s0.players[0]!.roundsWon = 1;
    const { state, events } = run(s0, 0, [DRAW, BANK]);
    expect(state.phase).toBe('finished');
    expect(state.winner).toBe(0);
    expect(events.at(-1)).toMatchObject({ type: 'matchEnd', text: 'Ada wins 2 rounds to 0.' });
    expect(outcomeOf(state)).toEqual({ winners: [0], summary: 'Ada wins 2 rounds to 0.', scores: [2, 0] });
    expect(legalActions(state, 0)).toEqual([]);
    expect(timeout(state)).toBeNull();
    const r = apply(state, 1, DRAW);
    expect(!r.ok && r.error.code).toBe('GAME_OVER');
  });

  test('an exhausted deck reshuffles the discard pile into a new deck', () => {
    const s0 = stackDeck(newMatch(), { top: ['5H'], onlyTop: true, turn: 0 });
    expect(s0.discard.length).toBe(51);
    let s = act(s0, 0, DRAW).state;
    expect(s.deck).toEqual([]);
    const r = act(s, 0, DRAW);
    s = r.state;
    expect(r.events[0]).toMatchObject({ type: 'reshuffle' });
    expect(s.deck.length + s.drawnThisTurn.length + s.players[0]!.hand.length).toBe(52);
    expect(s.discard).toEqual([]);
    expect(s.drawnThisTurn[0]).toBe('5H');
    expect(s.deck).not.toContain('5H');
  });

  test('with the deck and the discard pile both empty, draw is refused', () => {
    const s = stackDeck(newMatch(), { top: [], onlyTop: true, turn: 0 });
    s.drawnThisTurn = s.discard;
    s.discard = [];
    expect(legalActions(s, 0).some((a) => a.type === 'draw')).toBe(false);
    const r = apply(s, 0, DRAW);
    expect(!r.ok && r.error.code).toBe('DECK_EMPTY');
  });
});

function blitz(sc: Parameters<typeof stackDeck>[1]): BankoutState {
  return stackDeck(newMatch({ mode: 'blitz' }), sc);
}

describe('ruling 7: Blitz', () => {
  test('the round ends after the turn that drew the last card; that player may still bank', () => {
    let s = blitz({ top: ['5H', '9C'], onlyTop: true, banks: [40, 70], turn: 0 });
    s = run(s, 0, [DRAW, DRAW]).state;
    expect(s.deck).toEqual([]);
    expect(legalActions(s, 0).map((a) => a.type)).toEqual(['bank', 'endTurn']);
    const r = apply(s, 0, DRAW);
    expect(!r.ok && r.error.code).toBe('DECK_EMPTY');
    const { state, events } = act(s, 0, BANK);
    expect(events.map((e) => e.type)).toEqual(['bank', 'roundEnd', 'turn']);
    expect(state.round).toBe(2);
    expect(state.players.map((p) => p.bank)).toEqual([54, 70]);
    expect(state.pot).toBe(14);
  });

  test('no $1,000 check in Blitz', () => {
    const s = run(blitz({ top: ['10H'], banks: [995, 0], turn: 0 }), 0, [DRAW, BANK]).state;
    expect(s.round).toBe(1);
    expect(s.players[0]!.bank).toBe(1005);
  });

  test('a bust on the last card also ends the round', () => {
    const s = run(blitz({ top: ['JS', 'AH'], onlyTop: true, turn: 0 }), 0, [DRAW, DRAW]).state;
    expect(s.round).toBe(2);
  });

  test('the pot adds Bank, King and Joker-King; swaps do not change it', () => {
    let s = stackDeck(newMatch({ mode: 'blitz' }), {
      round: 2,
      top: ['9H', '8H', 'X1', '7H'],
      hands: [['KH'], []],
      turn: 0,
    });
    s = run(s, 0, [DRAW, { type: 'play', card: 'KH' }]).state; // +18
    s = run(s, 1, [DRAW, BANK]).state; // +8
    s = run(s, 0, [DRAW, { type: 'joker', choice: 'king' }]).state; // +0, Joker drawn with loot 0
    expect(s.pot).toBe(26);
    s = run(s, 1, [DRAW, { type: 'endTurn' }]).state;
    expect(s.pot).toBe(26);
    expect(s.players.map((p) => p.bank)).toEqual([18, 8]);
  });

  test('after round 3 the higher total wins the whole pot', () => {
    const s0 = blitz({ round: 3, top: ['5H'], onlyTop: true, banks: [300, 200], turn: 0 });
    s0.pot = 500;
    const { state } = run(s0, 0, [DRAW, BANK]);
    expect(state.phase).toBe('finished');
    expect(state.winner).toBe(0);
    expect(outcomeOf(state)).toEqual({
      winners: [0],
      summary: 'Ada wins the $505 pot, $305 to $200.',
      scores: [305, 200],
    });
  });

  test('banks carry from round to round in Blitz, hands are emptied', () => {
    const s = run(
      blitz({ top: ['5H'], onlyTop: true, hands: [['KH'], ['QS']], banks: [40, 70], turn: 0 }),
      0,
      [DRAW, BANK],
    ).state;
    expect(s.players.map((p) => p.bank)).toEqual([45, 70]);
    expect(s.players.map((p) => p.hand)).toEqual([[], []]);
    expect(s.deck.length).toBe(53);
  });
});

describe('ruling 8: Sudden Death', () => {
  const tiedAfter3 = () =>
    run(blitz({ round: 3, top: ['5H'], onlyTop: true, banks: [300, 305], turn: 0 }), 0, [DRAW, BANK]);

  test('a tie after round 3 starts Sudden Death: banks 0, numbers and Jacks only', () => {
    const { state, events } = tiedAfter3();
    expect(events.some((e) => e.text.startsWith('Sudden Death (round 4) begins'))).toBe(true);
    expect(state).toMatchObject({ round: 4, suddenDeath: true, phase: 'turn', blitzTotals: [305, 305] });
    expect(state.players.map((p) => p.bank)).toEqual([0, 0]);
    expect(state.deck.length).toBe(40);
    expect(new Set(state.deck.map(rankOf))).toEqual(
      new Set(['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J']),
    );
  });

  test('the higher bank when the deck runs out wins; Sudden Death banks do not add to the pot', () => {
    let s = tiedAfter3().state;
    const pot = s.pot;
    s = stackDeck(s, { top: ['7H'], onlyTop: true, turn: 1 });
    const { state, events } = run(s, 1, [DRAW, BANK]);
    expect(state.winner).toBe(1);
    expect(state.pot).toBe(pot);
    expect(events.at(-1)!.text).toBe('Bo wins the $5 pot in Sudden Death after a $305 tie.');
    expect(outcomeOf(state).scores).toEqual([305, 305]);
  });

  test('$1,000 in Sudden Death wins at once', () => {
    let s = tiedAfter3().state;
    s = stackDeck(s, { top: ['7H'], banks: [0, 995], turn: 1 });
    const state = run(s, 1, [DRAW, BANK]).state;
    expect(state.winner).toBe(1);
    expect(state.deck.length).toBe(39);
  });

  test('a tied Sudden Death plays another Sudden Death', () => {
    let s = tiedAfter3().state;
    s = stackDeck(s, { top: ['7H'], onlyTop: true, turn: 1 });
    const state = run(s, 1, [DRAW, END]).state;
    expect(state).toMatchObject({ round: 5, suddenDeath: true, phase: 'turn', winner: null });
    expect(state.deck.length).toBe(40);
    expect(state.turn).toBe(0);
  });
});

describe('ruling 11: new rounds and the first player', () => {
  test('the first player of round 1 is random (seeded)', () => {
    const firsts = Array.from({ length: 200 }, (_, seed) => setup(optionsSchema.parse({}), SEATS, seed).turn);
    const ones = firsts.filter((f) => f === 1).length;
    expect(ones).toBeGreaterThan(70);
    expect(ones).toBeLessThan(130);
    expect(setup(optionsSchema.parse({}), SEATS, 7)).toEqual(setup(optionsSchema.parse({}), SEATS, 7));
  });

  test('then the first player alternates round by round', () => {
    for (const seed of [1, 2, 3, 4]) {
      let s = newMatch({ mode: 'blitz' }, seed);
      const first1 = s.turn;
      const firsts = [first1];
      for (let round = 1; round <= 2; round++) {
        s = stackDeck(s, { top: ['5H'], onlyTop: true });
        s = run(s, s.turn, [DRAW, BANK]).state;
        firsts.push(s.turn);
      }
      expect(firsts).toEqual([first1, 1 - first1, first1]);
    }
  });

  test('round 1 has no Jokers, round 2 one, round 3 two (when Jokers are on)', () => {
    expect(buildDeck(1, true, false).length).toBe(52);
    expect(buildDeck(2, true, false).filter((c) => c.startsWith('X'))).toEqual(['X1']);
    expect(buildDeck(3, true, false).filter((c) => c.startsWith('X'))).toEqual(['X1', 'X2']);
    expect(buildDeck(3, false, false).length).toBe(52);
    expect(buildDeck(4, true, true).length).toBe(40);
  });
});
