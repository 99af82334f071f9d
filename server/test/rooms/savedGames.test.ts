/**
 * Saving a match in progress and carrying it on at a new table, through real colyseus.js clients:
 * the host's `save` (refused to the others; its seed, actions and seat-code hashes sealed with the
 * server's key), each seat's claim code sent to that seat alone, create with `load` (the server
 * opens and replays the file), the saved seats taken with their codes, what every seat sees
 * unchanged, the dealer's redeal of what nobody has seen, play going on, and a restore from the
 * record on disk. And the attacks of issues 20 and 31: the file hands its holder no secret and no
 * other seat, a save loads at one live table at a time, a copy played ahead tells nothing of another
 * copy's draws; a hand-made or unsealed file, another server's and an edited one are refused, and a
 * name alone takes no saved seat.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AnyGameDefinition,
  ClientMsg,
  DEALER_SEAT,
  ErrorCode,
  JoinErrorCode,
  type MatchRecord,
  REDEAL_TEXT,
  type SavedMatch,
  type SeatClaim,
  ServerMsg,
  isRedeal,
} from '@parlor/shared';
import { bankout } from '@parlor/shared/games/bankout/index';
import { matchMaker } from '@colyseus/core';
import type { Room } from '@colyseus/sdk';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { matchStoreFor } from '../../src/storage/FileMatchStore';
import { type TableLine, foldTable, parseTableFile } from '../../src/storage/tableFile';
import { restoreTables } from '../../src/storage/restore';
import { saveKeyFor } from '../../src/storage/saveKey';
import { sealedSave } from '../helpers/sealedSave';
import { ReplayModel, type ReplayRecord } from '@parlor/shared/core/replay';
import { checkImport } from '../../src/uploads/uploadCheck';
import {
  type StateJson,
  type Tracked,
  logOf,
  messagesOf,
  nextError,
  sendAnswered,
  track,
  waitUntil,
} from '../helpers/clients';
import { durableRecord } from '../helpers/durableRecord';
import { type Booted, bootParlor } from '../helpers/testServer';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(90_000); // a ceiling only (a loaded machine, two files at once)
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
    await sendAnswered(
      players[seat]!,
      ClientMsg.action,
      action,
      () => room.match!.record.actions.length > n,
      'the move accepted',
    );
  }
}

async function save(t: Tracked): Promise<SavedMatch> {
  const before = messagesOf(t, ServerMsg.saved).length;
  t.room.send(ClientMsg.save);
  await waitUntil(() => messagesOf(t, ServerMsg.saved).length > before, 'the saved game');
  return messagesOf<SavedMatch>(t, ServerMsg.saved)[before]!;
}

/** `data` (base64url) with the first bit of its first byte flipped: always another text. */
function flipFirstBit(data: string): string {
  const bytes = Buffer.from(data, 'base64url');
  bytes[0]! ^= 0x80;
  return bytes.toString('base64url');
}

/** The claim codes `t` received (one seat's, for each of its saves). */
const claimsOf = (t: Tracked) => messagesOf<SeatClaim>(t, ServerMsg.claim);
/** The last claim code `t` received. */
function codeOf(t: Tracked): string {
  const claims = claimsOf(t);
  if (!claims.length) throw new Error('no claim code received');
  return claims[claims.length - 1]!.code;
}

/** Ada hosts, Bo sits, `moves` are played, Ada saves: the table, the file and each one's own code. */
async function savedDuel(moves: number) {
  const ada = await open(app.client().create('bankout', { name: 'Ada' }));
  const bo = await open(app.client().joinById(ada.room.roomId, { name: 'Bo' }));
  const room = roomOf(ada);
  ada.room.send(ClientMsg.start);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  await play(room, [ada, bo], moves);
  const file = await save(ada);
  await waitUntil(() => claimsOf(ada).length > 0 && claimsOf(bo).length > 0, 'their codes');
  return { ada, bo, room, file, adaCode: codeOf(ada), boCode: codeOf(bo) };
}

/** Everyone leaves `room`'s table; it is closed for good (its match's save may load elsewhere). */
async function closeTable(players: Tracked[]): Promise<void> {
  const roomId = players[0]!.room.roomId;
  for (const t of players) await t.room.leave(true);
  await waitUntil(() => !matchMaker.getLocalRoomById(roomId), 'the table closed', 8000);
}

/**
 * The rules state a loaded save carries on from: the saved one, with what nobody has seen dealt
 * afresh by the dealer's redeal that the loaded table recorded after the saved moves.
 */
function carriedOn(def: AnyGameDefinition, saved: unknown, record: MatchRecord, moves: number): unknown {
  if (!def.redeal) return saved;
  const dealt = record.actions[moves]!;
  if (!isRedeal(dealt.seat, dealt.action)) throw new Error(`move ${moves + 1} is no redeal`);
  return def.redeal(saved, dealt.action.seed);
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
  const lineage = `${room.roomId}-1`;
  expect(file).toMatchObject({
    format: 'parlor-match',
    v: 1,
    game: 'bankout',
    lineage,
    outcome: null,
    finishedAt: null,
    moves: savedActions.length,
    seats: [
      { name: 'Ada', bot: false },
      { name: 'Bo', bot: false },
    ],
  });
  // Each seat got its own claim code, from the server, and nobody else's; the spectator none.
  await waitUntil(() => claimsOf(ada).length > 0 && claimsOf(bo).length > 0, 'the seats’ codes');
  expect(claimsOf(ada)).toEqual([
    {
      lineage,
      seat: 0,
      code: expect.stringMatching(/^[A-Z2-9]{8}$/),
      game: 'bankout',
      tableName: room.state.tableName,
    },
  ]);
  expect(claimsOf(bo)).toEqual([
    expect.objectContaining({ lineage, seat: 1, code: expect.stringMatching(/^[A-Z2-9]{8}$/) }),
  ]);
  expect(claimsOf(cy)).toEqual([]);
  const [adaCode, boCode] = [codeOf(ada), codeOf(bo)];
  expect(adaCode).not.toBe(boCode);
  // The file hands its holder nothing secret: no seed, no action (hidden draws, an opponent's
  // choices), no seat's code, only their sealed form, which this server's key alone opens.
  expect(file).not.toHaveProperty('seed');
  expect(file).not.toHaveProperty('actions');
  const text = JSON.stringify(file);
  expect(text).not.toContain(String(seed));
  expect(text).not.toContain(boCode);
  expect(text).not.toContain(adaCode);
  expect(text).not.toMatch(/"claim/);
  for (const a of savedActions) expect(text).not.toContain(JSON.stringify(a.action));
  const keyFile = path.join(dataDir, 'save-key');
  expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
  expect(text).not.toContain(fs.readFileSync(keyFile, 'utf8').trim());
  // Its own bucket: a second save at once is fine (the same codes again), a third is refused.
  const again = await save(ada);
  await waitUntil(() => claimsOf(bo).length === 2, 'Bo’s code again');
  expect(codeOf(bo)).toBe(boCode);
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

  // One live table per match: not while its own table still plays it.
  await expect(
    app.client().create('bankout', { name: 'Bo', load: again, seat: 1, claim: boCode }),
  ).rejects.toMatchObject({
    code: JoinErrorCode.SAVE_IN_PLAY,
    message: expect.stringMatching(/^SAVE_IN_PLAY: This match is being played right now/),
  });
  const state = room.match!.state;
  const seen = { ada: matchPart(ada.json()), bo: matchPart(bo.json()) };
  await closeTable([ada, bo, cy]);

  // Bo loads it and takes his own seat; he hosts. Ada's seat waits for her under her name.
  // Without his seat's claim code he cannot open the table, even from his own seat.
  await expect(app.client().create('bankout', { name: 'Bo', load: file, seat: 1 })).rejects.toMatchObject({
    code: JoinErrorCode.CLAIM_NEEDED,
  });
  await expect(
    app.client().create('bankout', { name: 'Bo', load: file, seat: 1, claim: adaCode }),
  ).rejects.toMatchObject({ code: JoinErrorCode.CLAIM_NEEDED });
  const bo2 = await open(app.client().create('bankout', { name: 'Bob', load: file, seat: 1, claim: boCode }));
  const room2 = roomOf(bo2);
  expect(bo2.welcome!.seat).toBe(1);
  expect(bo2.json()).toMatchObject({
    status: 'waiting',
    savedGame: true,
    lineage,
    host: 1,
    options: JSON.stringify(room.gameOptions),
    seats: [
      { name: 'Ada', occupied: false },
      { name: 'Bo', occupied: true },
    ],
  });
  // The code he took his seat with is his, sent back to him alone under the match's lineage.
  await waitUntil(() => claimsOf(bo2).length > 0, 'Bo’s code at the loaded table');
  expect(claimsOf(bo2)).toEqual([expect.objectContaining({ lineage, seat: 1, code: boCode })]);
  // A second table of the same save is refused while this one holds it.
  await expect(
    app.client().create('bankout', { name: 'Bo', load: file, seat: 1, claim: boCode }),
  ).rejects.toMatchObject({ code: JoinErrorCode.SAVE_IN_PLAY });
  bo2.room.send(ClientMsg.setOptions, { options: { turnSeconds: 5 } });
  expect((await nextError(bo2)).code).toBe(ErrorCode.BAD_OPTIONS);
  bo2.room.send(ClientMsg.start);
  expect((await nextError(bo2)).code).toBe(ErrorCode.NOT_ENOUGH_PLAYERS);
  // Someone typing Ada's name takes nothing: the seat is kept for its claim code.
  await expect(app.client().joinById(room2.roomId, { name: 'Ada' })).rejects.toMatchObject({
    code: JoinErrorCode.CLAIM_NEEDED,
  });
  await expect(app.client().joinById(room2.roomId, { name: 'Ada', claim: 'ABCDEFG1' })).rejects.toMatchObject(
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
  ada2.room.send(ClientMsg.sit, { seat: 0 });
  expect((await nextError(ada2)).code).toBe(ErrorCode.BAD_CLAIM);
  ada2.room.send(ClientMsg.sit, { seat: 0, claim: boCode });
  expect((await nextError(ada2)).code).toBe(ErrorCode.BAD_CLAIM);
  expect(room2.state.seats[0]!.occupied).toBe(false);
  expect(claimsOf(ada2)).toEqual([]);
  // Typed the way people type: lower case, with a space.
  const typed = adaCode.toLowerCase().replace(/^(.{4})/, '$1 ');
  ada2.room.send(ClientMsg.sit, { seat: 0, claim: typed });
  await waitUntil(() => ada2.welcome!.seat === 0 && room2.state.seats[0]!.occupied, 'Ada seated');
  expect(ada2.welcome!.seatToken).not.toBe('');
  expect(room2.state.seats[0]!.name).toBe('Ada');
  expect(room2.state.spectators).toBe(0);
  await waitUntil(() => claimsOf(ada2).length > 0, 'Ada’s code, as the table keeps it');
  expect(claimsOf(ada2)).toEqual([expect.objectContaining({ lineage, seat: 0, code: adaCode })]);

  bo2.room.send(ClientMsg.start);
  await waitUntil(() => room2.state.status === 'playing', 'carried on');
  // Where it stopped, with what nobody has seen dealt afresh from a new key (the dealer's
  // redeal, recorded after the saved moves, and said in the public log).
  const record2 = room2.match!.record;
  expect(room2.match!.state).toEqual(carriedOn(room2.def, state, record2, file.moves));
  expect(record2.actions[file.moves]).toMatchObject({ seat: DEALER_SEAT, action: { type: 'redeal' } });
  await waitUntil(() => logOf(bo2.json()).some((l) => l.text === REDEAL_TEXT), 'the redeal in the log');
  // What each seat sees is exactly what it saw.
  await waitUntil(() => ada2.json().status === 'playing' && bo2.json().status === 'playing', 'patched');
  expect(matchPart(ada2.json())).toEqual(seen.ada);
  expect(matchPart(bo2.json())).toEqual(seen.bo);
  // The running window's timer starts again with its full time: the turn's, or a prompt's when the
  // deal stopped at one (a Joker or discard prompt has 15 s).
  // Measured from the redeal (the restart's own moment), so a slow machine's waits above do not count.
  const window = room2.def.timeout(room2.match!.state)!;
  const restartedAt = record2.actions[file.moves]!.at;
  expect(room2.state.deadline - restartedAt).toBeGreaterThan(window.durationMs - 2_000);
  expect(room2.state.deadline - Date.now()).toBeLessThanOrEqual(window.durationMs);

  await play(room2, [ada2, bo2], 2);
  const actions = room2.match!.record.actions;
  expect(actions.slice(0, file.moves)).toEqual(savedActions);
  expect(actions).toHaveLength(file.moves + 1 + 2); // the redeal, then two moves
  // A save of the loaded table keeps the lineage and each seat's code: Ada's stays hers.
  const resaved = await save(bo2);
  expect(resaved).toMatchObject({ lineage, id: `${room2.roomId}-1`, moves: actions.length });
  await waitUntil(() => claimsOf(ada2).length > 1, 'Ada’s code for the new save');
  expect(codeOf(ada2)).toBe(adaCode);
  // Recorded like any table: brought back from its record alone, as a start-up does.
  const record = durableRecord(dataDir, room2.roomId)!;
  const parsed = parseTableFile(record);
  expect(parsed.ok && parsed.table.match).toMatchObject({ seed, actions, lineage });
  expect(parsed.ok && parsed.table.claims).toEqual([adaCode, boCode]);
  const state2 = room2.match!.state;
  await closeTable([ada2, bo2]);
  const recordFile = path.join(dataDir, 'matches', `${room2.roomId}.jsonl`);
  // Gone from the matchmaker too before its id is used again (a restore racing the old room's
  // disposal would lose the new room from the process's list, and the shutdown would wait on it).
  await waitUntil(() => !fs.existsSync(recordFile), 'the closed table gone, with its record', 8000);
  fs.writeFileSync(recordFile, record);
  expect((await restoreTables(matchStoreFor(dataDir))).restored).toContain(room2.roomId);
  const restored = roomOf(bo2);
  expect(restored.match!.state).toEqual(state2);
  // Restored, it holds the match again: the save does not load meanwhile.
  await expect(
    app.client().create('bankout', { name: 'Bo', load: resaved, seat: 1, claim: boCode }),
  ).rejects.toMatchObject({ code: JoinErrorCode.SAVE_IN_PLAY });
  // Bo comes back with his seat token and gets his code again.
  const bo3 = await open(
    app.client().joinById(room2.roomId, { name: 'Bo', seatToken: bo2.welcome!.seatToken }),
  );
  await waitUntil(() => claimsOf(bo3).length > 0, 'Bo’s code after the restart');
  expect(claimsOf(bo3)).toEqual([expect.objectContaining({ lineage, seat: 1, code: boCode })]);
  await bo3.room.leave(true);
  // Closed for good, so that a later restore in this file does not bring it back a second time.
  await restored.disconnect();
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
    { name: 'Ada', bot: false },
    { name: 'Bot 2', bot: true },
  ]);
  await waitUntil(() => claimsOf(ada).length > 0, 'her code');
  const state = room.match!.state;
  const seen = matchPart(ada.json());
  await closeTable([ada]);

  // Loaded by Ada on another day: her seat by her claim code, the AI's seat taken by the AI.
  const ada2 = await open(
    app.client().create('tactical-risk', { name: 'ada', load: file, claim: codeOf(ada) }),
  );
  const room2 = roomOf(ada2);
  expect(ada2.welcome!.seat).toBe(0);
  expect(room2.state.seats[1]).toMatchObject({ name: 'Bot 2', bot: true, occupied: true });
  ada2.room.send(ClientMsg.start);
  await waitUntil(() => room2.state.status === 'playing', 'carried on');
  expect(room2.match!.state).toEqual(carriedOn(room2.def, state, room2.match!.record, file.moves));
  await waitUntil(() => ada2.json().status === 'playing', 'patched');
  expect(matchPart(ada2.json())).toEqual(seen);
  await play(room2, [ada2, null], 2);
  expect(room2.match!.record.actions.length).toBeGreaterThanOrEqual(file.moves + 2);
  await ada2.room.leave(true);
});

test('a malformed, edited, finished or other game’s file is refused with a clear error', async () => {
  const ada = await open(app.client().create('bankout', { name: 'Ada' }));
  const bo = await open(app.client().joinById(ada.room.roomId, { name: 'Bo' }));
  ada.room.send(ClientMsg.start);
  const room = roomOf(ada);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  await play(room, [ada, bo], 3);
  const file = await save(ada);
  await waitUntil(() => claimsOf(ada).length > 0, 'her code');
  const claim = codeOf(ada);
  await closeTable([ada, bo]);
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
    { ...file, lineage: 'another-match' },
    { ...file, sealed: { ...file.sealed, data: flipFirstBit(file.sealed.data) } },
  ])
    await expect(load('bankout', edited)).rejects.toMatchObject(refused(/changed after it was saved/));
  await expect(
    load('bankout', { ...file, outcome: { winners: [0], summary: 'Ada wins' } }),
  ).rejects.toMatchObject(refused(/Not a Parlor saved game \(outcome/));
  await expect(load('tactical-risk', file)).rejects.toMatchObject(refused(/not a Tactical Risk match/));
  // A save of the first sealed format (its clear part gave every seat's code) is refused.
  const firstFormat = {
    ...file,
    seats: file.seats.map((x) => ({ ...x, claim: claim })),
    sealed: { ...file.sealed, v: 1 },
  };
  await expect(load('bankout', firstFormat)).rejects.toMatchObject(refused(/older version of Parlor/));
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
  const { file: foreign, codes: foreignCodes } = sealedSave(
    { roomId: 'far', tableName: 'Far away', matchNumber: 1 },
    record,
    otherKey,
  );
  await expect(
    app.client().create('bankout', { name: 'Eve', load: foreign, claim: foreignCodes[0] }),
  ).rejects.toMatchObject({
    code: JoinErrorCode.FOREIGN_SAVE,
    message: expect.stringMatching(/^FOREIGN_SAVE: This game was saved on another Parlor server/),
  });
  // Posing as this server's key id does not help: the seal does not open.
  const posing = { ...foreign, sealed: { ...foreign.sealed, key: saveKeyFor(dataDir).id } };
  await expect(
    app.client().create('bankout', { name: 'Eve', load: posing, claim: foreignCodes[0] }),
  ).rejects.toMatchObject({ code: JoinErrorCode.BAD_SAVE, message: expect.stringMatching(/changed after/) });
  // The same record sealed by this server loads (the seed was this server's to choose: here, the test's).
  const { file: ours, codes } = sealedSave(
    { roomId: 'near', tableName: 'Here', matchNumber: 1 },
    record,
    saveKeyFor(dataDir),
  );
  const eve = await open(app.client().create('bankout', { name: 'Eve', load: ours, claim: codes[0] }));
  expect(eve.welcome!.seat).toBe(0);
  await eve.room.leave(true);
});

test('a loaded saved game still waiting for its players is kept over a restart, and carries on', async () => {
  const { ada, bo, room, file, adaCode, boCode } = await savedDuel(4);
  const state = room.match!.state;
  const seed = room.match!.record.seed;
  const savedActions = [...room.match!.record.actions];
  await closeTable([ada, bo]);

  // Bo loads it in his seat; Ada's seat waits for her. Then the server stops (record kept).
  const bo2 = await open(app.client().create('bankout', { name: 'Bo', load: file, seat: 1, claim: boCode }));
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
  // And the save does not load a second time while the restored table holds it.
  await expect(
    app.client().create('bankout', { name: 'Ada', load: file, seat: 0, claim: adaCode }),
  ).rejects.toMatchObject({ code: JoinErrorCode.SAVE_IN_PLAY });
  // Bo's code, which he took his seat with before the restart, is still his.
  await waitUntil(() => claimsOf(bo3).length > 0, 'Bo’s code after the restart');
  expect(codeOf(bo3)).toBe(boCode);
  const ada3 = await open(app.client().joinById(roomId, { name: 'ada', claim: adaCode }));
  expect(ada3.welcome!.seat).toBe(0);
  bo3.room.send(ClientMsg.start);
  await waitUntil(() => back.state.status === 'playing', 'carried on');
  expect(back.match!.state).toEqual(carriedOn(back.def, state, back.match!.record, file.moves));
  await play(back, [ada3, bo3], 2);
  expect(back.match!.record.actions.slice(0, file.moves)).toEqual(savedActions);
  // In the record, the match's start supersedes the loaded game (a later restart resumes the match).
  const lines = record
    .toString()
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as TableLine);
  const started = foldTable([...lines, { t: 'start', at: 1, seed, seats: file.seats, options: {} }]);
  expect(started).toMatchObject({ loaded: null, claims: null, match: { seed } });
  for (const t of [ada3, bo3]) await t.room.leave(true);
});

test('issue 31: the host’s file opens no seat but the host’s, and reads no other seat', async () => {
  const { ada, bo, file, adaCode, boCode } = await savedDuel(3);
  // Nothing the host received holds Bo's code: not the file, not any message.
  expect(JSON.stringify(file)).not.toContain(boCode);
  expect(JSON.stringify(ada.messages)).not.toContain(boCode);
  expect(claimsOf(ada).every((c) => c.seat === 0)).toBe(true);
  await closeTable([ada, bo]);

  // Seat 1 is Bo's: her code opens it neither at create, nor (below) at a join, nor by sitting.
  await expect(
    app.client().create('bankout', { name: 'Ada', load: file, seat: 1, claim: adaCode }),
  ).rejects.toMatchObject({ code: JoinErrorCode.CLAIM_NEEDED });
  // The attack: a private table of the file with her own code, then a second join into Bo's seat.
  const host = await open(
    app.client().create('bankout', { name: 'Ada', load: file, claim: adaCode, private: true }),
  );
  expect(host.welcome!.seat).toBe(0);
  const roomId = host.room.roomId;
  for (const claim of [undefined, adaCode, 'ABCDEFG1'])
    await expect(app.client().joinById(roomId, { name: 'Bo', claim })).rejects.toMatchObject({
      code: JoinErrorCode.CLAIM_NEEDED,
    });
  const watcher = await open(app.client().joinById(roomId, { name: 'Ada 2', spectator: true }));
  watcher.room.send(ClientMsg.sit, { seat: 1, claim: adaCode });
  expect((await nextError(watcher)).code).toBe(ErrorCode.BAD_CLAIM);
  expect(roomOf(host).state.seats[1]!.occupied).toBe(false);
  await watcher.room.leave(true);
  // Bo joins with his own code (a friend's device: he types it) and has his seat.
  const bo2 = await open(app.client().joinById(roomId, { name: 'Bo', claim: boCode }));
  expect(bo2.welcome!.seat).toBe(1);
  await closeTable([host, bo2]);
  // Without the table, her code alone still opens her own seat only.
  await expect(
    app.client().create('bankout', { name: 'Ada', load: file, seat: 1, claim: adaCode }),
  ).rejects.toMatchObject({ code: JoinErrorCode.CLAIM_NEEDED });
});

test('issue 31: one live table per save, and a copy played ahead says nothing of another copy’s draws', async () => {
  expect(bankout.redeal).toBeDefined();
  const { ada, bo, room, file, adaCode, boCode } = await savedDuel(4);
  const deckOf = (r: GameRoom) => [...(r.match!.state as { deck: string[] }).deck];
  const liveDeck = deckOf(room);
  // While its own table plays it, the save does not load.
  const loadCopy = () => app.client().create('bankout', { name: 'Ada', load: file, claim: adaCode });
  await expect(loadCopy()).rejects.toMatchObject({ code: JoinErrorCode.SAVE_IN_PLAY });

  /** A table of the save, both players back, carried on: what it will draw next (its whole deck). */
  async function copy(): Promise<{ deck: string[]; players: Tracked[] }> {
    const a = await open(loadCopy());
    const b = await open(app.client().joinById(a.room.roomId, { name: 'Bo', claim: boCode }));
    a.room.send(ClientMsg.start);
    const r = roomOf(a);
    await waitUntil(() => r.state.status === 'playing', 'the copy carried on');
    return { deck: deckOf(r), players: [a, b] };
  }
  // The attack's order: the live table goes on after a copy was played ahead. Now the copy waits.
  await closeTable([ada, bo]);
  const first = await copy();
  // Not a second copy while the first is open.
  await expect(loadCopy()).rejects.toMatchObject({ code: JoinErrorCode.SAVE_IN_PLAY });
  await closeTable(first.players);
  const second = await copy();
  await closeTable(second.players);
  // The same unseen cards, dealt afresh each time: neither copy's next draws are another's.
  expect([...first.deck].sort()).toEqual([...liveDeck].sort());
  expect([...second.deck].sort()).toEqual([...liveDeck].sort());
  expect(first.deck).not.toEqual(liveDeck);
  expect(second.deck).not.toEqual(first.deck);
});

test('a loaded save played to its end exports, imports and replays exactly, the redeal included', async () => {
  const ada = await open(app.client().create('bankout', { name: 'Ada', vsBots: true, seats: 2 }));
  const room = roomOf(ada);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  await play(room, [ada, null], 3);
  const file = await save(ada);
  await waitUntil(() => claimsOf(ada).length > 0, 'her code');
  const code = codeOf(ada);
  await closeTable([ada]);

  const ada2 = await open(app.client().create('bankout', { name: 'Ada', load: file, claim: code }));
  const room2 = roomOf(ada2);
  ada2.room.send(ClientMsg.start);
  await waitUntil(() => room2.state.status === 'playing', 'carried on');
  // Ada hands her seat to the AI, which plays both to the end (a spectator keeps the table open).
  const cy = await open(app.client().joinById(room2.roomId, { name: 'Cy', spectator: true }));
  await ada2.room.leave(true);
  await waitUntil(() => room2.state.status === 'finished', 'the end', 60_000);
  const finalState = room2.match!.state;
  const id = `${room2.roomId}-1`;
  await waitUntil(() => matchStoreFor(dataDir).hasFinished(id), 'in the history', 8000);
  const exported = await fetch(`http://127.0.0.1:${PORT}/api/history/${id}`);
  expect(exported.status).toBe(200);
  const body = await exported.text();
  const match = JSON.parse(body) as ReplayRecord;
  const dealt = match.actions.filter((a) => a.seat === DEALER_SEAT);
  expect(dealt).toHaveLength(1);
  expect(match.actions.indexOf(dealt[0]!)).toBe(file.moves);
  // The import's check (the upload worker's) replays it to its outcome: only the duplicate is refused.
  expect(checkImport(new Uint8Array(Buffer.from(body)))).toMatchObject({ ok: true });
  const imported = await fetch(`http://127.0.0.1:${PORT}/api/history/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  expect(((await imported.json()) as { code: string }).code).toBe('DUPLICATE');
  // The replay viewer's model: the same end, and the redeal's line in its log at its place.
  const model = ReplayModel.build(room2.def, match);
  expect(model.stateAt(model.length)).toEqual(finalState);
  expect(model.logUpTo(model.length)).toContainEqual(
    expect.objectContaining({ step: file.moves + 1, seat: -1, text: REDEAL_TEXT }),
  );
  await cy.room.leave(true);
});
