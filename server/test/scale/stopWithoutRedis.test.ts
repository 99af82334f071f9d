/**
 * SIGTERM ends a real server process (`node server/dist/index.js`) within seconds even when its
 * graceful stop cannot finish, as operators stop it (`docker stop`): three Bankout tables in play
 * (a person against a bot each, both moving as fast as the table answers),
 * then Redis goes away and nobody reads the server's output any more (the pipes of a parent that
 * died: every log line fails with EPIPE). Such a server once spun at full CPU and outlived SIGTERM
 * by minutes. Now it exits within its stop deadline, with every move a client saw in its table
 * files: a new process on the same DATA_DIR resumes the three tables.
 * Skipped, with a message, without redis-server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ClientMsg } from '@parlor/shared';
import { Client, type Room } from '@colyseus/sdk';
import { STOP_DEADLINE_MS } from '../../src/http/gracefulShutdown';
import { type Tracked, changeKey, logOf, publicPart, sleep, track, waitUntil } from '../helpers/clients';
import { freePort } from '../helpers/freePort';
import { type ServerProcess, startServer, stopAllServers } from '../persistence/serverProcess';
import { type RedisServer, findRedisServer, startRedis } from './redisServer';

jest.setTimeout(240_000); // a ceiling only: a server process and Redis on a loaded machine

const redisBinary = findRedisServer();
if (!redisBinary)
  console.warn(
    'Stop without Redis skipped: redis-server is not installed (apt-get install -y redis-server).',
  );
const testWithRedis = redisBinary ? test : test.skip;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-stop-'));
const dataDir = path.join(root, 'data');
const rooms: Room[] = [];
let redis: RedisServer | undefined;

afterAll(async () => {
  for (const r of rooms) r.reconnection.enabled = false;
  await Promise.all(rooms.map((r) => Promise.race([r.leave(true).catch(() => undefined), sleep(500)])));
  await stopAllServers();
  await redis?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The newest public log line's number: it grows with every move. */
const newestSeq = (t: Tracked) => Math.max(0, ...logOf(t.json()).map((l) => l.seq));

/**
 * Ada's moves, as fast as the table answers (the bot's are the server's own work), while `moving()`;
 * done once `done()`.
 */
async function playOn(ada: Tracked, moving: () => boolean, done: () => boolean): Promise<void> {
  let sentFor = '';
  while (!done()) {
    const view = ada.json();
    const legal: string[] = view.seats?.[0]?.private?.legal ?? [];
    const key = changeKey(view);
    if (moving() && view.status === 'playing' && view.toAct?.[0] === 0 && legal.length && key !== sentFor) {
      sentFor = key;
      ada.room.send(ClientMsg.action, JSON.parse(legal[legal.length - 1]!));
    }
    await sleep(5);
  }
}

testWithRedis(
  'SIGTERM ends a busy server within its deadline with Redis gone and its log unread',
  async () => {
    redis = await startRedis(redisBinary!, freePort());
    const port = freePort();
    const server: ServerProcess = await startServer(port, dataDir, {
      REDIS_URL: redis.url,
      PUBLIC_ADDRESS: `127.0.0.1:${port}`,
    });

    const tables: Tracked[] = [];
    for (let i = 0; i < 3; i++) {
      const room = await new Client(`ws://127.0.0.1:${port}`).create('bankout', { name: `Ada ${i}` });
      rooms.push(room);
      const ada = track(room);
      await waitUntil(() => ada.welcome !== null, 'welcome');
      ada.room.send(ClientMsg.addBot, { seat: 1 });
      await waitUntil(() => ada.json().seats?.[1]?.bot === true, 'the bot seated');
      ada.room.send(ClientMsg.start);
      await waitUntil(() => ada.json().status === 'playing', 'playing');
      tables.push(ada);
    }

    let moving = true;
    let stopped = false;
    const playing = tables.map((t) =>
      playOn(
        t,
        () => moving,
        () => stopped,
      ),
    );
    let exited: boolean | undefined;
    let tookMs: number | undefined;
    try {
      await waitUntil(() => tables.every((t) => newestSeq(t) > 8), 'a few moves at each table', 60_000);
      // Nobody reads its output any more, and Redis goes: the next log line ("Redis ... retrying")
      // fails with EPIPE.
      server.child.stdout?.destroy();
      server.child.stderr?.destroy();
      await redis.stop();
      redis = undefined;
      await sleep(1000);
      // Ada stops moving, so that what each client saw last is the whole table (the bot answers at
      // once, then waits for her).
      moving = false;
      await sleep(1000);
      expect(server.child.exitCode).toBeNull(); // still serving the tables meanwhile

      // No reconnection once it goes (the SDK retries a dropped room for about a minute).
      for (const t of tables) t.room.reconnection.enabled = false;
      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      exited = await Promise.race([
        server.exited.then(() => true),
        sleep(STOP_DEADLINE_MS + 5000).then(() => false),
      ]);
      tookMs = Date.now() - signalledAt;
    } finally {
      stopped = true;
      await Promise.all(playing);
    }
    expect({ exited, signal: server.child.signalCode }).toEqual({ exited: true, signal: null });
    expect(tookMs).toBeLessThan(STOP_DEADLINE_MS + 5000);
    console.log(
      `Stopped ${tookMs} ms after SIGTERM (deadline ${STOP_DEADLINE_MS} ms), exit code ${server.child.exitCode}.`,
    );

    // Every move a client saw is on disk: a new process on the same DATA_DIR resumes each table as
    // its client last saw it.
    const next = await startServer(freePort(), dataDir);
    expect(next.output()).toContain('Resumed 3 table(s)');
    for (const [i, t] of tables.entries()) {
      const back = track(
        await new Client(`ws://127.0.0.1:${next.port}`).joinById(t.room.roomId, {
          name: `Ada ${i}`,
          seatToken: t.welcome!.seatToken,
        }),
      );
      rooms.push(back.room);
      await waitUntil(() => back.welcome !== null, 'back at the table');
      expect(publicPart(back.json())).toEqual(publicPart(t.json()));
    }
  },
);
