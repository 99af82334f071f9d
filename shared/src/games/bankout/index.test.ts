/** The definition as the platform sees it. */
import { SPECTATOR } from '../../core/contract';
import { gameById } from '..';
import { bankout } from '.';
import { SEATS } from './testkit';

describe('the bankout definition', () => {
  test('is registered and self-consistent', () => {
    expect(gameById('bankout')).toBe(bankout);
    expect(bankout.seats).toEqual({ min: 2, max: 2 });
    expect(bankout.optionFields.map((f) => f.key)).toEqual(['mode', 'jokers', 'turnSeconds']);
  });

  test('a fresh match: round 1, 52 cards, the first player to draw', () => {
    const s = bankout.setup(bankout.optionsSchema.parse({}), SEATS, 42);
    expect(bankout.phase(s)).toBe('turn');
    expect(bankout.toAct(s)).toEqual([s.turn]);
    expect(bankout.outcome(s)).toBeNull();
    expect(bankout.timeout(s)).toBeNull();
    const v = bankout.view(s, SPECTATOR).public;
    expect(v).toMatchObject({ round: 1, deckCount: 52, discardCount: 0, pot: 0, winner: null, prompt: null });
    expect(v.players.map((p) => p.name)).toEqual(['Ada', 'Bo']);
    expect(bankout.legalActions(s, s.turn)).toEqual([
      { type: 'draw' },
      { type: 'bank' },
      { type: 'endTurn' },
    ]);
  });

  test('every event has a type and a readable text', () => {
    let s = bankout.setup(bankout.optionsSchema.parse({ mode: 'blitz' }), SEATS, 3);
    for (let i = 0; i < 40 && !bankout.outcome(s); i++) {
      const seat = bankout.toAct(s)[0]!;
      const r = bankout.apply(s, seat, bankout.legalActions(s, seat)[0]!);
      if (!r.ok) throw new Error(r.error.code);
      for (const e of r.events) {
        expect(e.type).toMatch(/^[a-zA-Z]+$/);
        expect(e.text).toMatch(/^(Ada|Bo|You|Round|The)\b.+[.!?:]$/);
      }
      s = r.state;
    }
  });
});
