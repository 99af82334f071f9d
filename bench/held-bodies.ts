/**
 * Issue 31's "open request bodies exhaust memory" (not a test): one machine holds BODIES
 * `/matchmake/create` requests, each declared at the create limit (2.06 MiB, ~2.16 MB) and sent
 * but for its last byte, never finished, from as many loopback addresses (127.4.x.y: each another
 * client to the server). Prints the built server's RSS before, at its highest while they are
 * held, and after they close, what the server answered, and another table's ping round trips
 * (p50/p99) idle and during. ROUNDS times (2): a second round that adds nothing shows the first
 * one's memory is not held on to (the allocator keeps it for reuse rather than give it back).
 *
 * With BEFORE_TREE=<a checkout with server/dist built> (e.g. a worktree of the commit before the
 * budget), the same run against that server first, and the ratios of the two.
 *
 *   npm run build:server && TSX_TSCONFIG_PATH=tsconfig.tests.json npx tsx bench/held-bodies.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os, { loadavg } from 'node:os';
import path from 'node:path';
import { startBuiltServer } from './builtServer';
import { pingingTable, roundTripsDuring } from './roundTrips';

const root = path.resolve(__dirname, '..');
const PORT = Number(process.env.PORT ?? 2854);
const BODIES = Number(process.env.BODIES ?? 400);
/** The create limit (matchmake.ts CREATE_BODY_LIMIT: MATCH_FILE_LIMIT_BYTES + 64 kB). */
const DECLARED = 2 * 1024 * 1024 + 64 * 1024;
const IDLE_MS = 4000;
const HOLD_MS = 6000;
const AFTER_MS = 4000;
const ROUNDS = Number(process.env.ROUNDS ?? 2);
/** Below the rooms' 8 messages a second per client. */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (samples: number[], q: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * q))] ?? NaN;
const describe = (samples: number[]) =>
  `p50 ${quantile(samples, 0.5).toFixed(1)} ms, p99 ${quantile(samples, 0.99).toFixed(1)} ms (${samples.length} samples)`;
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;

/** A process's resident memory, from /proc. */
function rssOf(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) * 1024;
}

interface Held {
  answer: string | null;
  close(): void;
}

/** A create body declared at DECLARED, sent but for its last byte (one shared buffer). */
function hold(from: string, chunk: Buffer): Held {
  const held: Held = { answer: null, close: () => r.destroy() };
  let sent = 0;
  const r = http.request(
    {
      host: '127.0.0.1',
      port: PORT,
      method: 'POST',
      path: '/matchmake/create/bankout',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(DECLARED) },
      localAddress: from,
      agent: false,
    },
    (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => {
        let code = '';
        try {
          code = String((JSON.parse(text) as { code?: unknown }).code ?? '');
        } catch {
          // not JSON
        }
        held.answer = `${res.statusCode} ${code}`.trim();
      });
    },
  );
  r.on('error', () => (held.answer ??= 'reset'));
  const pump = () => {
    while (held.answer === null && !r.destroyed && sent < DECLARED - 1) {
      const piece = chunk.subarray(0, Math.min(chunk.length, DECLARED - 1 - sent));
      sent += piece.length;
      if (!r.write(piece)) {
        r.once('drain', pump);
        return;
      }
    }
  };
  pump();
  return held;
}

interface Run {
  before: number;
  peak: number;
  after: number;
  idle: number[];
  busy: number[];
  answers: Map<string, number>;
}

async function run(tree: string, label: string): Promise<Run> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parlor-held-bench-'));
  const server = await startBuiltServer(tree, PORT, { DATA_DIR: dataDir, TABLES_PER_CLIENT: '0' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  try {
    const rooms = await pingingTable(PORT);
    await sleep(500);
    const pid = server.pid!;
    const idle = await roundTripsDuring(rooms, () => sleep(IDLE_MS));
    const before = rssOf(pid);
    let peak = before;
    let after = before;
    const busy: number[] = [];
    const answers = new Map<string, number>();
    console.log(`${label}:`);
    // Twice: what the first round leaves behind is either held on to (the second adds as much again)
    // or kept by the allocator for reuse (the second adds nothing).
    for (let round = 1; round <= ROUNDS; round++) {
      const held: Held[] = [];
      let roundPeak = rssOf(pid);
      const roundStart = roundPeak;
      const samples = await roundTripsDuring(rooms, async () => {
        for (let i = 0; i < BODIES; i++)
          held.push(hold(`127.4.${Math.floor(i / 250)}.${(i % 250) + 1}`, chunk));
        for (let t = 0; t < HOLD_MS; t += 250) {
          await sleep(250);
          roundPeak = Math.max(roundPeak, rssOf(pid));
        }
      });
      busy.push(...samples);
      const roundAnswers = new Map<string, number>();
      for (const h of held) {
        const key = h.answer ?? 'held (no answer)';
        roundAnswers.set(key, (roundAnswers.get(key) ?? 0) + 1);
        answers.set(key, (answers.get(key) ?? 0) + 1);
      }
      for (const h of held) h.close();
      await sleep(AFTER_MS);
      after = rssOf(pid);
      peak = Math.max(peak, roundPeak);
      console.log(
        `  round ${round}: server RSS ${mb(roundStart)} at its start, highest while held ${mb(roundPeak)}, ${AFTER_MS / 1000} s after they closed ${mb(after)}`,
      );
      console.log(`    answers: ${[...roundAnswers].map(([k, n]) => `${n} × ${k}`).join(', ')}`);
      console.log(`    another table's round trips while held: ${describe(samples)}`);
    }
    console.log(`  another table's round trips, idle: ${describe(idle)}`);
    for (const r of rooms) await r.leave(true).catch(() => undefined);
    return { before, peak, after, idle, busy, answers };
  } finally {
    server.kill('SIGTERM');
    await sleep(500);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(
    `${BODIES} held bodies of ${DECLARED - 1} bytes (declared ${DECLARED}); load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${os.cpus().length} cores`,
  );
  const beforeTree = process.env.BEFORE_TREE;
  const old = beforeTree ? await run(path.resolve(beforeTree), `before (${beforeTree})`) : null;
  const now = await run(root, 'now (this checkout)');
  if (old) {
    const growth = (r: Run) => r.peak - r.before;
    console.log('ratios, now / before:');
    console.log(
      `  RSS growth while held: ${mb(growth(now))} / ${mb(growth(old))} = ${(growth(now) / growth(old)).toFixed(3)}`,
    );
    console.log(`  RSS after, above before: ${mb(now.after - now.before)} / ${mb(old.after - old.before)}`);
    console.log(
      `  round-trip p99 while held: ${(quantile(now.busy, 0.99) / quantile(old.busy, 0.99)).toFixed(2)}x`,
    );
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
