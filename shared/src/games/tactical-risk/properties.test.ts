/**
 * Property tests over seeded random games: units appear only by placement of bought units, disappear
 * only in battles (or as aircraft with nowhere to land when the non-combat move ends), treasuries never
 * go negative, `apply` never changes its argument, and every listed action is accepted.
 */
import fc from 'fast-check';
import { UNIT_TYPES } from './board';
import { randomBot } from './baselines';
import { tacticalRiskBot } from './bot';
import { tacticalRisk } from './index';
import { playMatch } from './playout';
import type { TacticalRiskAction, TacticalRiskState } from './types';

const BATTLE_ACTIONS = new Set(['fight', 'casualties', 'press', 'retreat', 'submerge']);

function pendingTotal(s: TacticalRiskState): number {
  let n = 0;
  for (const c of Object.values(s.pending)) for (const t of UNIT_TYPES) n += c[t] ?? 0;
  return n;
}

function checkStep(before: TacticalRiskState, action: TacticalRiskAction, after: TacticalRiskState): void {
  const was = new Map(before.units.map((u) => [u.id, u]));
  const now = new Set(after.units.map((u) => u.id));
  const created = after.units.filter((u) => !was.has(u.id));
  const lost = before.units.filter((u) => !now.has(u.id));
  for (const f of Object.keys(after.treasury))
    expect(after.treasury[f as keyof typeof after.treasury]).toBeGreaterThanOrEqual(0);
  if (action.type === 'undo') return;
  if (created.length > 0) {
    expect(action.type).toBe('place');
    expect(pendingTotal(before) - pendingTotal(after)).toBe(created.length);
  } else if (action.type !== 'buy') {
    expect(pendingTotal(after)).toBe(pendingTotal(before));
  }
  if (lost.length > 0) {
    const crash = action.type === 'endPhase' && before.phase === 'nonCombatMove';
    if (crash) for (const u of lost) expect(['fighter', 'bomber']).toContain(u.type);
    else expect(BATTLE_ACTIONS.has(action.type)).toBe(true);
  }
  // Units keep their identity: type and owner never change (AA guns and factories change hands on capture).
  for (const u of after.units) {
    const old = was.get(u.id);
    if (!old) continue;
    expect(u.type).toBe(old.type);
    if (u.type !== 'aaGun' && u.type !== 'factory') expect(u.owner).toBe(old.owner);
  }
}

describe('Tactical Risk properties over seeded random games', () => {
  it('conserves units outside purchase and combat and keeps treasuries non-negative (random play)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom<'classic' | 'ffa'>('classic', 'ffa'),
        (seed, mode) => {
          let steps = 0;
          playMatch({ roundLimit: 2, mode }, seed, [randomBot, randomBot, randomBot, randomBot, randomBot], {
            onStep: (before, action, after) => {
              steps++;
              checkStep(before, action, after);
            },
          });
          expect(steps).toBeGreaterThan(10);
        },
      ),
      { numRuns: 3 },
    );
  });

  it('holds the same with the AI on every side; apply never changes its input and is deterministic', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        let n = 0;
        playMatch(
          { roundLimit: 1 },
          seed,
          [0, 1, 2, 3, 4].map(() => tacticalRiskBot),
          {
            onStep: (before, action, after) => {
              checkStep(before, action, after);
              if (n++ % 20 !== 0) return;
              const snapshot = JSON.stringify(before);
              const again = tacticalRisk.apply(before, tacticalRisk.toAct(before)[0]!, action);
              expect(JSON.stringify(before)).toBe(snapshot);
              expect(again.ok && again.state.units).toEqual(after.units);
            },
          },
        );
      }),
      { numRuns: 2 },
    );
  });
});
