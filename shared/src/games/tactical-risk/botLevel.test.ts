/** Issue 34: the Tactical Risk AI's levels (botLevel.ts) decide differently from the same view. */
import type { BotLevel } from '../../core/contract';
import { decide, tacticalRiskBot } from './bot';
import { PROFILES } from './botLevel';
import { capitalReserve } from './botBoard';
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
  it('every level takes territory at fair odds, none at poor odds', () => {
    const fair = attackAt(3);
    const poor = attackAt(2);
    for (const level of LEVELS) {
      expect(fair.odds).toBeGreaterThan(PROFILES[level].attackOdds);
      expect(poor.odds).toBeLessThan(PROFILES[level].attackOdds);
      expect(decideAt(fair.s, level)).toMatchObject({
        type: 'move',
        path: ['East Europe', 'Karelia S.S.R.'],
      });
      expect(decideAt(poor.s, level)).toEqual({ type: 'endPhase' });
    }
  });

  it('hard plays the last round before the round limit for production', () => {
    // 5 German infantry against 4 Russian: odds between the last round's and a usual turn's.
    const at = (round: number, roundLimit: number) => {
      const s = emptyBoard('Germans', 'combatMove', { roundLimit });
      put(s, 'Germans', 'East Europe', { infantry: 5 });
      put(s, 'Russians', 'Karelia S.S.R.', { infantry: 4 });
      s.round = round;
      return s;
    };
    const odds = simulateBattle({
      attacker: { infantry: 5 },
      defender: { infantry: 4 },
      trials: 4000,
      seed: 3,
    });
    expect(odds.capture).toBeGreaterThan(0.27);
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
    // One American infantry in its capital, an empty Japanese-held West US beside it.
    const s = emptyBoard('Americans', 'combatMove', { roundLimit: 12 });
    put(s, 'Americans', 'East US', { infantry: 1 });
    s.owner['West US'] = 'Japanese';
    s.round = 11; // the guard keeps it
    expect(decideAt(s, 'hard')).toEqual({ type: 'endPhase' });
    s.round = 12;
    expect(decideAt(s, 'hard')).toMatchObject({ type: 'move', path: ['East US', 'West US'] });
  });

  it('draws among near-best attacks with a random source, the best without one', () => {
    // Two Russian territories alike (production 3, one infantry each) beside 4 German infantry.
    const s = emptyBoard('Germans', 'combatMove');
    put(s, 'Germans', 'East Europe', { infantry: 4 });
    put(s, 'Russians', 'Karelia S.S.R.', { infantry: 1 });
    put(s, 'Russians', 'Ukraine S.S.R.', { infantry: 1 });
    s.owner['Ukraine S.S.R.'] = 'Russians'; // German at the start
    const seat = s.controller.Germans;
    const dest = (random?: () => number) => {
      const a = decide(view(s, seat), legalActions(s, seat), 'normal', random);
      return a.type === 'move' ? a.path[a.path.length - 1] : a.type;
    };
    expect(new Set([dest(() => 0), dest(() => 0.99)])).toEqual(new Set(['Karelia S.S.R.', 'Ukraine S.S.R.']));
    expect(dest()).toBe(dest());
    // The contract passes its seeded draws through.
    expect(tacticalRiskBot.decide(view(s, seat), legalActions(s, seat), () => 0.99, 'normal')).toEqual(
      decide(view(s, seat), legalActions(s, seat), 'normal', () => 0.99),
    );
  });

  it("normal's capital guard is sized by the calculator to the enemy units in reach; hard keeps one", () => {
    const board = (enemy: Partial<Record<'armour' | 'fighter', number>>) => {
      const s = emptyBoard('Germans', 'combatMove');
      put(s, 'Germans', 'Germany', { infantry: 4 });
      put(s, 'Russians', 'East Europe', enemy);
      s.owner['South Europe'] = 'British'; // empty: one unit takes it
      return s;
    };
    // Six Russian armour next door: normal keeps all four, hard sends one to the empty neighbour.
    const armour = board({ armour: 6 });
    expect(capitalReserve(armour, 'Germans', PROFILES.normal)).toBeGreaterThanOrEqual(4);
    expect(capitalReserve(armour, 'Germans', PROFILES.hard)).toBe(1);
    expect(decideAt(armour, 'normal')).toEqual({ type: 'endPhase' });
    expect(decideAt(armour, 'hard')).toMatchObject({ type: 'move', path: ['Germany', 'South Europe'] });
    // Aircraft alone take no capital: normal keeps no guard against them.
    expect(capitalReserve(board({ fighter: 6 }), 'Germans', PROFILES.normal)).toBe(0);
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

  it("normal's guard counts the land units an enemy transport can pick up and land on its capital next turn", () => {
    // Japan (an island) with one infantry and a Japanese transport beside it; two American infantry on
    // Wake Island. An American transport beside Wake Island can load them, sail one zone and land them
    // on Japan in one combat move (load, sail, unload: its two moves).
    const board = (transportAt: string | null) => {
      const s = emptyBoard('Japanese', 'nonCombatMove');
      put(s, 'Japanese', 'Japan', { infantry: 1, factory: 1 });
      put(s, 'Japanese', 'Japan Sea Zone', { transport: 1 });
      s.owner['Wake Island'] = 'Americans';
      put(s, 'Americans', 'Wake Island', { infantry: 2 });
      if (transportAt) put(s, 'Americans', transportAt, { transport: 1 });
      return s;
    };
    const leaves = (s: TacticalRiskState) => {
      const a = decideAt(s, 'normal');
      return a.type === 'move' && a.path[0] === 'Japan';
    };
    // No transport, or one too far to load and land (two zones from Wake Island's): no threat, no guard.
    for (const far of [null, 'South Pacific Sea Zone'] as const) {
      expect(capitalReserve(board(far), 'Japanese', PROFILES.normal)).toBe(0);
      expect(leaves(board(far))).toBe(true);
    }
    // A transport beside Wake Island: the infantry stays home.
    for (const near of ['Wake Island Sea Zone', 'Hawaii Sea Zone']) {
      expect(capitalReserve(board(near), 'Japanese', PROFILES.normal)).toBeGreaterThanOrEqual(1);
      expect(leaves(board(near))).toBe(false);
    }
  });
});
