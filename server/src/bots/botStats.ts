/**
 * Bench-only measurements inside the server (bench/party.ts), off unless PARLOR_BENCH_STATS=1 and
 * the server has an IPC channel to its parent: each bot decision's CPU time by game, every
 * garbage-collection pause on the event loop (perf_hooks), every stall of the loop over STALL_MS
 * (when it was, on CLOCK_MONOTONIC like a V8 CPU profile, and how much CPU the loop's thread and the
 * other threads used meanwhile: a stall with little of the loop's own CPU was the core taken by
 * someone else), and the memory by kind. Asked `bench-stats`, the server answers with what it
 * gathered since the last question and starts afresh (the bench asks when its window opens and when
 * it closes). A signal would not do: Colyseus shuts down on SIGUSR2 (nodemon's).
 */
import { PerformanceObserver, performance } from 'node:perf_hooks';
import v8 from 'node:v8';

const on = process.env.PARLOR_BENCH_STATS === '1' && process.send !== undefined;

/** A gap between the watch's ticks longer than this (beyond the tick itself) is a stall. */
const STALL_MS = 30;
const TICK_MS = 10;

interface Stall {
  /** CLOCK_MONOTONIC µs (process.hrtime's, a V8 CPU profile's clock). */
  fromUs: number;
  toUs: number;
  /** CPU of the event loop's thread within it, and of every other thread (bots, libuv, V8's). */
  loopCpuMs: number;
  otherCpuMs: number;
}
interface Memory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

interface Gathered {
  /** Per game: each decision's CPU ms, and where it ran. */
  bots: Record<string, { thread: number[]; inline: number[] }>;
  gcPauses: number[];
  /** Each pause: [start, CLOCK_MONOTONIC µs; ms; kind (perf_hooks' constants.NODE_PERFORMANCE_GC_*)]. */
  gcs: [number, number, number][];
  stalls: Stall[];
  /** The largest of each figure of process.memoryUsage() (MB), sampled every second (the main thread's heap). */
  memoryMax: Memory;
  since: number;
}

const fresh = (): Gathered => ({
  bots: {},
  gcPauses: [],
  gcs: [],
  stalls: [],
  memoryMax: { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 },
  since: Date.now(),
});
let gathered: Gathered = fresh();

/** Worker threads' heaps (each thread is a V8 isolate of its own), by kind: the bot pool's. */
type HeapSource = () => Promise<{ kind: string; heaps: { total_physical_size: number }[] }>;
const heapSources: HeapSource[] = [];
export function reportThreadHeaps(source: HeapSource): void {
  if (on) heapSources.push(source);
}

export function recordBotDecision(game: string, cpuMs: number, where: 'thread' | 'inline'): void {
  if (!on) return;
  (gathered.bots[game] ??= { thread: [], inline: [] })[where].push(cpuMs);
}

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
const cpuUs = (u: NodeJS.CpuUsage) => u.user + u.system;

function watchStalls(): void {
  let lastUs = monotonicUs();
  let lastLoop = cpuUs(process.threadCpuUsage());
  let lastAll = cpuUs(process.cpuUsage());
  setInterval(() => {
    const now = monotonicUs();
    const loop = cpuUs(process.threadCpuUsage());
    const all = cpuUs(process.cpuUsage());
    if ((now - lastUs) / 1000 - TICK_MS > STALL_MS) {
      const loopCpu = (loop - lastLoop) / 1000;
      gathered.stalls.push({
        fromUs: lastUs,
        toUs: now,
        loopCpuMs: loopCpu,
        otherCpuMs: (all - lastAll) / 1000 - loopCpu,
      });
    }
    lastUs = now;
    lastLoop = loop;
    lastAll = all;
  }, TICK_MS).unref();
}

function watchMemory(): void {
  setInterval(() => {
    const m = process.memoryUsage();
    const max = gathered.memoryMax;
    for (const k of Object.keys(max) as (keyof Memory)[]) max[k] = Math.max(max[k], m[k] / 2 ** 20);
  }, 1000).unref();
}

if (on) {
  // performance.now() and process.hrtime share libuv's monotonic clock: one offset maps the one to the other.
  const offsetUs = monotonicUs() - performance.now() * 1000;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gathered.gcPauses.push(entry.duration);
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind ?? 0;
      gathered.gcs.push([Math.round(offsetUs + entry.startTime * 1000), entry.duration, kind]);
    }
  }).observe({ entryTypes: ['gc'] });
  watchStalls();
  watchMemory();
  process.on('message', (m: { type?: string; seq?: number }) => {
    if (m?.type !== 'bench-stats') return;
    const heapSpaces = Object.fromEntries(
      v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size / 2 ** 20]),
    );
    const answer = { type: 'bench-stats', seq: m.seq, ...gathered, heapSpaces, until: Date.now() };
    gathered = fresh();
    // Each worker thread's heap (physical MB), by kind.
    void Promise.all(heapSources.map((source) => source().catch(() => null))).then((all) => {
      const threadHeaps: Record<string, number[]> = {};
      for (const one of all)
        if (one) threadHeaps[one.kind] = one.heaps.map((h) => h.total_physical_size / 2 ** 20);
      process.send!({ ...answer, threadHeaps });
    });
  });
  process.channel?.unref(); // the channel alone keeps nothing running
}
