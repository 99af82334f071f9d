/**
 * The history API serves finished matches only: a match still being played is neither listed nor
 * exported (not by its future history id, nor by its table's record name), and an unfinished match
 * file cannot be imported into the history. Once the match ends it is both. (List, export, import
 * and the replay check in general: server/test/persistence/restore.test.ts.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AnyGameDefinition, ClientMsg } from '@parlor/shared';
import { bankout } from '@parlor/shared/games/bankout/index';
import { type Tracked, track, waitUntil } from '../helpers/clients';
import { raceAdapter } from '../helpers/fixtureGame';
import { type Booted, bootParlor } from '../helpers/testServer';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(60_000);
let app: Booted;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-history-'));
  app = await bootParlor(PORT, { dataDir, historyLimit: 10 }, [{ name: 'race', adapter: raceAdapter }]);
});
afterAll(async () => {
  await app.server.shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const api = (p: string, init?: RequestInit) => fetch(`http://127.0.0.1:${PORT}${p}`, init);
const listed = async (): Promise<string[]> =>
  ((await (await api('/api/history')).json()) as { matches: { id: string }[] }).matches.map((m) => m.id);

async function step(t: Tracked, other: Tracked): Promise<void> {
  const before = other.json().log.length as number;
  t.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => other.json().log.length > before, 'the step is seen');
}

test('a match being played is not served; once finished it is listed and exported', async () => {
  const a = track(await app.client().create('race', { name: 'ada', seats: 2, options: { target: 2 } }));
  const b = track(await app.client().joinById(a.room.roomId, { name: 'bob' }));
  await waitUntil(() => a.welcome !== null && b.welcome !== null, 'welcomes');
  a.room.send(ClientMsg.start);
  await waitUntil(() => b.json().status === 'playing', 'playing');
  const roomId = a.room.roomId;
  await step(a, b);
  await step(b, a);
  expect(b.json().status).toBe('playing');
  // The live record is on disk, but nothing of it is reachable through the history.
  expect(fs.existsSync(path.join(dataDir, 'matches', `${roomId}.jsonl`))).toBe(true);
  expect(await listed()).not.toContain(`${roomId}-1`);
  for (const id of [`${roomId}-1`, roomId, `${roomId}.jsonl`, `..%2Fmatches%2F${roomId}`]) {
    const res = await api(`/api/history/${id}`);
    expect([id, res.status]).toEqual([id, 404]);
  }

  await step(a, b);
  await waitUntil(() => b.json().status === 'finished', 'finished');
  await waitUntil(() => fs.existsSync(path.join(dataDir, 'finished', `${roomId}-1.json`)), 'kept');
  expect(await listed()).toContain(`${roomId}-1`);
  const exported = await api(`/api/history/${roomId}-1`);
  expect(exported.status).toBe(200);
  expect(await exported.json()).toMatchObject({ id: `${roomId}-1`, outcome: { winners: [0] } });
  await a.room.leave(true);
  await b.room.leave(true);
});

test('an unfinished match file is not imported', async () => {
  const def = bankout as unknown as AnyGameDefinition;
  const options = def.optionsSchema.parse({ mode: 'blitz' });
  const seats = [
    { name: 'Ada', bot: false },
    { name: 'Bo', bot: false },
  ];
  let state = def.setup(options, seats, 3);
  const actions = [];
  for (let i = 0; i < 6 && !def.outcome(state); i++) {
    const seat = def.toAct(state)[0]!;
    const action = def.legalActions(state, seat)[0]!;
    const r = def.apply(state, seat, action);
    if (!r.ok) throw new Error(r.error.code);
    state = r.state;
    actions.push({ seat, action, at: 1000 + i });
  }
  expect(def.outcome(state)).toBeNull();
  const before = await listed();
  const res = await api('/api/history/import', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      format: 'parlor-match',
      v: 1,
      game: 'bankout',
      tableName: 'Half a match',
      options,
      seed: 3,
      seats,
      actions,
      outcome: { winners: [0], summary: 'Ada wins (she says)' },
      startedAt: 1000,
      finishedAt: 2000,
    }),
  });
  expect(res.status).toBe(422);
  expect(((await res.json()) as { message: string }).message).toMatch(/does not end/);
  expect(await listed()).toEqual(before);
});
