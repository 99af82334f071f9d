/**
 * Restore benchmark (not a test): how long the real server takes to start with TABLES (default 100)
 * unfinished Bankout matches left in DATA_DIR by an earlier run, beside the same start with an empty
 * DATA_DIR, in one run. Target: the 100 matches restored in under 2 s.
 *
 *   npx tsx bench/restore.ts             (after `npm run build:server`)
 *   TABLES=500 ACTIONS=120 npx tsx bench/restore.ts
 *
 * The records are written the way a room writes them (FileMatchStore + record lines): a header, the
 * seating with a hashed seat token, the match start, then ACTIONS (default 60) accepted actions
 * chosen by the Bankout bot for both seats, each followed by its public log lines, as a match halfway
 * through leaves them.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SPECTATOR } from '../shared/src/core/contract';
import { Random, seedRng } from '../shared/src/core/rng';
import { bankout } from '../shared/src/games/bankout';
import type { BankoutOptions, BankoutState } from '../shared/src/games/bankout/types';
import { FileMatchStore } from '../server/src/storage/FileMatchStore';

const root = path.resolve(__dirname, '..');
const TABLES = Number(process.env.TABLES ?? 100);
const ACTIONS = Number(process.env.ACTIONS ?? 60);
const RUNS = Number(process.env.RUNS ?? 3);

/** Writes `tables` unfinished matches into a fresh DATA_DIR; returns it and the actions written. */
function writeUnfinishedMatches(tables: number): { dir: string; actions: number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parlor-restore-bench-'));
  const store = new FileMatchStore(dir, { warn: () => {} });
  store.init();
  let written = 0;
  const now = Date.now();
  for (let t = 0; t < tables; t++) {
    const roomId = `bench${String(t).padStart(5, '0')}`;
    const options = bankout.optionsSchema.parse({ mode: t % 2 ? 'blitz' : 'bankout', jokers: true });
    const log = store.create({
      t: 'table',
      v: 1,
      roomId,
      roomName: 'bankout',
      game: 'bankout',
      tableName: `Table ${t}`,
      private: false,
      seats: 2,
      vsBots: true,
      createdAt: now,
    });
    const seats = [
      { name: `Player ${t}`, bot: false },
      { name: 'Bot 2', bot: true },
    ];
    const tokenHash = createHash('sha256').update(`token-${t}`).digest('hex');
    log.append({
      t: 'seats',
      at: now,
      seats: [
        { name: seats[0]!.name, occupied: true, bot: false, tokenHash },
        { name: seats[1]!.name, occupied: true, bot: true, tokenHash: null },
      ],
      host: 0,
      options,
      code: `B${String(t).padStart(5, '0')}`,
    });
    const seed = 1000 + t;
    log.append({ t: 'start', at: now, seed, seats, options, number: 1 });
    const random = new Random(seedRng(seed));
    let state: BankoutState = bankout.setup(options as BankoutOptions, seats, seed);
    for (let a = 0; a < ACTIONS && !bankout.outcome(state); a++) {
      const seat = bankout.toAct(state)[0];
      if (seat === undefined) break;
      const legal = bankout.legalActions(state, seat);
      const action = bankout.bot.decide(bankout.view(state, seat), legal, () => random.float());
      const result = bankout.apply(state, seat, action);
      if (!result.ok) throw new Error(`the bot chose a refused action: ${result.error.message}`);
      // Stop before the end: a finished match is history, not something to restore.
      if (bankout.outcome(result.state)) break;
      state = result.state;
      log.append({ t: 'action', at: now, seat, action });
      for (const e of result.events)
        if (e.to === undefined && e.text) log.append({ t: 'log', at: now, seat: e.seat ?? -1, text: e.text });
      written++;
    }
    if (bankout.view(state, SPECTATOR).public.winner !== null) throw new Error('a match ended early');
    log.close();
  }
  store.writeHeartbeat({ at: now, stopped: true });
  return { dir, actions: written };
}

/** Milliseconds from spawning the built server until it prints its banner (restore is done by then). */
async function timeStart(dataDir: string, port: number, expectRestored: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'server/dist/index.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DISCOVERY: 'off',
      QR: 'false',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  try {
    return await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no banner in 60 s:\n${out}`)), 60000);
      const onData = (d: Buffer) => {
        out += d;
        // The banner names the port once the server listens, after the restore has run.
        if (!/http:\/\/\S+:\d+/.test(out)) return;
        clearTimeout(timer);
        const elapsed = performance.now() - started;
        const m = /Resumed (\d+) table/.exec(out);
        const restored = m ? Number(m[1]) : 0;
        if (restored !== expectRestored)
          reject(new Error(`restored ${restored}, expected ${expectRestored}:\n${out}`));
        else resolve(elapsed);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (d: Buffer) => (out += d));
      child.on('exit', (code) => reject(new Error(`server exited ${code}:\n${out}`)));
    });
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
  }
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  console.log(`Restore benchmark: ${TABLES} unfinished Bankout matches, ${RUNS} starts each, median`);
  const empties: number[] = [];
  const fulls: number[] = [];
  let actions = 0;
  for (let run = 0; run < RUNS; run++) {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'parlor-restore-empty-'));
    const full = writeUnfinishedMatches(TABLES);
    actions = full.actions;
    try {
      empties.push(await timeStart(empty, 2690, 0));
      fulls.push(await timeStart(full.dir, 2691, TABLES));
    } finally {
      rmSync(empty, { recursive: true, force: true });
      rmSync(full.dir, { recursive: true, force: true });
    }
  }
  const e = median(empties);
  const f = median(fulls);
  console.log(`  start, empty DATA_DIR:            ${e.toFixed(0)} ms`);
  console.log(
    `  start, ${TABLES} matches to restore:   ${f.toFixed(0)} ms (${actions} recorded actions replayed)`,
  );
  console.log(
    `  restore cost:                     ${(f - e).toFixed(0)} ms (${((f - e) / TABLES).toFixed(1)} ms per match)`,
  );
  console.log(`Target: ${TABLES === 100 ? '' : '(scaled) '}100 matches restored in under 2 s.`);
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
