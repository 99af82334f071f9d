#!/usr/bin/env node
// `npm test`: every check a change must pass, stopping at nothing so the summary is whole: lint and
// types, the build (browser and discovery tests run the built server and client), the rules, the
// client's unit tests and the room suites, the static Docker checks and the browser tests. Ends with
// "Tests: N passed, N failed", how long it took (a warning past TARGET_SECONDS) and the CPU time used.
//
// By default two lanes run side by side, each its steps in order: the checks, the rules, the
// client's unit tests and then the room suites (after the build; two jest workers); and the build
// then the browser tests, which mostly wait (on their servers, pages and timers), so the first lane
// fills both cores meanwhile. Server tests pick free ports and wait for conditions (under ceilings
// that only say it never came), not for wall-clock margins (docs/operations.md, "Tests").
// TEST_LANES=serial runs every step one after another (a quiet look at one step's time);
// TEST_LANES=three puts the room suites in a lane of their own beside the checks.
// Each step's output is kept in test-artifacts/reports/<step>.log and printed whole when the step
// ends (live when only one lane runs).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * CPU seconds (user + system) of every child process that has ended so far, with their own
 * children (Linux's /proc; null elsewhere). On a machine others share, a step's CPU time compares
 * runs where its wall time cannot.
 */
const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
function childrenCpu() {
  try {
    // After the command's ")" comes the 3rd field (state): cutime and cstime, the 16th and 17th, follow.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond;
  } catch {
    return null;
  }
}
const cpuAtStart = childrenCpu();
const reports = path.join(root, 'test-artifacts', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/** The whole run should take at most this long on a 2-core machine (issue 36); more is reported. */
const TARGET_SECONDS = 12 * 60;

/** TEST_LANES: 'two' (the default), 'serial' or 'three' (see the header); 'parallel' is the old name of 'three'. */
const lanesMode = { parallel: 'three' }[process.env.TEST_LANES] ?? process.env.TEST_LANES ?? 'two';
if (!['two', 'serial', 'three'].includes(lanesMode)) {
  console.error(`TEST_LANES=${process.env.TEST_LANES}: use two (the default), serial or three`);
  process.exit(2);
}

const steps = [
  { name: 'lint', lane: 'checks', cmd: 'npx', args: ['eslint', '.'] },
  { name: 'format', lane: 'checks', cmd: 'npx', args: ['prettier', '--check', '.'] },
  { name: 'types', lane: 'checks', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.tests.json'] },
  { name: 'types (client)', lane: 'checks', cmd: 'npx', args: ['tsc', '-p', 'client', '--noEmit'] },
  // Pure, CPU-bound rules tests: two workers use both cores whenever the other lanes wait.
  { name: 'rules', lane: 'checks', jest: 'shared', workers: 2 },
  { name: 'client (unit)', lane: 'checks', jest: 'client', workers: 2 },
  { name: 'docker (static)', lane: 'checks', cmd: 'npm', args: ['run', 'test:docker'] },
  { name: 'game places', lane: 'checks', cmd: 'node', args: ['scripts/check-game-places.mjs'] },
  { name: 'build', lane: 'browser', cmd: 'npm', args: ['run', 'build'] },
  { name: 'build (bankout.html)', lane: 'browser', cmd: 'npm', args: ['run', 'build:bankout-html'] },
  // Two files at once on two cores or more (one on one core), unless BROWSER_WORKERS=N: each file runs
  // its own server on a free port and its own Chromium, and mostly waits on them, so two files share
  // the cores with the checks lane (two fresh-clone runs: every file passed, the lane 1,089 s vs 1,523).
  {
    name: 'browser',
    lane: 'browser',
    jest: 'browser',
    workers: Number(process.env.BROWSER_WORKERS ?? Math.min(2, os.availableParallelism())),
    after: 'build (bankout.html)',
  },
  // Two files at once: each boots its servers on free ports (server/test/helpers/freePort.ts) in
  // its own temporary directories. After the build: some run the built server (server/dist).
  // SERVER_WORKERS=N overrides the default.
  {
    name: 'rooms, http, discovery',
    lane: lanesMode === 'three' ? 'server' : 'checks',
    jest: 'server',
    workers: Number(process.env.SERVER_WORKERS ?? 2),
    after: 'build',
  },
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
if (lanesMode === 'serial') for (const s of chosen) s.lane = 'all';
const lanes = [...new Set(chosen.map((s) => s.lane))];
/** One lane: its steps print as they run; several: each step's output is printed whole at its end. */
const live = lanes.length === 1;
const logName = (step) => `${step.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.log`;

/** Runs a command; resolves with its exit status. Its output goes to the terminal or to `log`. */
function exec(cmd, args, log) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    if (!live) {
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
    }
    child.on('error', (e) => {
      log.write(`${cmd}: ${e.message}\n`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Counts a jest step's tests from its JSON report; true when every test passed. */
function countJest(step, out, status) {
  let j;
  try {
    j = JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    failed += 1;
    return false;
  }
  passed += j.numPassedTests;
  failed += j.numFailedTests;
  for (const file of j.testResults ?? [])
    for (const t of file.assertionResults ?? [])
      if (t.status === 'passed' && t.invocations > 1)
        retried.push(`${path.relative(root, file.name)} › ${t.fullName} (passed on try ${t.invocations})`);
      else if (t.status === 'failed')
        failedTests.push({
          step: step.name,
          name: `${path.relative(root, file.name)} › ${t.fullName}`,
          message: (t.failureMessages ?? []).join('\n'),
        });
  for (const f of suiteFailures(j)) failedTests.push({ step: step.name, ...f });
  // Judged by the report, not the exit status: jest also exits 1 when a library logs after a
  // suite ended (colyseus.js warns about sockets the test server closed), which fails nothing.
  const ok = j.success && j.numFailedTests === 0 && j.numRuntimeErrorTestSuites === 0;
  if (status !== 0 && ok) console.log(`(${step.name}: jest exited ${status} with every test passed)`);
  return ok;
}

async function runStep(step) {
  const t0 = Date.now();
  const cpu0 = childrenCpu();
  const logFile = path.join(reports, logName(step));
  const log = createWriteStream(logFile);
  console.log(live ? `\n━━ ${step.name} ━━` : `▶ ${step.name}`);
  let ok;
  if (step.jest) {
    const out = path.join(reports, `${step.jest}.json`);
    const status = await exec(
      'npx',
      [
        'jest',
        '--selectProjects',
        step.jest,
        step.workers > 1 ? `--maxWorkers=${step.workers}` : '--runInBand',
        '--json',
        `--outputFile=${out}`,
      ],
      log,
    );
    ok = countJest(step, out, status);
  } else {
    ok = (await exec(step.cmd, step.args, log)) === 0;
    if (ok) passed += 1;
    else failed += 1;
  }
  await new Promise((r) => log.end(r));
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  // A step's own CPU time is known only when nothing else runs beside it (one lane).
  const cpu1 = childrenCpu();
  const cpu = live && cpu0 !== null && cpu1 !== null ? `, CPU ${(cpu1 - cpu0).toFixed(1)} s` : '';
  if (!live) console.log(`\n━━ ${step.name} ━━\n${readFileSync(logFile, 'utf8').trimEnd()}`);
  console.log(`━━ ${step.name}: ${ok ? 'ok' : 'FAILED'} (${secs} s${cpu})`);
  timings.push(`${step.name}: ${secs} s${cpu}`);
  if (!ok) failures.push(step.name);
}

const started = Date.now();
const timings = [];
/** Each chosen step's end, for the steps that wait for it (`after`). */
const ends = new Map();
for (const step of chosen) {
  let end;
  ends.set(step.name, new Promise((r) => (end = r)));
  step.end = end;
}
/** When each lane ended (s after the start): the longest one is the run's time. */
const laneEnds = [];
await Promise.all(
  lanes.map(async (lane) => {
    for (const step of chosen.filter((s) => s.lane === lane)) {
      if (step.after) await ends.get(step.after);
      await runStep(step);
      step.end();
    }
    laneEnds.push(
      `lane ${lane} (${chosen
        .filter((s) => s.lane === lane)
        .map((s) => s.name)
        .join(', ')}): ended after ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }),
);

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
const total = Math.round((Date.now() - started) / 1000);
const cpuAtEnd = childrenCpu();
const cpuTotal =
  cpuAtStart !== null && cpuAtEnd !== null ? ` (CPU ${Math.round(cpuAtEnd - cpuAtStart)} s)` : '';
console.log(`\n━━ steps ━━\n${timings.join('\n')}`);
if (lanes.length > 1) console.log(`\n${laneEnds.join('\n')}`);
console.log(
  `\nnpm test took ${total} s${cpuTotal}${failures.length ? `; failed steps: ${failures.join(', ')}` : ''}`,
);
if (!only && total > TARGET_SECONDS)
  console.log(
    `!! over ${TARGET_SECONDS / 60} minutes (${TARGET_SECONDS} s): find the slow step above and the slow files in test-artifacts/reports/*.json`,
  );
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
