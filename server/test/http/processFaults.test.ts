/**
 * Issue 20's process-level findings:
 *
 * - on a full disk the start said "Make it writable" and left a partial journal segment behind:
 *   now it says the disk is full and how much is needed, and removes the partial segment;
 * - heartbeat temporary files were left behind (a failed write, a shutdown during a beat);
 * - every undecodable message frame a client sent logged an 11-line stack: now one line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { track, waitUntil } from '../helpers/clients';
import { raceAdapter } from '../helpers/fixtureGame';
import { type Booted, bootParlor } from '../helpers/testServer';
import { FileMatchStore } from '../../src/storage/FileMatchStore';
import { startHeartbeat } from '../../src/storage/heartbeat';
import { freePort } from '../helpers/freePort';

jest.setTimeout(60_000);

const tmpDirs: string[] = [];
function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-faults-'));
  tmpDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

/** fs.writeSync fails as on a full disk, for the writes `when` picks. */
function diskFullFor(when: (buf: unknown) => boolean) {
  const real = fs.writeSync;
  return jest.spyOn(fs, 'writeSync').mockImplementation(((fd: number, buf: unknown, ...rest: unknown[]) => {
    if (when(buf)) throw enospc();
    return (real as (...a: unknown[]) => number)(fd, buf, ...rest);
  }) as typeof fs.writeSync);
}

const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile());

describe('a full disk at start', () => {
  afterEach(() => jest.restoreAllMocks());

  test('says the disk is full and how much is needed, and leaves no partial segment', () => {
    const dir = tmpDir();
    // The journal's first segment is zero-filled at start: the disk fills up half way.
    let zeros = 0;
    diskFullFor(
      (buf) => Buffer.isBuffer(buf) && buf.length >= 64 * 1024 && buf.every((b) => b === 0) && ++zeros > 3,
    );
    const store = new FileMatchStore(dir, { warn: () => undefined });
    let error: NodeJS.ErrnoException | undefined;
    try {
      store.init();
    } catch (e) {
      error = e as NodeJS.ErrnoException;
    }
    expect(error?.code).toBe('ENOSPC');
    expect(error?.message).toMatch(/is full: Parlor needs at least 16 MB free there/);
    expect(error?.message).not.toMatch(/writable/);
    expect(filesUnder(dir)).toEqual([]);
  });
});

describe('heartbeat temporary files', () => {
  afterEach(() => jest.restoreAllMocks());

  test('a beat that fails (full disk) leaves no temporary file', () => {
    const dir = tmpDir();
    const store = new FileMatchStore(dir, { warn: () => undefined });
    diskFullFor(() => true);
    expect(() => store.writeHeartbeat({ at: 1, stopped: true })).toThrow(/ENOSPC/);
    jest.restoreAllMocks();
    expect(filesUnder(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  test('a shutdown during beats leaves only the heartbeat once the store has settled', async () => {
    const dir = tmpDir();
    const store = new FileMatchStore(dir, { warn: () => undefined });
    const beat = startHeartbeat(store, 2);
    await new Promise((r) => setTimeout(r, 100));
    beat.stop();
    await store.settled();
    expect(filesUnder(dir)).toEqual(['heartbeat']);
    expect(store.readHeartbeat()).toMatchObject({ stopped: true });
  });
});

describe('undecodable message frames', () => {
  const PORT = freePort();
  let app: Booted;
  beforeAll(async () => {
    app = await bootParlor(PORT, {}, [{ name: 'race', adapter: raceAdapter }]);
  });
  afterAll(async () => {
    await app.server.shutdown();
  });

  test('each logs one line, and the client is disconnected', async () => {
    const t = track(await app.client().create('race', { name: 'ada', seats: 2 }));
    await waitUntil(() => t.welcome !== null, 'welcome');
    const logged: string[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
    let left = false;
    t.room.onLeave(() => (left = true));
    // ROOM_DATA (13), the message type "chat" as a msgpack string, then an array of two that ends after one.
    t.room.connection.send(Buffer.from([13, 0xa4, ...Buffer.from('chat'), 0x92, 0x01]));
    await waitUntil(() => left, 'the client is disconnected');
    spy.mockRestore();
    const aboutIt = logged.filter((l) => /decode/i.test(l));
    expect(aboutIt).toHaveLength(1);
    expect(aboutIt[0]).toMatch(
      /^A client sent a message that cannot be decoded \(.+\); it was disconnected\.$/,
    );
    expect(logged.join('\n')).not.toMatch(/\n\s+at /);
  });
});
