/**
 * Ports for the servers a test file starts: free ones the system picks, so test files can run side
 * by side (jest workers) and beside other runs on the same machine. Synchronous, so a file keeps
 * `const PORT = freePort()` at its top: the probe runs in a short child process.
 *
 * A probe closes its port before the file's server listens on it, so the system could hand the same
 * port to another file in between; within one jest run that cannot happen: worker N only takes ports
 * with `floor(port / 2) % WORKER_SLOTS === N % WORKER_SLOTS` (Linux hands out odd ports
 * first), and a worker never hands a port out twice.
 */
import { execFileSync } from 'node:child_process';

const WORKER_SLOTS = 16;
const worker = Number(process.env.JEST_WORKER_ID ?? 1) % WORKER_SLOTS;
const handedOut = new Set<number>();

// Listens on port 0 (every address, as the test servers do) until the system gives a port of this
// worker's class that this worker has not used yet; prints it.
const PROBE = `
const net = require('node:net');
const [slots, want, ...used] = process.argv.slice(1).map(Number);
const probe = () => new Promise((resolve, reject) => {
  const s = net.createServer().on('error', reject);
  s.listen(0, () => { const { port } = s.address(); s.close(() => resolve(port)); });
});
(async () => {
  for (let i = 0; i < 1000; i++) {
    const port = await probe();
    if (Math.floor(port / 2) % slots === want && !used.includes(port)) return process.stdout.write(String(port));
  }
  process.exit(1);
})();
`;

/** A port nothing listens on now, never handed to another test file of this run. */
export function freePort(): number {
  const args = [WORKER_SLOTS, worker, ...handedOut].map(String);
  const port = Number(execFileSync(process.execPath, ['-e', PROBE, ...args], { encoding: 'utf8' }));
  handedOut.add(port);
  return port;
}
