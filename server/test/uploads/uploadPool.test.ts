/**
 * Issue 31's "one client can keep the single upload worker busy", at the pool: uploads are served
 * fairly across clients, an upload identical to one being checked joins it, the limits (per
 * client, on the server, and the actions all clients together may have replayed) refuse with
 * their codes, and the checks run in processes at a lower priority than the server. No times:
 * the order of the replays and the counts (bench/upload-round-trip.ts measures the round trips).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { botMatchFile } from '../helpers/botMatch';
import { disguised } from '../helpers/disguisedMatch';
import { UploadPool } from '../../src/uploads/uploadPool';
import { PATIENT_UPLOADS } from '../helpers/patientUploads';

jest.setTimeout(300_000);

const longMatch = zlib
  .gunzipSync(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'tactical-risk-long.json.gz')))
  .toString('utf8');
const importJob = (file: unknown) =>
  ({
    kind: 'import',
    body: new Uint8Array(Buffer.from(typeof file === 'string' ? file : JSON.stringify(file))),
  }) as const;

let pool: UploadPool;
afterEach(async () => {
  await pool.close();
});

test('replays take turns across clients, and an identical upload joins the one under way', async () => {
  // The order, not the pace: at nice 10 under load the longest file ran past the 30 s deadline.
  pool = new UploadPool(PATIENT_UPLOADS);
  // The longest legal match keeps the replay process busy (seconds) while the others are read
  // (a fraction of a second each) and wait their turn.
  const holder = pool.check(importJob(longMatch), 'x');
  const shared = botMatchFile('bankout', 41);
  const answers = await Promise.all([
    holder,
    pool.check(importJob(botMatchFile('bankout', 42)), 'a'),
    pool.check(importJob(botMatchFile('bankout', 43)), 'a'),
    pool.check(importJob(botMatchFile('bankout', 44)), 'b'),
    pool.check(importJob(shared), 'c'),
    pool.check(importJob(disguised(shared, 1)), 'd'),
    pool.check(importJob(disguised(shared, 2)), 'e'),
  ]);
  expect(answers.map((a) => a.ok)).toEqual([true, true, true, true, true, true, true]);
  // First come, first served would have given a, a, b, c: client a's second file waits for b and c.
  expect(pool.replayOrder).toEqual(['x', 'a', 'b', 'c', 'a']);
  // d and e sent the same match under other names: answered by c's replay.
  expect(pool.counts).toMatchObject({ identified: 7, replayed: 5, joined: 2 });
});

test('a file refused once is refused again at once, without a replay', async () => {
  pool = new UploadPool();
  const match = botMatchFile('bankout', 51);
  // Claims the other seat won: the replay says otherwise.
  const lying = { ...match, outcome: { ...match.outcome, winners: [1 - match.outcome.winners[0]!] } };
  const first = await pool.check(importJob(lying), 'a');
  expect(first).toMatchObject({ ok: false, status: 422, code: 'BAD_MATCH' });
  const again = await pool.check(importJob(disguised(lying, 3)), 'b');
  expect(again).toEqual(first);
  expect(pool.counts).toMatchObject({ identified: 2, replayed: 1, remembered: 1 });
  // The same moves claiming the true winners are another verdict: checked, and taken.
  expect(await pool.check(importJob(match), 'c')).toMatchObject({ ok: true });
  expect(pool.counts.replayed).toBe(2);
});

test('per client and in total, uploads under way are limited, with their own codes', async () => {
  pool = new UploadPool({ perClientLimit: 1, queueLimit: 3 });
  const answers = await Promise.all([
    pool.check(importJob(botMatchFile('bankout', 61)), 'a'),
    pool.check(importJob(botMatchFile('bankout', 62)), 'a'),
    pool.check(importJob(botMatchFile('bankout', 63)), 'b'),
    pool.check(importJob(botMatchFile('bankout', 64)), 'c'),
    pool.check(importJob(botMatchFile('bankout', 65)), 'd'),
  ]);
  expect(answers.map((a) => (a.ok ? 'ok' : `${a.status} ${a.code}`))).toEqual([
    'ok',
    '429 UPLOAD_BUSY',
    'ok',
    'ok',
    '503 UPLOAD_QUEUE_FULL',
  ]);
});

test('the replays of all clients together spend one budget of actions; answers known from the content spend none', async () => {
  const first = botMatchFile('bankout', 71);
  pool = new UploadPool({ actionsBurst: first.actions.length, actionsPerMinute: 0.001 });
  expect(await pool.check(importJob(first), 'a')).toMatchObject({ ok: true });
  const duplicate = { ok: false, status: 409, code: 'DUPLICATE', message: 'known' } as const;
  expect(await pool.check(importJob(disguised(first, 4)), 'b', { known: () => duplicate })).toEqual(
    duplicate,
  );
  const other = await pool.check(importJob(botMatchFile('bankout', 72)), 'c');
  expect(other).toMatchObject({ ok: false, status: 503, code: 'UPLOADS_PAUSED', retryAfter: 60 });
  expect(pool.counts).toMatchObject({ replayed: 1, known: 1 });
});

/** The nice value of every thread of a process (Linux: field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNices(pid: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count from the closing bracket.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

test('the checks run in processes at a lower priority than the server, every thread of them', async () => {
  pool = new UploadPool({ nice: 10 });
  expect(await pool.check(importJob(botMatchFile('bankout', 81)), 'a')).toMatchObject({ ok: true });
  const pids = pool.processIds();
  expect(pids).toHaveLength(2);
  expect(pids).not.toContain(process.pid);
  for (const pid of pids) {
    const nices = threadNices(pid);
    expect(nices.length).toBeGreaterThan(1);
    expect(Math.min(...nices)).toBe(Math.min(19, os.getPriority() + 10));
  }
});
