/**
 * Benchmarks' server: a checkout's built server (`node server/dist/index.js`, as `npm start` runs
 * it) on 127.0.0.1 with discovery, the QR code and Redis off, returned once /api/info answers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export async function startBuiltServer(
  tree: string,
  port: number,
  env: NodeJS.ProcessEnv,
): Promise<ChildProcess> {
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DISCOVERY: 'off',
    QR: 'off',
    ...env,
  };
  delete full.REDIS_URL;
  const server = spawn(process.execPath, [path.join(tree, 'server/dist/index.js')], {
    cwd: tree,
    env: full,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/info`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return server;
    if (i > 300) {
      server.kill('SIGTERM');
      throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
