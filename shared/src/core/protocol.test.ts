import fc from 'fast-check';
import { decodeStateLogLine, encodeStateLogLine } from './protocol';

test('a state log line decodes to what was encoded, whatever its text', () => {
  fc.assert(
    fc.property(
      fc.nat(),
      fc.integer({ min: 0, max: 4_102_444_800_000 }),
      fc.integer({ min: -1, max: 15 }),
      fc.string({ unit: 'grapheme', maxLength: 80 }),
      fc.boolean(),
      (seq, at, seat, text, seating) => {
        const line = seating ? { seq, at, seat, text, kind: 'seating' as const } : { seq, at, seat, text };
        expect(decodeStateLogLine(encodeStateLogLine(line))).toEqual(line);
      },
    ),
    { numRuns: 500 },
  );
});

test('a string that is not a state log line decodes to null', () => {
  for (const bad of [
    '',
    'hi',
    '{}',
    '[1,2,3]',
    '[1,2,3,4]',
    '["1",2,3,"x"]',
    '[1,2,3,"x",5]',
    '[1,2,3,"x","chat"]',
    'null',
  ])
    expect(decodeStateLogLine(bad)).toBeNull();
});
