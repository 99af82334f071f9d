/**
 * Scale-out benchmark (not a test): the same Bankout load (bench/load-clients.ts: TABLES tables of
 * two bot-driven clients, 200 ms think time) against one process, one process on Redis, and two
 * processes sharing a Redis, in one run: action-to-patch p50/p99 and each server process's CPU.
 * The load process talks to the first process only, as browsers that all opened one address would:
 * with Redis, new tables go to the least-loaded process and each client's websocket goes straight
 * to the process hosting its table (PUBLIC_ADDRESS).
 *
 *   npx tsx bench/scale.ts                          (short: 200 tables, 8 s measured per row)
 *   TABLES=500 MEASURE_MS=15000 RUNS=3 npx tsx bench/scale.ts
 *
 * Needs Debian's redis-server (apt-get install -y redis-server); without it only the one-process
 * row is measured. Servers run from source (tsx), on loopback ports 2660-2669, Redis on 6395.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findRedisServer, startRedis } from '../server/test/scale/redisServer';

const root = path.resolve(__dirname, '..');
const TABLES = Number(process.env.TABLES ?? 200);
const MEASURE_MS = Number(process.env.MEASURE_MS ?? 8000);
const WARMUP_MS = Number(process.env.WARMUP_MS ?? 3000);
/** Rounds over the three setups (each round in turn), for a machine whose load comes and goes. */
const RUNS = Number(process.env.RUNS ?? 1);
const REDIS_PORT = 6395;
const FIRST_PORT = 2660;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const tsxEnv = { TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.tests.json') };

/** What bench/load-clients.ts prints. */
interface LoadResult {
  samples: number;
  p50: number;
  p99: number;
  errors: number;
  loadCpuPercent: number;
  loadLagP99: number;
}
interface Row extends LoadResult {
  label: string;
  run?: number;
  processes?: number;
  redis?: boolean;
  /** CPU % of each game server process over the measured window. */
  cpu: number[];
  /** Tables each process hosts (records in its DATA_DIR). */
  tables: number[];
}

function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime
}

interface GameProcess {
  child: ChildProcess;
  dataDir: string;
}

function startGameServer(port: number, redisUrl?: string): GameProcess {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parlor-scale-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...tsxEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    DISCOVERY: 'off',
    QR: 'off',
    DATA_DIR: dataDir,
    // One address opens every table: no per-client or total cap on tables here.
    TABLES_PER_CLIENT: '0',
    TABLES_TOTAL: '0',
    REDIS_URL: redisUrl ?? '',
    PUBLIC_ADDRESS: redisUrl ? `127.0.0.1:${port}` : '',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/index.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, dataDir };
}

async function waitForPort(port: number, timeoutMs = 40000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${port}/__healthcheck`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not come up`);
}

/** Runs the load against `processes` (the first is the one the clients talk to). */
async function measure(label: string, processes: GameProcess[], port: number): Promise<Row> {
  const load = fork(path.join(root, 'bench/load-clients.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      ...tsxEnv,
      TARGET: 'bankout',
      PORT: String(port),
      TABLES: String(TABLES),
      WARMUP_MS: String(WARMUP_MS),
      MEASURE_MS: String(MEASURE_MS),
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let out = '';
  load.stdout!.on('data', (d) => (out += d));
  let cpu: number[] = [];
  load.on('message', (m: { type: string }) => {
    if (m.type !== 'measuring') return;
    const t0 = Date.now();
    const ticks0 = processes.map((p) => cpuTicks(p.child.pid!));
    setTimeout(() => {
      const seconds = (Date.now() - t0) / 1000;
      cpu = processes.map(
        (p, i) => ((cpuTicks(p.child.pid!) - ticks0[i]!) / TICKS_PER_SECOND / seconds) * 100,
      );
    }, MEASURE_MS - 200);
  });
  await new Promise<void>((resolve, reject) => {
    load.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`load process exited ${code}`))));
  });
  const result = JSON.parse(out.trim().split('\n').pop()!) as LoadResult;
  const tables = processes.map((p) => {
    try {
      return readdirSync(path.join(p.dataDir, 'matches')).filter((f) => f.endsWith('.jsonl')).length;
    } catch {
      return 0;
    }
  });
  return { ...result, label, cpu, tables };
}

async function stopAll(processes: GameProcess[]): Promise<void> {
  await Promise.all(
    processes.map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.child.exitCode !== null) return resolve();
          p.child.once('exit', () => resolve());
          p.child.kill('SIGKILL');
        }),
    ),
  );
  for (const p of processes) rmSync(p.dataDir, { recursive: true, force: true });
}

const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');

async function main(): Promise<void> {
  console.log(
    `Scale-out benchmark: ${TABLES} Bankout tables, 2 clients each, 200 ms think time, ${MEASURE_MS / 1000} s measured per row`,
  );
  console.log(`machine: ${os.cpus().length} cores, node ${process.version}\n`);
  const binary = findRedisServer();
  if (!binary) console.log('redis-server is not installed: only the one-process row is measured.');

  const setups: { label: string; processes: number; redis: boolean }[] = [
    { label: '1 process', processes: 1, redis: false },
    ...(binary
      ? [
          { label: '1 process, Redis', processes: 1, redis: true },
          { label: '2 processes, Redis', processes: 2, redis: true },
        ]
      : []),
  ];
  const rows: Row[] = [];
  let port = FIRST_PORT;
  const rounds = Array.from({ length: RUNS }, (_, run) =>
    setups.map((s) => ({ ...s, label: RUNS > 1 ? `${s.label} #${run + 1}` : s.label, run })),
  ).flat();
  for (const setup of rounds) {
    if (port > FIRST_PORT + 7) port = FIRST_PORT;
    // A fresh Redis per row: no listing left over from the previous one.
    const redis = setup.redis ? await startRedis(binary!, REDIS_PORT) : null;
    const ports = Array.from({ length: setup.processes }, () => port++);
    const processes = ports.map((p) => startGameServer(p, redis?.url));
    try {
      await Promise.all(ports.map((p) => waitForPort(p)));
      const row = await measure(setup.label, processes, ports[0]!);
      rows.push({ ...row, run: setup.run, processes: setup.processes, redis: setup.redis });
      console.error(`  measured ${setup.label}: p99 ${fmt(row.p99)} ms`);
    } catch (e) {
      console.error(`  ${setup.label} failed: ${(e as Error).message}`);
    } finally {
      await stopAll(processes);
      await redis?.stop();
    }
  }

  const baseOf = (r: Row) => rows.find((b) => b.run === r.run && b.processes === 1 && !b.redis);
  console.log(
    'setup                   samples  p50 ms  p99 ms  p99/1 process  tables per process  cpu % per process  errors  load lag p99',
  );
  for (const r of rows) {
    const base = baseOf(r);
    console.log(
      [
        r.label.padEnd(22),
        String(r.samples).padStart(8),
        fmt(r.p50).padStart(7),
        fmt(r.p99).padStart(7),
        fmt(base ? r.p99 / base.p99 : NaN, 2).padStart(14),
        r.tables.join(' + ').padStart(19),
        r.cpu
          .map((c) => fmt(c, 0))
          .join(' + ')
          .padStart(18),
        String(r.errors).padStart(7),
        `${fmt(r.loadLagP99)} ms`.padStart(13),
      ].join(' '),
    );
  }
  console.log(
    '\nThe load process talks to the first process only; with Redis the tables are spread by room count and',
  );
  console.log(
    "each client's websocket goes to the process hosting its table. On a 2-core machine the load process,",
  );
  console.log(
    'Redis and the game processes share the same cores: read the ratios, not the absolute numbers.',
  );
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
