/**
 * The opening guarantees of the default table, on a fast sample of seeded bot-against-bot matches
 * (the full measurement, design rules beside the default, is bench/kingpin-balance.ts).
 */
import { measureBalance } from './balance';
import { kingpinBot } from './bot';
import { DEFAULT_OPTIONS, DESIGN_RULES } from './options';

describe('Kingpin balance (default table: opening truce, Bosses at 20 HP)', () => {
  test('2 players, 30 seeded matches: nothing ends in the opening, the first player wins 25-75%, median >= 12 turns', () => {
    const r = measureBalance(DEFAULT_OPTIONS, [kingpinBot, kingpinBot], 30, 1000);
    expect(r.openingEnds).toBe(0);
    expect(r.earlyEliminations).toBe(0);
    const share = r.firstWins / r.decided;
    expect(share).toBeGreaterThanOrEqual(0.25);
    expect(share).toBeLessThanOrEqual(0.75);
    expect(r.medianTurns).toBeGreaterThanOrEqual(12);
  });

  test('3 players, 20 seeded matches: nobody is eliminated before their second turn', () => {
    const r = measureBalance(DEFAULT_OPTIONS, [kingpinBot, kingpinBot, kingpinBot], 20, 2000);
    expect(r.earlyEliminations).toBe(0);
    expect(r.openingEnds).toBe(0);
  });

  test("the design's pure rules stay available and show the problem the default fixes", () => {
    const r = measureBalance({ ...DEFAULT_OPTIONS, ...DESIGN_RULES }, [kingpinBot, kingpinBot], 20, 1000);
    expect(r.openingEnds).toBeGreaterThan(10);
  });
});
