import fc from 'fast-check';
import { PendingBytes } from '../../src/storage/pendingBytes';

test('pending bytes hand over exactly the UTF-8 of what was appended, across growth', () => {
  fc.assert(
    fc.property(
      fc.array(fc.array(fc.string({ unit: 'grapheme', maxLength: 3000 }), { maxLength: 12 }), {
        maxLength: 4,
      }),
      (batches) => {
        const pending = new PendingBytes();
        for (const batch of batches) {
          let bytes = 0;
          for (const text of batch) bytes += pending.append(text);
          expect(pending.isEmpty).toBe(bytes === 0);
          const out = pending.take();
          expect(out.length).toBe(bytes);
          expect(out.toString('utf8')).toBe(batch.join(''));
          expect(pending.isEmpty).toBe(true);
        }
      },
    ),
    { numRuns: 200 },
  );
});

test('a buffer handed over is not written again by later appends', () => {
  const pending = new PendingBytes();
  pending.append('first ♠ line\n');
  const first = pending.take();
  pending.append('second line\n');
  expect(first.toString()).toBe('first ♠ line\n');
  pending.clear();
  expect(pending.isEmpty).toBe(true);
  expect(pending.take().length).toBe(0);
});
