/**
 * Gives memory back once the server gets quieter (MEMORY_RELEASE_SECONDS; docs/operations.md,
 * "Memory"). Under load V8 grows its heap and keeps the pages after the load is gone: its own idle
 * clean-up only runs when nothing at all happens, and a table of bots still playing keeps it busy.
 * So when the load (open tables plus connected people) has stayed below its high mark for the
 * quiet period, the server runs one memory-reducing full collection (V8's "last resort" GC: it
 * compacts the heap and returns the empty pages). Measured in the image (docs/operations.md): after
 * ten tables, with two left, 91-97 MiB held before it and 72-81 after, against 59-69 idle.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { matchMaker } from '@colyseus/core';

/**
 * When to collect: true once the load has stayed below its high mark for `quietMs` without a new
 * high. After a collection the mark is the load of that moment, so a steady load never collects,
 * and churn collects at most once per quiet period.
 */
export class QuietWatch {
  private high = 0;
  private quietSince: number | null = null;

  constructor(private readonly quietMs: number) {}

  observe(load: number, now: number): boolean {
    if (load >= this.high) {
      this.high = load;
      this.quietSince = null;
      return false;
    }
    this.quietSince ??= now;
    if (now - this.quietSince < this.quietMs) return false;
    this.high = load;
    this.quietSince = null;
    return true;
  }
}

type GcOptions = { type: 'major'; execution: 'sync'; flavor: 'last-resort' };

/**
 * V8's gc() without `--expose-gc` on the command line (the way jest's leak detector gets it), so
 * the feature does not depend on how node was started.
 */
function exposedGc(): (options: GcOptions) => void {
  const global = globalThis as { gc?: (options: GcOptions) => void };
  if (global.gc) return global.gc;
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (options: GcOptions) => void;
  v8.setFlagsFromString('--no-expose-gc');
  return gc;
}

let gc: ((options: GcOptions) => void) | undefined;

/**
 * One memory-reducing full collection: the heap compacted, the young generation shrunk, the empty
 * pages returned to the system. It stops the process for about three ordinary full collections'
 * time (0.6-0.9 s measured in the image under --cpus=1 on a busy 2-core machine).
 */
export function releaseMemory(): void {
  gc ??= exposedGc();
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** How often the load is looked at; cheap (two counters). */
const CHECK_MS = 5000;

/** Watches this process's tables and people; `quietSeconds` 0 turns it off. */
export function startMemoryRelease(quietSeconds: number): void {
  if (quietSeconds <= 0) return;
  const watch = new QuietWatch(quietSeconds * 1000);
  const load = () => matchMaker.stats.local.roomCount + matchMaker.stats.local.ccu;
  setInterval(() => {
    if (watch.observe(load(), Date.now())) releaseMemory();
  }, CHECK_MS).unref();
}
