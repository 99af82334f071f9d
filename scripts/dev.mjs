#!/usr/bin/env node
// `npm run dev`: the game server (rebuilt and restarted on change by tsx watch) plus Vite's dev
// server with hot reload, which proxies /api, /matchmake and websockets to the game server.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '2567';
const children = [
  spawn('npx', ['tsx', 'watch', '--tsconfig', 'tsconfig.tests.json', 'server/src/index.ts'], {
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
