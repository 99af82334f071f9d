/**
 * Fuzzing `apply` with arbitrary actions (well-formed or not) on states taken from a seeded game:
 * it never throws, never changes the state it was given, and every refusal names its rule.
 */
import fc from 'fast-check';
import { randomBot } from './baselines';
import { devicesBot } from './bot';
import { playGame } from './playout';
import { apply } from './rules';
import type { DevicesAction, DevicesState } from './types';

const RULE = /\((RFC|Device Regulations|Devices rules)[^()]*\)$/;

const states: DevicesState[] = [];
let step = 0;
playGame(
  { ndaySeconds: 45, nweeks: 2, targetPoints: 30 },
  31,
  [devicesBot, randomBot, randomBot, randomBot],
  {
    onStep: ({ after }) => {
      if (
        after.phase !== 'finished' &&
        (states.length < 4 || after.phase === 'emergency' || step++ % 20 === 0)
      )
        states.push(after);
    },
  },
);

const small = fc.integer({ min: -2, max: 60 });
const word = fc.constantFrom('Mint', 'Golden Statue', 'Coin', 'Lift', 'Jam', 'Nope', '', 'Wrench');
const actionArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ type: fc.constant('purchase'), blueprint: word }),
  fc.record({ type: fc.constant('bid'), blueprint: word, amount: small }),
  fc.record(
    {
      type: fc.constant('activate'),
      device: small,
      power: word,
      x: small,
      player: fc.integer({ min: -1, max: 8 }),
      target: small,
    },
    { requiredKeys: ['type', 'device', 'power'] },
  ),
  fc.record({ type: fc.constantFrom('destroy'), device: small }),
  fc.record({ type: fc.constant('offer'), device: small, to: fc.integer({ min: -1, max: 8 }) }),
  fc.record({ type: fc.constantFrom('accept', 'decline'), offer: small }),
  fc.record({ type: fc.constant('convert'), points: small }),
  fc.record({ type: fc.constant('vote'), proposal: small, yes: fc.boolean() }),
  fc.record({ type: fc.constantFrom('pass', 'submit', 'startClock') }),
  fc.record({ type: fc.constant('panic'), on: fc.boolean() }),
  fc.record({
    type: fc.constant('emergencyVote'),
    choice: fc.constantFrom('resume', 'rollback', 'end', 'flee'),
  }),
  fc.record({ type: fc.constant('tick'), window: small }),
  fc.record({
    type: fc.constant('draft'),
    spec: fc.record({
      name: word,
      uniqueness: fc.constantFrom('Non-Unique', 'Player', 'Game', 'Team'),
      count: fc.oneof(small, fc.constant('Infinite')),
      price: small,
      powers: fc.array(fc.constantFrom('Coin (Tap): Gain m1', 'Bad', 'Stop (Zero): Stop the Clock'), {
        maxLength: 3,
      }),
    }),
  }),
  fc.anything(),
);

describe('apply under arbitrary input', () => {
  test('never throws, never mutates its input, and every refusal names a rule', () => {
    expect(states.length).toBeGreaterThan(4);
    fc.assert(
      fc.property(
        fc.nat(states.length - 1),
        fc.integer({ min: -1, max: 4 }),
        actionArb,
        (i, seat, action) => {
          const s = states[i]!;
          const before = JSON.stringify(s);
          const r = apply(s, seat, action as DevicesAction);
          expect(JSON.stringify(s)).toBe(before);
          if (!r.ok) expect(r.error.message).toMatch(RULE);
        },
      ),
      { numRuns: 1500, seed: 5 },
    );
  });
});
