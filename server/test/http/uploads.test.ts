/**
 * Issue 20's "one request freezes every table": an upload is checked (its whole match replayed)
 * by the upload worker, not on the event loop. The file sent is the longest legal Tactical Risk
 * match the limits allow (bench/make-long-match.ts: 2 MB, ~24,600 actions, each move a deep copy
 * of the state); meanwhile a player at another table keeps getting answers. One upload at
 * a time per client; a saved game loaded into a new table is checked by the worker too, and the
 * table carries it on from the state the worker rebuilt.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ClientMsg, JoinErrorCode, ServerMsg } from '@parlor/shared';
import { type Tracked, track, waitUntil } from '../helpers/clients';
import { raceAdapter } from '../helpers/fixtureGame';
import { rawRequest } from '../helpers/rawHttp';
import { FAST_LIMITS, type Booted, bootParlor } from '../helpers/testServer';
import type { MatchRecord } from '@parlor/shared';
import { sealedSave } from '../helpers/sealedSave';
import { MATCH_FILE_LIMIT_BYTES } from '../../src/storage/matchFile';
import { saveKeyFor } from '../../src/storage/saveKey';
import * as prechecked from '../../src/uploads/prechecked';
import * as uploadCheck from '../../src/uploads/uploadCheck';
import { UploadPool, uploadPool } from '../../src/uploads/uploadPool';
import { freePort } from '../helpers/freePort';
import { patientUploadPool } from '../helpers/patientUploads';

const PORT = freePort();
jest.setTimeout(300_000);
let app: Booted;
let dataDir: string;

const longMatch = zlib
  .gunzipSync(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'tactical-risk-long.json.gz')))
  .toString('utf8');

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-uploads-'));
  patientUploadPool(); // what is checked and where, not how fast (see the helper)
  app = await bootParlor(PORT, { dataDir }, [{ name: 'race', adapter: raceAdapter, limits: FAST_LIMITS }]);
});
afterAll(async () => {
  await app.server.shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One message to the table and its answer (a refusal: no match is being played). */
function roundTrip(t: Tracked): Promise<void> {
  return new Promise((resolve) => {
    const off = t.room.onMessage(ServerMsg.error, () => {
      off();
      resolve();
    });
    t.room.send(ClientMsg.action, { type: 'step' });
  });
}

const importFile = (body: string, from?: string) =>
  rawRequest(PORT, {
    method: 'POST',
    path: '/api/history/import',
    headers: { 'Content-Type': 'application/json' },
    body,
    from,
  });

test('the fixture is the largest legal match an upload may be', () => {
  const file = JSON.parse(longMatch) as { game: string; actions: unknown[] };
  // Exported under the game's former id: such files still import (shared/src/games/ids.ts).
  expect(file.game).toBe('tactical_risk');
  expect(longMatch.length).toBeLessThanOrEqual(MATCH_FILE_LIMIT_BYTES);
  expect(longMatch.length).toBeGreaterThan(MATCH_FILE_LIMIT_BYTES * 0.99);
  expect(file.actions.length).toBeGreaterThan(20_000);
});

/**
 * No times here (bench/upload-round-trip.ts measures the round trip's p99 against the idle one):
 * the other table's messages are answered, one after another, while the upload is still being
 * checked, and the check never runs on the event loop.
 */
test('another table is answered while the longest match is checked, in the upload process', async () => {
  const player = track(await app.client().create('race', { name: 'ada', seats: 2 }));
  await waitUntil(() => player.welcome !== null, 'welcome');
  const onEventLoop = jest.spyOn(uploadCheck, 'checkImport');
  const handedToWorker = jest.spyOn(UploadPool.prototype, 'check');

  let uploading = true;
  const upload = importFile(longMatch).finally(() => (uploading = false));
  let answeredDuring = 0;
  while (uploading) {
    await roundTrip(player);
    if (uploading) answeredDuring++;
    await new Promise((r) => setTimeout(r, 5));
  }
  const answer = await upload;
  expect([answer.status, answer.json]).toEqual([201, { id: expect.stringMatching(/^imported-/) }]);
  // The check is a replay of ~24,600 actions: the table kept answering, message after message,
  // before the upload's answer came. A check on the event loop would have held every one of them.
  expect(answeredDuring).toBeGreaterThan(10);
  expect(handedToWorker).toHaveBeenCalledWith(
    expect.objectContaining({ kind: 'import' }),
    expect.any(String),
    expect.anything(),
  );
  expect(onEventLoop).not.toHaveBeenCalled();
  onEventLoop.mockRestore();
  handedToWorker.mockRestore();
  await player.room.leave();
});

/**
 * Issue 31: "a duplicate is recognised only after its full replay (~20 s for a 2 MB file), so the
 * same file can be sent back to back". The history has the largest match now: the same bytes again,
 * or the match under other names, are refused from their content, with no replay.
 */
test('the largest file sent again, as is or renamed, is refused without a replay', async () => {
  const replays = uploadPool().counts.replayed;
  const file = JSON.parse(longMatch) as { seats: { name: string; bot: boolean }[] };
  const renamed = JSON.stringify({
    ...file,
    tableName: 'Mine now',
    seats: file.seats.map((s, i) => ({ name: `P${i}`, bot: !s.bot })),
    startedAt: 1,
  });
  const answers = await Promise.all([
    importFile(longMatch, '127.0.0.7'),
    importFile(longMatch, '127.0.0.8'),
    importFile(renamed, '127.0.0.9'),
  ]);
  expect(answers.map((a) => `${a.status} ${a.json?.code}`)).toEqual(Array(3).fill('409 DUPLICATE'));
  expect(uploadPool().counts.replayed).toBe(replays);
});

test('one upload at a time per client; another client is not held up', async () => {
  const other = JSON.stringify({ ...JSON.parse(longMatch), tableName: 'again' });
  // The first upload is held where the pool takes it until the other two are answered: it is then
  // still being checked for a fact, not for a guess at how long its check takes.
  let reached!: () => void;
  const inPool = new Promise<void>((r) => (reached = r));
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const check = UploadPool.prototype.check;
  let calls = 0;
  const spy = jest.spyOn(UploadPool.prototype, 'check').mockImplementation(async function (
    this: UploadPool,
    ...args: Parameters<UploadPool['check']>
  ) {
    if (calls++ === 0) {
      reached();
      await held;
    }
    return check.apply(this, args);
  } as never);
  try {
    const first = importFile(other, '127.0.0.5');
    await inPool;
    const [second, elsewhere] = await Promise.all([
      importFile(other, '127.0.0.5'),
      importFile('{"format":"parlor-match"}', '127.0.0.6'),
    ]);
    expect([second.status, second.json?.code]).toEqual([429, 'UPLOAD_BUSY']);
    expect(elsewhere.json?.code).toBe('BAD_MATCH');
    release();
    // The same match (another table name) is already in the history: refused from its content.
    const answer = await first;
    expect([answer.status, answer.json?.code]).toEqual([409, 'DUPLICATE']);
    expect(calls).toBe(2);
  } finally {
    release();
    spy.mockRestore();
  }
});

test('a saved game loaded into a new table is checked off the event loop and carries on', async () => {
  const full = JSON.parse(longMatch) as {
    options: unknown;
    seed: number;
    startedAt: number;
    seats: { name: string; bot: boolean }[];
    actions: unknown[];
  };
  // The bots' match, saved 3,000 actions in, with a person in the first seat, sealed with this
  // server's save key as the host's Save would.
  const place = { roomId: 'long-tactical-risk', tableName: 'The long war', matchNumber: 1 };
  const record = (actions: unknown[]): MatchRecord => ({
    game: 'tactical-risk',
    options: full.options,
    seed: full.seed,
    seats: full.seats.map((s, i) => (i === 0 ? { name: 'ada', bot: false } : s)),
    actions: actions as MatchRecord['actions'],
    startedAt: full.startedAt,
  });
  const { file: saved, codes } = sealedSave(place, record(full.actions.slice(0, 3000)), saveKeyFor(dataDir));
  const claim = codes[0];
  const checkTaken = jest.spyOn(prechecked, 'takeCheckedLoad');
  const stateTaken = jest.spyOn(prechecked, 'takeRebuiltState');
  const host = track(await app.client().create('tactical-risk', { name: 'ada', load: saved, claim }));
  await waitUntil(() => host.welcome !== null, 'welcome');
  expect(host.json().savedGame).toBe(true);
  host.room.send(ClientMsg.start);
  await waitUntil(() => host.json().status === 'playing', 'the saved match carries on');
  expect(host.errors).toEqual([]);
  // The room took the worker's verdict and state: it replayed nothing itself.
  expect(checkTaken.mock.results.some((r) => r.value !== undefined)).toBe(true);
  expect(stateTaken.mock.results.some((r) => r.value !== undefined)).toBe(true);
  await host.room.leave();

  // A file that does not replay is refused by the worker, with the room's code.
  const broken = sealedSave(
    place,
    record([...full.actions.slice(0, 10), { seat: 0, action: { type: 'fly' }, at: 1 }]),
    saveKeyFor(dataDir),
  );
  await expect(
    app.client().create('tactical-risk', { name: 'ada', load: broken.file, claim: broken.codes[0] }),
  ).rejects.toMatchObject({
    code: JoinErrorCode.BAD_SAVE,
    message: expect.stringMatching(/^BAD_SAVE: The match does not replay/),
  });
});

test('a check that runs too long is given up, and the next one gets a fresh process', async () => {
  const pool = new UploadPool({ timeoutMs: 200 });
  const body = () => new Uint8Array(Buffer.from(longMatch));
  try {
    expect(await pool.check({ kind: 'import', body: body() }, 'a')).toMatchObject({
      ok: false,
      code: 'TOO_SLOW',
    });
    // Not remembered (how long a check takes depends on how busy the server is): checked again,
    // by a new process.
    expect(await pool.check({ kind: 'import', body: body() }, 'b')).toMatchObject({
      ok: false,
      code: 'TOO_SLOW',
    });
    expect(pool.counts).toMatchObject({ replayed: 2, remembered: 0 });
    expect(pool.checkersStarted).toBe(2);
  } finally {
    await pool.close();
  }
});
