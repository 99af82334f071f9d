/** copyPlain gives what structuredClone gave, key order included, on every game's states, and shares nothing. */
import { games } from '../games';
import { copyPlain } from './copyPlain';
import { playout } from './playout';

/** Every object and array reached from `value`. */
function objects(value: unknown, out: object[] = []): object[] {
  if (typeof value !== 'object' || value === null) return out;
  out.push(value);
  for (const v of Object.values(value)) objects(v, out);
  return out;
}

test.each(games.map((def) => [def.id, def] as const))(
  "%s: copyPlain of its states is structuredClone's, byte for byte, sharing no object with it",
  (_id, def) => {
    const seats = def.seats.min;
    const states: unknown[] = [];
    playout(def, def.optionsSchema.parse({}), 11, Array(seats).fill(def.bot), {
      seats: Array.from({ length: seats }, (_, i) => ({ name: `Seat ${i + 1}`, bot: true })),
      maxActions: 40,
      atLimit: 'stop',
      onStep: ({ after }) => states.push(after),
    });
    expect(states.length).toBeGreaterThan(10);
    for (const s of states) {
      const copy = copyPlain(s);
      // JSON.stringify keeps key order; undefined-valued keys are compared by the key lists below.
      expect(JSON.stringify(copy)).toBe(JSON.stringify(structuredClone(s)));
      // Object by object (an object held twice is reached twice), the same keys in the same order,
      // and none of the original's objects in the copy.
      const mine = objects(copy);
      const original = objects(s);
      const theirs = new Set(original);
      expect(mine.length).toBe(original.length);
      for (let i = 0; i < mine.length; i++) {
        expect(theirs.has(mine[i]!)).toBe(false);
        expect(Object.keys(mine[i]!)).toEqual(Object.keys(original[i]!));
      }
    }
  },
);

test('copies undefined-valued keys, nested arrays and primitives as they are', () => {
  const value = { a: undefined, b: [1, [2, { c: null }]], d: 'x', e: { f: false, g: -0 } };
  const copy = copyPlain(value);
  expect(copy).toStrictEqual(structuredClone(value));
  expect(Object.keys(copy)).toEqual(Object.keys(value));
  expect(Object.is(copy.e.g, -0)).toBe(true);
});
