import { randomBot } from './baselines';
import { decide, tacticalRiskBot } from './bot';
import { playMatch } from './playout';
import { legalActions } from './rules';
import { LAND } from './board';
import { act, emptyBoard, newGame, put } from './testkit';
import { view } from './view';
import type { TacticalRiskState } from './types';

function aiAction(s: TacticalRiskState) {
  const seat = s.controller[['Russians', 'Germans', 'British', 'Japanese', 'Americans'][s.turn] as 'Germans'];
  return decide(view(s, seat), legalActions(s, seat));
}

describe('Tactical Risk AI', () => {
  it('spends within its treasury and its factories, then ends the purchase', () => {
    let s = newGame();
    const a = aiAction(s);
    expect(a.type).toBe('buy');
    s = act(s, a);
    expect(s.treasury.Russians).toBeGreaterThanOrEqual(0);
    const bought = Object.values(s.pending.Russians).reduce((x, n) => x + (n ?? 0), 0);
    expect(bought).toBeLessThanOrEqual(8 + 3); // Russia and Karelia factories
    expect(aiAction(s)).toEqual({ type: 'endPhase' });
  });

  it('takes an empty enemy territory next to it and attacks only with good odds', () => {
    const s = emptyBoard('Germans', 'combatMove');
    put(s, 'Germans', 'East Europe', { infantry: 1 });
    put(s, 'Germans', 'Germany', { infantry: 3 });
    expect(aiAction(s)).toMatchObject({ type: 'move', path: ['East Europe', 'Karelia S.S.R.'] });
    const t = emptyBoard('Germans', 'combatMove');
    put(t, 'Germans', 'East Europe', { infantry: 1 });
    put(t, 'Russians', 'Karelia S.S.R.', { infantry: 4 });
    put(t, 'Russians', 'Ukraine S.S.R.', { infantry: 4 });
    t.owner['Ukraine S.S.R.'] = 'Russians';
    expect(aiAction(t)).toEqual({ type: 'endPhase' });
  });

  it('brings aircraft home after the battles', () => {
    const s = emptyBoard('Germans', 'nonCombatMove');
    put(s, 'Germans', 'Karelia S.S.R.', { fighter: 1 });
    s.owner['Karelia S.S.R.'] = 'Germans'; // taken this turn: no landing there
    const a = aiAction(s);
    expect(a.type).toBe('move');
    let t = act(s, a);
    while (t.phase === 'nonCombatMove') t = act(t, aiAction(t));
    expect(t.units.filter((u) => u.type === 'fighter')).toHaveLength(1);
  });

  it('plays from a fogged view without illegal actions', () => {
    const r = playMatch(
      { fogOfWar: true, roundLimit: 1 },
      4,
      [0, 1, 2, 3, 4].map(() => tacticalRiskBot),
    );
    expect(r.state.phase).toBe('finished');
  });

  it('gets ahead of random opponents quickly (the full measure is bench/tactical-risk-ai.ts)', () => {
    const bots = [tacticalRiskBot, randomBot, tacticalRiskBot, randomBot, tacticalRiskBot];
    const r = playMatch({ roundLimit: 4 }, 9, bots);
    const allies = LAND.filter((t) => {
      const o = r.state.owner[t];
      return o === 'Russians' || o === 'British' || o === 'Americans';
    }).length;
    expect(r.state.winner?.factions).toEqual(expect.arrayContaining(['Russians', 'British', 'Americans']));
    expect(allies).toBeGreaterThan(35);
  });
});
