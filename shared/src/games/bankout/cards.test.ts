/** Card ids, ranks and money formatting. */
import fc from 'fast-check';
import { ALL_RANKS, buildDeck, money, rankOf } from './cards';

describe('cards', () => {
  test('every card of every deck has the rank its id spells', () => {
    const cards = new Set([...buildDeck(3, true, false), ...buildDeck(1, false, true)]);
    expect(cards.size).toBe(54);
    for (const card of cards) {
      const rank = rankOf(card);
      expect(ALL_RANKS).toContain(rank);
      expect(card.startsWith('X') ? 'X' : card.slice(0, -1)).toBe(rank);
    }
    // An id built at run time (not the same string object) has the same rank.
    expect(rankOf(['1', '0', 'H'].join(''))).toBe('10');
  });

  test('money writes amounts as en-US does, with the dollar sign first', () => {
    expect(money(0)).toBe('$0');
    expect(money(25)).toBe('$25');
    expect(money(1020)).toBe('$1,020');
    expect(money(-25)).toBe('$-25');
    expect(money(1234567)).toBe('$1,234,567');
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double({ noNaN: true })), (n) => {
        expect(money(n)).toBe(`$${n.toLocaleString('en-US')}`);
      }),
      { numRuns: 2000 },
    );
  });
});
