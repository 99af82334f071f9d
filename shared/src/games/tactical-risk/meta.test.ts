/**
 * The first match by side (meta.ts firstMatchBySeat, the waiting room's first-match button): the
 * people's side's AIs at Normal, the other side's at Easy, a bid of 18 to the people's side.
 */
import { firstMatchChanges } from '../../core/firstMatch';
import { FACTION_SETUP } from './board';
import { DEFAULT_OPTIONS } from './options';
import { classicSide, FIRST_MATCH_BID, firstMatchBySeat, tacticalRiskMeta } from './meta';
import { setup, SEAT_FACTIONS } from './setup';
import { FACTIONS } from './board';

const classic = { ...DEFAULT_OPTIONS } as Record<string, unknown>;

describe('the first match by side', () => {
  it("each seat's side is the alliance of the factions setup.ts deals it, at 2 to 5 seats", () => {
    for (const n of [2, 3, 4, 5])
      SEAT_FACTIONS[n]!.forEach((factions, seat) => {
        for (const f of factions)
          expect([n, seat, FACTION_SETUP[f].alliance]).toEqual([n, seat, classicSide(seat)]);
      });
  });

  it('the Russians alone at five seats: the Axis AIs Easy, the British and Americans Normal, bid 18 to the Allies', () => {
    const s = firstMatchBySeat([0], 5, classic);
    expect(s.levels.slice(1)).toEqual(['easy', 'normal', 'easy', 'normal']);
    expect(s.options).toEqual({ bid: FIRST_MATCH_BID, bidSide: 'Allies' });
  });

  it('the Germans alone: every AI Normal and the bid of 18 to the Axis (easy Allied AIs take Berlin more often)', () => {
    const s = firstMatchBySeat([1], 5, classic);
    expect(s.levels).toEqual(Array(5).fill('normal'));
    expect(s.options).toEqual({ bid: FIRST_MATCH_BID, bidSide: 'Axis' });
    expect(s.says).toBe('Normal AIs and a bid of 18 for your side');
  });

  it('other seat counts follow the deal: 3 seats, the Americans beside the Russians and British', () => {
    expect(firstMatchBySeat([0], 3, classic).levels.slice(1)).toEqual(['easy', 'normal']);
    expect(firstMatchBySeat([0], 2, classic).levels[1]).toBe('easy');
    expect(firstMatchBySeat([0, 2], 4, classic).levels[1]).toBe('easy');
  });

  it('people on both sides: every AI Normal and the bid left alone; Draft and Free-for-all: every AI Easy', () => {
    const both = firstMatchBySeat([0, 1], 5, classic);
    expect([both.levels, both.options]).toEqual([Array(5).fill('normal'), undefined]);
    for (const mode of ['draft', 'ffa']) {
      const s = firstMatchBySeat([0], 5, { ...classic, mode });
      expect([s.levels, s.options, s.says]).toEqual([Array(5).fill('easy'), undefined, 'Easy AIs']);
    }
  });

  it("the waiting room's button at a default five-seat table: two AIs to Easy and the bid to 18, then nothing left", () => {
    const advice = tacticalRiskMeta.firstMatchLevel!;
    const person = { occupied: true, bot: false };
    const ai = { occupied: true, bot: true, botLevel: 'normal' as const };
    const seats = [person, ai, ai, ai, ai];
    const first = firstMatchChanges(advice, seats, classic);
    expect(first.says).toBe('Easy AIs against you, Normal AIs on your side and a bid of 18 for your side');
    expect(first.levels).toEqual([
      { seat: 1, level: 'easy' },
      { seat: 3, level: 'easy' },
    ]);
    expect(first.options).toEqual({ ...classic, bid: 18, bidSide: 'Allies' });
    const applied = seats.map((s, i) => ({
      ...s,
      botLevel: first.levels.find((x) => x.seat === i)?.level ?? 'normal',
    }));
    expect(firstMatchChanges(advice, applied, first.options!)).toMatchObject({ levels: [], options: null });
  });
});

describe("the waiting room's seat names (GameMeta.seatRole)", () => {
  const role = tacticalRiskMeta.seatRole!;
  it('each seat names the countries setup.ts deals it, and their side in Classic', () => {
    for (const n of [2, 3, 4, 5]) {
      const s = setup(
        { ...DEFAULT_OPTIONS },
        Array.from({ length: n }, () => ({ name: 'x', bot: true })),
        1,
      );
      for (let seat = 0; seat < n; seat++) {
        const dealt = FACTIONS.filter((f) => s.controller[f] === seat);
        const text = role(seat, n, classic);
        for (const f of dealt) expect(text).toContain(f);
        expect(text.endsWith(` · ${s.alliance[dealt[0]!]}`)).toBe(true);
      }
    }
    expect([0, 1, 2, 3, 4].map((seat) => role(seat, 5, classic))).toEqual([
      'Russians · Allies',
      'Germans · Axis',
      'British · Allies',
      'Japanese · Axis',
      'Americans · Allies',
    ]);
    expect(role(0, 2, classic)).toBe('Russians, British and Americans · Allies');
  });

  it('Free-for-all: the countries, no side; Draft: nothing (the countries are drafted in the match)', () => {
    expect(role(2, 4, { ...classic, mode: 'ffa' })).toBe('British and Americans');
    expect(role(1, 5, { ...classic, mode: 'draft' })).toBe('');
  });
});
