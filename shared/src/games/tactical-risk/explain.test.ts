/**
 * Tactical Risk's hint words (explain.ts): each names the move the AI chose (the units, the place)
 * and why: the battle calculator's odds and what the place is worth for an attack, the threat to the
 * capital for a purchase. Under fog of war the words are the same on every board the seat cannot
 * tell apart (enemy units it cannot see removed, moved or added).
 */
import { acceptedHere, hintSamples } from '../../../test/hintWords';
import { Random, seedRng } from '../../core/rng';
import { explainTacticalRisk } from './explain';
import { fogLookalikes } from './fogLookalike';
import { tacticalRisk } from './index';
import type { TacticalRiskAction, TacticalRiskState } from './types';
import { view } from './view';

const fog = hintSamples<TacticalRiskState>(
  tacticalRisk,
  { roundLimit: 1, fogOfWar: true, mode: 'ffa' },
  ['tr1'],
  { seats: 3, every: 3, maxActions: 240 },
);

test('every hint is a move the rules accept, named with its units and place, with odds for an attack', () => {
  const types = new Set<string>();
  for (const { state, seat, hint } of fog) {
    const a = hint.action as TacticalRiskAction;
    types.add(a.type);
    expect(acceptedHere(tacticalRisk, state, seat, a)).toBe(true);
    expect(hint.why.length).toBeGreaterThan(15);
    expect(hint.why).not.toContain('…');
    if (a.type === 'move') {
      expect(hint.label).toContain(a.path[a.path.length - 1]!);
      if (state.phase === 'combatMove') expect(hint.why).toMatch(/\d+% |no defenders you can see/);
    }
    if (a.type === 'buy') expect(hint.label).toMatch(/^Buy .+ \(\d+ IPC\)$/);
    if (a.type === 'place') expect(hint.label).toContain(a.territory);
  }
  expect([...types]).toEqual(expect.arrayContaining(['buy', 'move', 'place', 'endPhase']));
});

test('under fog of war the words are the same on every board that looks the same to the seat', () => {
  const random = new Random(seedRng(35));
  let compared = 0;
  for (const { state, seat, hint } of fog) {
    const action = hint.action as TacticalRiskAction;
    for (const twin of fogLookalikes(state, seat, () => random.float())) {
      expect(explainTacticalRisk(view(twin, seat), action)).toEqual({ label: hint.label, why: hint.why });
      compared++;
    }
  }
  expect(compared).toBeGreaterThan(20);
});
