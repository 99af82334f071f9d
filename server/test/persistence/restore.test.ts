/**
 * The restore path inside one process (fast, deterministic), with the Race fixture: a table's
 * record is taken while it runs, the room goes away, and restoreTables() brings it back from the
 * record alone, as a start-up does. Also: what happens when nobody comes back, records that cannot
 * be restored, and the history API (list, export, import).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { matchMaker } from '@colyseus/core';
import { type AnyGameDefinition, ClientMsg } from '@parlor/shared';
import { bankout } from '@parlor/shared/games/bankout/index';
import { type Tracked, sendAnswered, track, waitUntil } from '../helpers/clients';
import { raceAdapter } from '../helpers/fixtureGame';
import { type Booted, bootParlor } from '../helpers/testServer';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { matchStoreFor } from '../../src/storage/FileMatchStore';
import type { FinishedMatch } from '../../src/storage/MatchStore';
import { type TableLine, parseTableFile } from '../../src/storage/tableFile';
import { restoreTables } from '../../src/storage/restore';
import { storeWithout } from '../../src/scale/ownTables';
import { durableRecord } from '../helpers/durableRecord';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(120_000); // a ceiling only (a loaded machine, two files at once)
let app: Booted;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-restore-'));
  // 3 s to come back: a seat that rejoins at once must make it even on a loaded machine.
  app = await bootParlor(PORT, { dataDir, reconnectSeconds: 3, historyLimit: 10 }, [
    { name: 'race', adapter: raceAdapter },
    // The same game offering "hand my seat to the AI" (GameMeta.handOver).
    {
      name: 'race-hand',
      adapter: { ...raceAdapter, definition: { ...raceAdapter.definition, id: 'race-hand', handOver: true } },
    },
  ]);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterAll(async () => {
  await app.server.shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const recordFile = (roomId: string) => path.join(dataDir, 'matches', `${roomId}.jsonl`);
const recordLines = (record: Buffer) =>
  record
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as TableLine & { number?: number });
const hand = (t: Tracked, seat: number): string[] | undefined => t.json().seats?.[seat]?.private?.hand;
const roomExists = async (roomId: string) => (await matchMaker.query({ roomId })).length > 0;

async function started(options: Record<string, unknown>, game = 'race'): Promise<[Tracked, Tracked]> {
  const a = track(await app.client().create(game, { name: 'ada', seats: 2, ...options }));
  const b = track(await app.client().joinById(a.room.roomId, { name: 'bob' }));
  await waitUntil(() => a.welcome !== null && b.welcome !== null, 'welcomes');
  a.room.send(ClientMsg.start);
  await waitUntil(() => b.json().status === 'playing', 'playing');
  return [a, b];
}

/** Takes the record as it is now, lets the room close, and puts the record back: a "restart". */
async function crashAndKeep(roomId: string, clients: Tracked[]): Promise<void> {
  const saved = durableRecord(dataDir, roomId)!;
  for (const c of clients) await c.room.leave(true);
  await waitUntil(() => !fs.existsSync(recordFile(roomId)), 'a closed table forgets its record', 8000);
  expect(await roomExists(roomId)).toBe(false);
  fs.writeFileSync(recordFile(roomId), saved);
}

test('a table comes back from its record: same id, seats by token, hands, timer with the time left', async () => {
  const [a, b] = await started({ options: { target: 9, turnMs: 20_000 } });
  const roomId = a.room.roomId;
  a.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => b.json().toAct[0] === 1, 'bob to act');
  b.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => a.json().toAct[0] === 0 && hand(b, 1)?.length === 1, 'ada to act');
  const before = { a: hand(a, 0), b: hand(b, 1), deadline: a.json().deadline, code: a.json().code };
  const tokens = [a.welcome!.seatToken, b.welcome!.seatToken];
  await crashAndKeep(roomId, [a, b]);
  // The server was still alive 1.5 s after ada's window began: that much of it is used up.
  const store = matchStoreFor(dataDir);
  store.writeHeartbeat({ at: before.deadline - 20_000 + 1500, stopped: true });

  const report = await restoreTables(store);
  expect(report).toEqual({ restored: [roomId], failed: [] });
  const a2 = track(await app.client().joinById(roomId, { name: 'ada', seatToken: tokens[0] }));
  await waitUntil(() => a2.welcome !== null && hand(a2, 0) !== undefined, 'ada back');
  expect(a2.welcome!.seat).toBe(0);
  expect(hand(a2, 0)).toEqual(before.a);
  expect(a2.json().seats[1]).toMatchObject({ name: 'bob', connected: false, botControlled: false });
  expect(a2.json().seats[1].private).toBeUndefined();
  expect(a2.json().code).toBe(before.code);
  // 18.5 s were left on ada's turn when the server stopped: it resumes with that, not a fresh window.
  const left = a2.json().deadline - a2.json().serverTime;
  expect(left).toBeGreaterThan(18_000);
  expect(left).toBeLessThanOrEqual(18_500 + 50);
  // Bob is not back within the window (1 s): a bot plays his seat, as for any absent player.
  await waitUntil(() => a2.json().seats[1].botControlled === true, 'bob away for good', 20_000);
  a2.room.send(ClientMsg.action, { type: 'pass' });
  await waitUntil(
    () => a2.json().toAct[0] === 0 && a2.json().seats[1].count === 2,
    'the bot stepped for bob',
  );
  // His token still hands the seat back, with his hand.
  const b2 = track(await app.client().joinById(roomId, { name: 'bob', seatToken: tokens[1] }));
  await waitUntil(() => hand(b2, 1)?.length === 2, 'bob back with two cards');
  expect(hand(b2, 1)![0]).toBe(before.b![0]);
  await a2.room.leave(true);
  await b2.room.leave(true);
});

test('a seat handed to the AI stays with the AI across a restart until its person takes it back', async () => {
  const [a, b] = await started({ options: { target: 30 } }, 'race-hand');
  const roomId = a.room.roomId;
  a.room.send(ClientMsg.handOver);
  await waitUntil(() => b.json().seats[0].botControlled === true, 'the AI plays ada');
  // The AI steps for her: bob is to act.
  await waitUntil(() => b.json().toAct[0] === 1, 'bob to act');
  const tokens = [a.welcome!.seatToken, b.welcome!.seatToken];
  await crashAndKeep(roomId, [a, b]);
  await restoreTables(matchStoreFor(dataDir));
  const a2 = track(await app.client().joinById(roomId, { name: 'ada', seatToken: tokens[0] }));
  const b2 = track(await app.client().joinById(roomId, { name: 'bob', seatToken: tokens[1] }));
  await waitUntil(() => a2.welcome !== null && b2.welcome !== null, 'both back');
  // Back at the table, ada still watches: the seat is the AI's, connected or not.
  expect(a2.json().seats[0]).toMatchObject({ connected: true, botControlled: true });
  b2.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(
    () => b2.json().toAct[0] === 1 && b2.json().seats[0].count >= 2,
    'the AI stepped for ada again',
  );
  a2.room.send(ClientMsg.takeBack);
  await waitUntil(() => a2.json().seats[0].botControlled === false, 'ada plays again');
  // Taking it back is durable too: after another restart she plays her own seat.
  await crashAndKeep(roomId, [a2, b2]);
  await restoreTables(matchStoreFor(dataDir));
  const a3 = track(await app.client().joinById(roomId, { name: 'ada', seatToken: tokens[0] }));
  await waitUntil(() => a3.welcome !== null, 'ada back again');
  expect(a3.json().seats[0]).toMatchObject({ connected: true, botControlled: false });
  await a3.room.leave(true);
});

test('nobody comes back: after the window the table closes and its record goes', async () => {
  const [a, b] = await started({ options: { target: 9 } });
  const roomId = a.room.roomId;
  await crashAndKeep(roomId, [a, b]);
  await restoreTables(matchStoreFor(dataDir));
  expect(await roomExists(roomId)).toBe(true);
  await waitUntil(() => !fs.existsSync(recordFile(roomId)), 'the record removed', 8000);
  expect(await roomExists(roomId)).toBe(false);
});

test('a waiting table comes back with its seats; unusable records are set aside, start-up goes on', async () => {
  const a = track(await app.client().create('race', { name: 'ada', seats: 3 }));
  const b = track(await app.client().joinById(a.room.roomId, { name: 'bob' }));
  await waitUntil(() => b.welcome !== null, 'bob seated');
  const roomId = a.room.roomId;
  const saved = durableRecord(dataDir, roomId)!.toString('utf8');
  await crashAndKeep(roomId, [a, b]);
  // Two bad ones next to it: a game this server does not have, and an action the rules refuse.
  const header = JSON.parse(saved.split('\n')[0]!);
  fs.writeFileSync(
    recordFile('nogame'),
    `${JSON.stringify({ ...header, roomId: 'nogame', roomName: 'chess', game: 'chess' })}\n`,
  );
  fs.writeFileSync(
    recordFile('badplay'),
    [
      JSON.stringify({ ...header, roomId: 'badplay' }),
      JSON.stringify({ t: 'start', at: 5, seed: 1, seats: [{ name: 'x', bot: false }], options: {} }),
      JSON.stringify({ t: 'action', at: 6, seat: 1, action: { type: 'step' } }),
      '',
    ].join('\n'),
  );
  const report = await restoreTables(matchStoreFor(dataDir));
  expect(report.restored).toEqual([roomId]);
  expect(report.failed.map((f) => f.roomId).sort()).toEqual(['badplay', 'nogame']);
  expect(fs.readdirSync(path.join(dataDir, 'corrupt')).length).toBeGreaterThanOrEqual(2);

  const b2 = track(await app.client().joinById(roomId, { name: 'bob', seatToken: b.welcome!.seatToken }));
  await waitUntil(() => b2.welcome !== null, 'bob back');
  expect(b2.welcome!.seat).toBe(1);
  expect(b2.json().status).toBe('waiting');
  expect(b2.json().seats.map((s: { name: string }) => s.name)).toEqual(['ada', 'bob', '']);
  // Ada does not come back within the window: while waiting, her seat is freed, and the host passes on.
  await waitUntil(() => b2.json().seats[0].occupied === false, 'ada gone', 20_000);
  expect(b2.json().host).toBe(1);
  await b2.room.leave(true);
});

// ---- history ------------------------------------------------------------------------------------

const api = (p: string, init?: RequestInit) => fetch(`http://127.0.0.1:${PORT}${p}`, init);

function bankoutMatch(seed: number): FinishedMatch {
  const def = bankout as unknown as AnyGameDefinition;
  const options = def.optionsSchema.parse({ mode: 'blitz' });
  const seats = [
    { name: 'Ada', bot: false },
    { name: 'Bo', bot: true },
  ];
  let state = def.setup(options, seats, seed);
  const actions: FinishedMatch['actions'] = [];
  while (!def.outcome(state)) {
    const seat = def.toAct(state)[0]!;
    const action = def.legalActions(state, seat)[0]!;
    const r = def.apply(state, seat, action);
    if (!r.ok) throw new Error(r.error.code);
    state = r.state;
    actions.push({ seat, action, at: 1000 + actions.length });
  }
  return {
    format: 'parlor-match',
    v: 1,
    id: 'elsewhere-1',
    roomId: 'elsewhere',
    game: 'bankout',
    tableName: 'Elsewhere',
    options,
    seed,
    seats,
    actions,
    outcome: def.outcome(state)!,
    startedAt: 1000,
    finishedAt: 1000 + actions.length,
  };
}

test('history: a finished match is listed and exported; a match file imports after a replay check', async () => {
  const [a, b] = await started({ options: { target: 1 } });
  const roomId = a.room.roomId;
  a.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => b.json().status === 'finished', 'finished');
  const list = (await (await api('/api/history')).json()) as { matches: { id: string }[] };
  expect(list.matches[0]).toMatchObject({
    id: `${roomId}-1`,
    game: 'race',
    players: [
      { name: 'ada', bot: false },
      { name: 'bob', bot: false },
    ],
    result: 'ada wins the race',
    winners: ['ada'],
    actions: 1,
    imported: false,
  });
  const exported = await api(`/api/history/${roomId}-1`);
  expect(exported.headers.get('content-disposition')).toContain('attachment');
  const match = (await exported.json()) as FinishedMatch;
  expect(match).toMatchObject({
    format: 'parlor-match',
    seed: expect.stringMatching(/^[0-9a-f]{64}$/),
    actions: [{ seat: 0 }],
  });
  expect((await api('/api/history/nope-1')).status).toBe(404);

  const file = bankoutMatch(5);
  const post = (body: unknown) =>
    api('/api/history/import', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const imported = await post(file);
  expect(imported.status).toBe(201);
  const { id } = (await imported.json()) as { id: string };
  expect((await (await api(`/api/history/${id}`)).json()) as FinishedMatch).toMatchObject({
    seed: 5,
    actions: file.actions,
    importedAt: expect.any(Number),
  });
  const after = (await (await api('/api/history')).json()) as {
    matches: { id: string; imported: boolean }[];
  };
  expect(after.matches.find((m) => m.id === id)?.imported).toBe(true);

  expect((await post({ hello: 'world' })).status).toBe(400);
  const fromElsewhere = await api('/api/history/import', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://evil.example' },
    body: JSON.stringify(file),
  });
  expect(fromElsewhere.status).toBe(403);
  // Another match (this one's content is in the history now: a copy would be a duplicate, unreplayed).
  const other = bankoutMatch(6);
  const liar = { ...other, outcome: { ...other.outcome, winners: [1 - other.outcome.winners[0]!] } };
  expect((await post(liar)).status).toBe(422);
  const cheat = { ...file, actions: [{ seat: 1, action: { type: 'bank' }, at: 1 }, ...file.actions] };
  expect((await post(cheat)).status).toBe(422);

  // A rematch is numbered on. A small record keeps the match before it (it starts afresh only once
  // it has grown: see the next test); the rematch replaces it when the record is read.
  a.room.send(ClientMsg.rematch);
  await waitUntil(() => b.json().status === 'playing', 'rematch');
  const record = durableRecord(dataDir, roomId)!;
  const lines = recordLines(record);
  expect(lines.filter((l) => l.t === 'start').map((l) => l.number)).toEqual([1, 2]);
  expect(parseTableFile(record)).toMatchObject({ ok: true, table: { match: { number: 2, outcome: null } } });
  a.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => b.json().status === 'finished', 'finished again');
  const ids = ((await (await api('/api/history')).json()) as { matches: { id: string }[] }).matches.map(
    (m) => m.id,
  );
  expect(ids).toEqual(expect.arrayContaining([`${roomId}-1`, `${roomId}-2`]));
  await a.room.leave(true);
  await b.room.leave(true);
});

// ---- records and history off the event loop ---------------------------------------------------------

/** Synchronous writes, syncs, renames and deletions of files in DATA_DIR (they would block the event loop). */
function watchBlocking(root: string) {
  const names = [
    'writeSync',
    'writeFileSync',
    'fsyncSync',
    'fdatasyncSync',
    'ftruncateSync',
    'renameSync',
    'rmSync',
    'unlinkSync',
  ] as const;
  const calls: string[] = [];
  const real = fs.realpathSync(root);
  const spies = names.map((name) => {
    const original = fs[name] as (...args: unknown[]) => unknown;
    return jest.spyOn(fs, name).mockImplementation(((...args: unknown[]) => {
      let target = String(args[0]);
      if (typeof args[0] === 'number') {
        try {
          target = fs.readlinkSync(`/proc/self/fd/${args[0]}`);
        } catch {
          target = '';
        }
      }
      if (target.startsWith(real) || target.startsWith(root)) calls.push(`${name} ${path.basename(target)}`);
      return original(...args);
    }) as never);
  });
  return { calls, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}

const startsIn = (record: Buffer) =>
  recordLines(record)
    .filter((l) => l.t === 'start')
    .map((l) => l.number);

test('a rematch compacts the record only once it has grown; nothing blocks the event loop on the way', async () => {
  const store = matchStoreFor(dataDir);
  const [a, b] = await started({ options: { target: 1 } });
  const roomId = a.room.roomId;
  const room = matchMaker.getLocalRoomById(roomId) as unknown as GameRoom;
  const finishOne = async () => {
    a.room.send(ClientMsg.action, { type: 'step' });
    await waitUntil(() => b.json().status === 'finished', 'finished');
    await store.settled(); // its history file in place
  };
  const rematch = async () => {
    a.room.send(ClientMsg.rematch);
    await waitUntil(() => b.json().status === 'playing', 'rematch');
  };
  const blocking = watchBlocking(dataDir);
  try {
    await finishOne();
    await rematch();
    // Small: the rematch goes on in the same record.
    expect(startsIn(durableRecord(dataDir, roomId)!)).toEqual([1, 2]);
    await finishOne();
    room.compactAfterBytes = 0;
    await rematch();
    // Past the threshold: the record starts afresh (in the journal now; the file follows at a checkpoint).
    const record = durableRecord(dataDir, roomId)!;
    expect(startsIn(record)).toEqual([3]);
    expect(parseTableFile(record)).toMatchObject({ ok: true, table: { match: { number: 3 }, finished: [] } });
    expect(recordLines(record).filter((l) => l.t === 'action')).toEqual([]);
    await finishOne();
    // Closed for good: the record goes (not synced first).
    await a.room.leave(true);
    await b.room.leave(true);
    await waitUntil(() => !fs.existsSync(recordFile(roomId)), 'the record removed', 8000);
    await store.settled();
    expect(blocking.calls).toEqual([]);
  } finally {
    blocking.restore();
  }
  const ids = store.history().map((h) => h.id);
  expect(ids).toEqual(expect.arrayContaining([`${roomId}-1`, `${roomId}-2`, `${roomId}-3`]));
  for (const n of [1, 2, 3])
    expect(fs.existsSync(path.join(dataDir, 'finished', `${roomId}-${n}.json`))).toBe(true);
});

test('a match the history lacks (the process died before its file landed) is written from the record at restore', async () => {
  const store = matchStoreFor(dataDir);
  const [a, b] = await started({ options: { target: 2 } });
  const roomId = a.room.roomId;
  for (const [who, other] of [
    [a, b],
    [b, a],
    [a, b],
  ] as const) {
    const seen = other.json().log.length as number;
    await sendAnswered(
      who,
      ClientMsg.action,
      { type: 'step' },
      () => other.json().log.length > seen,
      'the step seen',
    );
  }
  await waitUntil(() => b.json().status === 'finished', 'finished');
  // The rematch begins at once: the record holds match 1 (ended) and match 2.
  a.room.send(ClientMsg.rematch);
  await waitUntil(() => b.json().status === 'playing', 'rematch');
  const record = durableRecord(dataDir, roomId)!.toString('utf8');
  await a.room.leave(true);
  await b.room.leave(true);
  await waitUntil(
    () => !fs.existsSync(recordFile(roomId)) && !matchMaker.getLocalRoomById(roomId),
    'the table gone',
    8000,
  );
  // The same record under an id the history has never seen: as a table whose history file for
  // match 1 never landed before the process died.
  const ghost = `${roomId}-gh`;
  fs.writeFileSync(recordFile(ghost), record.replace(`"roomId":"${roomId}"`, `"roomId":"${ghost}"`));
  expect(store.hasFinished(`${ghost}-1`)).toBe(false);
  // Only this one (tables of the earlier tests may still be open here).
  const live = new Set((await matchMaker.query({})).map((r) => r.roomId));
  expect((await restoreTables(storeWithout(store, live))).restored).toEqual([ghost]);
  // Listed at once, the same match as the original, under the table's own id.
  expect(store.hasFinished(`${ghost}-1`)).toBe(true);
  expect(store.hasFinished(`${ghost}-2`)).toBe(false); // still being played
  const original = store.readFinished(`${roomId}-1`)!;
  expect(store.readFinished(`${ghost}-1`)).toEqual({ ...original, id: `${ghost}-1`, roomId: ghost });
  await store.settled();
  const file = path.join(dataDir, 'finished', `${ghost}-1.json`);
  expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ ...original, id: `${ghost}-1`, roomId: ghost });
  // The table resumed its second match; nobody comes back, so it closes and its record goes.
  const resumed = matchMaker.getLocalRoomById(ghost) as unknown as GameRoom;
  expect(resumed.state.status).toBe('playing');
  await waitUntil(() => !fs.existsSync(recordFile(ghost)), 'the restored table closed', 8000);
});
