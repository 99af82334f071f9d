/**
 * Issue 20's "anyone can wipe the history" and "a private table becomes reachable after its first
 * match", attacked as a guest would:
 *
 * - re-importing one finished match is refused as a duplicate (so it cannot fill the history,
 *   nor list the same match twice), however its names and clock times are edited;
 * - imported matches have their own budget (IMPORTED_HISTORY_LIMIT): however many distinct
 *   matches are imported, every match played here stays;
 * - a client imports a few matches a minute at most (429 TOO_MANY_UPLOADS);
 * - a private table's matches are neither listed nor served while the table is open.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ClientMsg } from '@parlor/shared';
import { botMatchFile } from '../helpers/botMatch';
import { type Tracked, track, waitUntil } from '../helpers/clients';
import { raceAdapter } from '../helpers/fixtureGame';
import { rawRequest } from '../helpers/rawHttp';
import { type Booted, bootParlor } from '../helpers/testServer';
import { matchStoreOf } from '../../src/storage/FileMatchStore';
import type { FinishedMatch } from '../../src/storage/MatchStore';
import { freePort } from '../helpers/freePort';
import { patientUploadPool } from '../helpers/patientUploads';

const PORT = freePort();
jest.setTimeout(120_000);
let app: Booted;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-import-'));
  patientUploadPool(); // what is checked, not how fast (see the helper)
  // One import in ten minutes after the burst of five: the sixth is refused however long five imports
  // take on a busy machine (at 10 a minute a slow run earned a token back between them).
  app = await bootParlor(PORT, { dataDir, historyLimit: 3, importedHistoryLimit: 2, importsPerMinute: 0.1 }, [
    { name: 'race', adapter: raceAdapter },
  ]);
});
afterAll(async () => {
  await app.server.shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Each test's client has an address of its own: the per-client limits do not carry over. */
let nextClient = 10;
const newClient = () => `127.0.0.${nextClient++}`;

const importFile = (body: unknown, from: string) =>
  rawRequest(PORT, {
    method: 'POST',
    path: '/api/history/import',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    from,
  });

interface Listed {
  id: string;
  imported: boolean;
  tableName: string;
}
const history = async (): Promise<Listed[]> =>
  (await rawRequest(PORT, { path: '/api/history' })).json.matches as Listed[];

test('the same match imported again is refused, even with other names and times', async () => {
  const from = newClient();
  const match = botMatchFile('bankout', 101);
  const first = await importFile(match, from);
  expect(first.status).toBe(201);
  const again = await importFile(match, from);
  expect([again.status, again.json]).toEqual([409, expect.objectContaining({ code: 'DUPLICATE' })]);
  const edited = {
    ...match,
    tableName: 'Totally new',
    startedAt: match.startedAt + 5,
    finishedAt: match.finishedAt + 99_000,
    actions: match.actions.map((a, i) => ({ ...a, at: a.at + i * 7 })),
  };
  expect((await importFile(edited, from)).json).toMatchObject({ code: 'DUPLICATE' });
  expect((await history()).filter((m) => m.tableName === match.tableName)).toHaveLength(1);
});

test('imports never push out the matches played here', async () => {
  const store = matchStoreOf(app.cfg);
  const played = [1, 2, 3].map((i) => {
    const m = botMatchFile('bankout', 200 + i);
    const match = {
      ...m,
      id: `played${i}-1`,
      roomId: `played${i}`,
      actions: m.actions,
    } as unknown as FinishedMatch;
    store.finish(match);
    return match.id;
  });
  // Many distinct, legal matches, each from another client (as a guest with many addresses would).
  for (let i = 0; i < 6; i++) {
    const res = await importFile(botMatchFile('bankout', 300 + i), newClient());
    expect(res.status).toBe(201);
  }
  const listed = await history();
  for (const id of played) expect(listed.map((m) => m.id)).toContain(id);
  expect(listed.filter((m) => m.imported)).toHaveLength(2);
  expect(listed.filter((m) => !m.imported)).toHaveLength(3);
});

test('a client imports a few matches a minute at most', async () => {
  const from = newClient();
  const answers = [];
  for (let i = 0; i < 7; i++) answers.push(await importFile(botMatchFile('bankout', 400 + i), from));
  expect(answers.slice(0, 5).map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
  const refused = answers[5]!;
  expect([refused.status, refused.json?.code]).toEqual([429, 'TOO_MANY_UPLOADS']);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  // Another client is not held to it.
  expect((await importFile(botMatchFile('bankout', 450), newClient())).status).toBe(201);
});

async function step(t: Tracked, other: Tracked): Promise<void> {
  const before = other.json().log.length as number;
  t.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => other.json().log.length > before, 'the step is seen');
}

test("a private table's matches are not listed or served while it is open", async () => {
  const a = track(
    await app.client().create('race', { name: 'ada', seats: 2, private: true, options: { target: 1 } }),
  );
  const b = track(await app.client().joinById(a.room.roomId, { name: 'bob' }));
  await waitUntil(() => a.welcome !== null && b.welcome !== null, 'welcomes');
  a.room.send(ClientMsg.start);
  await waitUntil(() => b.json().status === 'playing', 'playing');
  await step(a, b);
  await waitUntil(() => b.json().status === 'finished', 'finished');
  const id = `${a.room.roomId}-1`;
  await waitUntil(() => matchStoreOf(app.cfg).hasFinished(id), 'kept in the history');
  // Kept, but an outsider learns nothing of the table from the history while it is open.
  expect((await history()).map((m) => m.id)).not.toContain(id);
  const served = await rawRequest(PORT, { path: `/api/history/${id}` });
  expect([served.status, served.json?.code]).toEqual([404, 'NOT_FOUND']);
  // Once the table is gone, its match is history like any other.
  await a.room.leave(true);
  await b.room.leave(true);
  const listedLater = async () => (await history()).map((m) => m.id).includes(id);
  for (let i = 0; i < 100 && !(await listedLater()); i++) await new Promise((r) => setTimeout(r, 50));
  expect(await listedLater()).toBe(true);
});
