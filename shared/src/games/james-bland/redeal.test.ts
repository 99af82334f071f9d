/** Redeal (issue 31): the Intel deck is dealt afresh from the new key; every card held and view stays. */
import { KEY_A, KEY_B, expectSameToEveryone, midMatch } from '../../../test/redealKit';
import { jamesBland } from './index';
import type { JamesBlandState } from './types';

const uids = (cards: readonly { uid: number }[]) => cards.map((c) => c.uid);

test('the deck is shuffled from the key; agents, discards, views, legal actions and timer stay', () => {
  for (const seats of [3, 5]) {
    const s: JamesBlandState = midMatch(jamesBland, { roundLimit: 4 }, seats, 5, 3 * seats);
    expect(s.deck.length).toBeGreaterThan(3);
    const r = jamesBland.redeal(s, KEY_A);
    expect(uids(r.deck).sort((a, b) => a - b)).toEqual(uids(s.deck).sort((a, b) => a - b));
    expect(uids(r.deck)).not.toEqual(uids(s.deck));
    expect(uids(r.deck)).not.toEqual(uids(jamesBland.redeal(s, KEY_B).deck));
    expect(jamesBland.redeal(s, KEY_A)).toEqual(r);
    expect([r.agents, r.discard]).toEqual([s.agents, s.discard]);
    expectSameToEveryone(jamesBland, s, r, seats);
  }
});
