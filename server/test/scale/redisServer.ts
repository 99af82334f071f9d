/**
 * A throwaway Debian redis-server for the scale tests and the scale benchmark: on 127.0.0.1, no
 * persistence (no RDB, no AOF), its working directory in a temporary folder, stopped by its pid.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The redis-server binary, or null when it is not installed (`.ci/run` installs Debian's). */
export function findRedisServer(): string | null {
  for (const candidate of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) {
    if (fs.existsSync(candidate)) return candidate;
  }
  try {
    const found = execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim();
    return found || null;
  } catch {
    return null;
  }
}

export interface RedisServer {
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Resolves true once the server answers PING with PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

export async function startRedis(binary: string, port: number): Promise<RedisServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-redis-'));
  const child = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--daemonize',
      'no',
      '--protected-mode',
      'yes',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (await ping(port)) {
      return { port, url: `redis://127.0.0.1:${port}`, child, output: () => log, stop };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error(`redis-server did not start on port ${port}. Its output:\n${log}`);
}
