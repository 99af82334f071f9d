/** Redeal (issue 31): the deck is dealt afresh from the new key; every hand and every view stays. */
import { Random, seedRng } from '../../core/rng';
import { KEY_A, KEY_B, expectSameToEveryone, keyOf, midMatch, sorted } from '../../../test/redealKit';
import { bankout } from './index';
import type { BankoutState } from './types';

const mid = (): BankoutState => midMatch(bankout, { mode: 'bankout', jokers: true }, 2, 7, 40);

test('the deck is shuffled from the key; hands, discards, views, legal actions and timer stay', () => {
  const s = mid();
  expect(s.deck.length).toBeGreaterThan(10);
  expect(s.players.some((p) => p.hand.length > 0)).toBe(true);
  const r = bankout.redeal(s, KEY_A);
  expect(sorted(r.deck)).toEqual(sorted(s.deck));
  expect(r.deck).not.toEqual(s.deck);
  expect(r.players).toEqual(s.players);
  expect(r.discard).toEqual(s.discard);
  expect(r.rng).not.toEqual(s.rng);
  expectSameToEveryone(bankout, s, r, 2);
});

test('the same key redeals the same; another key differently', () => {
  const s = mid();
  expect(bankout.redeal(s, KEY_A)).toEqual(bankout.redeal(s, KEY_A));
  expect(bankout.redeal(s, KEY_A).deck).not.toEqual(bankout.redeal(s, KEY_B).deck);
  // The order is the key's shuffle of the old deck, and the rng goes on from there.
  const random = new Random(seedRng(KEY_A));
  expect(bankout.redeal(s, KEY_A).deck).toEqual(random.shuffle(s.deck));
  expect(bankout.redeal(s, KEY_A).rng).toEqual(random.state);
});

test('a copy played ahead says nothing about another: the next draw depends on the key', () => {
  const s = mid();
  const seat = bankout.toAct(s)[0]!;
  expect(bankout.legalActions(s, seat)).toContainEqual({ type: 'draw' });
  const nextCard = (k: number) => bankout.redeal(s, keyOf(k)).deck[0];
  const drawn = new Set(Array.from({ length: 20 }, (_, k) => nextCard(k)));
  expect(drawn.size).toBeGreaterThan(5);
  for (let k = 0; k < 3; k++) {
    const r = bankout.apply(bankout.redeal(s, keyOf(k)), seat, { type: 'draw' });
    expect(r.ok).toBe(true);
  }
});
