/**
 * Load benchmark (not a test): action-to-patch latency, server CPU and memory at 100, 500 and 1,000
 * concurrent tables, for Bankout on the real server beside a bare Colyseus room that patches at once,
 * and beside the same server with SYNC_WRITES=false (records written but not fdatasynced: the cost
 * of durability). Each measurement runs a fresh server process and a separate load process on loopback.
 * ROWS=bare,floor adds the floor (bench/floor-server.ts): the bare room plus, row by row, what no
 * table can skip (a hidden hand through a StateView, an events message, a durable record), to tell
 * what this machine charges for those from what Parlor's own code costs.
 *
 *   npm run bench                 # everything
 *   LEVELS=100,500 npx tsx bench/load.ts
 *   REPEAT=3 LEVELS=500 npx tsx bench/load.ts   # each row 3 times, interleaved; medians compared
 *   LOAD_PROCESSES=2 npx tsx bench/load.ts      # clients split over two load processes (default 1)
 *   ROWS=bare,floor,no-sync,bankout LEVELS=500 REPEAT=3 npx tsx bench/load.ts   # with the floor
 *
 * On a shared 2-core machine one run's p99 swings by 2x or more (the load process and the server
 * share the cores): REPEAT interleaves the targets round by round and compares the median p99s.
 *
 * Bankout's row and floor-durable's are profiled (node --cpu-prof; BREAKDOWN=0 skips it): where
 * their CPU goes (rules, projection, encoding, events, journal, transport, ...; bench/cpuBreakdown.ts),
 * each part in µs per action side by side (ROWS=floor-durable,bankout: the same run). Both rows run
 * under the profiler, so their ratio compares like with like; BREAKDOWN=0 gives it without.
 *
 * BENCH_TREE=dir runs the servers and load clients of another checkout (its own packages and build:
 * bench/old-vs-new.ts measures the pre-upgrade server this way); JSON_OUT=file writes the rows.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PARTS, PART_NOTES, type Part, breakdown } from './cpuBreakdown';

const root = path.resolve(__dirname, '..');
/** The checkout whose servers and load clients run (see BENCH_TREE above). */
const tree = path.resolve(process.env.BENCH_TREE ?? root);
const levels = (process.env.LEVELS ?? '100,500,1000').split(',').map(Number);
const measureMs = Number(process.env.MEASURE_MS ?? 15000);
const warmupMs = Number(process.env.WARMUP_MS ?? 4000);
const repeat = Math.max(1, Number(process.env.REPEAT ?? 1));
/**
 * Load processes sharing the clients (default 1). One process decoding 2,000 clients' patches lags,
 * and its lag is added to every latency it measures; but on this 2-core machine two load processes
 * made Bankout's p99 worse, not better (more processes for the same two cores), so one is the default.
 */
const loadProcesses = Math.max(1, Number(process.env.LOAD_PROCESSES ?? 1));
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
/**
 * What each row runs: the load process drives `clients`; `env` is added to the server's; `script`
 * is a bench server run from source (default: the real server, built, as `npm start` runs it).
 */
const TARGETS: Record<
  string,
  { clients: 'bare' | 'bankout'; env: Record<string, string>; script?: string; serverTree?: string }
> = {
  bare: { clients: 'bare', env: {}, script: 'bench/bare-server.ts' },
  bankout: { clients: 'bankout', env: { SYNC_WRITES: 'true' } },
  'no-sync': { clients: 'bankout', env: { SYNC_WRITES: 'false' } },
  // The floor: the bare room plus, row by row, what every table must do.
  'floor-view': { clients: 'bare', env: { FLOOR_VIEW: '1' }, script: 'bench/floor-server.ts' },
  'floor-events': {
    clients: 'bare',
    env: { FLOOR_VIEW: '1', FLOOR_EVENTS: '1' },
    script: 'bench/floor-server.ts',
  },
  'floor-durable': {
    clients: 'bare',
    env: { FLOOR_VIEW: '1', FLOOR_EVENTS: '1', FLOOR_DURABLE: '1' },
    script: 'bench/floor-server.ts',
  },
};
/**
 * COMPARE_TREE=dir adds the row `bankout-compare`: Bankout on that checkout's built server (its
 * server/dist, e.g. the commit before a change), with this checkout's clients, interleaved with
 * the other rows: a change's before and after in the same rounds (use BREAKDOWN=0: that row is not
 * profiled, so the `bankout` row must not be either).
 */
if (process.env.COMPARE_TREE)
  TARGETS['bankout-compare'] = {
    clients: 'bankout',
    env: { SYNC_WRITES: 'true' },
    serverTree: path.resolve(process.env.COMPARE_TREE),
  };
const DEFAULT_ROWS = 'bare,bankout,no-sync';
/** The durability column: each durable row's p99 over its partner's, the same room without durable records. */
const WITHOUT_DURABILITY: Record<string, string> = { bankout: 'no-sync', 'floor-durable': 'floor-events' };
const FLOOR_ROWS = Object.keys(TARGETS).filter((t) => t.startsWith('floor-'));

/**
 * Every server's node flags (the game server, the bare room, the floor): as `npm start` runs the game
 * server, unless SERVER_NODE_ARGS says otherwise. The same for every row, so a row's gap over the bare
 * room is the room's own cost, not a young-generation size only one of them had (at 1,000 tables the
 * bare room's p99 with this flag was about half of what it was without).
 */
const serverNodeArgs = (process.env.SERVER_NODE_ARGS ?? '--max-semi-space-size=64')
  .split(' ')
  .filter(Boolean);
/**
 * ROWS=bankout,no-sync measures only those rows (default: bare, bankout, no-sync); `floor` stands
 * for the floor-* rows (ROWS=bare,floor,no-sync: where a table's cost goes, step by step).
 */
const rowTargets = (process.env.ROWS ?? DEFAULT_ROWS)
  .split(',')
  .flatMap((t) => (t === 'floor' ? FLOOR_ROWS : [t]))
  .filter((t) => t in TARGETS);

interface LoadResult {
  target: string;
  tables: number;
  samples: number;
  p50: number;
  p99: number;
  bytesPerPatch: number;
  errors: number;
  loadCpuPercent: number;
  loadLagP99: number;
  /**
   * Of the samples slower than the p99, the share sent within the worst second of the window: near
   * 1 when the tail is one stall (a machine-wide pause, a GC, a disk flush), near 1/seconds when
   * the slow samples are spread out (steady queueing).
   */
  slowInWorstSecond: number;
  /** The p99 of the samples sent outside that worst second: the tail without its one stall. */
  p99OutsideWorstSecond: number;
}
interface Row extends LoadResult {
  /** Which of the REPEAT rounds measured it: ratios compare rows of the same round. */
  round: number;
  cpuPercent: number;
  /** Server CPU time per measured action: steady even when other processes share the machine. */
  cpuUsPerAction: number;
  rssMb: number;
  /** The server's GC pauses that ended in the measured window (from --trace-gc). */
  gc: GcPauses;
  /** The server's system calls (read and write, every thread) per measured action: /proc/<pid>/io. */
  syscallsPerAction: number;
  /** Profiled rows: each part's share of the server's busy CPU in the measured window. */
  parts?: Record<Part, number>;
  /** Profiled rows: the sources the classifier charged to `other`, with their share. */
  unnamed?: [string, number][];
}

interface GcPauses {
  count: number;
  maxMs: number;
  totalMs: number;
  /** Mark-compacts (full collections) among them. */
  major: number;
}

/** See LoadResult.slowInWorstSecond and p99OutsideWorstSecond. */
function worstSecond(
  sentTimes: number[],
  latencies: number[],
  p99: number,
): { share: number; p99Outside: number } {
  const slow = sentTimes.filter((_, i) => latencies[i]! > p99).sort((a, b) => a - b);
  if (slow.length === 0) return { share: NaN, p99Outside: p99 };
  let best = 0;
  let from = 0;
  let j = 0;
  for (let i = 0; i < slow.length; i++) {
    while (slow[i]! - slow[j]! > 1000) j++;
    if (i - j + 1 > best) {
      best = i - j + 1;
      from = slow[j]!;
    }
  }
  const outside = latencies
    .filter((_, i) => sentTimes[i]! < from || sentTimes[i]! > from + 1000)
    .sort((a, b) => a - b);
  return { share: best / slow.length, p99Outside: outside[Math.floor(0.99 * outside.length)] ?? NaN };
}

/** Pause of one --trace-gc line ("... MB, 17.66 / 0.00 ms ..."), and whether it was a full collection. */
function gcPauseOf(line: string): { ms: number; major: boolean } | null {
  const m = /: (Scavenge|Mark-Compact|Mark-Sweep)\b.*?MB, ([\d.]+) \/ [\d.]+ ms/.exec(line);
  return m ? { ms: Number(m[2]), major: m[1] !== 'Scavenge' } : null;
}

/** CLOCK_MONOTONIC in µs: the clock of V8's CPU profiles (bench/cpuBreakdown.ts). */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime
}
/** Read and write system calls so far (every thread of the process). */
function syscalls(pid: number): number {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  return Number(/syscr: (\d+)/.exec(io)?.[1]) + Number(/syscw: (\d+)/.exec(io)?.[1]);
}
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function waitForPort(port: number, timeoutMs = 30000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/matchmake/`).catch(() => null);
      if (r) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not come up`);
}

/**
 * How a bench server (bare, floor) runs: in this checkout, built as the real server is (one ES
 * module: Colyseus 0.18 must load @colyseus/schema once, see scripts/build-server.mjs); in a
 * pre-upgrade checkout (Colyseus 0.16, CommonJS), from source through tsx as it always did.
 */
const builtBenchServers = new Map<string, string>();
function benchServer(script: string): string[] {
  if (tree !== root) return ['--import', 'tsx', path.join(tree, script)];
  return [builtBenchServer(script)];
}
function builtBenchServer(script: string): string {
  let built = builtBenchServers.get(script);
  if (!built) {
    const outDir = path.join(root, 'test-artifacts', 'built', path.basename(script, '.ts'));
    const r = spawnSync(
      process.execPath,
      [path.join(root, 'scripts/build-server.mjs'), '--entry', path.join(root, script), '--outdir', outDir],
      { cwd: root, stdio: 'inherit' },
    );
    if (r.status !== 0) throw new Error(`could not build ${script}`);
    built = path.join(outDir, 'index.js');
    builtBenchServers.set(script, built);
  }
  return built;
}

/**
 * Rows whose server is profiled (built in this checkout: their source maps name the parts): Bankout,
 * and floor-durable beside it, so their ratio is taken under the same profiler and each part compares.
 */
const PROFILED = ['bankout', 'floor-durable'];
const profiled = (target: string) =>
  process.env.BREAKDOWN !== '0' && tree === root && PROFILED.includes(target);
/** Where a profiled row's bundle and source map are. */
const bundleDirOf = (target: string) => {
  const script = TARGETS[target]!.script;
  return script ? path.dirname(builtBenchServer(script)) : path.join(tree, 'server/dist');
};

function startServer(target: string, port: number, profileDir?: string): ChildProcess {
  const env = {
    ...process.env,
    TSX_TSCONFIG_PATH: path.join(tree, 'tsconfig.tests.json'),
    PORT: String(port),
    DISCOVERY: 'off',
    QR: 'false',
    // Every bench client is 127.0.0.1: no cap on tables per client, nor in total (TABLES=500).
    TABLES_PER_CLIENT: '0',
    TABLES_TOTAL: '0',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'parlor-bench-')),
    ...TARGETS[target]!.env,
  };
  // --trace-gc on every server: one line per collection on stdout, read by measure() (the cost is one line).
  const script = TARGETS[target]!.script;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const args = script
    ? ['--trace-gc', ...profile, ...serverNodeArgs, ...benchServer(script)]
    : [
        '--trace-gc',
        ...profile,
        ...serverNodeArgs,
        path.join(TARGETS[target]!.serverTree ?? tree, 'server/dist/index.js'),
      ];
  return spawn(process.execPath, args, { cwd: tree, env, stdio: ['ignore', 'pipe', 'inherit'] });
}

/** One load process's output (DUMP_LATENCIES=1). */
interface LoadOutput extends LoadResult {
  latencies: number[];
  sentTimes: number[];
  patchBytes: number;
  patches: number;
}

async function measure(target: string, tables: number, port: number): Promise<Row> {
  const profileDir = profiled(target) ? mkdtempSync(path.join(os.tmpdir(), 'parlor-prof-')) : undefined;
  const server = startServer(target, port, profileDir);
  let cpuParts: Record<Part, number> | undefined;
  let unnamed: [string, number][] | undefined;
  const gc: GcPauses = { count: 0, maxMs: 0, totalMs: 0, major: 0 };
  let gcCounting = false;
  let gcTail = '';
  server.stdout!.on('data', (d: Buffer) => {
    const lines = (gcTail + d.toString()).split('\n');
    gcTail = lines.pop()!;
    if (!gcCounting) return;
    for (const line of lines) {
      const pause = gcPauseOf(line);
      if (!pause) continue;
      gc.count++;
      gc.totalMs += pause.ms;
      gc.maxMs = Math.max(gc.maxMs, pause.ms);
      if (pause.major) gc.major++;
    }
  });
  try {
    await waitForPort(port);
    // The tables are split over LOAD_PROCESSES processes that measure the same window.
    const counts = Array.from(
      { length: loadProcesses },
      (_, i) => Math.floor(tables / loadProcesses) + (i < tables % loadProcesses ? 1 : 0),
    ).filter((n) => n > 0);
    const loads = counts.map((n) =>
      fork(path.join(tree, 'bench/load-clients.ts'), [], {
        cwd: tree,
        execArgv: ['--import', 'tsx'],
        env: {
          ...process.env,
          TSX_TSCONFIG_PATH: path.join(tree, 'tsconfig.tests.json'),
          TARGET: TARGETS[target]!.clients,
          PORT: String(port),
          TABLES: String(n),
          WARMUP_MS: String(warmupMs),
          MEASURE_MS: String(measureMs),
          SYNC_START: '1',
          DUMP_LATENCIES: '1',
        },
        stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      }),
    );
    const outs = loads.map(() => '');
    loads.forEach((load, i) => load.stdout!.on('data', (d) => (outs[i] += d)));
    let ticks0 = 0;
    let calls0 = 0;
    let calls1 = 0;
    let t0 = 0;
    let windowUs = [0, 0];
    let ticks1 = 0;
    let t1 = 0;
    let rss = 0;
    let ready = 0;
    for (const load of loads) {
      load.on('message', (m: { type: string }) => {
        if (m.type === 'ready' && ++ready === loads.length) for (const l of loads) l.send({ type: 'go' });
        if (m.type === 'measuring' && t0 === 0) {
          ticks0 = cpuTicks(server.pid!);
          calls0 = syscalls(server.pid!);
          t0 = Date.now();
          windowUs = [monotonicUs(), monotonicUs() + measureMs * 1000];
          gcCounting = true;
          setTimeout(() => {
            ticks1 = cpuTicks(server.pid!);
            calls1 = syscalls(server.pid!);
            t1 = Date.now();
            rss = rssMb(server.pid!);
          }, measureMs - 200);
          setTimeout(() => (gcCounting = false), measureMs);
        }
      });
    }
    await Promise.all(
      loads.map(
        (load) =>
          new Promise<void>((resolve, reject) => {
            load.on('exit', (code) =>
              code === 0 ? resolve() : reject(new Error(`load process exited ${code}`)),
            );
          }),
      ),
    );
    const parts = outs.map((out) => JSON.parse(out.trim().split('\n').pop()!) as LoadOutput);
    const sorted = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
    const worst = worstSecond(
      parts.flatMap((p) => p.sentTimes),
      parts.flatMap((p) => p.latencies),
      at(0.99),
    );
    const patchBytes = parts.reduce((n, p) => n + p.patchBytes, 0);
    const patches = parts.reduce((n, p) => n + p.patches, 0);
    const result: LoadResult = {
      target,
      tables,
      samples: sorted.length,
      p50: at(0.5),
      p99: at(0.99),
      bytesPerPatch: patches ? patchBytes / patches : NaN,
      errors: parts.reduce((n, p) => n + p.errors, 0),
      loadCpuPercent: parts.reduce((n, p) => n + p.loadCpuPercent, 0),
      loadLagP99: Math.max(...parts.map((p) => p.loadLagP99)),
      slowInWorstSecond: worst.share,
      p99OutsideWorstSecond: worst.p99Outside,
    };
    const cpuSeconds = (ticks1 - ticks0) / TICKS_PER_SECOND;
    const cpuPercent = (cpuSeconds / ((t1 - t0) / 1000)) * 100;
    const cpuUsPerAction = (cpuSeconds * 1e6) / Math.max(1, result.samples);
    if (profileDir) {
      // The profile is written as the process exits: a graceful stop, not a kill.
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
      // The main thread's (a worker thread's profile is numbered after it).
      const file = readdirSync(profileDir)
        .filter((f) => f.endsWith('.cpuprofile'))
        .sort((a, b) => Number(a.split('.')[4]) - Number(b.split('.')[4]))[0];
      if (file) {
        const { ms, unnamed: other } = breakdown(
          path.join(profileDir, file),
          bundleDirOf(target),
          windowUs[0]!,
          windowUs[1]!,
        );
        const busy = PARTS.reduce((n, p) => n + ms[p], 0);
        cpuParts = Object.fromEntries(PARTS.map((p) => [p, ms[p] / busy])) as Record<Part, number>;
        unnamed = other.map(([what, n]) => [what, n / busy]);
      }
    }
    const syscallsPerAction = (calls1 - calls0) / Math.max(1, result.samples);
    return {
      ...result,
      target,
      cpuPercent,
      cpuUsPerAction,
      syscallsPerAction,
      rssMb: rss,
      round: 0,
      gc,
      parts: cpuParts,
      unnamed,
    };
  } finally {
    server.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
  }
}

const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');

async function main(): Promise<void> {
  console.log(
    `Load benchmark: 2 clients per table, 200 ms think time, ${measureMs / 1000} s measured per row, clients in ${loadProcesses} load process(es)`,
  );
  console.log(`machine: ${os.cpus().length} cores, node ${process.version}\n`);
  const rows: Row[] = [];
  const failed: string[] = [];
  let port = Number(process.env.BASE_PORT ?? 2620);
  for (const tables of levels) {
    for (let round = 0; round < repeat; round++) {
      for (const target of rowTargets) {
        try {
          const row = await measure(target, tables, port++);
          rows.push({ ...row, round });
          console.error(`  measured ${target} x ${tables}: p99 ${fmt(row.p99)} ms`);
        } catch (e) {
          // A row that cannot be measured (the server could not take the load) is reported, not fatal.
          console.error(`  ${target} x ${tables} failed: ${(e as Error).message}`);
          failed.push(`${target} x ${tables}: ${(e as Error).message}`);
        }
      }
    }
  }
  /** The room column fits the longest row name. */
  const roomWidth = Math.max(7, ...rowTargets.map((t) => t.length));
  const roomHeader = 'room'.padEnd(roomWidth + 1);
  console.log(
    `tables  ${roomHeader}samples  p50 ms  p99 ms  p99/bare  durability  cpu %  µs/action  /floor-durable  syscalls/action  rss MB  bytes/patch  errors  load cpu %  load lag p99  tail in 1 s  p99 w/o it  server GC n/max/total ms (full)`,
  );
  for (const r of rows) {
    const same = (target: string) =>
      rows.find((b) => b.target === target && b.tables === r.tables && b.round === r.round);
    const bare = same('bare');
    const floor = same('floor-durable');
    const undurable = WITHOUT_DURABILITY[r.target] ? same(WITHOUT_DURABILITY[r.target]!) : undefined;
    console.log(
      [
        String(r.tables).padStart(6),
        r.target.padEnd(roomWidth),
        String(r.samples).padStart(8),
        fmt(r.p50).padStart(7),
        fmt(r.p99).padStart(7),
        fmt(bare ? r.p99 / bare.p99 : NaN, 2).padStart(9),
        fmt(undurable ? r.p99 / undurable.p99 : NaN, 2).padStart(11),
        fmt(r.cpuPercent, 0).padStart(6),
        fmt(r.cpuUsPerAction, 0).padStart(10),
        fmt(floor ? r.cpuUsPerAction / floor.cpuUsPerAction : NaN, 2).padStart(15),
        fmt(r.syscallsPerAction, 1).padStart(16),
        fmt(r.rssMb, 0).padStart(7),
        fmt(r.bytesPerPatch, 0).padStart(12),
        String(r.errors).padStart(7),
        fmt(r.loadCpuPercent, 0).padStart(11),
        `${fmt(r.loadLagP99)} ms`.padStart(13),
        `${fmt(r.slowInWorstSecond * 100, 0)}%`.padStart(12),
        fmt(r.p99OutsideWorstSecond).padStart(11),
        `${r.gc.count}/${fmt(r.gc.maxMs)}/${fmt(r.gc.totalMs, 0)} (${r.gc.major})`.padStart(32),
      ].join(' '),
    );
  }
  for (const r of rows.filter((x) => x.parts && x.target !== 'floor-durable')) {
    const floor = rows.find(
      (b) => b.target === 'floor-durable' && b.tables === r.tables && b.round === r.round,
    );
    const floorParts = floor?.parts;
    console.log(
      `\n${r.target} x ${r.tables} (round ${r.round + 1}): ${fmt(r.cpuUsPerAction, 0)} µs of server CPU per action` +
        (floor
          ? `, ${fmt(r.cpuUsPerAction / floor.cpuUsPerAction, 2)}x floor-durable's ${fmt(floor.cpuUsPerAction, 0)} µs`
          : '') +
        '; where it goes (CPU profiles of the measured window, both rows under the profiler):',
    );
    console.log(
      `part          share  µs/action${floorParts ? '  floor-durable µs  gap µs' : ''}  what it is`,
    );
    for (const p of PARTS) {
      const mine = r.parts![p] * r.cpuUsPerAction;
      const theirs = floorParts ? floorParts[p] * floor.cpuUsPerAction : NaN;
      console.log(
        [
          p.padEnd(12),
          `${fmt(r.parts![p] * 100, 0).padStart(5)}%`,
          fmt(mine, 0).padStart(10),
          ...(floorParts ? [fmt(theirs, 0).padStart(17), fmt(mine - theirs, 0).padStart(7)] : []),
          ` ${PART_NOTES[p]}`,
        ].join(' '),
      );
    }
    for (const [row, unnamed] of [
      [r, r.unnamed],
      [floor, floor?.unnamed],
    ] as const)
      if (row && unnamed?.length)
        console.log(
          `${row.target}'s other, by source: ${unnamed.map(([w, n]) => `${w} ${fmt(n * 100, 1)}%`).join('; ')}`,
        );
  }
  if (repeat > 1) {
    const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
    const med = (target: string, tables: number, k: 'p50' | 'p99' | 'cpuUsPerAction') =>
      median(rows.filter((r) => r.target === target && r.tables === tables).map((r) => r[k]));
    console.log(`\nmedians of ${repeat} rounds:`);
    console.log(`tables  ${roomHeader}p50 ms  p99 ms  p99/bare  durability  µs/action  /floor-durable`);
    for (const tables of levels) {
      for (const target of Object.keys(TARGETS)) {
        if (!rows.some((r) => r.target === target && r.tables === tables)) continue;
        const p99 = med(target, tables, 'p99');
        console.log(
          [
            String(tables).padStart(6),
            target.padEnd(roomWidth),
            fmt(med(target, tables, 'p50')).padStart(7),
            fmt(p99).padStart(7),
            fmt(p99 / med('bare', tables, 'p99'), 2).padStart(9),
            fmt(
              WITHOUT_DURABILITY[target] ? p99 / med(WITHOUT_DURABILITY[target]!, tables, 'p99') : NaN,
              2,
            ).padStart(11),
            fmt(med(target, tables, 'cpuUsPerAction'), 0).padStart(10),
            fmt(
              rows.some((r) => r.target === 'floor-durable' && r.tables === tables)
                ? med(target, tables, 'cpuUsPerAction') / med('floor-durable', tables, 'cpuUsPerAction')
                : NaN,
              2,
            ).padStart(15),
          ].join(' '),
        );
      }
    }
  }
  for (const f of failed) console.log(`not measured: ${f}`);
  if (process.env.JSON_OUT) writeFileSync(process.env.JSON_OUT, JSON.stringify(rows));
  console.log(
    '\ncpu %, µs/action (server CPU time per measured action), rss: the game server process; load cpu %: the load processes together; load lag p99: the worst of them (it adds to every latency it measures).',
  );
  console.log(
    'tail in 1 s: of the samples slower than the p99, the share sent within the worst second of the window (near 100%: the tail is one stall; near 1/seconds measured: spread out, steady queueing); p99 w/o it: the p99 of the samples sent outside that second.',
  );
  console.log(
    "/floor-durable: server CPU per action over the floor with its events and durable record (floor-durable) in the same round; target for Bankout: at most 1.5x. syscalls/action: the server's read and write system calls per action (every thread).",
  );
  console.log(
    'durability: p99 over the same room without durable records (bankout: over no-sync, fdatasync skipped; floor-durable: over floor-events, nothing recorded).',
  );
  if (rowTargets.some((t) => t.startsWith('floor-')))
    console.log(
      'floor-*: the bare room plus a hidden hand through a StateView (view), an events message per action (events), each action durable before its patch (durable), with no rules: the least any table costs.',
    );
  console.log(
    'server GC: collections that ended in the measured window (--trace-gc), their longest and total pause, and how many were full (mark-compact) ones.',
  );
  console.log(
    'Targets: Bankout p99 <= 15 ms at 500 tables, <= 40 ms at 1,000, and <= 1.5 x the bare room in the same run;',
  );
  console.log('durability (bankout against no-sync) adds at most 20% to p99.');
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
