/**
 * Two servers on one DATA_DIR (a second `npm start`, two containers on one volume): the second one
 * refuses to start, before it touches the journal the first one is writing, and says why.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ServerProcess, startServer, stopAllServers, stopServer } from './serverProcess';
import { freePort } from '../helpers/freePort';

const PORT_A = freePort();
const PORT_B = freePort();
let dataDir: string;
const servers: ServerProcess[] = [];

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-shared-dir-'));
});
afterEach(async () => {
  servers.splice(0);
  await stopAllServers('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a second server on a DATA_DIR in use refuses to start and leaves the journal alone', async () => {
  const first = await startServer(PORT_A, dataDir);
  servers.push(first);
  const journal = () => fs.readdirSync(path.join(dataDir, 'journal')).sort();
  const segments = journal();
  expect(segments.length).toBeGreaterThan(0);

  const refused = await startServer(PORT_B, dataDir).then(
    (s) => {
      servers.push(s);
      return '';
    },
    (e: Error) => e.message,
  );
  expect(refused).toContain(`Another Parlor server is using DATA_DIR=${dataDir}`);
  // The first server's journal is as it was (a start would have recovered and deleted it).
  expect(journal()).toEqual(segments);
  expect((await fetch(`http://127.0.0.1:${PORT_A}/api/info`)).ok).toBe(true);

  // Once the first one is stopped gracefully, the directory is free at once.
  expect(await stopServer(servers.pop()!, 'SIGTERM')).toBe(0);
  const next = await startServer(PORT_B, dataDir);
  servers.push(next);
  expect(next.output()).not.toContain('checking whether it still is');
});

test('after a crash, the next start waits for a missing beat, then goes on', async () => {
  const first = await startServer(PORT_A, dataDir);
  await stopServer(first, 'SIGKILL');
  // The crash left a running server's last beat. A start seconds later finds it recent; on a busy
  // machine the next process can take longer than that to boot, so the beat is dated ahead (a beat
  // from the future waits exactly as long as a fresh one: heartbeat.ts) to keep it recent.
  const beatFile = path.join(dataDir, 'heartbeat');
  const last = JSON.parse(fs.readFileSync(beatFile, 'utf8')) as { at: number; stopped: boolean };
  expect(last.stopped).toBe(false);
  fs.writeFileSync(beatFile, JSON.stringify({ ...last, at: Date.now() + 10 * 60_000 }));
  const next = await startServer(PORT_B, dataDir);
  servers.push(next);
  expect(next.output()).toContain('checking whether it still is');
  expect((await fetch(`http://127.0.0.1:${PORT_B}/api/info`)).ok).toBe(true);
});
