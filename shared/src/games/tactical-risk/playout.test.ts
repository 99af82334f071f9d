import { SPECTATOR } from '../../core/contract';
import { randomBot } from './baselines';
import { tacticalRiskBot } from './bot';
import { tacticalRisk } from './index';
import { playMatch } from './playout';

describe('headless matches', () => {
  it('five AI factions play Classic to an alliance victory (capitals only: no economic victory)', () => {
    // Seed 3 ends on capitals in round 14 (bench/tactical-risk-ai.ts: 7 of seeds 1-8 do within 30 rounds).
    const r = playMatch(
      { roundLimit: 30 },
      3,
      [0, 1, 2, 3, 4].map(() => tacticalRiskBot),
    );
    expect(r.state.phase).toBe('finished');
    expect(r.state.options.economicVictory).toBe(false);
    expect(r.state.winner?.reason).toMatch(/hold two Allied capitals|Allies hold both Axis capitals/);
    const out = tacticalRisk.outcome(r.state)!;
    expect(out.winners.length).toBeGreaterThan(0);
    expect(tacticalRisk.view(r.state, SPECTATOR).public.winner).toEqual(r.state.winner);
  });

  it('five AI seats draft their factions and play to a victory (economic victory on)', () => {
    const r = playMatch(
      { mode: 'draft', economicVictory: true, roundLimit: 30 },
      3,
      [0, 1, 2, 3, 4].map(() => tacticalRiskBot),
    );
    expect(r.state.phase).toBe('finished');
    expect(Object.values(r.state.controller).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(r.state.winner?.reason).not.toMatch(/Round limit/);
    expect(tacticalRisk.outcome(r.state)!.winners.length).toBeGreaterThan(0);
  });

  it('five AI factions reach a free-for-all capitals victory', () => {
    const r = playMatch(
      { mode: 'ffa', capitalsToWin: 2, roundLimit: 30 },
      5,
      [0, 1, 2, 3, 4].map(() => tacticalRiskBot),
    );
    expect(r.state.winner?.reason).toMatch(/hold 2 capitals/);
    expect(tacticalRisk.outcome(r.state)!.winners).toHaveLength(1);
  });

  it('replays to the same state from the seed and the accepted actions', () => {
    const actions: Parameters<typeof tacticalRisk.apply>[2][] = [];
    const seats: number[] = [];
    const bots = [randomBot, tacticalRiskBot, randomBot, tacticalRiskBot, randomBot];
    const r = playMatch({ roundLimit: 1 }, 11, bots, {
      onStep: (before, action) => {
        actions.push(action);
        seats.push(tacticalRisk.toAct(before)[0]!);
      },
    });
    let s = tacticalRisk.setup(
      tacticalRisk.optionsSchema.parse({ roundLimit: 1 }),
      bots.map((_, i) => ({ name: `Bot ${i + 1}`, bot: true })),
      11,
    );
    actions.forEach((a, i) => {
      const res = tacticalRisk.apply(s, seats[i]!, a);
      if (!res.ok) throw new Error(res.error.message);
      s = res.state;
    });
    expect(s.units).toEqual(r.state.units);
    expect(s.owner).toEqual(r.state.owner);
    expect(s.treasury).toEqual(r.state.treasury);
  });

  it('works as a plain JSON save (the state survives JSON and play goes on)', () => {
    const r = playMatch(
      {},
      5,
      [0, 1, 2, 3, 4].map(() => randomBot),
      { maxActions: 60 },
    );
    expect(r.state.phase).not.toBe('finished');
    const saved = JSON.parse(JSON.stringify(r.state));
    expect(saved).toEqual(JSON.parse(JSON.stringify(r.state)));
    const seat = tacticalRisk.toAct(saved)[0]!;
    const legal = tacticalRisk.legalActions(saved, seat);
    expect(tacticalRisk.apply(saved, seat, legal[legal.length - 1]!).ok).toBe(true);
  });
});
