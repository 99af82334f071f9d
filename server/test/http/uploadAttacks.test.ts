/**
 * Issue 31's findings on the history import, replayed as the attacker did them:
 *
 * - "Renaming the seats of one finished match gets past the duplicate check: 70 copies from 14
 *   addresses in 8.4 s replaced most of the 50-match import budget." Now every copy is refused as
 *   the duplicate it is, before any replay, and the history keeps one.
 * - "A duplicate is recognised only after its full replay, so the same file can be sent back to
 *   back." Now a repeat, accepted or refused before, is answered from its content, without a replay
 *   (uploads.test.ts does the same with the largest file).
 *
 * Counts, not times: the pool's replays before and after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { botMatchFile } from '../helpers/botMatch';
import { disguised } from '../helpers/disguisedMatch';
import { rawRequest } from '../helpers/rawHttp';
import { type Booted, bootParlor } from '../helpers/testServer';
import { matchStoreOf } from '../../src/storage/FileMatchStore';
import { uploadPool } from '../../src/uploads/uploadPool';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(300_000);
let app: Booted;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-upload-attacks-'));
  app = await bootParlor(PORT, { dataDir, importedHistoryLimit: 50 });
});
afterAll(async () => {
  await matchStoreOf(app.cfg).settled();
  await app.server.shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const importFile = (body: unknown, from: string) =>
  rawRequest(PORT, {
    method: 'POST',
    path: '/api/history/import',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    from,
  });

const importedMatches = async () =>
  ((await rawRequest(PORT, { path: '/api/history' })).json.matches as { imported: boolean }[]).filter(
    (m) => m.imported,
  ).length;

test('70 renamed copies of one match from 14 addresses are refused as duplicates, before any replay', async () => {
  const match = botMatchFile('bankout', 311);
  expect((await importFile(match, '127.0.1.1')).status).toBe(201);
  const replays = uploadPool().counts.replayed;
  const addresses = Array.from({ length: 14 }, (_, i) => `127.0.2.${i + 1}`);
  // Each address sends its 5 copies one after another (its limit), all addresses at once.
  const answers = (
    await Promise.all(
      addresses.map(async (from, a) => {
        const mine = [];
        for (let k = 0; k < 5; k++) mine.push(await importFile(disguised(match, a * 5 + k + 1), from));
        return mine;
      }),
    )
  ).flat();
  expect(answers).toHaveLength(70);
  expect(new Set(answers.map((r) => `${r.status} ${r.json?.code}`))).toEqual(new Set(['409 DUPLICATE']));
  expect(uploadPool().counts.replayed).toBe(replays);
  expect(await importedMatches()).toBe(1);
});

test('copies sent at once, under other names, are checked once and imported once', async () => {
  const match = botMatchFile('bankout', 312);
  const replays = uploadPool().counts.replayed;
  const before = await importedMatches();
  const answers = await Promise.all(
    [0, 1, 2].map((n) => importFile(n === 0 ? match : disguised(match, n), `127.0.3.${n + 1}`)),
  );
  expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  expect(uploadPool().counts.replayed).toBe(replays + 1);
  expect(await importedMatches()).toBe(before + 1);
});

test('a file refused once is refused again at once, whoever sends it under whatever names', async () => {
  const match = botMatchFile('bankout', 313);
  const lying = { ...match, outcome: { ...match.outcome, winners: [1 - match.outcome.winners[0]!] } };
  const first = await importFile(lying, '127.0.4.1');
  expect([first.status, first.json?.code]).toEqual([422, 'BAD_MATCH']);
  const replays = uploadPool().counts.replayed;
  const again = await Promise.all([
    importFile(lying, '127.0.4.2'),
    importFile(disguised(lying, 1), '127.0.4.3'),
  ]);
  expect(again.map((r) => r.json)).toEqual([first.json, first.json]);
  expect(uploadPool().counts.replayed).toBe(replays);
});

test('what the history keeps is the match as the game reads it: the fields the rules never read are gone', async () => {
  const match = botMatchFile('bankout', 314);
  const copy = disguised(match, 9);
  const answer = await importFile(copy, '127.0.5.1');
  expect(answer.status).toBe(201);
  const stored = (await rawRequest(PORT, { path: `/api/history/${answer.json.id}` })).json as typeof match;
  expect(stored.actions.map((a) => a.action)).toEqual(match.actions.map((a) => a.action));
  expect(stored.tableName).toBe('Copy 9');
});
