/** The Allies' plan (botAllies.ts): allied capitals in danger get fighters and units, and fighters are bought for them. */
import { decideWith } from './bot';
import { capitalsInDanger } from './botAllies';
import { invasionTarget } from './botBoard';
import { turnOrder } from './board';
import { beginTurn } from './turns';
import { PROFILES } from './botLevel';
import { legalActions } from './rules';
import { emptyBoard, newGame, put } from './testkit';
import type { TacticalRiskState } from './types';
import { view } from './view';

const withPlan = PROFILES.normal;
const withoutPlan = { ...PROFILES.normal, alliedPlan: false };
const decideAs = (s: TacticalRiskState, prof = withPlan) => {
  const seat = s.controller[s.turn === 2 ? 'British' : 'Germans'];
  return decideWith(view(s, seat), legalActions(s, seat), prof);
};

/** The British to move in `phase`; Moscow with 4 infantry against a German army in Karelia and East Europe. */
function moscowInDanger(phase: TacticalRiskState['phase']): TacticalRiskState {
  const s = emptyBoard('British', phase);
  put(s, 'Russians', 'Russia', { infantry: 4, factory: 1 });
  put(s, 'Germans', 'Karelia S.S.R.', { infantry: 6, armour: 6 });
  put(s, 'Germans', 'Germany', { infantry: 3, factory: 1 });
  put(s, 'British', 'United Kingdom', { infantry: 6, fighter: 2, factory: 1 });
  s.owner['Karelia S.S.R.'] = 'Germans';
  s.turnStartOwner = { ...s.owner };
  s.factoriesAtStart = ['Russia', 'Germany', 'United Kingdom'];
  return s;
}

describe("the Allies' plan", () => {
  it('sees Moscow in danger from the German army beside it, and London safe', () => {
    const s = moscowInDanger('nonCombatMove');
    expect(capitalsInDanger(s, 'British').map((d) => d.capital)).toEqual(['Russia']);
  });

  it('flies the British fighters from London to Moscow in the non-combat move (not without the plan)', () => {
    const s = moscowInDanger('nonCombatMove');
    const move = decideAs(s);
    expect(move).toMatchObject({ type: 'move' });
    if (move.type !== 'move') return;
    expect(move.path[0]).toBe('United Kingdom');
    expect(move.path.at(-1)).toBe('Russia');
    expect(s.units.find((u) => u.id === move.units[0])?.type).toBe('fighter');
    const before = decideAs(s, withoutPlan);
    expect(before.type === 'move' && before.path.at(-1) === 'Russia').toBe(false);
  });

  it('buys fighters for Moscow while London is safe', () => {
    const s = moscowInDanger('purchase');
    s.treasury.British = 30;
    const buy = decideAs(s);
    expect(buy).toMatchObject({ type: 'buy' });
    if (buy.type === 'buy') expect(buy.units.fighter ?? 0).toBeGreaterThanOrEqual(1);
    const before = decideAs(s, withoutPlan);
    expect(before.type === 'buy' ? (before.units.fighter ?? 0) : 0).toBe(0);
  });

  it('keeps its fighters home when London itself is in danger', () => {
    const s = moscowInDanger('nonCombatMove');
    // German bombers in reach of London outgun its six infantry and two fighters.
    put(s, 'Germans', 'West Europe', { bomber: 6 });
    expect(capitalsInDanger(s, 'British').map((d) => d.capital)).toContain('United Kingdom');
    const move = decideAs(s);
    expect(move.type === 'move' && move.path.at(-1) === 'Russia').toBe(false);
  });
});

describe("the Allies' offensive: Europe first", () => {
  /** The classic board at the start of `f`'s first turn. */
  const firstTurn = (f: 'British' | 'Americans') => {
    const s = newGame({}, 1);
    s.turn = turnOrder.indexOf(f);
    beginTurn(s);
    return s;
  };

  it('the British and the Americans sail for Germany, which their armies could reach only by a long march', () => {
    expect(invasionTarget(firstTurn('British'), 'British')?.capital).toBe('Germany');
    expect(invasionTarget(firstTurn('Americans'), 'Americans')?.capital).toBe('Germany');
  });
});
