/**
 * Issue 27's comparison (not a test): the games' views described once and derived (this checkout)
 * against the hand-written schemas and projections before it (commit be14f07), in one run:
 *   - projection bytes per action on the very same states (bench/views-bytes.ts: both adapters in
 *     one process, the exact comparison);
 *   - bytes per action for every game through real servers and clients (bench/game-bytes.ts, the
 *     same driver on both builds; the servers pick their own seeds, so these matches differ);
 *   - Bankout's server CPU per action (bench/load.ts), old and new rows interleaved round by round.
 * The old build is a git worktree of be14f07 in .bench/views-base, made and built on first use; it
 * borrows this checkout's node_modules (the packages did not change).
 *
 *   npx tsx bench/views-before-after.ts
 *   ACTIONS=60 LEVELS=100 MEASURE_MS=5000 REPEAT=1 npx tsx bench/views-before-after.ts   (reduced)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const BASE = 'be14f07';
const oldTree = path.join(root, '.bench', 'views-base');
const repeat = Math.max(1, Number(process.env.REPEAT ?? 2));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'parlor-views-'));

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): void {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}`);
}

function ensureBuilds(): void {
  if (!existsSync(path.join(oldTree, 'package.json'))) {
    console.log(`views: making ${path.relative(root, oldTree)} (git worktree of ${BASE})`);
    run('git', ['worktree', 'add', '--detach', oldTree, BASE], root);
  }
  if (!existsSync(path.join(oldTree, 'node_modules')))
    symlinkSync(path.join(root, 'node_modules'), path.join(oldTree, 'node_modules'));
  if (!existsSync(path.join(oldTree, 'server', 'dist', 'index.js')))
    run('npm', ['run', 'build:server'], oldTree);
  run('npm', ['run', 'build:server'], root);
  // tsx applies a tsconfig only to the files it includes: the old adapters need this checkout's
  // decorator settings too (bench/views-bytes.ts imports them).
  writeFileSync(
    path.join(root, '.bench', 'tsconfig.views.json'),
    JSON.stringify({
      extends: '../tsconfig.tests.json',
      // The old adapters import each game from the package root, which re-exported them then.
      compilerOptions: { baseUrl: '..', paths: { '@parlor/shared': ['bench/views-base-shared.ts'] } },
      include: ['../shared/src', '../server/src', '../bench', 'views-base/server/src'],
    }),
  );
}

const tsx = (script: string, out: string, which: 'old' | 'new', env: NodeJS.ProcessEnv) =>
  run(process.execPath, ['--import', 'tsx', path.join(root, script)], root, {
    JSON_OUT: out,
    TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.tests.json'),
    ...(which === 'old' ? { BENCH_TREE: oldTree } : {}),
    ...env,
  });

interface BytesRow {
  game: string;
  actions: number;
  patchBytesPerAction: number;
  messageBytesPerAction: number;
  joinStateBytes: number;
}
interface LoadRow {
  target: string;
  tables: number;
  p99: number;
  cpuUsPerAction: number;
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');

function main(): void {
  ensureBuilds();
  run(process.execPath, ['--import', 'tsx', path.join(root, 'bench/views-bytes.ts')], root, {
    TSX_TSCONFIG_PATH: path.join(root, '.bench', 'tsconfig.views.json'),
  });
  const bytes = (which: 'old' | 'new'): BytesRow[] => {
    const out = path.join(tmp, `bytes-${which}.json`);
    tsx('bench/game-bytes.ts', out, which, {});
    return JSON.parse(readFileSync(out, 'utf8')) as BytesRow[];
  };
  const oldBytes = bytes('old');
  const newBytes = bytes('new');
  const load: { which: string; row: LoadRow }[] = [];
  for (let round = 0; round < repeat; round++)
    for (const which of ['old', 'new'] as const) {
      const out = path.join(tmp, `load-${which}-${round}.json`);
      tsx('bench/load.ts', out, which, { ROWS: 'bankout', LEVELS: process.env.LEVELS ?? '500' });
      for (const row of JSON.parse(readFileSync(out, 'utf8')) as LoadRow[]) load.push({ which, row });
    }

  console.log(
    `\n━━ before (${BASE}, hand-written) vs after (derived from one description): bytes per action ━━`,
  );
  console.log('game            actions old/new   old patch B  new patch B  new/old   old join B  new join B');
  for (const n of newBytes) {
    const o = oldBytes.find((b) => b.game === n.game);
    console.log(
      `${n.game.padEnd(15)} ${`${o?.actions ?? '-'}/${n.actions}`.padStart(15)} ${fmt(o?.patchBytesPerAction ?? NaN).padStart(13)} ${fmt(n.patchBytesPerAction).padStart(12)} ${fmt(n.patchBytesPerAction / (o?.patchBytesPerAction ?? NaN), 2).padStart(8)} ${fmt(o?.joinStateBytes ?? NaN).padStart(12)} ${fmt(n.joinStateBytes).padStart(11)}`,
    );
  }
  console.log(`\n━━ Bankout server CPU per action (medians of ${repeat} interleaved rounds) ━━`);
  console.log('tables   old µs/action  new µs/action  new/old   old p99 ms  new p99 ms');
  for (const tables of [...new Set(load.map((l) => l.row.tables))]) {
    const of = (which: string, k: 'cpuUsPerAction' | 'p99') =>
      median(load.filter((l) => l.which === which && l.row.tables === tables).map((l) => l.row[k]));
    const [oc, nc] = [of('old', 'cpuUsPerAction'), of('new', 'cpuUsPerAction')];
    console.log(
      `${String(tables).padStart(6)} ${fmt(oc).padStart(15)} ${fmt(nc).padStart(14)} ${fmt(nc / oc, 2).padStart(8)} ${fmt(of('old', 'p99'), 1).padStart(12)} ${fmt(of('new', 'p99'), 1).padStart(11)}`,
    );
  }
  console.log(
    '\nBytes: the same driver and generator on both builds; the servers pick their own seeds, so matches differ (compare ratios, not single bytes).',
  );
}

main();
