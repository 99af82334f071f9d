/** canonicalJson writes out what JSON.stringify with a key-sorting replacer gave, byte for byte. */
import fc from 'fast-check';
import { canonicalJson } from './playout';

/** The definition canonicalJson must match: each object rebuilt from its sorted entries. */
const reference = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
        )
      : v,
  );

/** Keys that order differently as text and as numbers, and ones JSON must escape. */
const key = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '0',
    '1',
    '2',
    '10',
    '01',
    '-1',
    '1.5',
    '4294967294',
    '4294967295',
    '__proto__',
    'a"b',
    'é',
  ),
  fc.nat().map(String),
);
const leaf = fc.oneof(
  fc.string(),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant(-0),
  fc.date({ noInvalidDate: true }),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 5 }),
  object: fc.dictionary(key, tie('value'), { maxKeys: 6 }),
}));

test('every value gets the reference text (1,000 random values)', () => {
  fc.assert(
    fc.property(value, (v) => {
      expect(canonicalJson(v)).toBe(reference(v));
    }),
    { numRuns: 1000, seed: 36 },
  );
});

test('keys are sorted, integer-like ones first in numeric order, undefined left out', () => {
  expect(canonicalJson({ b: 1, a: [undefined, () => 1], 10: 'x', 2: 'y', c: undefined })).toBe(
    '{"2":"y","10":"x","a":[null,null],"b":1}',
  );
  expect(canonicalJson(undefined)).toBe(undefined);
});
