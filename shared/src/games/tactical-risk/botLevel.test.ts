/** Issue 34: the Tactical Risk AI's levels (botLevel.ts) decide differently from the same view. */
import type { BotLevel } from '../../core/contract';
import { decide, tacticalRiskBot } from './bot';
import { PROFILES } from './botLevel';
import { simulateBattle } from './calculator';
import { legalActions } from './rules';
import { current } from './state';
import { emptyBoard, put } from './testkit';
import type { TacticalRiskState } from './types';
import { view } from './view';

const LEVELS: BotLevel[] = ['easy', 'normal', 'hard'];
const decideAt = (s: TacticalRiskState, level?: BotLevel) => {
  const seat = s.controller[current(s)];
  return decide(view(s, seat), legalActions(s, seat), level);
};

/** Germans in East Europe with `infantry` against two Russian infantry in Karelia (no other target). */
function attackAt(infantry: number): { s: TacticalRiskState; odds: number } {
  const s = emptyBoard('Germans', 'combatMove');
  put(s, 'Germans', 'East Europe', { infantry });
  put(s, 'Russians', 'Karelia S.S.R.', { infantry: 2 });
  const odds = simulateBattle({
    attacker: { infantry },
    defender: { infantry: 2 },
    trials: 4000,
    seed: 3,
  }).capture;
  return { s, odds };
}

describe('Tactical Risk AI levels', () => {
  it('easy attacks at odds the normal AI refuses', () => {
    const even = attackAt(3);
    expect(even.odds).toBeGreaterThan(PROFILES.easy.attackOdds);
    expect(even.odds).toBeLessThan(PROFILES.normal.attackOdds);
    expect(decideAt(even.s, 'easy')).toMatchObject({ type: 'move', path: ['East Europe', 'Karelia S.S.R.'] });
    expect(decideAt(even.s, 'normal')).toEqual({ type: 'endPhase' });
    const good = attackAt(4);
    expect(good.odds).toBeGreaterThan(PROFILES.normal.attackOdds);
    for (const level of ['normal', 'hard'] as const)
      expect(decideAt(good.s, level)).toMatchObject({
        type: 'move',
        path: ['East Europe', 'Karelia S.S.R.'],
      });
  });

  it('hard plays the last round before the round limit for production', () => {
    // 5 German infantry against 3 Russian: odds between the last round's and a usual turn's.
    const at = (round: number, roundLimit: number) => {
      const s = emptyBoard('Germans', 'combatMove', { roundLimit });
      put(s, 'Germans', 'East Europe', { infantry: 5 });
      put(s, 'Russians', 'Karelia S.S.R.', { infantry: 3 });
      s.round = round;
      return s;
    };
    const odds = simulateBattle({
      attacker: { infantry: 5 },
      defender: { infantry: 3 },
      trials: 4000,
      seed: 3,
    });
    expect(odds.capture).toBeGreaterThan(0.6);
    expect(odds.capture).toBeLessThan(PROFILES.hard.attackOdds);
    expect(decideAt(at(12, 12), 'hard')).toMatchObject({
      type: 'move',
      path: ['East Europe', 'Karelia S.S.R.'],
    });
    expect(decideAt(at(12, 12), 'normal')).toEqual({ type: 'endPhase' });
    expect(decideAt(at(11, 12), 'hard')).toEqual({ type: 'endPhase' });
    expect(decideAt(at(12, 0), 'hard')).toEqual({ type: 'endPhase' }); // no limit: no last round
  });

  it('hard in the last round, with no enemy faction to move after it, keeps no guard in its capital', () => {
    const s = emptyBoard('Americans', 'combatMove', { roundLimit: 12 });
    put(s, 'Americans', 'East US', { infantry: 4 });
    put(s, 'Japanese', 'West US', { infantry: 1 });
    s.owner['West US'] = 'Japanese';
    s.round = 11; // the guard keeps 3 of the 4: one alone has poor odds
    expect(decideAt(s, 'hard')).toEqual({ type: 'endPhase' });
    s.round = 12;
    const a = decideAt(s, 'hard');
    expect(a).toMatchObject({ type: 'move', path: ['East US', 'West US'] });
    expect(a.type === 'move' && a.units).toHaveLength(4);
  });

  it('no level is the same as normal, through the contract too', () => {
    const { s } = attackAt(3);
    const seat = s.controller.Germans;
    expect(decideAt(s)).toEqual(decideAt(s, 'normal'));
    expect(tacticalRiskBot.decide(view(s, seat), legalActions(s, seat), () => 0.5, 'easy')).toEqual(
      decideAt(s, 'easy'),
    );
  });

  it('the capital keeps fewer units at easy', () => {
    for (const threat of [0, 6, 20, 40]) {
      expect(PROFILES.easy.reserve(threat)).toBeLessThanOrEqual(PROFILES.normal.reserve(threat));
      expect(PROFILES.normal.reserve(threat)).toBe(PROFILES.hard.reserve(threat));
    }
    // A capital with 6 infantry and Russian armour next door: normal and hard march none of them
    // off to an empty territory, easy sends one.
    const pick = (level: BotLevel) => {
      const s = emptyBoard('Germans', 'combatMove');
      put(s, 'Germans', 'Germany', { infantry: 6 });
      put(s, 'Russians', 'East Europe', { armour: 4 });
      s.owner['South Europe'] = 'British';
      return decideAt(s, level);
    };
    expect(pick('easy')).toMatchObject({ type: 'move', path: ['Germany', 'South Europe'] });
    expect(pick('normal')).toEqual({ type: 'endPhase' });
    expect(pick('hard')).toEqual({ type: 'endPhase' });
  });

  it('under threat the normal AI buys infantry; the easy one buys big units', () => {
    const bought = (level: BotLevel) => {
      const s = emptyBoard('Germans', 'purchase');
      put(s, 'Germans', 'Germany', { infantry: 2, factory: 1 });
      put(s, 'Russians', 'East Europe', { armour: 6 });
      s.factoriesAtStart = ['Germany'];
      s.treasury.Germans = 30;
      const a = decideAt(s, level);
      expect(a.type).toBe('buy');
      return a.type === 'buy' ? a.units : {};
    };
    expect(Object.keys(bought('normal'))).toEqual(['infantry']);
    const easy = bought('easy');
    expect((easy.armour ?? 0) + (easy.fighter ?? 0) + (easy.bomber ?? 0)).toBeGreaterThan(0);
    expect(easy.infantry ?? 0).toBeLessThan(bought('normal').infantry!);
    for (const level of LEVELS) expect(Object.keys(bought(level)).length).toBeGreaterThan(0);
  });
});
