/**
 * Saving a match in progress and carrying it on at a new table, through real colyseus.js clients:
 * the host's `save` (refused to the others; its seed and actions sealed with the server's key),
 * create with `load` (the server opens and replays the file), the saved seats taken with their
 * claim codes, the same rules state, play going on, and a restore from the record on disk. And the
 * attacks of issue 20: the file hands its holder no secret, a hand-made or unsealed file, another
 * server's and an edited one are refused, and a name alone takes no saved seat.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ClientMsg, ErrorCode, JoinErrorCode, type SavedMatch, ServerMsg } from '@parlor/shared';
import { bankout } from '@parlor/shared/games/bankout/index';
import { matchMaker } from '@colyseus/core';
import type { Room } from '@colyseus/sdk';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { matchStoreFor } from '../../src/storage/FileMatchStore';
import { type TableLine, foldTable, parseTableFile } from '../../src/storage/tableFile';
import { restoreTables } from '../../src/storage/restore';
import { saveKeyFor } from '../../src/storage/saveKey';
import { savedMatchOf } from '../../src/rooms/savedGames';
import { type StateJson, type Tracked, messagesOf, nextError, track, waitUntil } from '../helpers/clients';
import { durableRecord } from '../helpers/durableRecord';
import { type Booted, bootParlor } from '../helpers/testServer';

const PORT = 2850;
jest.setTimeout(30_000);
let app: Booted;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-saved-'));
  app = await bootParlor(PORT, { dataDir });
});
afterAll(async () => {
  await app.server.shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function open(t: Promise<Room>): Promise<Tracked> {
  const tracked = track(await t);
  await waitUntil(() => tracked.welcome !== null && tracked.room.state !== undefined, 'welcome');
  return tracked;
}
const roomOf = (t: Tracked) => app.server.getRoomById(t.room.roomId) as unknown as GameRoom;

/** The seats in `players` play `moves` of their legal actions (the rules' first), each one accepted. */
async function play(room: GameRoom, players: (Tracked | null)[], moves: number): Promise<void> {
  for (let i = 0; i < moves; i++) {
    await waitUntil(() => room.state.toAct.some((s) => players[s] != null), 'a person to act');
    const seat = room.state.toAct.find((s) => players[s] != null)!;
    const n = room.match!.record.actions.length;
    const action = room.def.legalActions(room.match!.state, seat)[0]!;
    players[seat]!.room.send(ClientMsg.action, action);
    await waitUntil(() => room.match!.record.actions.length > n, 'the move accepted');
  }
}

async function save(t: Tracked): Promise<SavedMatch> {
  const before = messagesOf(t, ServerMsg.saved).length;
  t.room.send(ClientMsg.save);
  await waitUntil(() => messagesOf(t, ServerMsg.saved).length > before, 'the saved game');
  return messagesOf<SavedMatch>(t, ServerMsg.saved)[before]!;
}

/** The decoded state without what belongs to the table rather than to the match. */
function matchPart(json: StateJson): StateJson {
  const {
    tableName: _t,
    code: _c,
    log: _l,
    serverTime: _s,
    deadline: _d,
    host: _h,
    spectators: _v,
    watchers: _w,
    ...rest
  } = json;
  rest.seats = rest.seats.map(({ connected: _x, ...seat }: StateJson) =>
    // Some games sync `legal` as a set: its order means nothing.
    seat.private ? { ...seat, private: { ...seat.private, legal: [...seat.private.legal].sort() } } : seat,
  );
  return rest;
}

test('Bankout: the host saves mid-match, a new table loads it, the players take their seats and play on', async () => {
  const ada = await open(app.client().create('bankout', { name: 'Ada', options: { turnSeconds: 30 } }));
  const bo = await open(app.client().joinById(ada.room.roomId, { name: 'Bo' }));
  const cy = await open(app.client().joinById(ada.room.roomId, { name: 'Cy', spectator: true }));
  const room = roomOf(ada);
  ada.room.send(ClientMsg.save);
  expect((await nextError(ada)).code).toBe(ErrorCode.NOT_PLAYING);
  ada.room.send(ClientMsg.start);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  await play(room, [ada, bo], 6);

  // Only the host gets the file: it holds the seed, hence every hidden card.
  bo.room.send(ClientMsg.save);
  expect((await nextError(bo)).code).toBe(ErrorCode.NOT_HOST);
  cy.room.send(ClientMsg.save);
  expect((await nextError(cy)).code).toBe(ErrorCode.SPECTATOR);
  const file = await save(ada);
  expect(messagesOf(bo, ServerMsg.saved)).toHaveLength(0);
  expect(messagesOf(cy, ServerMsg.saved)).toHaveLength(0);
  const savedActions = [...room.match!.record.actions];
  const seed = room.match!.record.seed;
  expect(file).toMatchObject({
    format: 'parlor-match',
    v: 1,
    game: 'bankout',
    outcome: null,
    finishedAt: null,
    moves: savedActions.length,
    seats: [
      { name: 'Ada', bot: false, claim: expect.stringMatching(/^[A-Z2-9]{8}$/) },
      { name: 'Bo', bot: false, claim: expect.stringMatching(/^[A-Z2-9]{8}$/) },
    ],
  });
  // The file hands its holder nothing secret: no seed, no action (hidden draws, an opponent's
  // choices), only their sealed form, which this server's key alone opens.
  expect(file).not.toHaveProperty('seed');
  expect(file).not.toHaveProperty('actions');
  const text = JSON.stringify(file);
  expect(text).not.toContain(String(seed));
  for (const a of savedActions) expect(text).not.toContain(JSON.stringify(a.action));
  const keyFile = path.join(dataDir, 'save-key');
  expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
  expect(text).not.toContain(fs.readFileSync(keyFile, 'utf8').trim());
  // Its own bucket: a second save at once is fine, a third is refused.
  await save(ada);
  ada.room.send(ClientMsg.save);
  expect((await nextError(ada)).code).toBe(ErrorCode.RATE_LIMITED);

  // The history takes finished matches only, and says what to do with a saved one.
  const imported = await fetch(`http://127.0.0.1:${PORT}/api/history/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(file),
  });
  expect(imported.status).toBe(400);
  expect(((await imported.json()) as { message: string }).message).toMatch(/Load saved game/);

  // Bo loads it and takes his own seat; he hosts. Ada's seat waits for her under her name.
  // Without his seat's claim code he cannot open the table, even from his own seat.
  await expect(app.client().create('bankout', { name: 'Bo', load: file, seat: 1 })).rejects.toMatchObject({
    code: JoinErrorCode.CLAIM_NEEDED,
  });
  await expect(
    app.client().create('bankout', { name: 'Bo', load: file, seat: 1, claim: file.seats[0]!.claim }),
  ).rejects.toMatchObject({ code: JoinErrorCode.CLAIM_NEEDED });
  const bo2 = await open(
    app.client().create('bankout', { name: 'Bob', load: file, seat: 1, claim: file.seats[1]!.claim }),
  );
  const room2 = roomOf(bo2);
  expect(bo2.welcome!.seat).toBe(1);
  expect(bo2.json()).toMatchObject({
    status: 'waiting',
    savedGame: true,
    host: 1,
    options: JSON.stringify(room.gameOptions),
    seats: [
      { name: 'Ada', occupied: false },
      { name: 'Bo', occupied: true },
    ],
  });
  bo2.room.send(ClientMsg.setOptions, { options: { turnSeconds: 5 } });
  expect((await nextError(bo2)).code).toBe(ErrorCode.BAD_OPTIONS);
  bo2.room.send(ClientMsg.start);
  expect((await nextError(bo2)).code).toBe(ErrorCode.NOT_ENOUGH_PLAYERS);
  // Someone typing Ada's name takes nothing: the seat is kept for its claim code.
  await expect(app.client().joinById(room2.roomId, { name: 'Ada' })).rejects.toMatchObject({
    code: JoinErrorCode.CLAIM_NEEDED,
  });
  await expect(app.client().joinById(room2.roomId, { name: 'Ada', claim: 'ABCDEFGH' })).rejects.toMatchObject(
    {
      code: JoinErrorCode.CLAIM_NEEDED,
    },
  );
  // Ada arrives as a spectator under another name and picks her saved seat with her code.
  const ada2 = await open(app.client().joinById(room2.roomId, { name: 'Ada B.', spectator: true }));
  ada2.room.send(ClientMsg.sit, { seat: 1 });
  expect((await nextError(ada2)).code).toBe(ErrorCode.SEAT_TAKEN);
  ada2.room.send(ClientMsg.sit, { seat: 'first' });
  expect((await nextError(ada2)).code).toBe(ErrorCode.BAD_MESSAGE);
  cy.room.send(ClientMsg.sit, { seat: 0 });
  expect((await nextError(cy)).code).toBe(ErrorCode.NOT_WAITING);
  ada2.room.send(ClientMsg.sit, { seat: 0 });
  expect((await nextError(ada2)).code).toBe(ErrorCode.BAD_CLAIM);
  ada2.room.send(ClientMsg.sit, { seat: 0, claim: file.seats[1]!.claim });
  expect((await nextError(ada2)).code).toBe(ErrorCode.BAD_CLAIM);
  expect(room2.state.seats[0]!.occupied).toBe(false);
  // Typed the way people type: lower case, with a space.
  const typed = file.seats[0]!.claim!.toLowerCase().replace(/^(.{4})/, '$1 ');
  ada2.room.send(ClientMsg.sit, { seat: 0, claim: typed });
  await waitUntil(() => ada2.welcome!.seat === 0 && room2.state.seats[0]!.occupied, 'Ada seated');
  expect(ada2.welcome!.seatToken).not.toBe('');
  expect(room2.state.seats[0]!.name).toBe('Ada');
  expect(room2.state.spectators).toBe(0);

  bo2.room.send(ClientMsg.start);
  await waitUntil(() => room2.state.status === 'playing', 'carried on');
  // Exactly where it stopped: the rules state, and what each seat decodes of it.
  expect(room2.match!.state).toEqual(room.match!.state);
  await waitUntil(() => ada2.json().status === 'playing' && bo2.json().status === 'playing', 'patched');
  expect(matchPart(ada2.json())).toEqual(matchPart(ada.json()));
  expect(matchPart(bo2.json())).toEqual(matchPart(bo.json()));
  // The running window's timer starts again with its full time: the turn's, or a prompt's when the
  // deal stopped at one (a Joker or discard prompt has 15 s).
  const window = room2.def.timeout(room2.match!.state)!;
  const left = room2.state.deadline - Date.now();
  expect(left).toBeGreaterThan(window.durationMs - 2_000);
  expect(left).toBeLessThanOrEqual(window.durationMs);

  await play(room2, [ada2, bo2], 2);
  const actions = room2.match!.record.actions;
  expect(actions.slice(0, file.moves)).toEqual(savedActions);
  expect(actions).toHaveLength(file.moves + 2);
  // Recorded like any table: brought back from its record alone, as a start-up does.
  const record = durableRecord(dataDir, room2.roomId)!;
  const parsed = parseTableFile(record);
  expect(parsed.ok && parsed.table.match).toMatchObject({ seed, actions });
  const state = room2.match!.state;
  for (const t of [ada, bo, cy, ada2, bo2]) await t.room.leave(true);
  const recordFile = path.join(dataDir, 'matches', `${room2.roomId}.jsonl`);
  // Gone from the matchmaker too before its id is used again (a restore racing the old room's
  // disposal would lose the new room from the process's list, and the shutdown would wait on it).
  await waitUntil(
    () => !fs.existsSync(recordFile) && !matchMaker.getLocalRoomById(room2.roomId),
    'the closed table gone, with its record',
    8000,
  );
  fs.writeFileSync(recordFile, record);
  expect((await restoreTables(matchStoreFor(dataDir))).restored).toContain(room2.roomId);
  expect(roomOf(bo2).match!.state).toEqual(state);
  // Closed for good, so that a later restore in this file does not bring it back a second time.
  await roomOf(bo2).disconnect();
  await waitUntil(() => !fs.existsSync(recordFile), 'the restored table closed');
});

test('Tactical Risk: saved on the person’s turn, loaded with the AI still at its seat, played on', async () => {
  const ada = await open(app.client().create('tactical-risk', { name: 'Ada', vsBots: true, seats: 2 }));
  const room = roomOf(ada);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  await play(room, [ada, null], 5);
  await waitUntil(() => room.state.toAct.join() === '0', 'her turn');
  const file = await save(ada);
  expect(file.seats).toEqual([
    { name: 'Ada', bot: false, claim: expect.stringMatching(/^[A-Z2-9]{8}$/) },
    { name: 'Bot 2', bot: true },
  ]);

  // Loaded by Ada on another day: her seat by her claim code, the AI's seat taken by the AI.
  const ada2 = await open(
    app.client().create('tactical-risk', { name: 'ada', load: file, claim: file.seats[0]!.claim }),
  );
  const room2 = roomOf(ada2);
  expect(ada2.welcome!.seat).toBe(0);
  expect(room2.state.seats[1]).toMatchObject({ name: 'Bot 2', bot: true, occupied: true });
  ada2.room.send(ClientMsg.start);
  await waitUntil(() => room2.state.status === 'playing', 'carried on');
  expect(room2.match!.state).toEqual(room.match!.state);
  await waitUntil(() => ada2.json().status === 'playing', 'patched');
  expect(matchPart(ada2.json())).toEqual(matchPart(ada.json()));
  await play(room2, [ada2, null], 2);
  expect(room2.match!.record.actions.length).toBeGreaterThanOrEqual(file.moves + 2);
  for (const t of [ada, ada2]) await t.room.leave(true);
});

test('a malformed, edited, finished or other game’s file is refused with a clear error', async () => {
  const ada = await open(app.client().create('bankout', { name: 'Ada' }));
  const bo = await open(app.client().joinById(ada.room.roomId, { name: 'Bo' }));
  ada.room.send(ClientMsg.start);
  const room = roomOf(ada);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  await play(room, [ada, bo], 3);
  const file = await save(ada);
  const claim = file.seats[0]!.claim;
  const load = (game: string, body: unknown) => app.client().create(game, { name: 'Eve', load: body, claim });
  const refused = (message: RegExp, code: number = JoinErrorCode.BAD_SAVE) => ({
    code,
    message: expect.stringMatching(message),
  });

  await expect(load('bankout', 'hello')).rejects.toMatchObject(refused(/^BAD_SAVE: Not a Parlor saved game/));
  await expect(load('bankout', { ...file, moves: 'many' })).rejects.toMatchObject(
    refused(/Not a Parlor saved game \(moves:/),
  );
  // Any change to the file, clear part or sealed part, breaks its seal.
  for (const edited of [
    { ...file, tableName: 'Mine now' },
    { ...file, moves: file.moves - 1 },
    { ...file, seats: file.seats.map((s) => ({ ...s, bot: true })) },
    { ...file, sealed: { ...file.sealed, data: `A${file.sealed.data.slice(1)}` } },
  ])
    await expect(load('bankout', edited)).rejects.toMatchObject(refused(/changed after it was saved/));
  await expect(
    load('bankout', { ...file, outcome: { winners: [0], summary: 'Ada wins' } }),
  ).rejects.toMatchObject(refused(/Not a Parlor saved game \(outcome/));
  await expect(load('tactical-risk', file)).rejects.toMatchObject(refused(/not a Tactical Risk match/));
  for (const t of [ada, bo]) await t.room.leave(true);
});

test('hand-made, older unsealed and other servers’ saved games are refused, each with its own code', async () => {
  const load = (body: unknown) => app.client().create('bankout', { name: 'Eve', load: body, seat: 0 });
  // The attack: a zero-action "saved game" with a seed of the uploader's choosing (so they know
  // every card), in the file format saves had before they were sealed.
  const handMade = {
    format: 'parlor-match',
    v: 1,
    id: 'x-1',
    roomId: 'x',
    game: 'bankout',
    tableName: 'Rigged',
    options: {},
    seed: 42,
    seats: [
      { name: 'Eve', bot: false },
      { name: 'Mark', bot: false },
    ],
    actions: [],
    outcome: null,
    startedAt: Date.now(),
    finishedAt: null,
    savedAt: Date.now(),
  };
  await expect(load(handMade)).rejects.toMatchObject({
    code: JoinErrorCode.UNSEALED_SAVE,
    message: expect.stringMatching(/^UNSEALED_SAVE: .*no secret sealed by a Parlor server/),
  });
  await expect(load({ ...handMade, seed: 'ab'.repeat(32) })).rejects.toMatchObject({
    code: JoinErrorCode.UNSEALED_SAVE,
  });
  // A finished match is for the history, sealed or not.
  await expect(load({ ...handMade, outcome: { winners: [0], summary: 'x' } })).rejects.toMatchObject({
    code: JoinErrorCode.BAD_SAVE,
    message: expect.stringMatching(/over: import it/),
  });

  // A game saved on another server: sealed with that server's key.
  const otherKey = { key: crypto.randomBytes(32), id: 'feedfacecafebeef' };
  const record = {
    game: 'bankout',
    options: bankout.optionsSchema.parse({}),
    seats: handMade.seats,
    seed: 'cd'.repeat(32),
    actions: [],
    startedAt: Date.now(),
  };
  const foreign = savedMatchOf({ roomId: 'far', tableName: 'Far away', matchNumber: 1 }, record, otherKey);
  await expect(
    app.client().create('bankout', { name: 'Eve', load: foreign, claim: foreign.seats[0]!.claim }),
  ).rejects.toMatchObject({
    code: JoinErrorCode.FOREIGN_SAVE,
    message: expect.stringMatching(/^FOREIGN_SAVE: This game was saved on another Parlor server/),
  });
  // Posing as this server's key id does not help: the seal does not open.
  const posing = { ...foreign, sealed: { ...foreign.sealed, key: saveKeyFor(dataDir).id } };
  await expect(
    app.client().create('bankout', { name: 'Eve', load: posing, claim: foreign.seats[0]!.claim }),
  ).rejects.toMatchObject({ code: JoinErrorCode.BAD_SAVE, message: expect.stringMatching(/changed after/) });
  // The same record sealed by this server loads (the seed was this server's to choose: here, the test's).
  const ours = savedMatchOf(
    { roomId: 'near', tableName: 'Here', matchNumber: 1 },
    record,
    saveKeyFor(dataDir),
  );
  const eve = await open(
    app.client().create('bankout', { name: 'Eve', load: ours, claim: ours.seats[0]!.claim }),
  );
  expect(eve.welcome!.seat).toBe(0);
  await eve.room.leave(true);
});

test('a loaded saved game still waiting for its players is kept over a restart, and carries on', async () => {
  const ada = await open(app.client().create('bankout', { name: 'Ada' }));
  const bo = await open(app.client().joinById(ada.room.roomId, { name: 'Bo' }));
  const room = roomOf(ada);
  ada.room.send(ClientMsg.start);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  await play(room, [ada, bo], 4);
  const file = await save(ada);
  const state = room.match!.state;
  const seed = room.match!.record.seed;
  const savedActions = [...room.match!.record.actions];
  for (const t of [ada, bo]) await t.room.leave(true);

  // Bo loads it in his seat; Ada's seat waits for her. Then the server stops (record kept).
  const bo2 = await open(
    app.client().create('bankout', { name: 'Bo', load: file, seat: 1, claim: file.seats[1]!.claim }),
  );
  const roomId = bo2.room.roomId;
  const record = durableRecord(dataDir, roomId)!;
  expect(parseTableFile(record)).toMatchObject({
    ok: true,
    table: {
      match: null,
      loaded: { seed, claims: [expect.stringMatching(/^[0-9a-f]{64}$/), expect.any(String)] },
    },
  });
  const token = bo2.welcome!.seatToken;
  await bo2.room.leave(true);
  const recordFile = path.join(dataDir, 'matches', `${roomId}.jsonl`);
  await waitUntil(
    () => !fs.existsSync(recordFile) && !matchMaker.getLocalRoomById(roomId),
    'the closed table gone, with its record',
    8000,
  );
  fs.writeFileSync(recordFile, record);
  expect((await restoreTables(matchStoreFor(dataDir))).restored).toContain(roomId);

  // Back as it was: waiting, the saved game's seats and options fixed, Ada's seat kept by name.
  const bo3 = await open(app.client().joinById(roomId, { name: 'Bo', seatToken: token }));
  expect(bo3.welcome!.seat).toBe(1);
  const back = roomOf(bo3);
  expect(bo3.json()).toMatchObject({
    status: 'waiting',
    savedGame: true,
    seats: [
      { name: 'Ada', occupied: false },
      { name: 'Bo', occupied: true },
    ],
  });
  bo3.room.send(ClientMsg.setOptions, { options: { turnSeconds: 5 } });
  expect((await nextError(bo3)).code).toBe(ErrorCode.BAD_OPTIONS);
  // Ada's seat is still kept for her code alone.
  await expect(app.client().joinById(roomId, { name: 'ada' })).rejects.toMatchObject({
    code: JoinErrorCode.CLAIM_NEEDED,
  });
  const ada3 = await open(app.client().joinById(roomId, { name: 'ada', claim: file.seats[0]!.claim }));
  expect(ada3.welcome!.seat).toBe(0);
  bo3.room.send(ClientMsg.start);
  await waitUntil(() => back.state.status === 'playing', 'carried on');
  expect(back.match!.state).toEqual(state);
  await play(back, [ada3, bo3], 2);
  expect(back.match!.record.actions.slice(0, file.moves)).toEqual(savedActions);
  // In the record, the match's start supersedes the loaded game (a later restart resumes the match).
  const lines = record
    .toString()
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as TableLine);
  const started = foldTable([...lines, { t: 'start', at: 1, seed, seats: file.seats, options: {} }]);
  expect(started).toMatchObject({ loaded: null, match: { seed } });
  for (const t of [ada3, bo3]) await t.room.leave(true);
});
