#!/usr/bin/env node
// `npm run bench`: builds the server, then runs every benchmark in bench/ in turn. Not a test:
// benchmarks print measurements (and ratios measured in the same run); nothing here fails on a number.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Bench files import @parlor/shared from source (tsconfig.tests.json maps it), as the tests do.
const env = { ...process.env, TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.tests.json') };
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run('npm', ['run', 'build:server']);
for (const file of [
  'bench/bankout-ai.ts',
  'bench/devices-ai.ts',
  'bench/devices-targets.ts',
  'bench/kingpin-bot.ts',
  'bench/kingpin-balance.ts',
  'bench/james-bland-ai.ts',
  'bench/tactical-risk-calculator.ts',
  'bench/tactical-risk-ai.ts',
  'bench/tactical-risk-patches.ts',
  'bench/tactical-risk-frames.ts',
  'bench/load.ts',
  'bench/game-bytes.ts',
  'bench/old-vs-new.ts',
  'bench/restore.ts',
  'bench/upload-round-trip.ts',
  'bench/rng.ts',
  'bench/scale.ts',
]) {
  console.log(`\n━━ ${file} ━━`);
  run(process.execPath, ['--import', 'tsx', file]);
}
