/** Rulings 2-5: draw resolution, every bust condition, Queens, Kings, banking, ending a turn. */
import { apply, legalActions } from './rules';
import { BANK, DRAW, END, act, newMatch, run, stackDeck } from './testkit';
import type { BankoutAction, BankoutState } from './types';

function at(
  top: string[],
  hands: [string[], string[]] = [[], []],
  banks: [number, number] = [0, 0],
): BankoutState {
  return stackDeck(newMatch(), { top, hands, banks, turn: 0 });
}

describe('numbers, bank and end turn', () => {
  test('number cards add their face value to the loot', () => {
    const { state, events } = run(at(['7H', '10S', '2C']), 0, [DRAW, DRAW, DRAW]);
    expect(state.players[0]!.loot).toBe(19);
    expect(events.map((e) => e.text)).toEqual(['Ada drew 7♥.', 'Ada drew 10♠.', 'Ada drew 2♣.']);
    expect(state.drawnThisTurn).toEqual(['7H', '10S', '2C']);
  });

  test('bank adds the loot to the bank and ends the turn', () => {
    const { state, events } = run(at(['7H', '10S']), 0, [DRAW, DRAW, BANK]);
    expect(state.players[0]!.bank).toBe(17);
    expect(state.players[0]!.loot).toBe(0);
    expect(state.turn).toBe(1);
    expect(events.find((e) => e.type === 'bank')!.text).toBe('Ada banked $17 (bank $17).');
    expect(state.discard).toEqual(expect.arrayContaining(['7H', '10S']));
    expect(state.drawnThisTurn).toEqual([]);
  });

  test('ending the turn without banking loses the loot', () => {
    const { state } = run(at(['7H', '10S']), 0, [DRAW, DRAW, END]);
    expect(state.players[0]!.bank).toBe(0);
    expect(state.players[0]!.loot).toBe(0);
    expect(state.turn).toBe(1);
  });

  test('a King banks twice the loot and ends the turn', () => {
    const { state, events } = run(at(['9H', '6S'], [['KH'], []]), 0, [
      DRAW,
      DRAW,
      { type: 'play', card: 'KH' },
    ]);
    expect(state.players[0]!.bank).toBe(30);
    expect(state.players[0]!.hand).toEqual([]);
    expect(state.discard).toContain('KH');
    expect(state.turn).toBe(1);
    expect(events.some((e) => e.type === 'king' && e.data?.amount === 30)).toBe(true);
  });
});

describe('ruling 2: Jacks and Aces', () => {
  test('a Jack adds 1 to Jacks this turn and puts the player on Alert', () => {
    const { state, events } = act(at(['JS']), 0, DRAW);
    expect(state.players[0]).toMatchObject({ jacks: 1, alert: true });
    expect(events[0]!.text).toBe('Ada drew J♠: Alert!');
  });

  test('the third Jack busts and the loot is lost', () => {
    const { state, events } = run(at(['5H', 'JS', '9H', 'JH', '3C', 'JD']), 0, Array(6).fill(DRAW));
    const bust = events.find((e) => e.type === 'bust')!;
    expect(bust.text).toBe('Ada busted on a third Jack and lost $17.');
    expect(state.players[0]).toMatchObject({ bank: 0, loot: 0, jacks: 0, alert: false });
    expect(state.turn).toBe(1);
  });

  test('an Ace on Alert busts', () => {
    const { state, events } = run(at(['8H', 'JS', 'AH']), 0, [DRAW, DRAW, DRAW]);
    expect(events.find((e) => e.type === 'bust')!.data).toMatchObject({ seat: 0, amount: 8 });
    expect(state.turn).toBe(1);
  });

  test('an Ace off Alert becomes a latent Ace', () => {
    const { state } = run(at(['AH', 'AS']), 0, [DRAW, DRAW]);
    expect(state.players[0]).toMatchObject({ latent: 2, alert: false, jacks: 0 });
    expect(state.turn).toBe(0);
  });

  test('a third Ace with two latent Aces busts', () => {
    const { state, events } = run(at(['AH', '4C', 'AS', 'AD']), 0, Array(4).fill(DRAW));
    expect(events.find((e) => e.type === 'bust')!.text).toBe('Ada busted on a third Ace and lost $4.');
    expect(state.players[0]!.latent).toBe(0);
    expect(state.turn).toBe(1);
  });

  test('a Jack with a latent Ace and no Queen in hand busts', () => {
    const { state, events } = run(at(['AH', '6C', 'JS'], [['KH'], []]), 0, [DRAW, DRAW, DRAW]);
    expect(events.find((e) => e.type === 'bust')!.text).toBe(
      'Ada busted on a Jack set off a latent Ace and lost $6.',
    );
    expect(state.players[0]!.hand).toEqual(['KH']);
    expect(state.turn).toBe(1);
  });

  test('a Jack with a latent Ace auto-plays a Queen from hand', () => {
    const { state, events } = run(at(['AH', '6C', 'JS'], [['KH', 'QD'], []]), 0, [DRAW, DRAW, DRAW]);
    expect(state.players[0]).toMatchObject({ jacks: 0, alert: false, latent: 0, loot: 6, hand: ['KH'] });
    expect(state.turn).toBe(0);
    const q = events.find((e) => e.type === 'queen')!;
    expect(q.data).toMatchObject({ card: 'QD', auto: true });
    expect(state.discard).toContain('QD');
    expect(state.lastRevealed).toBe('QD');
  });

  test('the auto-Queen takes one latent Ace away: with two latent, one remains', () => {
    const { state } = run(at(['AH', 'AS', 'JS'], [['QD'], []]), 0, [DRAW, DRAW, DRAW]);
    expect(state.players[0]).toMatchObject({ jacks: 0, alert: false, latent: 1 });
  });

  test('the Jack check order: Alert first, then the latent trigger, then the third Jack', () => {
    // Two Jacks, a Queen played (Jacks 1), then a Jack makes 2: no bust; a third Jack busts.
    let s = at(['JS', 'JH', 'JD', 'JC'], [['QD'], []]);
    s = run(s, 0, [DRAW, DRAW, { type: 'play', card: 'QD' }, DRAW]).state;
    expect(s.players[0]).toMatchObject({ jacks: 2, alert: true });
    const { events } = act(s, 0, DRAW);
    expect(events.some((e) => e.type === 'bust')).toBe(true);
  });
});

describe('ruling 3: the Queen', () => {
  test('a played Queen takes one Jack away; Alert stays on while Jacks > 0', () => {
    const s = run(at(['JS', 'JH'], [['QD'], []]), 0, [DRAW, DRAW, { type: 'play', card: 'QD' }]).state;
    expect(s.players[0]).toMatchObject({ jacks: 1, alert: true });
    expect(s.turn).toBe(0);
  });

  test('Alert goes off when Jacks reaches 0, and an Ace is then safe', () => {
    const s = run(at(['JS', 'AH'], [['QD'], []]), 0, [DRAW, { type: 'play', card: 'QD' }, DRAW]).state;
    expect(s.players[0]).toMatchObject({ jacks: 0, alert: false, latent: 1 });
  });

  test('a Queen also disarms a latent Ace (min 0)', () => {
    const s = run(at(['AH'], [['QD', 'QS'], []]), 0, [
      DRAW,
      { type: 'play', card: 'QD' },
      { type: 'play', card: 'QS' },
    ]).state;
    expect(s.players[0]).toMatchObject({ jacks: 0, latent: 0, alert: false });
  });
});

describe('ruling 4: per-turn counters clear at turn end and on a bust', () => {
  test('after a bust, the next turn starts clean', () => {
    const s = run(at(['JS', '5C', 'AH', 'JH']), 0, [DRAW, DRAW, DRAW]).state;
    expect(s.players[0]).toMatchObject({ loot: 0, jacks: 0, latent: 0, alert: false });
    expect(s.players[1]).toMatchObject({ loot: 0, jacks: 0, latent: 0, alert: false });
    expect(s.drawnThisTurn).toEqual([]);
  });

  test('after banking, the counters clear', () => {
    const s = run(at(['AH', 'JS'], [['QD'], []]), 0, [DRAW, DRAW, BANK]).state;
    expect(s.players[0]).toMatchObject({ loot: 0, jacks: 0, latent: 0, alert: false });
  });
});

describe('ruling 5: the actions on a turn and refusals', () => {
  test('the legal actions of a turn: draw, bank, end turn and a play per hand card', () => {
    const legal = legalActions(at([], [['QD', 'KH'], []]), 0);
    expect(legal).toEqual([
      { type: 'draw' },
      { type: 'bank' },
      { type: 'endTurn' },
      { type: 'play', card: 'QD' },
      { type: 'play', card: 'KH' },
    ]);
    expect(legalActions(at([]), 1)).toEqual([]);
  });

  test.each([
    [1, DRAW, 'NOT_YOUR_TURN'],
    [0, { type: 'joker', choice: 'queen' }, 'WRONG_PHASE'],
    [0, { type: 'discard', card: 'QD' }, 'WRONG_PHASE'],
    [0, { type: 'counter', accept: true }, 'WRONG_PHASE'],
    [0, { type: 'play', card: 'KS' }, 'NOT_IN_HAND'],
    [0, { type: 'play', card: 'QD', choice: 'swap' }, 'NO_CHOICE_HERE'],
    [0, { type: 'fly' }, 'BAD_ACTION'],
    [5, DRAW, 'NOT_A_SEAT'],
  ])('seat %i %j is refused with %s', (seat, action, code) => {
    const s = at([], [['QD'], []]);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const r = apply(s, seat, action as any);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(r.error.message.length).toBeGreaterThan(5);
    }
  });

  test('apply never throws on garbage', () => {
    const s = at([]);
    const junks: unknown[] = [null, undefined, 42, 'draw', {}, { type: 'play' }, { type: 'play', card: 7 }];
    for (const junk of junks) {
      expect(apply(s, 0, junk as BankoutAction).ok).toBe(false);
    }
  });

  test('apply does not change the state it was given', () => {
    const s = at(['5H', 'JS']);
    const copy = structuredClone(s);
    run(s, 0, [DRAW, DRAW, BANK]);
    expect(s).toEqual(copy);
  });
});
