/** What the waiting room's first-match button changes (firstMatch.ts), for advice with and without sides. */
import type { FirstMatchAdvice } from './contract';
import { firstMatchChanges } from './firstMatch';

const person = { occupied: true, bot: false };
const empty = { occupied: false, bot: false };
const ai = (botLevel?: 'easy' | 'normal' | 'hard') => ({ occupied: true, bot: true, botLevel });

describe('firstMatchChanges', () => {
  it('one level for every AI: the AIs not at it change (no level read as Normal), people and empty seats do not', () => {
    const advice: FirstMatchAdvice = { level: 'easy', why: 'a close first match' };
    const c = firstMatchChanges(advice, [person, ai(), ai('easy'), empty, ai('hard')], { speed: 1 });
    expect(c).toEqual({
      says: 'Easy AIs',
      why: 'a close first match',
      levels: [
        { seat: 1, level: 'easy' },
        { seat: 4, level: 'easy' },
      ],
      options: null,
    });
  });

  it("levels by side: the game's answer for the seats people sit in, with its options over the table's", () => {
    const asked: unknown[] = [];
    const advice: FirstMatchAdvice = {
      level: 'easy',
      why: 'partners stay strong',
      bySeat: (people, seatCount, options) => {
        asked.push([people, seatCount, options]);
        return {
          levels: Array.from({ length: seatCount }, (_, i) => (i % 2 === people[0]! % 2 ? 'normal' : 'easy')),
          options: { headStart: 10 },
          ...(people[0] === 0 ? { says: 'Easy AIs and a head start', why: 'you move first' } : {}),
        };
      },
    };
    const c = firstMatchChanges(advice, [ai(), person, ai(), ai('easy'), empty], { speed: 1, headStart: 0 });
    expect(asked).toEqual([[[1], 5, { speed: 1, headStart: 0 }]]);
    expect(c.levels).toEqual([
      { seat: 0, level: 'easy' },
      { seat: 2, level: 'easy' },
      { seat: 3, level: 'normal' },
    ]);
    expect(c.options).toEqual({ speed: 1, headStart: 10 });
    // The words: the advice's own, or the game's for these seats.
    expect([c.says, c.why]).toEqual(['Easy AIs', 'partners stay strong']);
    const first = firstMatchChanges(advice, [person, ai()], {});
    expect([first.says, first.why]).toEqual(['Easy AIs and a head start', 'you move first']);
    // Options already as advised: nothing to send.
    expect(
      firstMatchChanges(advice, [ai('easy'), person, ai('easy'), ai('normal')], { headStart: 10 }),
    ).toMatchObject({ levels: [], options: null });
  });
});
