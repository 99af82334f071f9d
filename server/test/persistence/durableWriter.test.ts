/**
 * The journal's writer thread: writes land at their positions, in the order handed over, through a
 * ring that wraps many times; a write that does not fit is refused; a failed write is retried and
 * holds back the ones behind it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { Descriptor } from '../../src/storage/fileIo';
import { DurableWriter, RING_BYTES } from '../../src/storage/durableWriter';
import { waitUntil } from '../helpers/clients';

let dir: string;
let writer: DurableWriter;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-writer-'));
  writer = new DurableWriter();
});
afterEach(async () => {
  await writer.terminate();
  fs.rmSync(dir, { recursive: true, force: true });
});

const tick = () => new Promise((r) => setImmediate(r));
test('writes land at their positions across files and wraps of the ring; callbacks run in the order handed over, polled or not', async () => {
  let bytesHanded = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.record({
          file: fc.nat(2),
          size: fc.nat(30_000),
          yieldAfter: fc.boolean(),
          pollAfterMs: fc.option(fc.constantFrom(0, 0.2, 1), { nil: undefined }),
        }),
        {
          minLength: 50,
          maxLength: 300,
        },
      ),
      async (plan) => {
        const files = [0, 1, 2].map((i) => {
          const file = path.join(dir, `f${i}-${Math.random()}`);
          return { file, fd: new Descriptor(fs.openSync(file, 'w+')), size: 0, expected: [] as Buffer[] };
        });
        const handed: number[] = [];
        const called: number[] = [];
        for (const [i, step] of plan.entries()) {
          const target = files[step.file]!;
          const buf = Buffer.alloc(step.size, (i % 250) + 1);
          const at = target.size;
          target.size += buf.length;
          target.expected.push(Buffer.from(buf));
          if (writer.write(target.fd, buf, at, () => called.push(i), fail)) {
            handed.push(i);
            bytesHanded += buf.length;
          } else {
            // What the journal does: the thread pool takes it (here: the event loop).
            fs.writeSync(target.fd.fd, buf, 0, buf.length, at);
          }
          buf.fill(0); // copied when handed over: the caller may reuse it
          if (step.pollAfterMs !== undefined) {
            // What a commit does; a while later, so that the worker may have written meanwhile.
            const until = performance.now() + step.pollAfterMs;
            while (performance.now() < until);
            writer.poll();
          }
          if (step.yieldAfter) await tick();
        }
        // No poll() from here on: the writer wakes the event loop itself.
        await waitUntil(() => called.length === handed.length, 'every callback', 20_000);
        expect(called).toEqual(handed);
        for (const target of files) {
          expect(fs.readFileSync(target.file).equals(Buffer.concat(target.expected))).toBe(true);
          target.fd.retire(true);
        }
      },
    ),
    { numRuns: 20 },
  );
  // The ring wrapped (several times).
  expect(bytesHanded).toBeGreaterThan(2 * RING_BYTES);
});

const fail = (message: string) => {
  throw new Error(`unexpected warning: ${message}`);
};

test('a write larger than a quarter of the ring is refused and nothing is handed over', () => {
  const fd = new Descriptor(fs.openSync(path.join(dir, 'big'), 'w+'));
  let called = false;
  expect(writer.write(fd, Buffer.alloc(RING_BYTES / 4), 0, () => (called = true), fail)).toBe(false);
  expect(writer.write(fd, Buffer.alloc(10), 0, () => (called = true), fail)).toBe(true);
  fd.retire();
  return waitUntil(() => called, 'the callback');
});

test('a failed write is tried again with a warning; the writes behind it wait, the full ring refuses more', async () => {
  const warnings: string[] = [];
  const warn = (m: string) => warnings.push(m);
  const good = path.join(dir, 'good');
  const goodFd = new Descriptor(fs.openSync(good, 'w+'));
  const expected: Buffer[] = [];
  let at = 0;
  const hand = (buf: Buffer, done: () => void): boolean => {
    if (!writer.write(goodFd, buf, at, done, warn)) return false;
    expected.push(Buffer.from(buf));
    at += buf.length;
    return true;
  };
  // Halfway round the ring first, so that what follows wraps past its end.
  let warmed = false;
  expect(hand(Buffer.alloc(RING_BYTES / 4 - 16, 'w'), () => undefined)).toBe(true);
  expect(hand(Buffer.alloc(RING_BYTES / 4 - 16, 'w'), () => (warmed = true))).toBe(true);
  await waitUntil(() => warmed, 'the first writes');
  // Read-only for now: the writes to it fail (EBADF).
  const brokenPath = path.join(dir, 'broken');
  fs.writeFileSync(brokenPath, '');
  const brokenFd = fs.openSync(brokenPath, 'r');
  const order: string[] = [];
  expect(
    writer.write(new Descriptor(brokenFd), Buffer.from('first\n'), 0, () => order.push('broken'), warn),
  ).toBe(true);
  let handed = 0;
  for (let n = 0; ; n++) {
    const chunk = Buffer.alloc(50_000 + (n % 7) * 1000, 97 + (n % 26));
    if (!hand(chunk, () => order.push(`good ${n}`))) break;
    handed++;
    expect(handed).toBeLessThan(RING_BYTES / 50_000);
  }
  // Everything but the half the first writes used (and the failed write's own record) was filled.
  expect(handed).toBeGreaterThan(RING_BYTES / 2 / 57_000 - 2);
  await waitUntil(() => warnings.length >= 1, 'a warning');
  expect(warnings[0]).toMatch(/a write to the journal failed \(.*EBADF.*\); trying again/);
  await new Promise((r) => setTimeout(r, 300));
  writer.poll();
  expect(order).toEqual([]);
  // The same number, writable now (the lowest free one, taken at once): the next attempt succeeds,
  // and the rest follow, intact although the ring wrapped behind the failed write.
  fs.closeSync(brokenFd);
  const reopened = fs.openSync(brokenPath, 'r+');
  expect(reopened).toBe(brokenFd);
  await waitUntil(() => order.length === 1 + handed, 'every callback', 20_000);
  expect(order).toEqual(['broken', ...Array.from({ length: handed }, (_, n) => `good ${n}`)]);
  expect(fs.readFileSync(brokenPath, 'utf8')).toBe('first\n');
  expect(fs.readFileSync(good).equals(Buffer.concat(expected))).toBe(true);
  fs.closeSync(reopened);
  goodFd.retire(true);
});

test('if the thread dies, its writes are written again through the thread pool, in order, and later ones are refused', async () => {
  const warnings: string[] = [];
  const warn = (m: string) => warnings.push(m);
  const file = path.join(dir, 'f');
  const fd = new Descriptor(fs.openSync(file, 'w+'));
  const expected: Buffer[] = [];
  const called: number[] = [];
  let at = 0;
  for (let i = 0; i < 200; i++) {
    const buf = Buffer.alloc(1000 + i, i % 256);
    expect(writer.write(fd, buf, at, () => called.push(i), warn)).toBe(true);
    expected.push(buf);
    at += buf.length;
  }
  // As if it crashed: not through terminate(), which abandons the writes on purpose.
  await (writer as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
  await waitUntil(() => called.length === 200, 'every callback');
  expect(called).toEqual(Array.from({ length: 200 }, (_, i) => i));
  expect(fs.readFileSync(file).equals(Buffer.concat(expected))).toBe(true);
  expect(warnings).toEqual(['the journal writer thread stopped; journal writes go through the thread pool']);
  expect(writer.write(fd, Buffer.from('x'), at, () => undefined, warn)).toBe(false);
  fd.retire();
});
