/**
 * What a guest on the network can try inside a room (issue 20), each seen to fail with a clear
 * answer: a client that never reads its socket, a message flood, a spectator chatting under a
 * seated player's name, a kicked player sitting down again, and options nested 50,000 deep.
 */
import { matchMaker } from '@colyseus/core';
import {
  type ChatLine,
  ClientMsg,
  CloseCode,
  ErrorCode,
  JoinErrorCode,
  Limits,
  ServerMsg,
} from '@parlor/shared';
import { Client, Room } from '@colyseus/sdk';
import type { GameRoom } from '../../src/rooms/GameRoom';
import type { AnyGameAdapter } from '../../src/rooms/GameAdapter';
import { type Tracked, messagesOf, sleep, track, waitUntil } from '../helpers/clients';
import { raceAdapter, raceGame } from '../helpers/fixtureGame';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
/** Colyseus's protocol code of the join handshake frame (the client acknowledges it with the same). */
const JOIN_ROOM = 10;
jest.setTimeout(240_000); // a ceiling only (a loaded machine, two files at once)
let app: Booted;

/** Race, but every public event carries this many bytes: a busy table's output, fast. */
const BLOB_BYTES = 32 * 1024;
const bulkyAdapter: AnyGameAdapter = {
  ...raceAdapter,
  definition: {
    ...raceGame,
    apply: (s, seat, action) => {
      const result = raceGame.apply(s, seat, action);
      if (!result.ok) return result;
      const blob = `${s.turnNumber}:`.padEnd(BLOB_BYTES, 'x');
      const events = result.events.map((e) => (e.to === undefined ? { ...e, data: { ...e.data, blob } } : e));
      return { ...result, events };
    },
  },
} as AnyGameAdapter;

/** Small bounds, so a test fills them in seconds. */
const BACKLOG = { backlogBytes: 256 * 1024, backlogGraceMs: 1000, backlogHardBytes: 2 * 1024 * 1024 };

beforeAll(async () => {
  app = await bootParlor(PORT, {}, [
    { name: 'race', adapter: raceAdapter },
    { name: 'bulky', adapter: bulkyAdapter, limits: { ...FAST_LIMITS, ...BACKLOG } },
    // Only the grace can end a connection here.
    {
      name: 'bulky_grace',
      adapter: bulkyAdapter,
      limits: { ...FAST_LIMITS, ...BACKLOG, backlogHardBytes: Infinity },
    },
    {
      name: 'bulky_unbounded',
      adapter: bulkyAdapter,
      limits: { ...FAST_LIMITS, backlogBytes: Infinity, backlogHardBytes: Infinity },
    },
  ]);
});
afterAll(async () => {
  await app.server.shutdown();
});
afterEach(async () => {
  await app.server.cleanup();
});

/** A client connecting from the given loopback host: `[::1]` is another address than 127.0.0.1. */
const clientAt = (host: string) => new Client(`ws://${host}:${PORT}`);

async function welcomed(room: Room): Promise<Tracked> {
  const t = track(room);
  await waitUntil(() => t.welcome !== null, 'welcome');
  return t;
}

/**
 * The client's own socket stops reading: what the server sends piles up on the server's side. A
 * socket left paused never reads the server's close either, and stays open after the file (it kept
 * the jest worker alive: "a worker process has failed to exit gracefully"): resume or drop it.
 */
function pauseReading(t: Tracked): { resume(): void; drop(): void } {
  const ws = (
    t.room.connection.transport as unknown as {
      ws: { _socket: { pause(): void; resume(): void; destroy(): void } };
    }
  ).ws;
  ws._socket.pause();
  return {
    resume: () => ws._socket.resume(),
    drop: () => {
      t.room.reconnection.enabled = false;
      ws._socket.destroy();
    },
  };
}

function serverRoom(t: Tracked): GameRoom {
  return app.server.getRoomById(t.room.roomId) as unknown as GameRoom;
}

interface ServerSocket {
  bufferedAmount: number;
  readyState: number;
  _socket: { destroyed: boolean };
  /** Colyseus's heartbeat: pings sent and not answered yet (see below). */
  pingCount: number;
}
function serverSocketOf(room: GameRoom, sessionId: string): ServerSocket {
  const client = room.clients.getById(sessionId) as unknown as { ref: ServerSocket };
  return client.ref;
}

/**
 * Colyseus's websocket heartbeat pings every socket every 3 s and cuts one that left two pings
 * unanswered: a client that stopped reading never answers, so it is cut 6-9 s later whatever its
 * backlog (seen: 8.5 s). These tests are about the backlog bound, and on a loaded machine their
 * loops take longer than that: the heartbeat is kept off these sockets, so that only the bound can
 * cut them (and the unbounded one stays, however slowly its backlog grows).
 */
function withoutHeartbeatCut(socket: ServerSocket): void {
  expect(typeof socket.pingCount).toBe('number'); // the heartbeat's count is still where it was
  Object.defineProperty(socket, 'pingCount', { get: () => 0, set: () => undefined, configurable: true });
}

/**
 * The players pass in turn (a paused player still sends: only its reading stopped). A player the
 * server let go sends nothing: the turn timer passes for them.
 */
async function pass(room: GameRoom, players: Tracked[]): Promise<void> {
  const before = room.match!.record.actions.length;
  const player = players[room.state.toAct[0]!]!;
  if (room.clients.getById(player.room.sessionId)) player.room.send(ClientMsg.action, { type: 'pass' });
  await waitUntil(() => room.match!.record.actions.length > before, 'the pass');
}

describe('a client that never reads its socket', () => {
  test.each([
    ['far over the bound at once', 'bulky', 0],
    ['over the bound for a second', 'bulky_grace', 15],
  ])('is disconnected, its backlog %s; a paused player keeps the seat', async (_, game, pauseMs) => {
    const ada = await welcomed(
      await clientAt('127.0.0.1').create(game, { name: 'ada', seats: 2, options: { turnMs: 100 } }),
    );
    const bob = await welcomed(await clientAt('127.0.0.1').joinById(ada.room.roomId, { name: 'bob' }));
    const reader = await welcomed(
      await clientAt('127.0.0.1').joinById(ada.room.roomId, { name: 'eve', spectator: true }),
    );
    const paused = [
      await welcomed(await clientAt('127.0.0.1').joinById(ada.room.roomId, { name: 'p1', spectator: true })),
      await welcomed(await clientAt('127.0.0.1').joinById(ada.room.roomId, { name: 'p2', spectator: true })),
    ];
    const room = serverRoom(ada);
    ada.room.send(ClientMsg.start);
    await waitUntil(() => room.state.status === 'playing', 'playing');

    const stalled = [bob, ...paused];
    // Let go for good here: @colyseus/sdk would reconnect a cut connection by itself.
    for (const t of stalled) t.room.reconnection.enabled = false;
    const sockets = stalled.map((t) => serverSocketOf(room, t.room.sessionId));
    sockets.forEach(withoutHeartbeatCut);
    const pauses = stalled.map(pauseReading);
    const left = stalled.map((t) => new Promise<number>((resolve) => t.room.onLeave(resolve)));
    let maxBacklog = 0;
    let actions = 0;
    const gone = () => stalled.every((t) => !room.clients.getById(t.room.sessionId));
    for (; actions < 2000 && !gone(); actions++) {
      await pass(room, [ada, bob]);
      await sleep(pauseMs);
      for (const s of sockets) maxBacklog = Math.max(maxBacklog, s.bufferedAmount);
    }
    expect(gone()).toBe(true);
    // Never more than the hard bound plus what one action sends (an event and a patch).
    expect(maxBacklog).toBeLessThan(BACKLOG.backlogHardBytes + 4 * BLOB_BYTES);
    // Their sockets are cut (what was queued for them is freed with them) ...
    await waitUntil(() => sockets.every((s) => s._socket.destroyed), 'the sockets to be cut', 20_000);
    // ... while those who read are still here, and the paused player's seat waits for them.
    expect(room.clients.getById(ada.room.sessionId)).toBeDefined();
    expect(room.clients.getById(reader.room.sessionId)).toBeDefined();
    await waitUntil(() => ada.json().seats[1].connected === false, 'bob away');
    expect(ada.json().seats[1]).toMatchObject({ occupied: true, name: 'bob' });
    await waitUntil(() => ada.json().spectators === 3, 'spectators still counted (their window)');
    // Once they read again, they learn the connection is over.
    for (const p of pauses) p.resume();
    await Promise.all(left);
    // The paused player comes back to the same seat, as after any dropped connection.
    const back = track(await app.client().reconnect(bob.room.reconnectionToken));
    await waitUntil(() => ada.json().seats[1].connected === true, 'bob back');
    await pass(room, [ada, back]);
    await pass(room, [ada, back]);
    expect(room.clients.getById(back.room.sessionId)).toBeDefined();
  });

  test('one that never acknowledges its join (Colyseus queues its messages meanwhile) is disconnected too', async () => {
    const ada = await welcomed(await app.client().create('bulky', { name: 'ada', seats: 2 }));
    const bob = await welcomed(await app.client().joinById(ada.room.roomId, { name: 'bob' }));
    const room = serverRoom(ada);
    // colyseus.js acknowledges the JOIN_ROOM frame at once: this one client swallows the answer.
    const proto = Room.prototype as unknown as {
      onMessageCallback(this: Room, event: { data: ArrayBuffer }): void;
    };
    const original = proto.onMessageCallback;
    proto.onMessageCallback = function (this: Room, event) {
      if (new Uint8Array(event.data)[0] !== JOIN_ROOM) return original.call(this, event);
      const connection = this.connection as unknown as { send(data: unknown): void };
      const send = connection.send;
      connection.send = () => {};
      try {
        original.call(this, event);
      } finally {
        connection.send = send;
      }
    };
    let mute: Room;
    try {
      mute = await app.client().joinById(ada.room.roomId, { name: 'mute', spectator: true });
    } finally {
      proto.onMessageCallback = original;
    }
    const queued = () =>
      (room.clients.getById(mute.sessionId) as unknown as { _enqueuedMessages?: Uint8Array[] } | undefined)
        ?._enqueuedMessages ?? [];
    ada.room.send(ClientMsg.start);
    await waitUntil(() => room.state.status === 'playing', 'playing');
    let maxQueued = 0;
    for (let i = 0; i < 2000 && room.clients.getById(mute.sessionId); i++) {
      await pass(room, [ada, bob]);
      maxQueued = Math.max(
        maxQueued,
        queued().reduce((n, m) => n + m.length, 0),
      );
    }
    expect(room.clients.getById(mute.sessionId)).toBeUndefined();
    expect(maxQueued).toBeGreaterThan(BACKLOG.backlogBytes);
    expect(maxQueued).toBeLessThan(BACKLOG.backlogHardBytes + 4 * BLOB_BYTES);
    expect(room.clients.getById(ada.room.sessionId)).toBeDefined();
  });

  test('without the bound, the same paused spectator piles up megabytes on the server (the attack)', async () => {
    const ada = await welcomed(await app.client().create('bulky_unbounded', { name: 'ada', seats: 2 }));
    const bob = await welcomed(await app.client().joinById(ada.room.roomId, { name: 'bob' }));
    const spy = await welcomed(await app.client().joinById(ada.room.roomId, { name: 'p', spectator: true }));
    const room = serverRoom(ada);
    ada.room.send(ClientMsg.start);
    await waitUntil(() => room.state.status === 'playing', 'playing');
    const socket = serverSocketOf(room, spy.room.sessionId);
    withoutHeartbeatCut(socket);
    const paused = pauseReading(spy);
    for (let i = 0; i < 2000 && socket.bufferedAmount <= 2 * BACKLOG.backlogHardBytes; i++)
      await pass(room, [ada, bob]);
    expect(socket.bufferedAmount).toBeGreaterThan(2 * BACKLOG.backlogHardBytes);
    expect(room.clients.getById(spy.room.sessionId)).toBeDefined();
    const left = new Promise((resolve) => spy.room.onLeave(resolve));
    paused.drop();
    await left;
  });
});

test('a flood: one RATE_LIMITED a second at most, then the flooder is disconnected (FLOOD); its seat waits', async () => {
  const ada = await welcomed(await app.client().create('race', { name: 'ada', seats: 2 }));
  const bob = await welcomed(await app.client().joinById(ada.room.roomId, { name: 'bob' }));
  const closed = new Promise<number>((resolve) => bob.room.onLeave(resolve));
  for (let i = 0; i < 5000; i++) bob.room.send(ClientMsg.action, { type: 'step' });
  expect(await closed).toBe(CloseCode.FLOOD);
  const codes = bob.errors.map((e) => e.code);
  // The accepted ones were answered by the rules (not playing yet); the refusals hardly at all.
  expect(codes.filter((c) => c === ErrorCode.NOT_PLAYING).length).toBeGreaterThanOrEqual(Limits.rateBurst);
  const limited = codes.filter((c) => c === ErrorCode.RATE_LIMITED).length;
  expect(limited).toBeGreaterThanOrEqual(1);
  expect(limited).toBeLessThanOrEqual(3);
  expect(codes.length).toBeLessThan(Limits.rateBurst * 3);
  // Dropped, not kicked: the seat is kept for the reconnection window.
  await waitUntil(() => ada.json().seats[1].connected === false, 'bob away');
  expect(ada.json().seats[1]).toMatchObject({ occupied: true, name: 'bob' });
  const back = track(await app.client().reconnect(bob.room.reconnectionToken));
  await waitUntil(() => ada.json().seats[1].connected === true, 'bob back');
  // A client that slows down when told is answered every time.
  await sleep(3000);
  // Twice the burst (far from the flood's bound): the bucket refills 8 a second while the server reads
  // them, and on a loaded machine reading rateBurst + 1 took long enough for one more token (none
  // refused, "told to slow down" never came).
  for (let i = 0; i < 2 * Limits.rateBurst; i++) back.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => back.errors.some((e) => e.code === ErrorCode.RATE_LIMITED), 'told to slow down');
  await sleep(1000);
  const before = back.errors.length;
  back.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => back.errors.length > before, 'the next message answered');
  expect(back.errors.at(-1)!.code).toBe(ErrorCode.NOT_PLAYING);
});

test('a spectator cannot chat under a seated player name: flagged, and renamed on a clash', async () => {
  const ada = await welcomed(await app.client().create('race', { name: 'Ada', seats: 2 }));
  const fake = await welcomed(
    await app.client().joinById(ada.room.roomId, { name: 'ADA ', spectator: true }),
  );
  const eve = await welcomed(await app.client().joinById(ada.room.roomId, { name: 'Eve', spectator: true }));
  fake.room.send(ClientMsg.chat, { text: 'I resign, take my cards' });
  eve.room.send(ClientMsg.chat, { text: 'hello' });
  ada.room.send(ClientMsg.chat, { text: 'no I do not' });
  await waitUntil(() => messagesOf(eve, ServerMsg.chat).length === 3, 'three lines');
  const lines = messagesOf<ChatLine>(eve, ServerMsg.chat).sort((a, b) => a.from.localeCompare(b.from));
  expect(lines.map(({ from, seat, spectator }) => ({ from, seat, spectator }))).toEqual([
    { from: 'Ada', seat: 0, spectator: false },
    { from: 'ADA 2', seat: -1, spectator: true },
    { from: 'Eve', seat: -1, spectator: true },
  ]);
});

describe('kick is a ban from the seats of that table', () => {
  test('the kicked player cannot sit again, by a new join, the old token or sit; watching is fine', async () => {
    // The host on 127.0.0.1, bob from ::1: another address, as another device on the network.
    const host = await welcomed(await clientAt('127.0.0.1').create('race', { name: 'ada', seats: 2 }));
    const bob = await welcomed(await clientAt('[::1]').joinById(host.room.roomId, { name: 'bob' }));
    const roomId = host.room.roomId;
    host.room.send(ClientMsg.kick, { seat: 1 });
    await waitUntil(() => messagesOf(bob, ServerMsg.kicked).length === 1, 'kicked');
    await waitUntil(() => host.json().seats[1].occupied === false, 'seat freed');

    // Reopening the link (a fresh join, no token) from the same device: refused.
    await expect(clientAt('[::1]').joinById(roomId, { name: 'bob' })).rejects.toMatchObject({
      code: JoinErrorCode.KICKED,
      message: expect.stringMatching(/^KICKED: /),
    });
    await expect(
      clientAt('[::1]').joinById(roomId, { name: 'robert', seat: 1, seatToken: bob.welcome!.seatToken }),
    ).rejects.toMatchObject({ code: JoinErrorCode.KICKED });
    // The old token from another address (the host's): refused too.
    await expect(
      clientAt('127.0.0.1').joinById(roomId, { name: 'bob', seatToken: bob.welcome!.seatToken }),
    ).rejects.toMatchObject({ code: JoinErrorCode.KICKED });
    // Watching is allowed; sitting down from the audience is not.
    const watcher = await welcomed(
      await clientAt('[::1]').joinById(roomId, { name: 'bob', spectator: true }),
    );
    expect(watcher.welcome!.seat).toBe(-1);
    watcher.room.send(ClientMsg.sit, { seat: 1 });
    await waitUntil(() => watcher.errors.length === 1, 'sit refused');
    expect(watcher.errors[0]!.code).toBe(ErrorCode.KICKED);
    expect(host.json().seats[1].occupied).toBe(false);
    // Someone else (here from the host's own address, which the kick does not bar) takes the seat.
    const cara = await welcomed(await clientAt('127.0.0.1').joinById(roomId, { name: 'cara' }));
    expect(cara.welcome!.seat).toBe(1);
  });

  test("an address shared with the host is not barred (the host's own device), the token is", async () => {
    const host = await welcomed(await clientAt('127.0.0.1').create('race', { name: 'ada', seats: 2 }));
    const bob = await welcomed(await clientAt('127.0.0.1').joinById(host.room.roomId, { name: 'bob' }));
    host.room.send(ClientMsg.kick, { seat: 1 });
    await waitUntil(() => host.json().seats[1].occupied === false, 'seat freed');
    await expect(
      clientAt('127.0.0.1').joinById(host.room.roomId, { name: 'bob', seatToken: bob.welcome!.seatToken }),
    ).rejects.toMatchObject({ code: JoinErrorCode.KICKED });
    const other = await welcomed(await clientAt('127.0.0.1').joinById(host.room.roomId, { name: 'dan' }));
    expect(other.welcome!.seat).toBe(1);
  });
});

test('options nested 50,000 deep are refused with BAD_OPTIONS and leave no table behind', async () => {
  const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
  const post = async (body: string) => {
    const res = await fetch(`http://127.0.0.1:${PORT}/matchmake/create/race`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return (await res.json()) as { code?: number; error?: string };
  };
  expect(await post(`{"name":"x","options":${deep(50_000)}}`)).toMatchObject({
    code: JoinErrorCode.BAD_OPTIONS,
    error: expect.stringMatching(/^BAD_OPTIONS: /),
  });
  expect(
    await post(`{"name":"x","options":{"target":3,"x":${'['.repeat(50_000)}${']'.repeat(50_000)}}}`),
  ).toMatchObject({ code: JoinErrorCode.BAD_OPTIONS });
  expect(await post(`{"name":"x","tableName":"t","junk":${deep(50_000)}}`)).toMatchObject({
    code: JoinErrorCode.BAD_OPTIONS,
  });
  // Through the client library too, at a depth the library still encodes.
  await expect(
    app.client().create('race', { name: 'x', options: JSON.parse(deep(40)) }),
  ).rejects.toMatchObject({
    code: JoinErrorCode.BAD_OPTIONS,
  });
  expect(await matchMaker.query({ name: 'race' })).toEqual([]);
  // A join with such options is refused the same way, and the table is unharmed.
  const ada = await welcomed(
    await app.client().create('race', { name: 'ada', seats: 2, options: { target: 3 } }),
  );
  await expect(
    app.client().joinById(ada.room.roomId, { name: 'bob', junk: JSON.parse(deep(40)) }),
  ).rejects.toMatchObject({ code: JoinErrorCode.BAD_OPTIONS });
  const bob = await welcomed(await app.client().joinById(ada.room.roomId, { name: 'bob' }));
  expect(bob.welcome!.seat).toBe(1);
  expect(await matchMaker.query({ name: 'race' })).toHaveLength(1);
});
