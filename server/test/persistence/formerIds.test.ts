/**
 * Records under a game's former id (`tactical_risk`, before every id became kebab-case, see
 * shared/src/games/ids.ts) still open: a table the server was running comes back in the game's room
 * under its id now, a saved game loads into a new table, and an exported match imports (and is
 * the same match as a copy naming the new id). The records are the legacy fixtures, written then.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { matchMaker } from '@colyseus/core';
import { ClientMsg } from '@parlor/shared';
import { track, waitUntil } from '../helpers/clients';
import { type Booted, bootParlor } from '../helpers/testServer';
import type { MatchRecord } from '@parlor/shared';
import { sealedSave } from '../helpers/sealedSave';
import { matchStoreFor } from '../../src/storage/FileMatchStore';
import { parseTableFile } from '../../src/storage/tableFile';
import { restoreTables } from '../../src/storage/restore';
import { saveKeyFor } from '../../src/storage/saveKey';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(120_000);
const FIXTURES = path.join(__dirname, '../fixtures/legacy-seeds');
const legacyTable = fs.readFileSync(path.join(FIXTURES, 'tactical_risk.jsonl'), 'utf8');
const legacyExport = fs.readFileSync(path.join(FIXTURES, 'tactical_risk.match.json'), 'utf8');
/** The table's record up to its 40th action: a match the server was running when it stopped. */
const runningTable = legacyTable
  .split('\n')
  .filter((l) => l.trim())
  .slice(0, 3 + 40)
  .join('\n');

let app: Booted;
let dataDir: string;
const api = (p: string, init?: RequestInit) => fetch(`http://127.0.0.1:${PORT}${p}`, init);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-former-ids-'));
  fs.mkdirSync(path.join(dataDir, 'matches'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'matches', 'legacytacticalrisk.jsonl'), `${runningTable}\n`);
  app = await bootParlor(PORT, { dataDir, reconnectSeconds: 1 });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterAll(async () => {
  await app.server.shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the fixture is a record under the former id', () => {
  expect(JSON.parse(runningTable.split('\n')[0]!)).toMatchObject({
    roomName: 'tactical_risk',
    game: 'tactical_risk',
  });
  expect(JSON.parse(legacyExport)).toMatchObject({ game: 'tactical_risk' });
});

test('a running table recorded under the former id is restored into the game room of its id now', async () => {
  const report = await restoreTables(matchStoreFor(dataDir));
  expect(report).toEqual({ restored: ['legacytacticalrisk'], failed: [] });
  const [room] = await matchMaker.query({ roomId: 'legacytacticalrisk' });
  expect(room?.name).toBe('tactical-risk');
  const watcher = track(await app.client().joinById('legacytacticalrisk', { name: 'eve', spectator: true }));
  await waitUntil(() => watcher.welcome !== null && watcher.json().game !== undefined, 'the restored table');
  expect(watcher.json()).toMatchObject({ game: 'tactical-risk', tableName: 'Legacy Tactical Risk' });
  await watcher.room.leave(true);
});

test('a saved game under the former id loads into a new table', async () => {
  const parsed = parseTableFile(Buffer.from(legacyTable));
  if (!parsed.ok) throw new Error(parsed.reason);
  const match = parsed.table.match!;
  const record: MatchRecord = {
    game: 'tactical_risk',
    options: match.options,
    seed: match.seed,
    seats: match.seats.map((s, i) => (i === 0 ? { name: 'ada', bot: false } : s)),
    actions: match.actions.slice(0, 30) as MatchRecord['actions'],
    startedAt: match.startedAt,
  };
  const place = { roomId: 'legacy-saved', tableName: 'Saved long ago', matchNumber: 1 };
  const { file: saved, codes } = sealedSave(place, record, saveKeyFor(dataDir));
  expect(saved.game).toBe('tactical_risk');
  const host = track(
    await app.client().create('tactical-risk', { name: 'ada', load: saved, claim: codes[0] }),
  );
  await waitUntil(() => host.welcome !== null, 'welcome');
  expect(host.json()).toMatchObject({ savedGame: true, game: 'tactical-risk' });
  host.room.send(ClientMsg.start);
  await waitUntil(() => host.json().status === 'playing', 'the saved match carries on');
  expect(host.errors).toEqual([]);
  await host.room.leave(true);
});

test('an exported match under the former id imports, and is the same match as a copy under the id now', async () => {
  const post = (body: string) =>
    api('/api/history/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const first = await post(legacyExport);
  expect(first.status).toBe(201);
  const { id } = (await first.json()) as { id: string };
  const stored = (await (await api(`/api/history/${id}`)).json()) as { game: string };
  expect(stored.game).toBe('tactical_risk');
  const renamed = { ...(JSON.parse(legacyExport) as object), game: 'tactical-risk', tableName: 'Renamed' };
  const again = await post(JSON.stringify(renamed));
  expect([again.status, ((await again.json()) as { code?: string }).code]).toEqual([409, 'DUPLICATE']);
});
