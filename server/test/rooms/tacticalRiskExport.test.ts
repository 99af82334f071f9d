/**
 * Tactical Risk save and load through the match export: a timed table (phase timer and time bank on)
 * is played to its end by a person and the AI, one of her phases runs out on the clock (the record
 * then holds the clock's timeBank step), the finished match is exported from the history, refused
 * as a duplicate by the server that played it and accepted by the import check another server runs
 * (a replay move by move), and the replay gives the room's final state.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ClientMsg } from '@parlor/shared';
import type { TacticalRiskAction, TacticalRiskState } from '@parlor/shared/games/tactical-risk/types';
import { tacticalRisk } from '@parlor/shared/games/tactical-risk/index';
import type { GameRoom } from '../../src/rooms/GameRoom';
import type { FinishedMatch } from '../../src/storage/MatchStore';
import { rebuildState } from '../../src/storage/replay';
import { checkImport } from '../../src/uploads/uploadCheck';
import { track, waitUntil } from '../helpers/clients';
import { type Booted, bootParlor } from '../helpers/testServer';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(90_000);
let app: Booted;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-tr-export-'));
  app = await bootParlor(PORT, { dataDir });
});
afterAll(async () => {
  await app.server.shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const api = (p: string, init?: RequestInit) => fetch(`http://127.0.0.1:${PORT}${p}`, init);

test('a finished timed match exports, imports back (replayed by the server) and rebuilds the same state', async () => {
  const options = { roundLimit: 1, phaseSeconds: 1, bankSeconds: 1 };
  const ada = track(
    await app.client().create('tactical-risk', { name: 'ada', vsBots: true, seats: 2, options }),
  );
  await waitUntil(() => ada.welcome !== null, 'welcome');
  const room = app.server.getRoomById(ada.room.roomId) as unknown as GameRoom;
  await waitUntil(() => room.state.status === 'playing', 'playing');
  const roomId = room.roomId;
  // Ada lets her first purchase run out (phase second, then her 1 s bank), then plays quickly:
  // she ends each phase, fights each battle and answers each prompt with its first legal action.
  await waitUntil(() => room.match!.record.actions.length >= 2, 'the clock to play her purchase', 20_000);
  let lastSent = -1;
  while (room.state.status === 'playing') {
    await waitUntil(
      () =>
        room.state.status !== 'playing' ||
        (room.state.toAct[0] === 0 && room.match!.record.actions.length !== lastSent),
      "ada's turn",
      20_000,
    );
    if (room.state.status !== 'playing') break;
    const s = room.match!.state as TacticalRiskState;
    const legal = tacticalRisk.legalActions(s, 0);
    const action: TacticalRiskAction = legal.find((a) => a.type === 'endPhase') ?? legal[0]!;
    lastSent = room.match!.record.actions.length;
    ada.room.send(ClientMsg.action, action);
  }
  expect(room.state.status).toBe('finished');
  const record = room.match!.record;
  const clockSteps = record.actions.filter((a) => a.action.type === 'timeBank');
  // Ada's (the AI's phases may run out too on a busy machine: each phase is one window).
  expect(clockSteps.filter((a) => a.seat === 0)).toHaveLength(1);

  const id = `${roomId}-1`;
  await waitUntil(() => fs.existsSync(path.join(dataDir, 'finished', `${id}.json`)), 'kept in the history');
  const file = (await (await api(`/api/history/${id}`)).json()) as FinishedMatch;
  expect(file).toMatchObject({ game: 'tactical-risk', options: { phaseSeconds: 1, bankSeconds: 1 } });
  expect(file.actions).toHaveLength(record.actions.length);

  // Load: the server replays the file with the rules before it takes it.
  const post = (body: unknown) =>
    api('/api/history/import', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  // This server has the match already (it was played here): a copy is refused, not kept twice.
  const again = await post(file);
  expect(again.status).toBe(409);
  expect(((await again.json()) as { code: string }).code).toBe('DUPLICATE');
  // Another server takes it after the same check, the upload worker's: a replay move by move.
  expect(checkImport(new Uint8Array(Buffer.from(JSON.stringify(file))))).toMatchObject({ ok: true });
  // A file whose clock step is moved to the other seat does not replay.
  const forged = {
    ...file,
    actions: file.actions.map((a) => (a.action.type === 'timeBank' && a.seat === 0 ? { ...a, seat: 1 } : a)),
  };
  expect((await post(forged)).status).toBe(422);

  // And the replay is the room's final state, banks included.
  const replayed = rebuildState(tacticalRisk, file) as TacticalRiskState;
  const final = room.match!.state as TacticalRiskState;
  expect(replayed.winner).toEqual(final.winner);
  expect(replayed.units).toEqual(final.units);
  expect(replayed.owner).toEqual(final.owner);
  expect(replayed.treasury).toEqual(final.treasury);
  expect(replayed.bank).toEqual(final.bank);
  expect(replayed.bank[0]).toBe(0);
  await ada.room.leave(true);
});
