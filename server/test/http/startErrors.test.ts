/**
 * Issue 40: a start that cannot succeed (DATA_DIR unusable, PORT taken, a bad setting) must not
 * turn into a restart loop under Docker's `restart: unless-stopped`. The built server, as the image
 * runs it: with START_RETRY_SECONDS=0 it says why once and exits with status 78; with a number of
 * seconds it says why once, keeps checking quietly, and starts by itself once the cause is gone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT, ensureBuiltServer } from '../helpers/builtServer';
import { sleep, waitUntil } from '../helpers/clients';
import { freePort } from '../helpers/freePort';

/**
 * A ceiling on a server process getting as far as its first message: about a second of CPU, which a
 * loaded machine stretched past the 10 s waitUntil allows (as in persistence/serverProcess.ts).
 */
const START_MS = 120_000;

jest.setTimeout(300_000); // a ceiling only: each wait has its own (START_MS)

const PORT = freePort();
const EXIT_CANNOT_START = 78;

const tmpDirs: string[] = [];
function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-start-'));
  tmpDirs.push(dir);
  return dir;
}
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function run(env: Record<string, string>): Run {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    'ADVERTISE_HOST',
    'MONITOR_PASSWORD',
    'REDIS_URL',
    'PUBLIC_ADDRESS',
    'START_RETRY_SECONDS',
  ])
    delete childEnv[key];
  const child = spawn(process.execPath, [ensureBuiltServer()], {
    cwd: ROOT,
    env: { ...childEnv, PORT: String(PORT), HOST: '127.0.0.1', DISCOVERY: 'off', QR: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => log, exited };
}

async function untilAnswering(): Promise<void> {
  const deadline = Date.now() + START_MS;
  while (!(await answers())) {
    if (Date.now() > deadline) throw new Error('the server never answered');
    await sleep(200);
  }
}

const count = (text: string, re: RegExp) => text.match(new RegExp(re.source, 'g'))?.length ?? 0;

/** A DATA_DIR that cannot be created: its parent is a regular file (even root cannot write there). */
function unusableDataDir(): { dataDir: string; fix: () => void } {
  const parent = path.join(tmpDir(), 'not-a-directory');
  fs.writeFileSync(parent, 'x');
  return { dataDir: path.join(parent, 'data'), fix: () => fs.rmSync(parent) };
}

function occupyPort(): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    // Connections are dropped at once (a paused one would keep close() waiting).
    const blocker = net.createServer((socket) => socket.destroy());
    blocker.once('error', reject);
    blocker.listen(PORT, '127.0.0.1', () => resolve(blocker));
  });
}

async function answers(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${PORT}/__healthcheck`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

describe('without START_RETRY_SECONDS (a terminal, systemd)', () => {
  test('an unusable DATA_DIR: says why once and exits 78', async () => {
    const { dataDir } = unusableDataDir();
    const r = run({ DATA_DIR: dataDir });
    expect(await r.exited).toEqual({ code: EXIT_CANNOT_START, signal: null });
    expect(count(r.output(), /Parlor could not start: DATA_DIR=\S+ cannot be used/)).toBe(1);
    expect(r.output()).toMatch(/Make it writable by this user/);
  });

  test('a port in use: says why once and exits 78', async () => {
    const blocker = await occupyPort();
    try {
      const r = run({ DATA_DIR: tmpDir() });
      expect(await r.exited).toEqual({ code: EXIT_CANNOT_START, signal: null });
      expect(count(r.output(), new RegExp(`Port ${PORT} is already in use`))).toBe(1);
    } finally {
      blocker.close();
    }
  });

  test('a bad setting: says which and exits 78', async () => {
    const r = run({ DATA_DIR: tmpDir(), SPECTATOR_CAP: 'many' });
    expect(await r.exited).toEqual({ code: EXIT_CANNOT_START, signal: null });
    expect(r.output()).toMatch(/Bad configuration in the environment:\n\s+SPECTATOR_CAP/);
  });
});

describe('with START_RETRY_SECONDS (the Docker image)', () => {
  test('says why once, keeps waiting, and starts by itself once both causes are fixed', async () => {
    const { dataDir, fix } = unusableDataDir();
    const blocker = await occupyPort();
    let blockerOpen = true;
    const r = run({ DATA_DIR: dataDir, START_RETRY_SECONDS: '1' });
    try {
      await waitUntil(() => /Parlor is waiting/.test(r.output()), 'the waiting message', START_MS);
      // Several checks later: still alive, and nothing said twice.
      await sleep(3500);
      expect(r.child.exitCode).toBeNull();
      expect(count(r.output(), /DATA_DIR=\S+ cannot be used/)).toBe(1);
      expect(count(r.output(), new RegExp(`Port ${PORT} is already in use`))).toBe(1);
      expect(count(r.output(), /Parlor is waiting/)).toBe(1);

      fix();
      // The port is still taken: the next check says so (it came within 2.5 s on a quiet machine, not
      // on a loaded one), then still waiting, and quiet for several checks more.
      await waitUntil(() => count(r.output(), /could not start/) === 2, 'the port in use said', START_MS);
      await sleep(2500);
      expect(r.child.exitCode).toBeNull();
      expect(await answers()).toBe(false);
      expect(count(r.output(), /could not start/)).toBe(2);

      await new Promise((resolve) => blocker.close(resolve));
      blockerOpen = false;
      await untilAnswering();
      expect(r.output()).toMatch(/that is fixed now, starting/);
      expect(fs.statSync(dataDir).isDirectory()).toBe(true);

      r.child.kill('SIGTERM');
      expect(await r.exited).toEqual({ code: 0, signal: null });
    } finally {
      if (blockerOpen) blocker.close();
    }
  });

  test('a stop while waiting exits at once with status 0', async () => {
    const { dataDir } = unusableDataDir();
    const r = run({ DATA_DIR: dataDir, START_RETRY_SECONDS: '60' });
    await waitUntil(() => /Parlor is waiting/.test(r.output()), 'the waiting message', START_MS);
    r.child.kill('SIGTERM');
    expect(await r.exited).toEqual({ code: 0, signal: null });
  });
});
