/** Ruling 9 (Jokers, swaps, the round-3 counter) and ruling 10 (the hand limit). */
import { legalActions, toAct } from './rules';
import { BANK, DRAW, act, newMatch, run, stackDeck } from './testkit';
import { timeout } from './timeouts';
import { view } from './view';
import type { BankoutState } from './types';

function round2(
  top: string[],
  banks: [number, number] = [0, 0],
  mode: 'bankout' | 'blitz' = 'bankout',
): BankoutState {
  return stackDeck(newMatch({ mode }), { round: 2, top, banks, turn: 0 });
}

function round3(
  top: string[],
  hands: [string[], string[]],
  banks: [number, number] = [0, 0],
  mode: 'bankout' | 'blitz' = 'bankout',
): BankoutState {
  return stackDeck(newMatch({ mode }), { round: 3, top, hands, banks, turn: 0 });
}

describe('round-2 Joker: resolves at once', () => {
  test('drawing it opens the joker prompt for the drawer, face up', () => {
    const { state, events } = run(round2(['8H', 'X1'], [0, 200]), 0, [DRAW, DRAW]);
    expect(state.phase).toBe('joker');
    expect(state.prompt).toEqual({ kind: 'joker', seat: 0 });
    expect(state.drawnThisTurn).toEqual(['8H', 'X1']);
    expect(events[1]).toMatchObject({ type: 'joker', data: { card: 'X1' } });
    expect(legalActions(state, 0)).toEqual([
      { type: 'joker', choice: 'swap' },
      { type: 'joker', choice: 'king' },
      { type: 'joker', choice: 'queen' },
    ]);
  });

  test('draw is refused while the choice is pending', () => {
    const s = run(round2(['X1']), 0, [DRAW]).state;
    const r = legalActions(s, 0).some((a) => a.type === 'draw');
    expect(r).toBe(false);
  });

  test('swap is not offered while the opponent bank is $0, and is refused', () => {
    const s = run(round2(['X1'], [50, 0]), 0, [DRAW]).state;
    expect(legalActions(s, 0).map((a) => (a.type === 'joker' ? a.choice : ''))).toEqual(['king', 'queen']);
    expect(() => act(s, 0, { type: 'joker', choice: 'swap' })).toThrow(/SWAP_NOT_ALLOWED/);
  });

  test('King effect: bank twice the loot, turn ends', () => {
    const s = run(round2(['9H', 'X1']), 0, [DRAW, DRAW, { type: 'joker', choice: 'king' }]).state;
    expect(s.players[0]!.bank).toBe(18);
    expect(s.turn).toBe(1);
    expect(s.discard).toContain('X1');
  });

  test('Queen effect: mitigates and the turn goes on', () => {
    const s = run(round2(['JS', 'X1']), 0, [DRAW, DRAW, { type: 'joker', choice: 'queen' }]).state;
    expect(s.players[0]).toMatchObject({ jacks: 0, alert: false });
    expect(s.phase).toBe('turn');
    expect(s.turn).toBe(0);
  });

  test('swap: banks trade places, the swapper loses the loot, the turn ends', () => {
    const { state, events } = run(round2(['9H', 'X1'], [100, 400]), 0, [
      DRAW,
      DRAW,
      { type: 'joker', choice: 'swap' },
    ]);
    expect(state.players.map((p) => p.bank)).toEqual([400, 100]);
    expect(state.players[0]!.loot).toBe(0);
    expect(state.turn).toBe(1);
    expect(events.find((e) => e.type === 'swap')!.data).toMatchObject({ lost: 9 });
  });

  test('a swap does not change the Blitz pot', () => {
    const s0 = round2(['9H', 'X1'], [100, 400], 'blitz');
    s0.pot = 500;
    const s = run(s0, 0, [DRAW, DRAW, { type: 'joker', choice: 'swap' }]).state;
    expect(s.pot).toBe(500);
  });

  test('on timeout the Joker is used as a Queen', () => {
    const s = run(round2(['X1']), 0, [DRAW]).state;
    expect(timeout(s)).toMatchObject({
      seat: 0,
      durationMs: 15000,
      action: { type: 'joker', choice: 'queen' },
    });
  });
});

describe('round-3 Jokers: held, played with a choice, countered', () => {
  test('drawn face down into the hand', () => {
    const { state, events } = act(round3(['X1'], [[], []]), 0, DRAW);
    expect(state.players[0]!.hand).toEqual(['X1']);
    expect(state.drawnThisTurn).toEqual([]);
    const pub = events.find((e) => e.to === undefined)!;
    expect(pub).toMatchObject({ type: 'drawHidden', text: 'Ada drew a card into hand.' });
    expect(JSON.stringify(pub)).not.toContain('X1');
    expect(events.find((e) => e.to === 0)!.data).toMatchObject({ card: 'X1' });
  });

  test('played from hand with each choice', () => {
    const s = round3(['9H'], [['X1'], []], [0, 300]);
    const legal = legalActions(s, 0).filter((a) => a.type === 'play');
    expect(legal).toEqual([
      { type: 'play', card: 'X1', choice: 'swap' },
      { type: 'play', card: 'X1', choice: 'king' },
      { type: 'play', card: 'X1', choice: 'queen' },
    ]);
    expect(() => act(s, 0, { type: 'play', card: 'X1' })).toThrow(/CHOICE_REQUIRED/);
    const king = run(s, 0, [DRAW, { type: 'play', card: 'X1', choice: 'king' }]).state;
    expect(king.players[0]!.bank).toBe(18);
    const declared = run(s, 0, [DRAW, { type: 'play', card: 'X1', choice: 'swap' }]).state;
    const swap = act(declared, 1, { type: 'counter', accept: false }).state;
    expect(swap.players.map((p) => p.bank)).toEqual([300, 0]);
    expect(swap.turn).toBe(1);
  });

  test('a swap against a Joker holder opens the counter prompt for them', () => {
    const s = run(round3(['9H'], [['X1'], ['X2', 'KD']], [100, 600]), 0, [
      DRAW,
      { type: 'play', card: 'X1', choice: 'swap' },
    ]).state;
    expect(s.phase).toBe('counter');
    expect(s.prompt).toEqual({ kind: 'counter', seat: 1 });
    expect(toAct(s)).toEqual([1]);
    expect(legalActions(s, 0)).toEqual([]);
    expect(legalActions(s, 1)).toEqual([
      { type: 'counter', accept: true },
      { type: 'counter', accept: false },
    ]);
    expect(timeout(s)).toMatchObject({
      seat: 1,
      durationMs: 10000,
      action: { type: 'counter', accept: false },
    });
  });

  test('countering discards both Jokers, nothing is swapped, the attacker loses the loot and the turn', () => {
    let s = run(round3(['9H'], [['X1'], ['X2', 'KD']], [100, 600]), 0, [
      DRAW,
      { type: 'play', card: 'X1', choice: 'swap' },
    ]).state;
    const r = act(s, 1, { type: 'counter', accept: true });
    s = r.state;
    expect(s.players.map((p) => p.bank)).toEqual([100, 600]);
    expect(s.players[0]!.hand).toEqual([]);
    expect(s.players[1]!.hand).toEqual(['KD']);
    expect(s.discard).toEqual(expect.arrayContaining(['X1', 'X2']));
    expect(s.turn).toBe(1);
    expect(s.phase).toBe('turn');
    expect(r.events.find((e) => e.type === 'counter')!.data).toMatchObject({ accept: true, lost: 9 });
  });

  test('declining (or the timeout) lets the swap happen', () => {
    const s = run(round3(['9H'], [['X1'], ['X2']], [100, 600]), 0, [
      DRAW,
      { type: 'play', card: 'X1', choice: 'swap' },
    ]).state;
    const after = act(s, 1, timeout(s)!.action).state;
    expect(after.players.map((p) => p.bank)).toEqual([600, 100]);
    expect(after.players[1]!.hand).toEqual(['X2']);
    expect(after.players[0]!.loot).toBe(0);
    expect(after.turn).toBe(1);
  });

  test('a defender without a Joker gets the same prompt, window and public view; only letting it through is legal', () => {
    // Same multiset of unseen cards in both cases: the defender holds X2 or KD, the other is in the deck.
    const declare = (hand: string) =>
      run(round3(['9H'], [['X1'], [hand]], [100, 600]), 0, [
        DRAW,
        { type: 'play', card: 'X1', choice: 'swap' },
      ]);
    const withJoker = declare('X2');
    const without = declare('KD');
    expect(without.state.phase).toBe('counter');
    expect(without.state.prompt).toEqual({ kind: 'counter', seat: 1 });
    expect(view(without.state, 0)).toEqual(view(withJoker.state, 0));
    expect(view(without.state, -1)).toEqual(view(withJoker.state, -1));
    expect(without.events).toEqual(withJoker.events);
    expect(without.events.map((e) => e.text)).toEqual([
      'Ada drew 9♥.',
      'Ada played a Joker to swap banks with Bo, who may counter with a Joker.',
    ]);
    expect(timeout(without.state)).toEqual(timeout(withJoker.state));
    expect(legalActions(without.state, 1)).toEqual([{ type: 'counter', accept: false }]);
    expect(() => act(without.state, 1, { type: 'counter', accept: true })).toThrow(/NO_JOKER/);
    // Letting it through reads the same in both cases.
    const through = (s: BankoutState) => act(s, 1, { type: 'counter', accept: false });
    expect(through(without.state).events).toEqual(through(withJoker.state).events);
    expect(view(through(without.state).state, 0).public).toEqual(
      view(through(withJoker.state).state, 0).public,
    );
    expect(through(without.state).events.map((e) => e.text)).toEqual([
      'Bo lets the swap through.',
      'Ada and Bo swapped banks: $600 and $100; $9 of loot forfeited.',
      "Bo's turn.",
    ]);
  });

  test('a round-2 swap has no counter window: it happens at once', () => {
    const r = run(round2(['8H', 'X1'], [0, 200]), 0, [DRAW, DRAW, { type: 'joker', choice: 'swap' }]);
    expect(r.state.players.map((p) => p.bank)).toEqual([200, 0]);
    expect(r.state.turn).toBe(1);
  });

  test('swap is refused while the opponent bank is $0', () => {
    const s = round3([], [['X1'], []], [100, 0]);
    expect(() => act(s, 0, { type: 'play', card: 'X1', choice: 'swap' })).toThrow(/SWAP_NOT_ALLOWED/);
  });
});

describe('ruling 10: the hand limit is 2', () => {
  const full = () => stackDeck(newMatch(), { top: ['QS', '5H', 'KS'], hands: [['KH', 'QD'], []], turn: 0 });

  test('a third card opens the discard prompt; any card may go, the new one included', () => {
    const s = act(full(), 0, DRAW).state;
    expect(s.phase).toBe('discard');
    expect(s.prompt).toEqual({ kind: 'discard', seat: 0 });
    expect(s.players[0]!.hand).toEqual(['KH', 'QD', 'QS']);
    expect(legalActions(s, 0)).toEqual([
      { type: 'discard', card: 'KH' },
      { type: 'discard', card: 'QD' },
      { type: 'discard', card: 'QS' },
    ]);
    const after = act(s, 0, { type: 'discard', card: 'QS' });
    expect(after.state.players[0]!.hand).toEqual(['KH', 'QD']);
    expect(after.state.phase).toBe('turn');
    expect(after.state.turn).toBe(0);
    expect(after.state.discard).toContain('QS');
    expect(after.events[0]!.text).toBe('Ada discarded Q♠ (hand limit).');
  });

  test('on timeout the oldest card goes', () => {
    const s = act(full(), 0, DRAW).state;
    const t = timeout(s)!;
    expect(t).toMatchObject({ seat: 0, durationMs: 15000, action: { type: 'discard', card: 'KH' } });
    expect(act(s, 0, t.action).state.players[0]!.hand).toEqual(['QD', 'QS']);
  });

  test('a second discard in the same turn gets a new timer key', () => {
    let s = act(full(), 0, DRAW).state;
    const k1 = timeout(s)!.key;
    s = run(s, 0, [{ type: 'discard', card: 'KH' }, DRAW, DRAW]).state;
    expect(s.phase).toBe('discard');
    expect(timeout(s)!.key).not.toBe(k1);
  });

  test('others see only the hand count', () => {
    const s = act(full(), 0, DRAW).state;
    expect(view(s, 1).public.players[0]!.handCount).toBe(3);
    expect(JSON.stringify(view(s, 1))).not.toMatch(/"(KH|QD|QS)"/);
    expect(view(s, 0).private!.hand).toEqual(['KH', 'QD', 'QS']);
  });

  test('bank is not possible until the discard is made', () => {
    const s = act(full(), 0, DRAW).state;
    expect(() => act(s, 0, BANK)).toThrow(/WRONG_PHASE/);
  });
});
