/**
 * The journal's writes on a thread of their own, with completions the event loop sees at once (why
 * and the measurements: docs/operations.md, "Storage internals" and "Storage measurements").
 *
 * The event loop copies each write into a ring in shared memory and wakes the worker, which writes
 * every contiguous run it finds queued in one call (through the journal's O_DSYNC descriptor) and
 * publishes how many writes are done in a shared counter; the loop reads it at `poll()` (every
 * commit) and through `Atomics.waitAsync` when idle. Writes land in order; a failed one is retried
 * each second and holds back those behind it. The worker writes to descriptor numbers the journal
 * keeps open until their writes are reported (Descriptor.begin/end). `write` returns false for a
 * write that does not fit in the ring, and for every write once the thread has died (its writes
 * are written again through the thread pool): the journal then uses the pool.
 *
 * Ring records: int32 fd, int32 length, float64 position, the bytes, padded to 8. An fd of -1 marks
 * the end of the used part: the next record is at 0.
 */
import { Worker } from 'node:worker_threads';
import { type Descriptor, writeAllAtAsync } from './fileIo';
import { reportThreadHeaps } from '../bots/botStats';

export const RING_BYTES = 4 * 1024 * 1024;
const HEADER_BYTES = 16;
/** Slots of the control array. Counts are int32 and wrap: compared by their difference. */
const REQUESTED = 0;
const DONE = 1;
/** Only ever waited on: how the worker sleeps between attempts at a failed write. */
const PAUSE = 2;
/** 1 while the worker waits for work: only then does a new write need an Atomics.notify (a system call). */
const SLEEPING = 3;

const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const ctl = new Int32Array(workerData.ctl);
const ring = Buffer.from(workerData.ring);
const view = new DataView(workerData.ring);
const SIZE = workerData.ring.byteLength;
const [REQUESTED, DONE, PAUSE, SLEEPING, HEADER, RETRY_MS] = [${REQUESTED}, ${DONE}, ${PAUSE}, ${SLEEPING}, ${HEADER_BYTES}, 1000];
let pos = 0;
let done = 0;
try {
  fs.writeFileSync('/proc/thread-self/comm', 'parlor-journal'); // for top -H (Linux)
} catch {}

function writeRun(run) {
  const buf = run.parts.length === 1 ? run.parts[0] : Buffer.concat(run.parts);
  for (let n = 0; n < buf.length; ) n += fs.writeSync(run.fd, buf, n, buf.length - n, run.at + n);
}

for (;;) {
  const requested = Atomics.load(ctl, REQUESTED);
  if (requested === done) {
    Atomics.store(ctl, SLEEPING, 1);
    Atomics.wait(ctl, REQUESTED, requested, 1000);
    Atomics.store(ctl, SLEEPING, 0);
    continue;
  }
  const runs = [];
  for (let seq = done; seq !== requested; ) {
    const fd = view.getInt32(pos, true);
    if (fd === -1) {
      pos = 0;
      continue;
    }
    const length = view.getInt32(pos + 4, true);
    const at = view.getFloat64(pos + 8, true);
    const bytes = ring.subarray(pos + HEADER, pos + HEADER + length);
    pos += HEADER + ((length + 7) & ~7);
    if (pos >= SIZE) pos = 0;
    seq = (seq + 1) | 0;
    const last = runs[runs.length - 1];
    if (last && last.fd === fd && last.end === at) {
      last.parts.push(bytes);
      last.end += length;
      last.seq = seq;
    } else runs.push({ fd, at, end: at + length, parts: [bytes], seq });
  }
  for (const run of runs) {
    for (;;) {
      try {
        writeRun(run);
        break;
      } catch (e) {
        parentPort.postMessage(String(e && e.message ? e.message : e));
        Atomics.wait(ctl, PAUSE, 0, RETRY_MS);
      }
    }
    done = run.seq;
    Atomics.store(ctl, DONE, done);
    Atomics.notify(ctl, DONE);
  }
}
`;

/** Atomics.waitAsync (V8; Node 16 and later): not in the TypeScript library this project targets. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
    ): { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

interface InFlight {
  seq: number;
  /** Where its record starts in the ring. */
  start: number;
  file: Descriptor;
  done: () => void;
}

export class DurableWriter {
  private readonly ctl: Int32Array;
  private readonly ring: Buffer;
  private readonly view: DataView;
  private readonly worker: Worker;
  /** Where the next record goes. */
  private head = 0;
  private requested = 0;
  private seen = 0;
  /** Writes handed over and not reported done, oldest first. */
  private inFlight: InFlight[] = [];
  private first = 0;
  private waking = false;
  /** terminate() was called. */
  private stopped = false;
  /** The thread is gone: writes are refused (the journal uses the thread pool). */
  private dead = false;
  private warn: (message: string) => void = (m) => console.warn(`  storage: ${m}`);

  constructor() {
    const ctl = new SharedArrayBuffer(4 * 4);
    const ring = new SharedArrayBuffer(RING_BYTES);
    this.ctl = new Int32Array(ctl);
    this.ring = Buffer.from(ring);
    this.view = new DataView(ring);
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { ctl, ring } });
    this.worker.on('message', (message: string) =>
      this.warn(`a write to the journal failed (${message}); trying again`),
    );
    this.worker.on('error', (e) => console.error('  storage: the journal writer thread failed', e));
    this.worker.on('exit', () => {
      if (!this.stopped) this.failOver();
    });
    this.worker.unref();
    reportThreadHeaps(async () => ({
      kind: 'journal writer',
      heaps: [await this.worker.getHeapStatistics()],
    }));
  }

  /**
   * `buf` at byte `at` of `file`, on the writer thread; `done` runs on the event loop once it is
   * written (and every write handed over before it too). The bytes are copied. Returns false,
   * doing nothing, when the ring has no room for it (or it is larger than a quarter of the ring).
   */
  write(
    file: Descriptor,
    buf: Buffer,
    at: number,
    done: () => void,
    warn: (message: string) => void,
  ): boolean {
    if (this.dead) return false;
    const start = this.place(HEADER_BYTES + ((buf.length + 7) & ~7));
    if (start < 0) return false;
    this.warn = warn;
    this.view.setInt32(start, file.fd, true);
    this.view.setInt32(start + 4, buf.length, true);
    this.view.setFloat64(start + 8, at, true);
    buf.copy(this.ring, start + HEADER_BYTES);
    const end = start + HEADER_BYTES + ((buf.length + 7) & ~7);
    this.head = end >= RING_BYTES ? 0 : end;
    this.requested = (this.requested + 1) | 0;
    file.begin();
    // Writes under way keep the process alive (their callbacks are due); an idle writer does not.
    if (this.first >= this.inFlight.length) this.worker.ref();
    this.inFlight.push({ seq: this.requested, start, file, done });
    Atomics.store(this.ctl, REQUESTED, this.requested);
    // The worker set SLEEPING before it checked REQUESTED and waits only while REQUESTED is what it
    // saw: if this load misses its SLEEPING, its check (after) sees the new count.
    if (Atomics.load(this.ctl, SLEEPING) === 1) Atomics.notify(this.ctl, REQUESTED);
    this.wakeWhenDone();
    return true;
  }

  /** Runs the callbacks of the writes done since the last look, now (in the order handed over). */
  poll(): void {
    const done = Atomics.load(this.ctl, DONE);
    if (done !== this.seen) this.release(done);
    // Whoever looked, a write still under way must wake the event loop when it is done.
    this.wakeWhenDone();
  }

  private release(done: number): void {
    this.seen = done;
    const landed: InFlight[] = [];
    while (this.first < this.inFlight.length && ((done - this.inFlight[this.first]!.seq) | 0) >= 0) {
      landed.push(this.inFlight[this.first++]!);
    }
    if (this.first > 1024 && this.first * 2 > this.inFlight.length) {
      this.inFlight = this.inFlight.slice(this.first);
      this.first = 0;
    }
    if (this.first >= this.inFlight.length) this.worker.unref();
    for (const write of landed) {
      write.file.end();
      write.done();
    }
  }

  /** Stops the thread (tests): writes under way are abandoned, their callbacks never run. */
  async terminate(): Promise<void> {
    this.stopped = true;
    await this.worker.terminate();
  }

  /**
   * Stops the thread once the writes it has are done (their callbacks run as usual). Later writes
   * are refused, as after the thread died: the journal sends them through the thread pool. Writes
   * still under way after `waitMs` are written again through the pool, as when the thread dies.
   */
  async retire(waitMs = 5000): Promise<void> {
    this.dead = true;
    const until = Date.now() + waitMs;
    while (this.first < this.inFlight.length && Date.now() < until) {
      this.poll();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    this.poll();
    // With writes left the exit handler fails over (stopped stays false); else a plain stop.
    if (this.first >= this.inFlight.length) this.stopped = true;
    await this.worker.terminate();
  }

  /**
   * The thread died (it should not: its errors are caught): the writes it had are written again
   * through the thread pool from the ring, where they still are, one after the other so that each
   * callback still follows the ones before it. Rewriting what may have landed is harmless: the same
   * bytes at the same place.
   */
  private failOver(): void {
    this.dead = true;
    this.warn('the journal writer thread stopped; journal writes go through the thread pool');
    const rest = this.inFlight.slice(this.first).map((write) => {
      const length = this.view.getInt32(write.start + 4, true);
      const at = this.view.getFloat64(write.start + 8, true);
      const from = write.start + HEADER_BYTES;
      return { write, at, buf: Buffer.from(this.ring.subarray(from, from + length)) };
    });
    this.inFlight = [];
    this.first = 0;
    const next = (i: number): void => {
      const item = rest[i];
      if (!item) return;
      writeAllAtAsync(item.write.file, item.buf, item.at, (err) => {
        if (err) {
          this.warn(`a write to the journal failed (${err.message}); trying again`);
          setTimeout(() => next(i), 1000).unref();
          return;
        }
        item.write.file.end();
        item.write.done();
        next(i + 1);
      });
    };
    next(0);
  }

  /** Where a record of `bytes` can start (writing the wrap mark if it goes to 0), or -1. */
  private place(bytes: number): number {
    if (bytes > RING_BYTES / 4) return -1;
    const oldest = this.inFlight[this.first];
    if (!oldest) {
      if (this.head + bytes <= RING_BYTES) return this.head;
      this.view.setInt32(this.head, -1, true);
      this.head = 0;
      return 0;
    }
    // From the oldest record's start up to head is still the worker's (all of it when head has
    // come round to that start: then nothing fits until the worker is done with it).
    const tail = oldest.start;
    if (this.head > tail) {
      if (this.head + bytes <= RING_BYTES) return this.head;
      if (bytes >= tail) return -1;
      this.view.setInt32(this.head, -1, true);
      this.head = 0;
      return 0;
    }
    return this.head + bytes < tail ? this.head : -1;
  }

  /** Until poll() sees the writes under way done, it is called when the worker publishes. */
  private wakeWhenDone(): void {
    if (this.waking || this.first >= this.inFlight.length) return;
    const wait = waitAsync(this.ctl, DONE, this.seen);
    if (!wait.async) {
      queueMicrotask(() => this.poll());
      return;
    }
    this.waking = true;
    void wait.value.then(() => {
      this.waking = false;
      this.poll();
    });
  }
}

let shared: DurableWriter | null = null;

/** The process's writer thread, started on first use. */
export function durableWriter(): DurableWriter {
  return (shared ??= new DurableWriter());
}

/**
 * Retires this module's writer thread if it started (see `retire`); writes then go through the
 * thread pool. For a process that loads this module more than once: jest loads a fresh copy for
 * each test file, and each copy's thread, unreferenced, stayed until the jest worker exited, which
 * then had to stop dozens of them (and took longer than the 0.5 s jest waits: "A worker process has
 * failed to exit gracefully"). The server's own process loads it once and never needs this.
 */
export async function retireDurableWriter(): Promise<void> {
  await shared?.retire();
}
