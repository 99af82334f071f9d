/**
 * Scale-out on Redis, end to end: a throwaway redis-server and two real server processes, A and B,
 * on loopback, sharing it (REDIS_URL, each with its own PUBLIC_ADDRESS and DATA_DIR). A Bankout
 * table created on A is listed by B (/api/info, /api/discovery, the realtime lobby), found by its
 * join code through B, joined and watched through B (the websockets then go to A, which hosts it),
 * and played to the end while the leak detector reads every client's decoded state and raw frames.
 * Then A stops gracefully: the table leaves B's listing; A starts again on its DATA_DIR and
 * restores it (B restores nothing), B lists it again and Bob takes his seat back through B; a
 * third process started on a copy of A's DATA_DIR leaves that table to A.
 * Finally A is killed (kill -9): B's sweep forgets its table, in the API and the lobby, until A
 * starts again and restores it.
 * Skipped, with a message, when redis-server is not installed (`.ci/run` installs Debian's).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ClientMsg, LOBBY_ROOM } from '@parlor/shared';
import type { BankoutState } from '@parlor/shared/games/bankout/types';
import { bankout } from '@parlor/shared/games/bankout/index';
import { Client, type Room } from '@colyseus/sdk';
import { bankoutBotChoice } from '../helpers/bankoutClient';
import {
  type StateJson,
  type Tracked,
  changeKey,
  sendAnswered,
  sleep,
  track,
  waitUntil,
} from '../helpers/clients';
import { LeakDetector, installFrameCapture } from '../helpers/leakDetector';
import { testPlan as bankoutPlan } from '@parlor/shared/games/bankout/testPlan';
import { lcg } from '../helpers/matchDriver';
import { type ServerProcess, startServer, stopAllServers, stopServer } from '../persistence/serverProcess';
import { RecordedRoom } from './recordedRoom';
import { type RedisServer, findRedisServer, startRedis } from './redisServer';
import { freePort } from '../helpers/freePort';

jest.setTimeout(240_000); // a ceiling only: two server processes and Redis on a loaded machine

const REDIS_PORT = freePort();
const PORT_A = freePort();
const PORT_B = freePort();
const PORT_C = freePort();
const redisBinary = findRedisServer();
if (!redisBinary)
  console.warn('Scale tests skipped: redis-server is not installed (apt-get install -y redis-server).');
const describeWithRedis = redisBinary ? describe : describe.skip;

const ws = (port: number) => `ws://127.0.0.1:${port}`;
const http = (port: number) => `http://127.0.0.1:${port}`;
const getJson = async (port: number, route: string) => {
  const res = await fetch(`${http(port)}${route}`);
  return { status: res.status, body: (await res.json()) as StateJson };
};
/** The address an @colyseus/sdk Room's websocket went to. */
const socketUrl = (room: Room): string =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (room.connection as any).transport.ws.url as string;

describeWithRedis('two processes on Redis', () => {
  let redis: RedisServer;
  let a: ServerProcess;
  let b: ServerProcess;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-scale-'));
  const dirA = path.join(root, 'a');
  const dirB = path.join(root, 'b');
  const rooms: Room[] = [];
  const envFor = (port: number) => ({
    REDIS_URL: redis.url,
    PUBLIC_ADDRESS: `127.0.0.1:${port}`,
    SERVER_NAME: `Scale ${port}`,
  });

  let roomId = '';
  let code = '';
  let ada: Tracked;
  let bob: Tracked;

  beforeAll(async () => {
    installFrameCapture();
    redis = await startRedis(redisBinary!, REDIS_PORT);
    [a, b] = await Promise.all([
      startServer(PORT_A, dirA, envFor(PORT_A)),
      startServer(PORT_B, dirB, envFor(PORT_B)),
    ]);
  });

  afterAll(async () => {
    // No reconnection once the servers go: the SDK would retry a dropped room for about a minute
    // (15 tries, up to 5 s apart), its timers and sockets outliving this file in the jest worker.
    for (const r of rooms) r.reconnection.enabled = false;
    // A Room whose server already went away never answers leave(): do not wait for it.
    await Promise.all(rooms.map((r) => Promise.race([r.leave(true).catch(() => undefined), sleep(500)])));
    // Every server this file started: `a` and `b` stay unset when one of them failed to start,
    // and `c` is only stopped by its own test.
    await stopAllServers('SIGKILL');
    await redis?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const keep = (room: Room) => (rooms.push(room), room);

  /** The realtime lobby joined through `port`: its live listing by room id. */
  async function watchLobby(port: number): Promise<{ lobby: Room; listing: Map<string, StateJson> }> {
    const lobby = keep(await new Client(ws(port)).joinOrCreate(LOBBY_ROOM));
    const listing = new Map<string, StateJson>();
    lobby.onMessage('rooms', (list: StateJson[]) => list.forEach((r) => listing.set(r.roomId, r)));
    lobby.onMessage('+', ([id, r]: [string, StateJson]) => listing.set(id, r));
    lobby.onMessage('-', (id: string) => listing.delete(id));
    return { lobby, listing };
  }

  test('a table created on A is listed by B, in the API and the lobby, and found by its code', async () => {
    ada = track(
      keep(
        await new Client(ws(PORT_A)).create('bankout', { name: 'Ada', seats: 2, options: { mode: 'blitz' } }),
      ),
    );
    roomId = ada.room.roomId;
    await waitUntil(() => ada.welcome !== null, 'welcome');
    // A hosts it: its record is in A's DATA_DIR, and Ada's socket is A's.
    expect(fs.existsSync(path.join(dirA, 'matches', `${roomId}.jsonl`))).toBe(true);
    expect(fs.existsSync(path.join(dirB, 'matches', `${roomId}.jsonl`))).toBe(false);
    expect(socketUrl(ada.room)).toContain(`127.0.0.1:${PORT_A}/`);

    const info = (await getJson(PORT_B, '/api/info')).body;
    const listed = info.tables.find((t: StateJson) => t.roomId === roomId);
    expect(listed).toMatchObject({ game: 'bankout', host: 'Ada', seatsTaken: 1, seatsTotal: 2 });
    code = listed.code;
    expect(code).toMatch(/^[A-Z0-9]{4,}$/);

    const discovery = (await getJson(PORT_B, '/api/discovery')).body;
    expect(discovery.self.tables.map((t: StateJson) => t.roomId)).toContain(roomId);

    expect(await getJson(PORT_B, `/api/tables/code/${code}`)).toEqual({
      status: 200,
      body: { roomId, game: 'bankout' },
    });

    // The realtime lobby, joined through B, lists it and hears when a seat is taken.
    const { lobby, listing } = await watchLobby(PORT_B);
    await waitUntil(
      () => listing.get(roomId)?.metadata?.seatsTaken === 1,
      'the lobby on B to list the table',
    );

    bob = track(keep(await new Client(ws(PORT_B)).joinById(roomId, { name: 'Bob' })));
    await waitUntil(() => bob.welcome !== null, 'welcome through B');
    expect(bob.welcome?.seat).toBe(1);
    // Found through B, played on A: the seat reservation named A's public address.
    expect(socketUrl(bob.room)).toContain(`127.0.0.1:${PORT_A}/`);
    await waitUntil(
      () => listing.get(roomId)?.metadata?.seatsTaken === 2,
      'the lobby on B to see Bob seated',
    );
    await lobby.leave(true);
  });

  test('joined and watched through B, a whole match leaks no hidden card to anyone', async () => {
    expect(roomId).not.toBe('');
    const spectator = track(
      keep(await new Client(ws(PORT_B)).joinById(roomId, { name: 'Cy', spectator: true })),
    );
    await waitUntil(() => spectator.welcome !== null, 'spectator welcome through B');
    expect(spectator.welcome?.seat).toBe(-1);
    expect(socketUrl(spectator.room)).toContain(`127.0.0.1:${PORT_A}/`);

    ada.room.send(ClientMsg.start);
    await waitUntil(
      () => [ada, bob, spectator].every((t) => t.json().status === 'playing'),
      'everyone to see the match start',
    );
    const recorded = new RecordedRoom(dirA, roomId);
    await waitUntil(() => recorded.refresh() !== null, 'the match in A’s record');
    const detector = new LeakDetector(recorded.asRoom(), {
      def: bankout,
      seats: 2,
      hooks: bankoutPlan.leak?.hooks,
    });
    const players = [ada, bob];
    const watchers: { name: string; t: Tracked; seat: number }[] = [
      { name: 'Ada', t: ada, seat: 0 },
      { name: 'Bob (through B)', t: bob, seat: 1 },
      { name: 'spectator (through B)', t: spectator, seat: -1 },
    ];
    for (const w of watchers) detector.watch(w.name, w.t, w.seat);

    /** Every client has decoded the same change, newer than `after`. */
    const settled = (before: string) =>
      waitUntil(() => {
        const keys = watchers.map((w) => changeKey(w.t.json()));
        return keys.every((k) => k === keys[0] && k !== before);
      }, 'every client to decode the change');

    // About 200 steps, each a round trip through A and three or four clients, and each wait in a step
    // has its own ceiling (a stuck step fails there). The match as a whole took 18-42 s on a quiet
    // machine and 123 s at a load of 10-15 (0.6 s a step, nearly all of it waiting for a core: the
    // test used 22 s of CPU): its sum is no measure of anything, so the test's ceiling is wide.
    const random = lcg(11);
    const startedAt = Date.now();
    let rateLimited = 0;
    let steps = 0;
    let handsCompared = 0;
    while (ada.json().status === 'playing') {
      if (steps === 15) {
        const late = track(
          keep(await new Client(ws(PORT_B)).joinById(roomId, { name: 'Di', spectator: true })),
        );
        await waitUntil(() => late.welcome !== null, 'late spectator welcome');
        watchers.push({ name: 'late spectator (through B)', t: late, seat: -1 });
        detector.watch('late spectator (through B)', late, -1);
      }
      const seat: number = ada.json().toAct[0];
      const player = players[seat]!;
      const legal: string[] = player.json().seats[seat].private.legal;
      const choice = JSON.parse(bankoutBotChoice(legal, player.json(), seat, random));
      const recordedBefore = recorded.match!.record.actions.length;
      const before = changeKey(player.json());
      rateLimited += await sendAnswered(
        player,
        ClientMsg.action,
        choice,
        () => changeKey(player.json()) !== before,
        'the action to be answered',
      );
      await settled(before);
      steps++;
      // On A's disk before anyone saw it (durable before broadcast, on another process too).
      expect(recorded.refresh()!.record.actions.length).toBeGreaterThan(recordedBefore);
      const leaks = detector.check();
      if (leaks.length) throw new Error(`leak at step ${steps}: ${JSON.stringify(leaks.slice(0, 3))}`);
      // Each player, Bob through B included, decoded exactly its own hand from the true state.
      const truth = recorded.match!.state as BankoutState;
      players.forEach((p, i) => {
        expect(p.json().seats[i].private.hand).toEqual(truth.players[i]!.hand);
        handsCompared += truth.players[i]!.hand.length;
      });
      if (steps > 2000) throw new Error('the match did not end');
    }
    expect(ada.json().status).toBe('finished');
    expect(bob.json().status).toBe('finished');
    expect(detector.leaks).toEqual([]);
    console.log(`scale: ${steps} steps in ${Date.now() - startedAt} ms, ${rateLimited} rate-limited`);
    expect(steps).toBeGreaterThan(10);
    expect(detector.checks).toBe(steps);
    expect(detector.framesChecked).toBeGreaterThan(steps * 3);
    expect(detector.secretsChecked).toBeGreaterThan(steps * 20);
    expect(handsCompared).toBeGreaterThan(0);
    // Structurally: nobody decoded another seat's private child.
    for (const w of watchers) {
      w.t.json().seats.forEach((s: StateJson, i: number) => {
        if (i !== w.seat) expect(s.private).toBeUndefined();
      });
    }
  }, 900_000); // a ceiling only (see the loop: each step's waits have their own)

  test('A stops gracefully and comes back: B stops listing its table, then lists the restored one', async () => {
    expect(roomId).not.toBe('');
    const seatToken = bob.welcome!.seatToken;
    const listedOnB = async () =>
      (await getJson(PORT_B, '/api/info')).body.tables.some((t: StateJson) => t.roomId === roomId);

    // A lobby watched through B (hosted by B: B hosts no room, A hosts the table).
    const { lobby, listing } = await watchLobby(PORT_B);
    expect(socketUrl(lobby)).toContain(`127.0.0.1:${PORT_B}/`);
    await waitUntil(() => listing.has(roomId), 'the lobby on B to list the table');

    expect(await stopServer(a, 'SIGTERM')).toBe(0);
    expect(await listedOnB()).toBe(false);
    await waitUntil(() => !listing.has(roomId), 'the lobby on B to drop the table of the stopped process');
    expect((await getJson(PORT_B, `/api/tables/code/${code}`)).status).toBe(404);

    a = await startServer(PORT_A, dirA, envFor(PORT_A));
    expect(a.output()).toMatch(/Resumed 1 table/);
    expect(b.output()).not.toMatch(/Resumed/);
    const recordsOfB = path.join(dirB, 'matches');
    expect(fs.existsSync(recordsOfB) ? fs.readdirSync(recordsOfB) : []).toEqual([]);
    expect(await listedOnB()).toBe(true);
    await waitUntil(() => listing.has(roomId), 'the lobby on B to list the restored table');
    await lobby.leave(true);
    expect((await getJson(PORT_B, `/api/tables/code/${code}`)).body).toEqual({ roomId, game: 'bankout' });

    // Bob's page, talking to B, takes his seat back with his seat token; the table is on A again.
    const back = track(keep(await new Client(ws(PORT_B)).joinById(roomId, { name: 'Bob', seatToken })));
    await waitUntil(() => back.welcome !== null, 'Bob back through B');
    expect(back.welcome?.seat).toBe(1);
    expect(socketUrl(back.room)).toContain(`127.0.0.1:${PORT_A}/`);

    // A third process started on a copy of A's DATA_DIR (a shared or copied directory) must not
    // restore a second copy of a table A hosts.
    const dirC = path.join(root, 'c');
    fs.cpSync(dirA, dirC, { recursive: true });
    const c = await startServer(PORT_C, dirC, envFor(PORT_C));
    try {
      expect(c.output()).toContain(`Table ${roomId} is recorded in this DATA_DIR but already hosted`);
      expect(c.output()).not.toMatch(/Resumed/);
      const listed = (await getJson(PORT_C, '/api/info')).body.tables.filter(
        (t: StateJson) => t.roomId === roomId,
      );
      expect(listed).toHaveLength(1);
      // Left alone: neither restored nor set aside.
      expect(fs.existsSync(path.join(dirC, 'matches', `${roomId}.jsonl`))).toBe(true);
    } finally {
      expect(await stopServer(c, 'SIGTERM')).toBe(0);
    }
    expect(await listedOnB()).toBe(true);
  });

  test('A is killed: B forgets its table within seconds, and lists it again once A has restored it', async () => {
    expect(roomId).not.toBe('');
    // The lobby is on B (B's previous lobby, or a new one: A hosts the table, and a tie stays local).
    const { lobby, listing } = await watchLobby(PORT_B);
    expect(socketUrl(lobby)).toContain(`127.0.0.1:${PORT_B}/`);
    await waitUntil(() => listing.has(roomId), 'the lobby to list the table');

    const killedAt = Date.now();
    a.child.kill('SIGKILL');
    await a.exited;
    // B's sweeper (every 4 s, then Colyseus's 2 s health check) takes 4-10 s on a quiet machine
    // (docs/operations.md); its timers fire late on a loaded one: a ceiling, the time is printed.
    await waitUntil(() => !listing.has(roomId), 'the lobby to drop the table of the killed process', 60_000);
    expect(b.output()).toMatch(/forgot the tables of 1 process\(es\) that stopped/);
    const info = (await getJson(PORT_B, '/api/info')).body;
    expect(info.tables.map((t: StateJson) => t.roomId)).not.toContain(roomId);
    expect((await getJson(PORT_B, `/api/tables/code/${code}`)).status).toBe(404);
    console.log(`scale: a killed process's table left B's lobby after ${Date.now() - killedAt} ms`);
    // The record stays in A's DATA_DIR: A's next start restores the table, and B's lobby hears of it.
    expect(fs.existsSync(path.join(dirA, 'matches', `${roomId}.jsonl`))).toBe(true);
    a = await startServer(PORT_A, dirA, envFor(PORT_A));
    expect(a.output()).toMatch(/Resumed 1 table/);
    await waitUntil(() => listing.has(roomId), 'the lobby on B to list the restored table');
    expect((await getJson(PORT_B, `/api/tables/code/${code}`)).body).toEqual({ roomId, game: 'bankout' });
    const back = track(keep(await new Client(ws(PORT_B)).joinById(roomId, { name: 'Cy', spectator: true })));
    await waitUntil(() => back.welcome !== null, 'a spectator through B after the crash');
    expect(socketUrl(back.room)).toContain(`127.0.0.1:${PORT_A}/`);
  });
});
