/**
 * Flood benchmark (not a test; issue 20): the server's own memory (VmRSS of its process) while a
 * spectator that never reads its socket sends MESSAGES (default 300,000) messages to a Bankout table.
 * Before the fix every refused message was answered and the answers piled up unread on the server
 * (91 -> 285 MB for 300,000); now the refusals are answered once a second at most and the client is
 * disconnected (close code 4902). Prints RSS before, at its peak and after, and whether and when the
 * server let the flooder go, as seen by the table's host (the spectator count drops once its
 * reconnection window of RECONNECT_SECONDS=2 is over).
 *
 *   npm run build:server && npx tsx bench/flood-memory.ts
 *   MESSAGES=1000000 npx tsx bench/flood-memory.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@colyseus/sdk';

const root = path.resolve(__dirname, '..');
const PORT = Number(process.env.PORT ?? 2963);
const MESSAGES = Number(process.env.MESSAGES ?? 300_000);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parlor-flood-bench-'));
  const server = spawn(process.execPath, [path.join(root, 'server/dist/index.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DISCOVERY: 'off',
      QR: 'false',
      DATA_DIR: dataDir,
      RECONNECT_SECONDS: '2',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let tries = 0; ; tries++) {
      const ok = await fetch(`http://127.0.0.1:${PORT}/__healthcheck`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (tries > 150) throw new Error('the server did not start');
      await sleep(200);
    }
    const url = `ws://127.0.0.1:${PORT}`;
    const host = await new Client(url).create('bankout', { name: 'Ada' });
    const flooder = await new Client(url).joinById(host.roomId, { name: 'Mallory', spectator: true });
    await sleep(1000);
    const before = rssMb(server.pid!);
    const ws = (flooder.connection.transport as unknown as { ws: { _socket: { pause(): void } } }).ws;
    ws._socket.pause();
    const started = performance.now();
    for (let i = 0; i < MESSAGES; i++) flooder.send('action', { type: 'draw' });
    let peak = before;
    let goneAfterMs: number | null = null;
    let seenWatching = false;
    while (performance.now() - started < 15_000) {
      peak = Math.max(peak, rssMb(server.pid!));
      const spectators = (host.state as unknown as { spectators: number }).spectators;
      if (spectators === 1) seenWatching = true;
      if (seenWatching && spectators === 0 && goneAfterMs === null)
        goneAfterMs = Math.round(performance.now() - started);
      await sleep(100);
    }
    const after = rssMb(server.pid!);
    console.log(`messages sent by a non-reading spectator: ${MESSAGES}`);
    console.log(
      `server RSS: before ${before.toFixed(1)} MB, peak ${peak.toFixed(1)} MB, after 15 s ${after.toFixed(1)} MB`,
    );
    console.log(`peak / before: ${(peak / before).toFixed(2)}`);
    console.log(
      goneAfterMs === null
        ? 'the flooder was NOT let go within 15 s'
        : `the flooder was let go (its 2 s reconnection window included) ${goneAfterMs} ms after it began`,
    );
    await host.leave();
  } finally {
    server.kill('SIGTERM');
    await sleep(500);
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
