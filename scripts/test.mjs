#!/usr/bin/env node
// `npm test`: every check a change must pass, in order, stopping at nothing so the summary is whole.
// Lint and types, the build (browser and discovery tests run the built server and client), the rules,
// the client's unit tests and the room suites, the static Docker checks and the browser tests. Ends
// with "Tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-artifacts', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const steps = [
  { name: 'lint', cmd: 'npx', args: ['eslint', '.'] },
  { name: 'format', cmd: 'npx', args: ['prettier', '--check', '.'] },
  { name: 'types', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.tests.json'] },
  { name: 'types (client)', cmd: 'npx', args: ['tsc', '-p', 'client', '--noEmit'] },
  { name: 'game places', cmd: 'node', args: ['scripts/check-game-places.mjs'] },
  { name: 'build', cmd: 'npm', args: ['run', 'build'] },
  { name: 'build (bankout.html)', cmd: 'npm', args: ['run', 'build:bankout-html'] },
  // Pure, CPU-bound rules tests: two workers halve the step on two cores. The other steps run in
  // band: their servers, browsers and timers would compete with a second worker's.
  { name: 'rules', jest: 'shared', workers: 2 },
  { name: 'client (unit)', jest: 'client', workers: 2 },
  { name: 'rooms, http, discovery', jest: 'server' },
  { name: 'docker (static)', cmd: 'npm', args: ['run', 'test:docker'] },
  { name: 'browser', jest: 'browser' },
];

// TEST_STEPS=rules,browser runs only those steps (by name), for a quicker look at one part.
const only = process.env.TEST_STEPS?.split(',').map((n) => n.trim());
const chosen = only ? steps.filter((s) => only.includes(s.name)) : steps;

let passed = 0;
let failed = 0;
const failures = [];
/** Failed tests with the start of their messages, printed again at the end (CI shows the tail). */
const failedTests = [];
/** Tests that passed only when run again (browser tests get one more try). */
const retried = [];
const ESC = String.fromCharCode(27);
const stripColours = (t) =>
  t
    .split(ESC)
    .map((part, i) => (i ? part.replace(/^\[[0-9;]*m/, '') : part))
    .join('');
/** Suites that failed outside any test (a crash in beforeAll, a syntax error). */
function suiteFailures(j) {
  return (j.testResults ?? [])
    .filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((t) => t.status === 'failed'))
    .map((f) => ({ name: path.relative(root, f.name), message: f.message ?? '' }));
}
// What the steps need from the distribution, said up front and again at the end: without Chromium
// every browser test fails (saying the same), without redis-server the scale tests are skipped.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const missing = [];
if (chosen.some((s) => s.name === 'browser') && !existsSync(chromium))
  missing.push(
    `Chromium is missing (${chromium}): the browser tests fail. Install it: sudo apt-get install chromium`,
  );
if (chosen.some((s) => s.jest === 'server') && !onPath('redis-server'))
  missing.push(
    'redis-server is missing: the scale-out tests are skipped. Install it: sudo apt-get install redis-server',
  );
const sayMissing = () => {
  for (const m of missing) console.log(`!! ${m}`);
  if (missing.length) console.log('!! (see "Quick start" in README.md)');
};
if (missing.length) console.log('');
sayMissing();
const started = Date.now();
for (const step of chosen) {
  const t0 = Date.now();
  console.log(`\n━━ ${step.name} ━━`);
  let ok;
  if (step.jest) {
    const out = path.join(reports, `${step.jest}.json`);
    const r = spawnSync(
      'npx',
      [
        'jest',
        '--selectProjects',
        step.jest,
        step.workers ? `--maxWorkers=${step.workers}` : '--runInBand',
        '--json',
        `--outputFile=${out}`,
      ],
      { cwd: root, stdio: 'inherit' },
    );
    let counted = false;
    try {
      const j = JSON.parse(readFileSync(out, 'utf8'));
      passed += j.numPassedTests;
      failed += j.numFailedTests;
      counted = true;
      for (const file of j.testResults ?? [])
        for (const t of file.assertionResults ?? [])
          if (t.status === 'passed' && t.invocations > 1)
            retried.push(
              `${path.relative(root, file.name)} › ${t.fullName} (passed on try ${t.invocations})`,
            );
          else if (t.status === 'failed')
            failedTests.push({
              step: step.name,
              name: `${path.relative(root, file.name)} › ${t.fullName}`,
              message: (t.failureMessages ?? []).join('\n'),
            });
      for (const f of suiteFailures(j)) failedTests.push({ step: step.name, ...f });
      // Judged by the report, not the exit status: jest also exits 1 when a library logs after a
      // suite ended (colyseus.js warns about sockets the test server closed), which fails nothing.
      ok = j.success && j.numFailedTests === 0 && j.numRuntimeErrorTestSuites === 0;
      if (r.status !== 0 && ok) console.log(`(jest exited ${r.status} with every test passed)`);
    } catch {
      ok = false;
    }
    if (!counted) failed += 1;
  } else {
    const r = spawnSync(step.cmd, step.args, { cwd: root, stdio: 'inherit' });
    ok = r.status === 0;
    if (ok) passed += 1;
    else failed += 1;
  }
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(`━━ ${step.name}: ${ok ? 'ok' : 'FAILED'} (${secs} s)`);
  if (!ok) failures.push(step.name);
}

if (retried.length) {
  console.log('\n━━ passed only when run again ━━');
  for (const r of retried) console.log(`↻ ${r}`);
}
if (failedTests.length) {
  console.log('\n━━ what failed ━━');
  for (const f of failedTests) {
    const text = stripColours(f.message)
      .split('\n')
      .filter((l) => !/node_modules[\\/](jest|expect|@jest)/.test(l))
      .slice(0, 20)
      .join('\n');
    console.log(`\n✕ [${f.step}] ${f.name}\n${text}`);
  }
}
if (missing.length) console.log('');
sayMissing();
const total = ((Date.now() - started) / 1000).toFixed(0);
console.log(
  `\nnpm test finished in ${total} s${failures.length ? `; failed steps: ${failures.join(', ')}` : ''}`,
);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
