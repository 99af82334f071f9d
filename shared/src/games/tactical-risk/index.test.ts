/** The definition as the platform sees it. */
import { SPECTATOR } from '../../core/contract';
import { randomBot } from './baselines';
import { tacticalRisk } from './index';
import { playMatch } from './playout';

describe('the tactical-risk definition', () => {
  test('is self-consistent', () => {
    expect(tacticalRisk.id).toBe('tactical-risk');
    expect(tacticalRisk.seats).toEqual({ min: 2, max: 5 });
    expect(tacticalRisk.optionFields.map((f) => f.key)).toEqual([
      'mode',
      'economicVictory',
      'capitalsToWin',
      'fogOfWar',
      'roundLimit',
      'phaseSeconds',
      'bankSeconds',
      'promptSeconds',
      'bid',
      'bidSide',
      'botPace',
    ]);
    const options = tacticalRisk.optionsSchema.parse({});
    const s = tacticalRisk.setup(
      options,
      [
        { name: 'Ada', bot: false },
        { name: 'Bo', bot: true },
      ],
      42,
    );
    expect(tacticalRisk.phase(s)).toBe('purchase');
    expect(tacticalRisk.outcome(s)).toBeNull();
    expect(tacticalRisk.view(s, SPECTATOR).public.names).toEqual(['Ada', 'Bo']);
  });

  test('every listed action passes the action schema; every event has a type and a sentence', () => {
    playMatch(
      { roundLimit: 1 },
      21,
      [0, 1, 2, 3, 4].map(() => randomBot),
      {
        onStep: (before, action) => {
          expect(tacticalRisk.actionSchema.safeParse(action).success).toBe(true);
          const seat = tacticalRisk.toAct(before)[0]!;
          for (const a of tacticalRisk.legalActions(before, seat).slice(0, 20)) {
            expect(tacticalRisk.actionSchema.safeParse(a).success).toBe(true);
          }
          const r = tacticalRisk.apply(before, seat, action);
          if (!r.ok) throw new Error(r.error.message);
          for (const e of r.events) {
            expect(e.type).toMatch(/^[a-zA-Z]+$/);
            expect(e.text).toMatch(/^[A-Z].+[.!]$/);
          }
        },
      },
    );
  });

  test('with phase timers, the timeout action is always accepted', () => {
    let seen = 0;
    playMatch(
      { roundLimit: 1, phaseSeconds: 60, bankSeconds: 0, mode: 'draft' },
      8,
      [0, 1, 2].map(() => randomBot),
      {
        onStep: (before) => {
          const t = tacticalRisk.timeout(before)!;
          expect(t.durationMs).toBe(60_000);
          expect(t.action.type).not.toBe('timeBank'); // no bank: the phase ends
          const r = tacticalRisk.apply(before, t.seat, t.action);
          if (!r.ok) throw new Error(`${r.error.code} ${JSON.stringify(t.action)}`);
          seen++;
        },
      },
    );
    expect(seen).toBeGreaterThan(20);
  });
});
