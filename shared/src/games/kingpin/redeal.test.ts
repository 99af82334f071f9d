/** Redeal (issue 31): the Draw Pile below what a deck look shows is dealt afresh; every view stays. */
import { KEY_A, KEY_B, expectSameToEveryone, midMatch, sorted } from '../../../test/redealKit';
import { deepFreeze } from '../../../test/contract.suite';
import { kingpin } from './index';
import type { KingpinState } from './types';

const mid = (): KingpinState => midMatch(kingpin, {}, 3, 11, 30);

test('the Draw Pile is shuffled from the key; hands, Bosses, piles, views and legal actions stay', () => {
  const s = mid();
  expect(s.drawPile.length).toBeGreaterThan(10);
  const r = kingpin.redeal(s, KEY_A);
  expect(sorted(r.drawPile)).toEqual(sorted(s.drawPile));
  expect(r.drawPile).not.toEqual(s.drawPile);
  expect(r.drawPile).not.toEqual(kingpin.redeal(s, KEY_B).drawPile);
  expect(kingpin.redeal(s, KEY_A)).toEqual(r);
  expect(r.players).toEqual(s.players);
  expect([r.reserve, r.discard, r.unusedBosses]).toEqual([s.reserve, s.discard, s.unusedBosses]);
  expectSameToEveryone(kingpin, s, r, 3);
});

test("the cards an Informant's deck look shows a seat stay on top, in order", () => {
  const s = mid();
  const looked = deepFreeze({
    ...s,
    players: s.players.map((p, i) =>
      i === 1 ? { ...p, deckLook: { cards: s.drawPile.slice(0, 3), turnNumber: s.turnNumber } } : p,
    ),
  });
  const r = kingpin.redeal(looked, KEY_A);
  expect(r.drawPile.slice(0, 3)).toEqual(s.drawPile.slice(0, 3));
  expect(r.drawPile.slice(3)).not.toEqual(s.drawPile.slice(3));
  expect(sorted(r.drawPile.slice(3))).toEqual(sorted(s.drawPile.slice(3)));
  expectSameToEveryone(kingpin, looked, r, 3);
});
