/** Helpers for the games' own redeal tests: a match part-played by its bots, and "looks the same". */
import type { AnyGameDefinition } from '../src/core/contract';
import { SPECTATOR } from '../src/core/contract';
import { canonicalJson, playout } from '../src/core/playout';
import type { Seed } from '../src/core/rng';
import { deepFreeze } from './contract.suite';

/** Two fresh keys, as the server would draw them. */
export const KEY_A = '0123456789abcdef'.repeat(4);
export const KEY_B = 'fedcba9876543210'.repeat(4);

/** A key per index, for trying many redeals. */
export const keyOf = (i: number): string => i.toString(16).padStart(8, '0').repeat(8);

/** The state after `actions` bot actions of a match (frozen: a redeal must not change it). */
export function midMatch(
  def: AnyGameDefinition,
  options: unknown,
  seats: number,
  seed: Seed,
  actions: number,
) {
  const parsed = def.optionsSchema.parse(options);
  const { state } = playout(def, parsed, seed, Array(seats).fill(def.bot), {
    maxActions: actions,
    atLimit: 'stop',
  });
  return deepFreeze(state);
}

/** Throws unless every viewer sees the same in both states, with the same legal actions and timer. */
export function expectSameToEveryone(def: AnyGameDefinition, a: unknown, b: unknown, seats: number): void {
  for (const v of [SPECTATOR, ...Array.from({ length: seats }, (_, i) => i)]) {
    expect(canonicalJson(def.view(b, v))).toBe(canonicalJson(def.view(a, v)));
    if (v >= 0) expect(def.legalActions(b, v)).toEqual(def.legalActions(a, v));
  }
  expect(def.phase(b)).toBe(def.phase(a));
  expect(def.toAct(b)).toEqual(def.toAct(a));
  expect(def.timeout(b)).toEqual(def.timeout(a));
  expect(def.outcome(b)).toEqual(def.outcome(a));
}

/** The same items in any order. */
export const sorted = <T>(items: readonly T[]): T[] => [...items].sort();
