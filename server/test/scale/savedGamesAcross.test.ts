/**
 * One live table per save across processes (issue 31): two real server processes, A and B, on a
 * throwaway Redis, sharing one save key (as operations.md says to). A save of a match A is playing
 * does not load through B (the new table would be B's), and a copy open on one process keeps the
 * other from loading it; once the table holding it closes, it loads. Skipped, with a message, without redis-server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ClientMsg, JoinErrorCode, type SavedMatch, type SeatClaim, ServerMsg } from '@parlor/shared';
import { Client, type Room } from '@colyseus/sdk';
import { type Tracked, messagesOf, sleep, track, waitUntil } from '../helpers/clients';
import { startServer, stopAllServers } from '../persistence/serverProcess';
import { type RedisServer, findRedisServer, startRedis } from './redisServer';
import { freePort } from '../helpers/freePort';

jest.setTimeout(240_000); // a ceiling only: two server processes and Redis on a loaded machine

const REDIS_PORT = freePort();
const PORT_A = freePort();
const PORT_B = freePort();
const redisBinary = findRedisServer();
if (!redisBinary)
  console.warn(
    'Saved games across processes skipped: redis-server is not installed (apt-get install -y redis-server).',
  );
const describeWithRedis = redisBinary ? describe : describe.skip;
const ws = (port: number) => `ws://127.0.0.1:${port}`;

describeWithRedis('a saved game on two processes', () => {
  let redis: RedisServer;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-saves-across-'));
  const dirA = path.join(root, 'a');
  const dirB = path.join(root, 'b');
  const rooms: Room[] = [];
  const keep = (room: Room) => (rooms.push(room), room);
  const envFor = (port: number) => ({ REDIS_URL: redis.url, PUBLIC_ADDRESS: `127.0.0.1:${port}` });

  beforeAll(async () => {
    redis = await startRedis(redisBinary!, REDIS_PORT);
    // One save key for both processes: a save made on one loads on the other.
    const key = `${randomBytes(32).toString('hex')}\n`;
    for (const dir of [dirA, dirB]) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'save-key'), key, { mode: 0o600 });
    }
    await Promise.all([startServer(PORT_A, dirA, envFor(PORT_A)), startServer(PORT_B, dirB, envFor(PORT_B))]);
  });

  afterAll(async () => {
    // No reconnection once the servers go (the SDK retries a dropped room for about a minute).
    for (const r of rooms) r.reconnection.enabled = false;
    await Promise.all(rooms.map((r) => Promise.race([r.leave(true).catch(() => undefined), sleep(500)])));
    // Every server this file started, even when the other failed to start (Promise.all rejected)
    // or the start outran beforeAll: one left running once Redis is gone outlived the test.
    await stopAllServers();
    await redis?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function open(room: Promise<Room>): Promise<Tracked> {
    const t = track(keep(await room));
    await waitUntil(() => t.welcome !== null, 'welcome');
    return t;
  }
  const recordOn = (dir: string, roomId: string) =>
    fs.existsSync(path.join(dir, 'matches', `${roomId}.jsonl`));

  test('is refused through B while A plays it, and through A while a copy is open on B', async () => {
    const ada = await open(new Client(ws(PORT_A)).create('bankout', { name: 'Ada' }));
    const bo = await open(new Client(ws(PORT_A)).joinById(ada.room.roomId, { name: 'Bo' }));
    expect(recordOn(dirA, ada.room.roomId)).toBe(true);
    ada.room.send(ClientMsg.start);
    await waitUntil(() => ada.json().status === 'playing', 'playing');
    ada.room.send(ClientMsg.save);
    await waitUntil(() => messagesOf(ada, ServerMsg.saved).length > 0, 'the save');
    await waitUntil(() => messagesOf(ada, ServerMsg.claim).length > 0, 'her code');
    const file = messagesOf<SavedMatch>(ada, ServerMsg.saved)[0]!;
    const code = messagesOf<SeatClaim>(ada, ServerMsg.claim)[0]!.code;
    const load = (port: number) =>
      new Client(ws(port)).create('bankout', { name: 'Ada', load: file, claim: code });

    // A plays it: B, which would host the copy, refuses it.
    await expect(load(PORT_B)).rejects.toMatchObject({ code: JoinErrorCode.SAVE_IN_PLAY });
    await ada.room.leave(true);
    await bo.room.leave(true);

    // A's table closed: the copy opens. Colyseus creates a room on the process with the fewest, so
    // with none left on either it may be A's or B's: the record says which.
    let copy: Tracked | null = null;
    for (let tries = 0; !copy && tries < 40; tries++) {
      try {
        copy = await open(load(PORT_B));
      } catch (e) {
        expect(e).toMatchObject({ code: JoinErrorCode.SAVE_IN_PLAY });
        await sleep(100);
      }
    }
    expect(copy).not.toBeNull();
    const copyOnA = recordOn(dirA, copy!.room.roomId);
    expect(copyOnA || recordOn(dirB, copy!.room.roomId)).toBe(true);
    // Held by that table: a second copy, which Colyseus would now create on the other process (it
    // has no table), is refused, asked through either.
    for (const port of copyOnA ? [PORT_A, PORT_B] : [PORT_B, PORT_A])
      await expect(load(port)).rejects.toMatchObject({ code: JoinErrorCode.SAVE_IN_PLAY });
    await copy!.room.leave(true);
  });
});
