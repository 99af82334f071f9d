/**
 * The party benchmark (not a test): a small box hosting the whole party. The built server
 * (`npm run build:server`, as `npm start` runs it) confined to ONE core and 512 MB hosts two tables
 * of every game at once (Tactical Risk with five AI countries at the quick pace, Kingpin at three,
 * James Bland at six, Devices at eight, Bankout at two; bots in the empty seats, normal at one
 * table and hard at the other; a spectator at each), with the clients in another process on another
 * core (bench/party-clients.ts). Prints per game the action-to-patch and ping p50/p99 (the ping is
 * each table's spectator: what every table feels of the loop while the bots think), the bots' CPU
 * time per decision, and for the server its RSS, CPU share and longest GC pause.
 *
 *   npx tsx bench/party.ts                      # ~2 minutes: 20 s warmup, 90 s measured
 *   MEASURE_S=600 npx tsx bench/party.ts        # longer
 *   BOT_THREADS=off npx tsx bench/party.ts      # bots decide on the event loop (for comparison)
 *   SERVER_NODE_ARGS=' ' npx tsx bench/party.ts   # the server's node flags (default: the image's)
 *   REPEAT=3 npx tsx bench/party.ts             # three runs, then each game's median p99 and pooled p99
 *   PROFILE=1 npx tsx bench/party.ts            # a CPU profile names what ran in each stall of the loop
 *
 * Confinement: `taskset -c 0` for the core; for memory a cgroup of our own (memory.limit_in_bytes
 * on cgroup v1, memory.max on v2) where this process may make one; otherwise V8's heap is capped
 * (--max-old-space-size) and RSS measured. Docker (`--cpus=1 --memory=512m`) needs a base image
 * no registry here serves (see STACK.md), so this bench does not use it. The output says which.
 * Bot decision times, GC pauses, the loop's stalls (over 30 ms: the loop's own CPU in them, the other
 * threads', the GC's) and memory by kind come from inside the server (PARLOR_BENCH_STATS,
 * bots/botStats.ts); with PROFILE=1 each stall's samples are named (bench/stallCauses.ts), as is the
 * loop's CPU over the whole window. The server runs with the image's environment: its node flags and
 * MALLOC_ARENA_MAX=2 (`MALLOC_ARENA_MAX=` for glibc's default).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Causes, type Window, stallCauses } from './stallCauses';

const root = path.resolve(__dirname, '..');
const port = Number(process.env.PORT ?? 2890);
const warmupMs = Number(process.env.WARMUP_S ?? 20) * 1000;
const measureMs = Number(process.env.MEASURE_S ?? 90) * 1000;
const MEMORY_BYTES = 512 * 1024 * 1024;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** A memory cgroup of our own under this process's, limited to 512 MB; null where none can be made. */
function memoryCgroup(run: number): { dir: string; kind: string } | null {
  try {
    const lines = readFileSync('/proc/self/cgroup', 'utf8').trim().split('\n');
    const v1 = lines.find((l) => l.split(':')[1]?.split(',').includes('memory'));
    if (v1) {
      const dir = path.join('/sys/fs/cgroup/memory', v1.split(':')[2]!, `parlor-party-${process.pid}-${run}`);
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'memory.limit_in_bytes'), String(MEMORY_BYTES));
      return { dir, kind: 'cgroup v1 memory.limit_in_bytes=512M' };
    }
    const v2 = lines.find((l) => l.startsWith('0::'));
    if (v2) {
      const dir = path.join('/sys/fs/cgroup', v2.slice(3), `parlor-party-${process.pid}-${run}`);
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'memory.max'), String(MEMORY_BYTES));
      return { dir, kind: 'cgroup v2 memory.max=512M' };
    }
  } catch {
    // not permitted here
  }
  return null;
}

function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime, every thread
}
/** CPU ticks so far of each of the process's threads, summed by thread name (the loop's is `node`). */
function threadTicks(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const key = tid === String(pid) ? 'event loop' : name;
      out.set(key, (out.get(key) ?? 0) + Number(fields[11]) + Number(fields[12]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
/** CLOCK_MONOTONIC in µs: the clock of V8's CPU profiles and of the server's stall list. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
const ms = (x: number) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(1) : x.toFixed(0)) : '-');

interface ClientGame {
  game: string;
  actions: number;
  /** Each person action's ms. */
  actionSamples: number[];
  actionP50: number;
  actionP99: number;
  pings: number;
  pingP50: number;
  pingP99: number;
  pingMax: number;
  errors: number;
  matches: number;
}
interface Stall {
  fromUs: number;
  toUs: number;
  loopCpuMs: number;
  otherCpuMs: number;
}
interface Gathered {
  bots: Record<string, { thread: number[]; inline: number[] }>;
  gcPauses: number[];
  gcs: [number, number, number][];
  stalls: Stall[];
  memoryMax: Record<'rss' | 'heapTotal' | 'heapUsed' | 'external' | 'arrayBuffers', number>;
  heapSpaces: Record<string, number>;
  threadHeaps: Record<string, number[]>;
}

/** One run's figures for the summary of several (REPEAT). */
interface RunSummary {
  games: ClientGame[];
  cpuPercent: number;
  rssMax: number;
  gcLongest: number;
  stalls: number;
}

async function main(): Promise<void> {
  if (!existsSync(path.join(root, 'server/dist/index.js')) || process.env.BUILD === '1') {
    const r = spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('the server did not build');
  }
  const repeat = Number(process.env.REPEAT ?? 1);
  const runs: RunSummary[] = [];
  for (let run = 1; run <= repeat; run++) {
    if (repeat > 1) console.log(`\n## Run ${run} of ${repeat}`);
    runs.push(await runOnce(run));
  }
  if (repeat > 1) printMedians(runs);
}

const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};

/**
 * Several runs: each game's p99 per run and their median, and the p99 of every run's person actions
 * pooled (a run gives a game 16-50 of them, where a p99 is nearly the largest one).
 */
function printMedians(runs: RunSummary[]): void {
  console.log(`\n## The median of ${runs.length} runs`);
  console.log(
    '| game | person actions (all runs) | action-to-patch p99 per run ms | median | pooled p99 ms | actions over 50 ms | ping p99 median ms |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const { game } of runs[0]!.games) {
    const rows = runs.map((r) => r.games.find((g) => g.game === game)!);
    const pooled = rows.flatMap((g) => g.actionSamples).sort((a, b) => a - b);
    console.log(
      `| ${game} | ${pooled.length} | ${rows.map((g) => ms(g.actionP99)).join(', ')} | ${ms(median(rows.map((g) => g.actionP99)))} | ` +
        `${ms(percentile(pooled, 99))} | ${pooled.filter((x) => x > 50).length} | ${ms(median(rows.map((g) => g.pingP99)))} |`,
    );
  }
  const each = (f: (r: RunSummary) => number, digits = 0) => runs.map((r) => f(r).toFixed(digits)).join(', ');
  console.log(
    `Server per run: CPU ${each((r) => r.cpuPercent)}% of its core; RSS max ${each((r) => r.rssMax)} MB (median ${median(runs.map((r) => r.rssMax)).toFixed(0)});` +
      ` longest GC pause ${each((r) => r.gcLongest)} ms; loop stalls over 30 ms ${each((r) => r.stalls)}.`,
  );
}

async function runOnce(run: number): Promise<RunSummary> {
  const cores = os.availableParallelism();
  const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  const cgroup = memoryCgroup(run);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parlor-party-'));
  // The server's node flags: the Docker image's by default (a small box most likely runs the image).
  // Under the 512 MB cgroup node's own young generation is 1 MB a semi-space: collections about 3x
  // as often per CPU-second as with 4 (docs/operations.md, "A small box"). SERVER_NODE_ARGS=' ' for none.
  const ownArgs = (process.env.SERVER_NODE_ARGS ?? '--max-semi-space-size=4').split(' ').filter(Boolean);
  // PROFILE=1: a CPU profile of the server's threads, to name what ran in each stall of the loop.
  const profileDir =
    process.env.PROFILE === '1' ? mkdtempSync(path.join(os.tmpdir(), 'parlor-party-prof-')) : null;
  const profileArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const nodeArgs = [...(cgroup ? [] : ['--max-old-space-size=400']), ...profileArgs, ...ownArgs];
  const serverCmd = [process.execPath, ...nodeArgs, path.join(root, 'server/dist/index.js')];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DISCOVERY: 'off',
    QR: 'off',
    DATA_DIR: dataDir,
    PARLOR_BENCH_STATS: '1',
    // As the image runs it (Dockerfile): two glibc malloc arenas, not eight per core.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    ...(process.env.BOT_THREADS === 'off' ? { PARLOR_BOT_THREADS: '0' } : {}),
  };
  delete env.REDIS_URL;
  if (env.MALLOC_ARENA_MAX === '') delete env.MALLOC_ARENA_MAX; // MALLOC_ARENA_MAX= : glibc's default
  const loadBefore = load();
  const server = spawn(
    hasTaskset ? 'taskset' : serverCmd[0]!,
    hasTaskset ? ['-c', '0', ...serverCmd] : serverCmd.slice(1),
    {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const pid = server.pid!;
  /** What the server gathered since the last question (bots/botStats.ts). */
  let asked = 0;
  const askStats = () =>
    new Promise<Gathered>((resolve) => {
      const seq = ++asked;
      const answer = (m: { type?: string; seq?: number }) => {
        if (m?.type !== 'bench-stats' || m.seq !== seq) return;
        server.off('message', answer);
        resolve(m as unknown as Gathered);
      };
      server.on('message', answer);
      server.send({ type: 'bench-stats', seq });
    });
  let stopping = false;
  server.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`party: the server stopped (${signal ?? code})`);
    if (cgroup)
      console.error(
        `  cgroup memory.oom_control: ${readFileSync(path.join(cgroup.dir, 'memory.oom_control'), 'utf8').replace(/\n/g, ' ')}`,
      );
    process.exit(1);
  });
  if (cgroup) writeFileSync(path.join(cgroup.dir, 'cgroup.procs'), String(pid));
  const confinement = [
    hasTaskset ? 'taskset -c 0 (one core)' : `no taskset: ${cores} cores`,
    cgroup ? cgroup.kind : 'no cgroup: --max-old-space-size=400, RSS measured',
    ownArgs.length ? `node ${ownArgs.join(' ')}` : 'no node flags',
  ].join(', ');
  console.log(`party: server pid ${pid}, ${confinement}; load average before: ${loadBefore}`);
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/info`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 300) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }

  // The clients on another core where there is one (they must not take the server's).
  const clientCmd = [process.execPath, '--import', 'tsx', path.join(root, 'bench/party-clients.ts')];
  const onOther = hasTaskset && cores > 1;
  const clients: ChildProcess = spawn(
    onOther ? 'taskset' : clientCmd[0]!,
    onOther ? ['-c', `1-${cores - 1}`, ...clientCmd] : clientCmd.slice(1),
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        WARMUP_MS: String(warmupMs),
        MEASURE_MS: String(measureMs),
        TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.tests.json'),
      },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  let measured = false;
  const clientsExited = new Promise<void>((r) =>
    clients.on('exit', (code) => {
      // The clients gave up before the end (a join refused on a swamped machine): no table to print.
      if (!measured) {
        console.error(`party: the clients stopped (${code}) before the end of the window`);
        stopping = true;
        server.kill('SIGTERM');
        process.exit(1);
      }
      r();
    }),
  );
  let out = '';
  clients.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  let ticks0 = 0;
  const windowUs = [0, 0];
  let threads0 = new Map<string, number>();
  let threads1 = new Map<string, number>();
  let t0 = 0;
  let rssMax = 0;
  let rssTimer: NodeJS.Timeout | null = null;
  const window = new Promise<{ seconds: number; ticks: number; stats: Promise<Gathered> }>((resolve) => {
    clients.on('message', (m: { type?: string }) => {
      if (m.type === 'measuring') {
        void askStats(); // the server's stats start afresh
        ticks0 = cpuTicks(pid);
        t0 = performance.now();
        windowUs[0] = monotonicUs();
        threads0 = threadTicks(pid);
        rssTimer = setInterval(() => (rssMax = Math.max(rssMax, rssMb(pid))), 1000);
      } else if (m.type === 'done') {
        measured = true;
        const ticks = cpuTicks(pid) - ticks0;
        windowUs[1] = monotonicUs();
        threads1 = threadTicks(pid);
        const seconds = (performance.now() - t0) / 1000;
        rssMax = Math.max(rssMax, rssMb(pid));
        clearInterval(rssTimer!);
        resolve({ seconds, ticks, stats: askStats() });
      }
    });
  });
  const { seconds, ticks, stats: gathered } = await window;
  const stats = await gathered;
  await clientsExited;
  const cgroupPeak = cgroup
    ? Number(readFileSync(path.join(cgroup.dir, 'memory.max_usage_in_bytes'), 'utf8').trim()) / 2 ** 20
    : NaN;
  const loadAfter = load();
  stopping = true;
  server.kill('SIGTERM');
  await new Promise<void>((r) => server.on('exit', () => r()));
  if (cgroup) {
    try {
      rmdirSync(cgroup.dir);
    } catch {
      // still emptying: the system removes nothing by itself, so say so
      console.log(`party: could not remove ${cgroup.dir}`);
    }
  }
  const result = JSON.parse(out.trim().split('\n').pop()!) as { games: ClientGame[] };

  console.log(
    `\nParty on one core, 512 MB: ${result.games.length * 2} tables, ${Math.round(seconds)} s measured` +
      ` (bots ${process.env.BOT_THREADS === 'off' ? 'on the event loop' : 'in a thread pool'}).`,
  );
  console.log(
    '| game | person actions | action-to-patch p50 / p99 ms | spectator pings | ping p50 / p99 / max ms | bot decisions (in threads) | bot CPU ms p50 / p99 / max | matches ended | errors |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const g of result.games) {
    const bots = stats.bots[g.game] ?? { thread: [], inline: [] };
    const all = [...bots.thread, ...bots.inline].sort((a, b) => a - b);
    console.log(
      `| ${g.game} | ${g.actions} | ${ms(g.actionP50)} / ${ms(g.actionP99)} | ${g.pings} | ` +
        `${ms(g.pingP50)} / ${ms(g.pingP99)} / ${ms(g.pingMax)} | ${all.length} (${bots.thread.length}) | ` +
        `${ms(percentile(all, 50))} / ${ms(percentile(all, 99))} / ${ms(all[all.length - 1] ?? NaN)} | ${g.matches} | ${g.errors} |`,
    );
  }
  const gc = stats.gcPauses.slice().sort((a, b) => a - b);
  console.log(
    `\nServer: CPU ${((ticks / TICKS_PER_SECOND / seconds) * 100).toFixed(0)}% of its one core` +
      ` (all threads), RSS max ${rssMax.toFixed(0)} MB` +
      (cgroup ? `, cgroup peak ${cgroupPeak.toFixed(0)} MB` : '') +
      `; GC pauses on the event loop: ${gc.length} (${(gc.length / seconds).toFixed(1)}/s, ${(gc.length / (ticks / TICKS_PER_SECOND)).toFixed(0)} per CPU-second of the server), p50 ${ms(percentile(gc, 50))}, p99 ${ms(percentile(gc, 99))} ms, longest ${ms(gc[gc.length - 1] ?? NaN)} ms, ${ms(gc.reduce((n, x) => n + x, 0) / seconds / 10)}% of the time.`,
  );
  console.log(`Confinement: ${confinement}. Load average before: ${loadBefore}; after: ${loadAfter}.`);
  const perThread = [...threads1]
    .map(([name, t]) => [name, t - (threads0.get(name) ?? 0)] as const)
    .filter(([, t]) => t > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, t]) => `${name} ${((t / TICKS_PER_SECOND / seconds) * 100).toFixed(1)}%`);
  console.log(`The server's CPU by thread (threads of one name summed): ${perThread.join(', ')}.`);
  printMemory(stats);
  printStalls(stats, seconds, profileDir, { fromUs: windowUs[0]!, toUs: windowUs[1]! });
  try {
    execFileSync('rm', ['-rf', dataDir]);
  } catch {
    // left in the temp directory
  }
  return {
    games: result.games,
    cpuPercent: (ticks / TICKS_PER_SECOND / seconds) * 100,
    rssMax,
    gcLongest: gc[gc.length - 1] ?? NaN,
    stalls: stats.stalls.length,
  };
}

function printMemory(stats: Gathered): void {
  const m = stats.memoryMax;
  const spaces = Object.entries(stats.heapSpaces)
    .filter(([, mb]) => mb >= 0.5)
    .map(([name, mb]) => `${name.replace(/_space$/, '')} ${mb.toFixed(0)}`)
    .join(', ');
  console.log(
    `Memory (largest in the window, MB): RSS ${m.rss.toFixed(0)}, V8 heap ${m.heapTotal.toFixed(0)} (used ${m.heapUsed.toFixed(0)}),` +
      ` external ${m.external.toFixed(0)} (array buffers ${m.arrayBuffers.toFixed(0)}); the main thread's heap spaces at the end: ${spaces};` +
      ` worker threads' heaps at the end: ${
        Object.entries(stats.threadHeaps ?? {})
          .map(([kind, mbs]) => `${kind} ${mbs.map((mb) => mb.toFixed(0)).join(' + ')}`)
          .join(', ') || 'none'
      }.`,
  );
}

/** GC time (ms) on the loop within a window, from the server's own pause list. */
function gcWithin(stats: Gathered, s: Stall): number {
  let ms = 0;
  for (const [at, pause] of stats.gcs) {
    const end = at + pause * 1000;
    ms += Math.max(0, Math.min(end, s.toUs) - Math.max(at, s.fromUs)) / 1000;
  }
  return ms;
}

/**
 * The loop's stalls over 30 ms (server/src/bots/botStats.ts): how long, how much of it the loop's
 * own CPU (the rest: the core taken by another thread or process), the GC inside, and with
 * PROFILE=1 what ran (bench/stallCauses.ts), the worst first; then the names summed over them all.
 */
function printStalls(stats: Gathered, seconds: number, profileDir: string | null, window: Window): void {
  const stalls = stats.stalls.slice().sort((a, b) => b.toUs - b.fromUs - (a.toUs - a.fromUs));
  const wallOf = (s: Stall) => (s.toUs - s.fromUs) / 1000;
  const sum = (f: (s: Stall) => number) => stalls.reduce((n, s) => n + f(s), 0);
  console.log(
    `\nLoop stalls over 30 ms: ${stalls.length} (${((stalls.length / seconds) * 60).toFixed(1)} a minute), ${sum(wallOf).toFixed(0)} ms in all;` +
      ` the loop's own CPU in them ${sum((s) => s.loopCpuMs).toFixed(0)} ms, other threads' ${sum((s) => s.otherCpuMs).toFixed(0)} ms,` +
      ` GC ${sum((s) => gcWithin(stats, s)).toFixed(0)} ms.`,
  );
  let causes: Causes[] | null = null;
  if (profileDir) {
    // The main thread's profile (a worker thread's is numbered after it).
    const file = readdirSync(profileDir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .sort((a, b) => Number(a.split('.')[4]) - Number(b.split('.')[4]))[0];
    if (file)
      causes = stallCauses(path.join(profileDir, file), path.join(root, 'server/dist'), [...stalls, window]);
    execFileSync('rm', ['-rf', profileDir]);
  }
  const whole = causes?.pop();
  if (whole) {
    console.log(
      `Where the loop's CPU went in the whole window (profile, ${whole.sampledMs.toFixed(0)} ms; GC ${whole.gcMs.toFixed(0)} ms):`,
    );
    for (const [n, m] of whole.named.slice(0, 15)) console.log(`  ${m.toFixed(0).padStart(6)}  ${n}`);
  }
  if (stalls.length === 0) return;
  console.log('| stall ms | loop CPU ms | other threads ms | GC ms | what ran (profile ms) |');
  console.log('|---|---|---|---|---|');
  stalls.slice(0, Number(process.env.STALLS_SHOWN ?? 12)).forEach((s, i) => {
    const c = causes?.[i];
    const what = c
      ? `${c.sampledMs.toFixed(0)} sampled: ` +
        c.named
          .slice(0, 3)
          .map(([n, m]) => `${n} ${m.toFixed(0)}`)
          .join('; ')
      : '(PROFILE=1 names it)';
    console.log(
      `| ${wallOf(s).toFixed(0)} | ${s.loopCpuMs.toFixed(0)} | ${s.otherCpuMs.toFixed(0)} | ${gcWithin(stats, s).toFixed(0)} | ${what} |`,
    );
  });
  if (!causes) return;
  const total = new Map<string, number>();
  for (const c of causes) for (const [n, m] of c.named) total.set(n, (total.get(n) ?? 0) + m);
  console.log('What ran in all the stalls, summed (profile ms):');
  for (const [n, m] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${m.toFixed(0).padStart(6)}  ${n}`);
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
