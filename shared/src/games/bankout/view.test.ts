/** Hidden information, bust risk, timeouts and table options. */
import { SPECTATOR } from '../../core/contract';
import { actionSchema } from './actions';
import { optionsSchema } from './options';
import { DRAW, act, newMatch, run, stackDeck } from './testkit';
import { timeout } from './timeouts';
import { bustChance, privateView, publicView, unseenCounts, view } from './view';

describe('view', () => {
  test('a spectator gets no private part and no hand card or deck order', () => {
    const s = stackDeck(newMatch(), { top: ['5H', 'QS'], hands: [['KH'], ['QD', 'KD']], turn: 0 });
    const v = view(s, SPECTATOR);
    expect(v.private).toBeNull();
    const text = JSON.stringify(v);
    for (const c of ['KH', 'QD', 'KD', 'QS', '5H']) expect(text).not.toContain(`"${c}"`);
    expect(v.public.players.map((p) => p.handCount)).toEqual([1, 2]);
    expect(v.public.deckCount).toBe(49);
  });

  test('publicView and privateView are the parts of view; unseen counts come fresh each call', () => {
    const s = stackDeck(newMatch(), { top: ['5H', 'QS'], hands: [['KH'], ['QD', 'KD']], turn: 0 });
    for (const seat of [0, 1, SPECTATOR]) {
      expect(view(s, seat)).toEqual({ public: publicView(s), private: privateView(s, seat) });
    }
    const first = unseenCounts(s);
    const kings = first.K;
    expect(kings).toBe(4); // KH and KD are face down in hands: unseen
    first.K = 99;
    expect(unseenCounts(s).K).toBe(kings);
    expect(view(s, 1).public.unseen.K).toBe(kings);
  });

  test('unseen counts the deck and every face-down hand card by rank', () => {
    const s = stackDeck(newMatch(), {
      top: [],
      hands: [['KH'], ['QD', 'KD']],
      discard: ['JS', 'AH', '5C'],
      turn: 0,
    });
    const u = view(s, SPECTATOR).public.unseen;
    expect(u).toMatchObject({ K: 4, Q: 4, J: 3, A: 3, '5': 3, '2': 4 });
  });

  test('a face-up draw is public, a hand draw is not', () => {
    const s = stackDeck(newMatch(), { top: ['5H', 'QS'], turn: 0 });
    const s1 = act(s, 0, DRAW).state;
    expect(view(s1, 1).public.drawnThisTurn).toEqual(['5H']);
    expect(view(s1, 1).public.lastRevealed).toBe('5H');
    const s2 = act(s1, 0, DRAW).state;
    expect(view(s2, 1).public.drawnThisTurn).toEqual(['5H']);
    expect(JSON.stringify(view(s2, 1))).not.toContain('QS');
    expect(view(s2, 0).private!.hand).toEqual(['QS']);
  });

  test('bust risk from the seat knowledge: Alert makes Aces deadly', () => {
    // Deck without the 4 Jacks and 2 Aces placed in the discard: pool = deck + opponent hand.
    let s = stackDeck(newMatch(), { top: ['JS'], discard: ['JH', 'JD', 'AH'], hands: [[], ['KD']], turn: 0 });
    expect(view(s, 0).private!.bustRisk).toBe(0);
    s = act(s, 0, DRAW).state;
    // pool: 47 deck cards + KD = 48 cards, 3 Aces.
    expect(view(s, 0).private!.bustRisk).toBeCloseTo(3 / 48);
  });

  test('bust risk is only worked out for the seat that may draw now', () => {
    // Seat 0 on Alert: any Ace busts it, and three Aces are unseen.
    let s = stackDeck(newMatch(), { top: ['JS', '5H', 'JC'], discard: ['JH', 'AH'], turn: 0 });
    s = act(s, 0, DRAW).state;
    expect(view(s, 0).private!.bustRisk).toBeGreaterThan(0);
    // The waiting seat's risk stays 0 while the other one draws (its private part does not change).
    expect(view(s, 1).private!.bustRisk).toBe(0);
    const before = view(s, 1).private;
    s = act(s, 0, DRAW).state;
    expect(view(s, 1).private).toEqual(before);
    // Once the turn passes, the risk moves with it: seat 1 draws a Jack (Alert), seat 0 waits.
    s = act(s, 0, { type: 'bank' }).state;
    s = act(s, 1, DRAW).state;
    expect(view(s, 1).private!.bustRisk).toBeGreaterThan(0);
    expect(view(s, 0).private!.bustRisk).toBe(0);
  });

  test('bust risk counts Jacks after a latent Ace, unless a Queen is held', () => {
    expect(bustChance({ alert: false, jacks: 0, latent: 1 }, 0, { J: 2, A: 1, '5': 7 })).toBeCloseTo(0.2);
    expect(bustChance({ alert: false, jacks: 0, latent: 1 }, 1, { J: 2, A: 1, '5': 7 })).toBe(0);
    expect(bustChance({ alert: false, jacks: 0, latent: 2 }, 1, { J: 2, A: 1, '5': 7 })).toBeCloseTo(0.1);
    expect(bustChance({ alert: true, jacks: 2, latent: 0 }, 0, { J: 2, A: 1, '5': 7 })).toBeCloseTo(0.3);
    expect(bustChance({ alert: false, jacks: 0, latent: 0 }, 0, {})).toBe(0);
  });
});

describe('timeouts', () => {
  test('no turn timer by default; with turnSeconds the turn banks', () => {
    expect(timeout(newMatch())).toBeNull();
    const s = newMatch({ turnSeconds: 30 });
    expect(timeout(s)).toMatchObject({ seat: s.turn, durationMs: 30000, action: { type: 'timeUp' } });
  });

  test('the turn key changes with every turn but not with every draw', () => {
    const s = stackDeck(newMatch({ turnSeconds: 30 }), { top: ['5H', '6H'], turn: 0 });
    const k0 = timeout(s)!.key;
    const s1 = act(s, 0, DRAW).state;
    expect(timeout(s1)!.key).toBe(k0);
    const s2 = run(s1, 0, [{ type: 'bank' }]).state;
    expect(timeout(s2)!.key).not.toBe(k0);
    expect(timeout(s2)!.seat).toBe(1);
  });
});

describe('options and action shapes', () => {
  test('defaults', () => {
    const defaults = { mode: 'bankout', jokers: true, turnSeconds: 0, edition: 2 };
    expect(optionsSchema.parse({})).toEqual(defaults);
    expect(optionsSchema.parse(undefined)).toEqual(defaults);
    expect(optionsSchema.parse({ mode: 'blitz', jokers: false, turnSeconds: 60 })).toEqual({
      mode: 'blitz',
      jokers: false,
      turnSeconds: 60,
      edition: 2,
    });
  });

  test.each([{ mode: 'poker' }, { turnSeconds: 301 }, { turnSeconds: -1 }, { jokers: 'yes' }])(
    'rejects %j',
    (o) => {
      expect(optionsSchema.safeParse(o).success).toBe(false);
    },
  );

  test('action schema', () => {
    expect(actionSchema.safeParse({ type: 'draw' }).success).toBe(true);
    expect(actionSchema.safeParse({ type: 'play', card: 'X1', choice: 'swap' }).success).toBe(true);
    expect(actionSchema.safeParse({ type: 'play', card: 'X1', choice: 'steal' }).success).toBe(false);
    expect(actionSchema.safeParse({ type: 'counter', accept: 'yes' }).success).toBe(false);
    expect(actionSchema.safeParse({ type: 'nap' }).success).toBe(false);
  });
});

describe('the unseen counts say nothing about the deck order', () => {
  test('their keys come in rank order, whatever the order of the deck', () => {
    const order = (s: ReturnType<typeof newMatch>) => Object.keys(view(s, -1).public.unseen).join(',');
    const expected = '2,3,4,5,6,7,8,9,10,J,Q,K,A';
    for (let seed = 1; seed <= 20; seed++) expect(order(newMatch({}, seed))).toBe(expected);
  });
});
