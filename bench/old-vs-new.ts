/**
 * The upgrade's comparison (not a test): the server before it (Colyseus 0.16, @colyseus/schema
 * 3.0.76, colyseus.js, CommonJS) against this one (Colyseus 0.18, schema 5, @colyseus/sdk, ESM), in
 * one run on one machine:
 *   - server CPU per action and p99 action-to-patch at 500 tables (bench/load.ts), for Bankout on
 *     the real server and for the bare Colyseus room, old and new rows interleaved round by round;
 *   - bytes per action for every game (bench/game-bytes.ts), old and new.
 * The old build is a git worktree of the pre-upgrade commit in .bench/pre-upgrade, made, installed
 * and built on first use (a few minutes; kept for the next run). Both run on this Node unless
 * OLD_NODE names another binary for the old one (e.g. a Node 20).
 *
 *   npx tsx bench/old-vs-new.ts      (part of npm run bench)
 *   REPEAT=3 LEVELS=500 MEASURE_MS=15000 npx tsx bench/old-vs-new.ts
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
/** The last commit before the upgrade (main, "Merge branch 'jbland'"). */
const PRE_UPGRADE = '528de975711e21e9146edc012adbed53c9b2d721';
const oldTree = path.join(root, '.bench', 'pre-upgrade');
const oldNode = process.env.OLD_NODE ?? process.execPath;
const repeat = Math.max(1, Number(process.env.REPEAT ?? 2));
const levels = process.env.LEVELS ?? '500';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'parlor-old-vs-new-'));

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): void {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}`);
}

/** The pre-upgrade checkout, installed and built (its own packages, its own `npm run build:server`). */
function ensureOldBuild(): void {
  if (!existsSync(path.join(oldTree, 'package.json'))) {
    console.log(
      `old-vs-new: making ${path.relative(root, oldTree)} (git worktree of ${PRE_UPGRADE.slice(0, 7)})`,
    );
    run('git', ['worktree', 'add', '--detach', oldTree, PRE_UPGRADE], root);
  }
  const oldPath = { PATH: `${path.dirname(oldNode)}:${process.env.PATH}` };
  if (!existsSync(path.join(oldTree, 'node_modules', 'colyseus.js'))) {
    console.log('old-vs-new: npm install in the old checkout');
    run('npm', ['install', '--no-audit', '--no-fund'], oldTree, oldPath);
  }
  if (!existsSync(path.join(oldTree, 'server', 'dist', 'index.js'))) {
    console.log('old-vs-new: building the old server');
    run('npm', ['run', 'build:server'], oldTree, oldPath);
  }
}

interface LoadRow {
  target: string;
  tables: number;
  p50: number;
  p99: number;
  cpuUsPerAction: number;
  bytesPerPatch: number;
  errors: number;
}
interface BytesRow {
  game: string;
  actions: number;
  patchBytesPerAction: number;
  messageBytesPerAction: number;
  joinStateBytes: number;
}

function load(which: 'old' | 'new', round: number): LoadRow[] {
  const out = path.join(tmp, `load-${which}-${round}.json`);
  const node = which === 'old' ? oldNode : process.execPath;
  run(node, ['--import', 'tsx', path.join(root, 'bench/load.ts')], root, {
    ROWS: 'bare,bankout',
    LEVELS: levels,
    JSON_OUT: out,
    TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.tests.json'),
    ...(which === 'old' ? { BENCH_TREE: oldTree } : {}),
  });
  return JSON.parse(readFileSync(out, 'utf8')) as LoadRow[];
}

function bytes(which: 'old' | 'new'): BytesRow[] {
  const out = path.join(tmp, `bytes-${which}.json`);
  const node = which === 'old' ? oldNode : process.execPath;
  run(node, ['--import', 'tsx', path.join(root, 'bench/game-bytes.ts')], root, {
    JSON_OUT: out,
    TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.tests.json'),
    ...(which === 'old' ? { BENCH_TREE: oldTree } : {}),
  });
  return JSON.parse(readFileSync(out, 'utf8')) as BytesRow[];
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');

function main(): void {
  ensureOldBuild();
  const version = (node: string) => spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(
    `\nold: ${PRE_UPGRADE.slice(0, 7)} on node ${version(oldNode)}; new: this checkout on node ${version(process.execPath)}`,
  );
  const rows: { which: 'old' | 'new'; row: LoadRow }[] = [];
  for (let round = 0; round < repeat; round++) {
    // Interleaved (old, new, old, new...) so a busy spell on the machine hits both alike.
    for (const which of ['old', 'new'] as const)
      for (const row of load(which, round)) rows.push({ which, row });
  }
  const oldBytes = bytes('old');
  const newBytes = bytes('new');

  console.log(`\n━━ old vs new: server CPU per action and p99 (medians of ${repeat} interleaved rounds) ━━`);
  console.log('tables  room      old µs/action  new µs/action  new/old   old p99 ms  new p99 ms  new/old');
  const tablesList = [...new Set(rows.map((r) => r.row.tables))];
  for (const tables of tablesList)
    for (const target of ['bankout', 'bare']) {
      const of = (which: 'old' | 'new', k: 'cpuUsPerAction' | 'p99') =>
        median(
          rows
            .filter((r) => r.which === which && r.row.target === target && r.row.tables === tables)
            .map((r) => r.row[k]),
        );
      const [oc, nc, op, np] = [
        of('old', 'cpuUsPerAction'),
        of('new', 'cpuUsPerAction'),
        of('old', 'p99'),
        of('new', 'p99'),
      ];
      console.log(
        `${String(tables).padStart(6)}  ${target.padEnd(8)} ${fmt(oc).padStart(14)} ${fmt(nc).padStart(14)} ${fmt(nc / oc, 2).padStart(8)} ${fmt(op, 1).padStart(12)} ${fmt(np, 1).padStart(11)} ${fmt(np / op, 2).padStart(8)}`,
      );
    }
  console.log('\n━━ old vs new: bytes per action, two players and a spectator together ━━');
  console.log(
    'game            old patch B  new patch B  new/old   old msg B  new msg B   old join B  new join B',
  );
  for (const n of newBytes) {
    const o = oldBytes.find((b) => b.game === n.game);
    console.log(
      `${n.game.padEnd(15)} ${fmt(o?.patchBytesPerAction ?? NaN).padStart(11)} ${fmt(n.patchBytesPerAction).padStart(12)} ${fmt(n.patchBytesPerAction / (o?.patchBytesPerAction ?? NaN), 2).padStart(8)} ${fmt(o?.messageBytesPerAction ?? NaN).padStart(11)} ${fmt(n.messageBytesPerAction).padStart(10)} ${fmt(o?.joinStateBytes ?? NaN).padStart(12)} ${fmt(n.joinStateBytes).padStart(11)}`,
    );
  }
  console.log(
    '\nµs/action: the server process’s CPU time over the measured window / actions answered (2 clients a table, 200 ms think time).',
  );
  console.log(
    'Bytes: each game played with its own legal moves from a fixed generator; the servers pick their own seeds, so the two matches differ (compare orders of magnitude, not single bytes).',
  );
}

main();
