/**
 * What must hold before the server starts: DATA_DIR is writable and HOST:PORT is free. Checked
 * before anything else starts, so a start that cannot succeed says why once and then either exits
 * with EXIT_CANNOT_START (a supervisor can be told not to repeat it: systemd's
 * RestartPreventExitStatus) or, with START_RETRY_SECONDS > 0 (the Docker image's default), waits and
 * checks again quietly until the cause is gone, then starts. Waiting is what keeps Docker's
 * `restart: unless-stopped` from restarting a server that would only fail the same way, forever.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Exit status of a start-up error that restarting will not cure (sysexits.h EX_CONFIG). */
export const EXIT_CANNOT_START = 78;

/** Start-up failures people can fix, said in their words. */
export function explainStartError(err: unknown, where: { port: number | string; host: string }): string {
  const e = err as { code?: string; message?: string };
  if (e.code === 'EADDRINUSE')
    return `Port ${where.port} is already in use. Stop the other program, or set PORT=<another port>.`;
  if (e.code === 'EACCES' && e.message?.includes('listen'))
    return `Not allowed to listen on port ${where.port}. Use a port above 1024 (PORT=2567).`;
  if (e.code === 'EADDRNOTAVAIL') return `HOST=${where.host} is not an address of this machine.`;
  return e.message ?? String(err);
}

/** Errors of the start-up that the same start would meet again: no point in restarting at once. */
export function isPermanentStartError(err: unknown): boolean {
  const e = err as { code?: string; dataDir?: boolean };
  return e.dataDir === true || ['EADDRINUSE', 'EACCES', 'EADDRNOTAVAIL'].includes(e.code ?? '');
}

/** DATA_DIR cannot be used: the error's message says why and what to do. */
export function dataDirError(dataDir: string, cause: unknown): Error {
  const message = (cause as Error).message;
  const text =
    (cause as NodeJS.ErrnoException).code === 'ENOSPC'
      ? `DATA_DIR=${dataDir} cannot be used: ${message}. Free some space, or set DATA_DIR to a directory on another disk.`
      : `DATA_DIR=${dataDir} cannot be used (${message}). Make it writable by this user` +
        `${process.getuid ? ` (uid ${process.getuid()})` : ''}, or set DATA_DIR to another directory.`;
  return Object.assign(new Error(text, { cause }), { dataDir: true });
}

/** Creates DATA_DIR if needed and writes (then removes) a file in it; null when that works. */
export function dataDirProblem(dataDir: string): string | null {
  const probe = path.join(dataDir, `.write-test-${process.pid}`);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(probe, '');
    fs.rmSync(probe, { force: true });
    return null;
  } catch (e) {
    return dataDirError(dataDir, e).message;
  }
}

/** Listens on HOST:PORT for a moment; null when that works (port 0 means any: always free). */
export function portProblem(host: string, port: number): Promise<string | null> {
  if (port === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (e) => resolve(explainStartError(e, { port, host })));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

export interface PreflightOptions {
  dataDir: string;
  host: string;
  port: number;
  /** 0: do not wait (the caller exits). Else the seconds between two quiet checks. */
  retrySeconds: number;
  log?: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

const sleepMs = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Resolves true once the server can start. With retrySeconds 0 it checks once and resolves false
 * on a problem (said once). Otherwise it says each problem once, checks again every retrySeconds,
 * says when the problems are gone, and resolves true then.
 */
export async function untilStartable(opts: PreflightOptions): Promise<boolean> {
  const log = opts.log ?? ((line: string) => console.error(line));
  const sleep = opts.sleep ?? sleepMs;
  const said = new Set<string>();
  for (;;) {
    const problems = [dataDirProblem(opts.dataDir), await portProblem(opts.host, opts.port)].filter(
      (p): p is string => p !== null,
    );
    if (problems.length === 0) {
      if (said.size) log('Parlor: that is fixed now, starting.');
      return true;
    }
    const fresh = problems.filter((p) => !said.has(p));
    for (const p of fresh) log(`Parlor could not start: ${p}`);
    if (opts.retrySeconds <= 0) return false;
    if (fresh.length && said.size === 0)
      log(
        `Parlor is waiting: it checks again every ${opts.retrySeconds} s and starts once this is fixed ` +
          '(START_RETRY_SECONDS=0 exits instead).',
      );
    for (const p of fresh) said.add(p);
    await sleep(opts.retrySeconds * 1000);
  }
}

/**
 * Waits until the process is stopped: for a configuration that cannot be read, which only a new
 * environment (a new container) can fix, so restarting would repeat it.
 */
export function waitForStop(): Promise<never> {
  return new Promise<never>(() => setInterval(() => undefined, 1 << 30));
}
