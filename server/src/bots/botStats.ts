/**
 * Bench-only measurements inside the server (bench/party.ts), off unless PARLOR_BENCH_STATS=1 and
 * the server has an IPC channel to its parent: each bot decision's CPU time by game, and every
 * garbage-collection pause on the event loop (perf_hooks). Asked `bench-stats`, the server answers
 * with what it gathered since the last question and starts afresh (the bench asks when its window
 * opens and when it closes). A signal would not do: Colyseus shuts down on SIGUSR2 (nodemon's).
 */
import { PerformanceObserver } from 'node:perf_hooks';

const on = process.env.PARLOR_BENCH_STATS === '1' && process.send !== undefined;

interface Gathered {
  /** Per game: each decision's CPU ms, and where it ran. */
  bots: Record<string, { thread: number[]; inline: number[] }>;
  gcPauses: number[];
  since: number;
}

const fresh = (): Gathered => ({ bots: {}, gcPauses: [], since: Date.now() });
let gathered: Gathered = fresh();

export function recordBotDecision(game: string, cpuMs: number, where: 'thread' | 'inline'): void {
  if (!on) return;
  (gathered.bots[game] ??= { thread: [], inline: [] })[where].push(cpuMs);
}

if (on) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gathered.gcPauses.push(entry.duration);
  }).observe({ entryTypes: ['gc'] });
  process.on('message', (m: { type?: string; seq?: number }) => {
    if (m?.type !== 'bench-stats') return;
    process.send!({ type: 'bench-stats', seq: m.seq, ...gathered, until: Date.now() });
    gathered = fresh();
  });
  process.channel?.unref(); // the channel alone keeps nothing running
}
