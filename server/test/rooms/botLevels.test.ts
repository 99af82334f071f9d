/**
 * Bot levels at a table: the host's setBotLevel (and its refusals), the level synced to every
 * client, handed to the bot, reset when the bot leaves, and kept by the table file across a restart.
 * The fixture's bot steps at `normal` and passes at `hard`, so its moves show the level it got.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { matchMaker } from '@colyseus/core';
import { ClientMsg, ErrorCode } from '@parlor/shared';
import { type Tracked, nextError, track, waitUntil } from '../helpers/clients';
import { durableRecord } from '../helpers/durableRecord';
import { raceAdapter, raceGame } from '../helpers/fixtureGame';
import { type Booted, bootParlor } from '../helpers/testServer';
import { matchStoreFor } from '../../src/storage/FileMatchStore';
import { restoreTables } from '../../src/storage/restore';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(60_000);
let app: Booted;
let dataDir: string;

const leveledRace = {
  ...raceAdapter,
  definition: {
    ...raceGame,
    bot: {
      decide: (_view: unknown, legal: { type: string }[], _random: () => number, level?: string) =>
        legal.find((a) => a.type === (level === 'hard' ? 'pass' : 'step')) ?? legal[0]!,
    },
  },
} as typeof raceAdapter;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-levels-'));
  app = await bootParlor(PORT, { dataDir, reconnectSeconds: 1 }, [{ name: 'race', adapter: leveledRace }]);
});
afterAll(async () => {
  await app.server.shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  await app.server.cleanup();
});

async function create(seats = 3): Promise<Tracked> {
  const t = track(await app.client().create('race', { name: 'ada', seats }));
  await waitUntil(() => t.welcome !== null, 'welcome');
  return t;
}
async function join(roomId: string, options: Record<string, unknown>): Promise<Tracked> {
  const t = track(await app.client().joinById(roomId, options));
  await waitUntil(() => t.welcome !== null, 'welcome');
  return t;
}
const level = (t: Tracked, seat: number): string => t.json().seats[seat].botLevel;

test('the host sets a bot seat level, everyone sees it; others, people seats and bad levels are refused', async () => {
  const host = await create();
  host.room.send(ClientMsg.addBot, { seat: 2 });
  await waitUntil(() => host.json().seats[2]?.bot === true, 'bot at seat 2');
  expect(level(host, 2)).toBe('normal');
  const bob = await join(host.room.roomId, { name: 'bob' });
  const eve = await join(host.room.roomId, { name: 'eve', spectator: true });
  expect(eve.welcome!.seat).toBe(-1);

  host.room.send(ClientMsg.setBotLevel, { seat: 2, level: 'hard' });
  await waitUntil(() => level(bob, 2) === 'hard' && level(eve, 2) === 'hard', 'hard shown to all');

  bob.room.send(ClientMsg.setBotLevel, { seat: 2, level: 'easy' });
  expect((await nextError(bob)).code).toBe(ErrorCode.NOT_HOST);
  eve.room.send(ClientMsg.setBotLevel, { seat: 2, level: 'easy' });
  expect((await nextError(eve)).code).toBe(ErrorCode.SPECTATOR);
  host.room.send(ClientMsg.setBotLevel, { seat: 1, level: 'easy' });
  expect((await nextError(host)).code).toBe(ErrorCode.NO_SUCH_SEAT);
  host.room.send(ClientMsg.setBotLevel, { seat: 2, level: 'genius' });
  expect((await nextError(host)).code).toBe(ErrorCode.BAD_MESSAGE);
  host.room.send(ClientMsg.setBotLevel, { seat: 9, level: 'easy' });
  expect((await nextError(host)).code).toBe(ErrorCode.NO_SUCH_SEAT);
  expect(level(bob, 2)).toBe('hard');

  // A bot added afresh starts at normal.
  host.room.send(ClientMsg.removeBot, { seat: 2 });
  await waitUntil(() => host.json().seats[2].occupied === false, 'bot removed');
  host.room.send(ClientMsg.addBot, { seat: 2 });
  await waitUntil(() => host.json().seats[2].bot === true, 'bot back');
  expect(level(bob, 2)).toBe('normal');
});

test('the bot plays at its level, the level is fixed once the match starts, and a rematch keeps it', async () => {
  const host = track(await app.client().create('race', { name: 'ada', seats: 2, options: { target: 2 } }));
  await waitUntil(() => host.welcome !== null, 'welcome');
  host.room.send(ClientMsg.addBot, { seat: 1 });
  await waitUntil(() => host.json().seats[1]?.bot === true, 'bot at seat 1');
  host.room.send(ClientMsg.setBotLevel, { seat: 1, level: 'hard' });
  await waitUntil(() => level(host, 1) === 'hard', 'hard');
  host.room.send(ClientMsg.start);
  await waitUntil(() => host.json().status === 'playing', 'playing');
  host.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => host.json().toAct[0] === 0 && host.json().seats[0].count === 1, 'bot moved');
  expect(host.json().seats[1].count).toBe(0); // hard passes; normal would have stepped
  host.room.send(ClientMsg.setBotLevel, { seat: 1, level: 'easy' });
  expect((await nextError(host)).code).toBe(ErrorCode.NOT_WAITING);
  host.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => host.json().status === 'finished', 'ada wins');

  host.room.send(ClientMsg.rematch);
  await waitUntil(() => host.json().status === 'playing' && host.json().seats[0].count === 0, 'rematch');
  expect(level(host, 1)).toBe('hard');
  host.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => host.json().toAct[0] === 0 && host.json().seats[0].count === 1, 'bot moved again');
  expect(host.json().seats[1].count).toBe(0);
});

test('a restored table keeps its bot levels', async () => {
  const host = await create();
  host.room.send(ClientMsg.addBot, { seat: 1 });
  host.room.send(ClientMsg.addBot, { seat: 2 });
  await waitUntil(() => host.json().seats[2]?.bot === true, 'bots seated');
  host.room.send(ClientMsg.setBotLevel, { seat: 1, level: 'easy' });
  host.room.send(ClientMsg.setBotLevel, { seat: 2, level: 'hard' });
  await waitUntil(() => level(host, 1) === 'easy' && level(host, 2) === 'hard', 'levels set');
  const roomId = host.room.roomId;
  const recordFile = path.join(dataDir, 'matches', `${roomId}.jsonl`);
  await waitUntil(
    () => (durableRecord(dataDir, roomId)?.toString('utf8') ?? '').includes('"hard"'),
    'written',
  );
  const saved = durableRecord(dataDir, roomId)!;
  await host.room.leave(true);
  await waitUntil(() => !fs.existsSync(recordFile), 'a closed table forgets its record', 8000);
  fs.writeFileSync(recordFile, saved);

  const report = await restoreTables(matchStoreFor(dataDir));
  expect(report.restored).toEqual([roomId]);
  expect((await matchMaker.query({ roomId })).length).toBe(1);
  const back = await join(roomId, { name: 'ada', seatToken: host.welcome!.seatToken });
  expect(back.json().seats.map((s: { botLevel: string }) => s.botLevel)).toEqual(['normal', 'easy', 'hard']);
  await back.room.leave(true);
});
