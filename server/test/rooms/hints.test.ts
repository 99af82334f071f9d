/**
 * "What would you do?" at a table, with real @colyseus/sdk clients: a seated player whose turn it is
 * gets a hint (one of its legal actions, with words) to itself alone, nothing in the match changes;
 * spectators, seats not due, tables not playing and competitive tables are refused with their
 * codes; a new hint costs a token of its own bucket (the same position asked again costs none);
 * the competitive mark is kept by the table file across a restart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { matchMaker } from '@colyseus/core';
import { ClientMsg, ErrorCode, type HintMessage, ServerMsg } from '@parlor/shared';
import { type Tracked, messagesOf, nextError, track, waitUntil } from '../helpers/clients';
import { durableRecord } from '../helpers/durableRecord';
import { raceAdapter } from '../helpers/fixtureGame';
import { type Booted, bootParlor } from '../helpers/testServer';
import { matchStoreFor } from '../../src/storage/FileMatchStore';
import { restoreTables } from '../../src/storage/restore';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(60_000);
let app: Booted;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-hints-'));
  // Two new hints per person, never refilled: the third new one is refused whatever the timing.
  app = await bootParlor(PORT, { dataDir, reconnectSeconds: 1 }, [
    { name: 'race', adapter: raceAdapter, limits: { hintBurst: 2, hintPerSecond: 0 } },
  ]);
});
afterAll(async () => {
  await app.server.shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  await app.server.cleanup();
});

async function join(roomId: string, options: Record<string, unknown>): Promise<Tracked> {
  const t = track(await app.client().joinById(roomId, options));
  await waitUntil(() => t.welcome !== null, 'welcome');
  return t;
}
const hints = (t: Tracked) => messagesOf<HintMessage>(t, ServerMsg.hint);
async function nextHint(t: Tracked): Promise<HintMessage> {
  const seen = hints(t).length;
  t.room.send(ClientMsg.hint);
  await waitUntil(() => hints(t).length > seen, 'a hint');
  return hints(t)[seen]!;
}
const legalOf = (t: Tracked, seat: number): unknown[] =>
  (t.json().seats[seat].private.legal as string[]).map((l) => JSON.parse(l));
const moves = (t: Tracked) =>
  t
    .json()
    .seats.map((s: { count: number }) => s.count)
    .join(',');

test('a seat due gets a legal hint to itself alone; others are refused; nothing in the match changes', async () => {
  const ada = track(await app.client().create('race', { name: 'ada', seats: 2, options: { target: 3 } }));
  await waitUntil(() => ada.welcome !== null, 'welcome');
  const bob = await join(ada.room.roomId, { name: 'bob' });
  const eve = await join(ada.room.roomId, { name: 'eve', spectator: true });
  expect(ada.json().competitive).toBe(false);

  ada.room.send(ClientMsg.hint);
  expect(await nextError(ada)).toMatchObject({ code: ErrorCode.NOT_PLAYING });
  ada.room.send(ClientMsg.start);
  await waitUntil(() => ada.json().status === 'playing' && bob.json().toAct[0] === 0, 'playing');

  bob.room.send(ClientMsg.hint);
  expect((await nextError(bob)).code).toBe(ErrorCode.NOT_YOUR_TURN);
  eve.room.send(ClientMsg.hint);
  expect((await nextError(eve)).code).toBe(ErrorCode.SPECTATOR);

  const before = JSON.stringify(ada.json());
  const first = await nextHint(ada);
  expect(legalOf(ada, 0)).toContainEqual(first.action);
  // Race's bot has no words of its own: the platform names the action and gives its generic why.
  expect(first.label).toBe(first.action.type === 'step' ? 'Step' : 'Pass');
  expect(first.why).toMatch(/normal bot/);
  expect(first.moves).toBe(0);
  // Asked again at the same position: the same hint, at no cost (the bucket holds two).
  expect(await nextHint(ada)).toEqual(first);
  expect(await nextHint(ada)).toEqual(first);
  expect(JSON.stringify(ada.json())).toBe(before);
  expect(hints(bob)).toEqual([]);
  expect(hints(eve)).toEqual([]);

  // A new position is a new hint: the second token; the third new one is refused.
  ada.room.send(ClientMsg.action, { type: 'pass' });
  await waitUntil(() => bob.json().toAct[0] === 1, "bob's turn");
  bob.room.send(ClientMsg.action, { type: 'pass' });
  await waitUntil(() => ada.json().toAct[0] === 0, "ada's turn again");
  expect((await nextHint(ada)).moves).toBe(2);
  ada.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => bob.json().toAct[0] === 1, "bob's turn");
  bob.room.send(ClientMsg.action, { type: 'pass' });
  await waitUntil(() => ada.json().toAct[0] === 0 && moves(ada) === '1,0', "ada's third turn");
  ada.room.send(ClientMsg.hint);
  expect((await nextError(ada)).code).toBe(ErrorCode.RATE_LIMITED);
  // Bob has his own bucket.
  ada.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => bob.json().toAct[0] === 1, "bob's turn");
  expect(legalOf(bob, 1)).toContainEqual((await nextHint(bob)).action);

  // Over: refused as such.
  bob.room.send(ClientMsg.action, { type: 'pass' });
  await waitUntil(() => ada.json().toAct[0] === 0, "ada's turn");
  ada.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => ada.json().status === 'finished', 'ada wins');
  ada.room.send(ClientMsg.hint);
  expect(await nextError(ada)).toMatchObject({ code: ErrorCode.NOT_PLAYING, message: 'The match is over.' });
});

test('Bankout: the hint is one of the seat’s legal actions, in the words its buttons use', async () => {
  const ada = track(
    await app.client().create('bankout', { name: 'ada', vsBots: true, options: { mode: 'blitz' } }),
  );
  await waitUntil(() => ada.welcome !== null && ada.json().status === 'playing', 'playing');
  await waitUntil(() => ada.json().toAct.includes(0), "ada's turn", 20_000);
  const hint = await nextHint(ada);
  expect(legalOf(ada, 0)).toContainEqual(hint.action);
  const expected: Record<string, RegExp> = {
    draw: /^Draw$/,
    bank: /^Bank/,
    endTurn: /^End turn$/,
    play: /^Play /,
    joker: /^Joker: /,
    counter: /swap|Joker/,
    discard: /^Discard /,
  };
  expect(hint.label).toMatch(expected[hint.action.type]!);
  expect(hint.why.length).toBeGreaterThan(10);
  expect(hint.why).not.toMatch(/normal bot/);
});

test('a competitive table refuses hints, and keeps the mark across a restart', async () => {
  const ada = track(
    await app.client().create('race', { name: 'ada', seats: 2, vsBots: true, competitive: true }),
  );
  await waitUntil(() => ada.welcome !== null && ada.json().status === 'playing', 'playing');
  expect(ada.json().competitive).toBe(true);
  await waitUntil(() => ada.json().toAct[0] === 0, "ada's turn");
  ada.room.send(ClientMsg.hint);
  expect(await nextError(ada)).toMatchObject({ code: ErrorCode.HINTS_OFF });
  expect(hints(ada)).toEqual([]);

  const roomId = ada.room.roomId;
  const recordFile = path.join(dataDir, 'matches', `${roomId}.jsonl`);
  await waitUntil(
    () => (durableRecord(dataDir, roomId)?.toString('utf8') ?? '').includes('"start"'),
    'written',
  );
  const saved = durableRecord(dataDir, roomId)!;
  expect(saved.toString('utf8')).toContain('"competitive":true');
  await ada.room.leave(true);
  await waitUntil(() => !fs.existsSync(recordFile), 'a closed table forgets its record', 8000);
  fs.writeFileSync(recordFile, saved);
  const report = await restoreTables(matchStoreFor(dataDir));
  expect(report.restored).toEqual([roomId]);
  expect((await matchMaker.query({ roomId })).length).toBe(1);
  const back = await join(roomId, { name: 'ada', seatToken: ada.welcome!.seatToken });
  expect(back.json().competitive).toBe(true);
  back.room.send(ClientMsg.hint);
  expect((await nextError(back)).code).toBe(ErrorCode.HINTS_OFF);
  await back.room.leave(true);
});
