/**
 * Another table's round trip while the largest upload is checked (issue 20's "one request freezes
 * every table"; not a test). Starts a built server (`node server/dist/index.js`, as `npm start`
 * runs it), seats a player and three spectators at a Bankout table, and measures ping -> pong round
 * trips (each client at most 7 a second, under the rooms' message budget): first idle, then while
 * the longest legal Tactical Risk match (server/test/fixtures/tactical-risk-long.json.gz, 2 MB,
 * ~24,600 actions) is POSTed to /api/history/import and replayed by the upload worker. Prints the
 * p50/p99/max of both and their ratio (target: the busy p99 under 50 ms). ROUNDS repeats it.
 *
 *   npm run build:server && TSX_TSCONFIG_PATH=tsconfig.tests.json npx tsx bench/upload-round-trip.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer } from './builtServer';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { Client, type Room } from '@colyseus/sdk';

const root = path.resolve(__dirname, '..');
const PORT = Number(process.env.PORT ?? 2853);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const IDLE_MS = 4000;
/** Below the rooms' 8 messages a second per client. */
const PING_EVERY_MS = 145;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (samples: number[], q: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * q))] ?? NaN;
const describe = (samples: number[]) =>
  `p50 ${quantile(samples, 0.5).toFixed(1)} ms, p99 ${quantile(samples, 0.99).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms (${samples.length} samples)`;

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

async function measure(rooms: Room[], during: () => Promise<unknown>): Promise<number[]> {
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

async function main(): Promise<void> {
  const longMatch = zlib
    .gunzipSync(readFileSync(path.join(root, 'server', 'test', 'fixtures', 'tactical-risk-long.json.gz')))
    .toString('utf8');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parlor-upload-bench-'));
  const server = await startBuiltServer(root, PORT, {
    DATA_DIR: dataDir,
  });
  try {
    const endpoint = `ws://127.0.0.1:${PORT}`;
    const host = await new Client(endpoint).create('bankout', { name: 'Ada', seats: 2 });
    const rooms = [host];
    for (const name of ['Bo', 'Cy', 'Di'])
      rooms.push(await new Client(endpoint).joinById(host.roomId, { name, spectator: true }));
    for (const r of rooms) r.onMessage('*', () => undefined);
    await sleep(500);
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ${os.cpus().length} cores`,
    );
    for (let round = 1; round <= ROUNDS; round++) {
      const idle = await measure(rooms, () => sleep(IDLE_MS));
      let status = 0;
      let checkMs = 0;
      // Each round another table name: the same match twice would be refused as a duplicate
      // (still replayed in full first, so the check costs the same).
      const body = JSON.stringify({ ...JSON.parse(longMatch), tableName: `bench ${round} ${Date.now()}` });
      const busy = await measure(rooms, async () => {
        const start = performance.now();
        const answer = await fetch(`http://127.0.0.1:${PORT}/api/history/import`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        });
        status = answer.status;
        checkMs = performance.now() - start;
      });
      console.log(`round ${round}: upload answered ${status} after ${(checkMs / 1000).toFixed(1)} s`);
      console.log(`  idle:             ${describe(idle)}`);
      console.log(`  during the check: ${describe(busy)}`);
      console.log(
        `  p99 during / idle: ${(quantile(busy, 0.99) / quantile(idle, 0.99)).toFixed(2)}x (target: busy p99 under 50 ms)`,
      );
    }
    for (const r of rooms) await r.leave(true).catch(() => undefined);
  } finally {
    server.kill('SIGTERM');
    await sleep(300);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
