/**
 * The server as `npm start` runs it: server/dist/index.js, the ES module scripts/build-server.mjs
 * makes. Tests that start a server process run this build (built here when a source file is newer
 * than it), never the TypeScript source: only the ESM build loads @colyseus/schema once, and a test
 * against anything else can pass while every hidden hand goes unsent.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const BUILT_SERVER = path.join(ROOT, 'server', 'dist', 'server.js');
/** What a server process runs: `node server/dist/index.js`. */
export const SERVER_ENTRY = path.join(ROOT, 'server', 'dist', 'index.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(file));
    else if (/\.(ts|json)$/.test(entry.name)) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

function build(args: string[] = []): void {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build-server.mjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`build-server failed:\n${r.stdout}\n${r.stderr}`);
}

function stale(): boolean {
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'server', 'src')),
    newestMtime(path.join(ROOT, 'shared', 'src')),
  );
  return !existsSync(SERVER_ENTRY) || !existsSync(BUILT_SERVER) || statSync(BUILT_SERVER).mtimeMs < sources;
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Builds server/dist when it is missing or older than server/src or shared/src. Test files in other
 * jest workers may ask at the same moment: one builds (holding a lock directory), the others wait for
 * it and use its build.
 */
export function ensureBuiltServer(): string {
  if (!stale()) return SERVER_ENTRY;
  const lock = path.join(ROOT, 'server', 'dist.building');
  const givenUpAt = Date.now() + 180_000; // a lock left by a killed run
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > givenUpAt) break;
      sleepSync(250);
    }
  }
  try {
    if (stale()) build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  return SERVER_ENTRY;
}

/** Builds a test's own server entry exactly as the real one (ESM bundle); returns the file to run. */
export function buildServerEntry(entry: string, name: string): string {
  const outDir = path.join(ROOT, 'test-artifacts', 'built', name);
  build(['--entry', entry, '--outdir', outDir]);
  return path.join(outDir, 'index.js');
}
