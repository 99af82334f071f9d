#!/usr/bin/env node
// `npm run dev`: the game server (the same ESM bundle `npm start` runs, rebuilt by esbuild on every
// change and restarted by node --watch) plus Vite's dev server with hot reload, which proxies /api,
// /matchmake and websockets to the game server. The server never runs from source through a
// CommonJS loader: that would load @colyseus/schema twice and silently drop every hidden hand
// (see scripts/build-server.mjs).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '2567';
const first = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);
const children = [
  spawn(process.execPath, ['scripts/build-server.mjs', '--watch'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, ['--watch', 'server/dist/index.js'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port, QR: process.env.QR ?? 'false' },
  }),
  spawn('npm', ['run', 'dev', '-w', 'client'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PARLOR_SERVER: `http://localhost:${port}` },
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    if (code) console.error(`dev: a process exited with ${code}`);
    stop();
  });
