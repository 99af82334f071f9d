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

/**
 * The process id of the Redis answering on `port` (its INFO), or null when none answers. Checked
 * against the child's pid: another run's redis-server on the same port (two test runs on one
 * machine) answers PING as well, and the child that cannot bind it exits a moment later, so a PONG
 * alone could hand a test someone else's Redis.
 */
function redisPid(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let text = '';
    const done = (pid: number | null) => {
      socket.destroy();
      resolve(pid);
    };
    socket.setTimeout(2000, () => done(null));
    socket.once('error', () => done(null));
    socket.once('connect', () => socket.write('INFO server\r\n'));
    socket.on('data', (d) => {
      text += d.toString();
      const pid = /\r\nprocess_id:(\d+)\r\n/.exec(text)?.[1];
      if (pid) done(Number(pid));
      else if (text.startsWith('-')) done(null); // an error answer (loading, or not Redis)
    });
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
  // A ceiling only: it listens within milliseconds, but a loaded machine can hold a start up.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if ((await redisPid(port)) === child.pid) {
      return { port, url: `redis://127.0.0.1:${port}`, child, output: () => log, stop };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error(`redis-server did not start on port ${port}. Its output:\n${log}`);
}
