/** When the server gives memory back (QuietWatch), and that the collection it runs does. */
import v8 from 'node:v8';
import { QuietWatch, releaseMemory } from '../../src/memoryRelease';

describe('QuietWatch', () => {
  const quietMs = 30_000;

  test('a steady or rising load never collects', () => {
    const watch = new QuietWatch(quietMs);
    for (let t = 0; t <= 10 * quietMs; t += 5000)
      expect(watch.observe(Math.floor(t / quietMs), t)).toBe(false);
  });

  test('collects once the load has stayed below its high for the quiet period, then not again', () => {
    const watch = new QuietWatch(quietMs);
    expect(watch.observe(20, 0)).toBe(false);
    expect(watch.observe(4, 5000)).toBe(false); // the fall
    expect(watch.observe(4, 5000 + quietMs - 1)).toBe(false);
    expect(watch.observe(4, 5000 + quietMs)).toBe(true);
    // The new high mark is 4: the same load later is steady, not quieter.
    for (let t = 5000 + quietMs; t <= 10 * quietMs; t += 5000) expect(watch.observe(4, t)).toBe(false);
  });

  test('a new high before the quiet period is over starts it again', () => {
    const watch = new QuietWatch(quietMs);
    watch.observe(10, 0);
    watch.observe(2, 5000);
    expect(watch.observe(10, 20_000)).toBe(false); // back up: the evening goes on
    expect(watch.observe(2, 25_000)).toBe(false);
    expect(watch.observe(2, 5000 + quietMs)).toBe(false); // 30 s after the first fall, 10 s after the second
    expect(watch.observe(2, 25_000 + quietMs)).toBe(true);
  });

  test('a load still falling collects once, from its first fall, and the last table closing collects again', () => {
    const watch = new QuietWatch(quietMs);
    watch.observe(10, 0);
    watch.observe(8, 5000);
    watch.observe(6, 10_000);
    expect(watch.observe(6, 5000 + quietMs)).toBe(true);
    expect(watch.observe(0, 40_000)).toBe(false);
    expect(watch.observe(0, 40_000 + quietMs)).toBe(true);
    expect(watch.observe(0, 40_000 + 2 * quietMs)).toBe(false);
  });
});

const MB = 2 ** 20;
const newSpace = () =>
  v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.physical_space_size;

/** Objects that live a while (promoted), then are all dropped, as a table's are. */
function aLoad(): void {
  const kept: { i: number; s: string }[][] = [];
  for (let round = 0; round < 20; round++) {
    kept.push(Array.from({ length: 100_000 }, (_, i) => ({ i, s: `item ${i}` })));
    if (kept.length > 3) kept.shift();
  }
}

test('releaseMemory gives back the young generation and the heap pages a load left (without --expose-gc)', () => {
  expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  // A jest worker that ran another file first still holds that file's heap: start from a small one,
  // or the load may fit in pages already there.
  releaseMemory();
  const before = process.memoryUsage().heapTotal;
  aLoad();
  expect(newSpace()).toBeGreaterThan(8 * MB);
  expect(process.memoryUsage().heapTotal - before).toBeGreaterThan(40 * MB);
  releaseMemory();
  // An ordinary full collection frees the old generation's pages but keeps the young one at its
  // grown size; this one returns both.
  expect(newSpace()).toBeLessThan(2 * MB);
  expect(process.memoryUsage().heapTotal).toBeLessThan(before + 10 * MB);
});
