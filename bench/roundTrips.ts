/**
 * Another table's round trips while something else loads the server: clients ping their tables
 * (the rooms answer `ping` with `pong`) every PING_EVERY_MS, staggered, and every round trip is kept.
 * Used by the benches that measure what one table feels while others misbehave.
 */
import { performance } from 'node:perf_hooks';
import { Client, type Room } from '@colyseus/sdk';

export const PING_EVERY_MS = 145;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One client pinging its table until `running()` is false; its round trips go into `into`. */
async function pinger(room: Room, running: () => boolean, into: number[]): Promise<void> {
  let id = 0;
  while (running()) {
    const start = performance.now();
    const mine = ++id;
    await new Promise<void>((resolve) => {
      const off = room.onMessage('pong', (m: { id: number }) => {
        if (m.id !== mine) return;
        off();
        into.push(performance.now() - start);
        resolve();
      });
      room.send('ping', { id: mine });
    });
    await sleep(PING_EVERY_MS);
  }
}

/** The round trips (ms) of `rooms` pinging while `during` runs. */
export async function roundTripsDuring(rooms: Room[], during: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  let running = true;
  const pingers = rooms.map((r, i) =>
    sleep(i * (PING_EVERY_MS / rooms.length)).then(() => pinger(r, () => running, samples)),
  );
  await during();
  running = false;
  await Promise.all(pingers);
  return samples;
}

/** A Bankout table with a host and three spectators, each to ping it (messages read and dropped). */
export async function pingingTable(port: number): Promise<Room[]> {
  const endpoint = `ws://127.0.0.1:${port}`;
  const host = await new Client(endpoint).create('bankout', { name: 'Ada', seats: 2 });
  const rooms = [host];
  for (const name of ['Bo', 'Cy', 'Di'])
    rooms.push(await new Client(endpoint).joinById(host.roomId, { name, spectator: true }));
  for (const r of rooms) r.onMessage('*', () => undefined);
  return rooms;
}
