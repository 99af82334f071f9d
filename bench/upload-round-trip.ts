/**
 * Another table's round trip with and without four simultaneous largest legal uploads (issue 31;
 * not a test). Starts a built server (`node server/dist/index.js`, as `npm start` runs it), seats a
 * player and three spectators at a Bankout table, and measures ping -> pong round trips (each
 * client at most 7 a second, under the rooms' message budget). Each round has a phase without
 * uploads and a phase with them, in alternating order (so a drift of the machine's load hits both
 * alike); the phase without lasts as long as the last phase with. In the phase with, four clients
 * (four loopback addresses) each POST a different largest legal match at once to
 * /api/history/import: the longest Tactical Risk match (server/test/fixtures/tactical-risk-long.json.gz,
 * 2 MB, ~24,600 actions), each with another value of an option its replay never reads, so every one
 * is new content and is replayed in full (a copy would be answered as a duplicate before any
 * replay). Prints p50/p99/max of both, each round and all rounds together, and the p99 ratio
 * (target: within 2x).
 *
 *   npm run build:server && TSX_TSCONFIG_PATH=tsconfig.tests.json npx tsx bench/upload-round-trip.ts
 *   ROUNDS=1 for a quick look (default 3).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os, { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { botMatchFile } from '../server/test/helpers/botMatch';
import { startBuiltServer } from './builtServer';
import { pingingTable, roundTripsDuring } from './roundTrips';

const root = path.resolve(__dirname, '..');
const PORT = Number(process.env.PORT ?? 2853);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const UPLOADERS = 4;
/** The first phase without uploads (later ones last as long as the last phase with them). */
const FIRST_QUIET_MS = 15_000;
const REFILL_MS = 60_000;
/** Below the rooms' 8 messages a second per client. */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (samples: number[], q: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * q))] ?? NaN;
const describe = (samples: number[]) =>
  `p50 ${quantile(samples, 0.5).toFixed(1)} ms, p99 ${quantile(samples, 0.99).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms (${samples.length} samples)`;
const ratio = (withUploads: number[], without: number[]) =>
  `p99 with / without: ${(quantile(withUploads, 0.99) / quantile(without, 0.99)).toFixed(2)}x, ` +
  `p50 ${(quantile(withUploads, 0.5) / quantile(without, 0.5)).toFixed(2)}x (target: p99 within 2x)`;

/** POSTs a match file to the import from a loopback address of its own (a client of its own). */
function upload(from: string, body: string): Promise<{ status: number; ms: number; code?: string }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        method: 'POST',
        path: '/api/history/import',
        localAddress: from,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let code: string | undefined;
          try {
            code = (JSON.parse(text) as { code?: string }).code;
          } catch {
            // no JSON body
          }
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - start, code });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function main(): Promise<void> {
  const longMatch = JSON.parse(
    zlib
      .gunzipSync(readFileSync(path.join(root, 'server', 'test', 'fixtures', 'tactical-risk-long.json.gz')))
      .toString('utf8'),
  ) as { options: Record<string, unknown> };
  // The match has no phase timers: its time bank's length is read by nothing, so each value is
  // another match of the same cost.
  let variant = 1000;
  const nextFile = () =>
    JSON.stringify({ ...longMatch, options: { ...longMatch.options, bankSeconds: variant++ } });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parlor-upload-bench-'));
  const server = await startBuiltServer(root, PORT, { DATA_DIR: dataDir });
  try {
    const rooms = await pingingTable(PORT);
    // The upload processes start at the first upload (a fork holds the event loop once, for a
    // moment): started here, so the rounds measure uploads, not that.
    const warmUp = await upload('127.0.0.1', JSON.stringify(botMatchFile('bankout', 1)));
    if (warmUp.status !== 201) throw new Error(`the warm-up upload was answered ${warmUp.status}`);
    await sleep(500);
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ${os.cpus().length} cores; ${ROUNDS} rounds, ${UPLOADERS} uploads of ` +
        `${(nextFile().length / 1024 / 1024).toFixed(2)} MB at once in each`,
    );
    const allWith: number[] = [];
    const allWithout: number[] = [];
    let quietMs = FIRST_QUIET_MS;
    for (let round = 1; round <= ROUNDS; round++) {
      // Every client's replays together have a budget (uploadPool.ts: 100,000 actions a minute, four
      // of these files are ~98,000): it refills between rounds, unmeasured.
      if (round > 1) await sleep(REFILL_MS);
      let withUploads: number[] = [];
      let without: number[] = [];
      const quiet = async () => {
        without = await roundTripsDuring(rooms, () => sleep(quietMs));
      };
      const busy = async () => {
        const files = Array.from({ length: UPLOADERS }, nextFile);
        const start = performance.now();
        let answers: Awaited<ReturnType<typeof upload>>[] = [];
        withUploads = await roundTripsDuring(rooms, async () => {
          answers = await Promise.all(files.map((f, i) => upload(`127.0.0.${i + 2}`, f)));
        });
        quietMs = performance.now() - start;
        console.log(
          `round ${round}: uploads answered ${answers
            .map((a) => `${a.status}${a.code ? ` ${a.code}` : ''} after ${(a.ms / 1000).toFixed(1)} s`)
            .join(', ')}`,
        );
      };
      // Alternating order: odd rounds quiet first, even rounds uploads first.
      if (round % 2 === 1) {
        await quiet();
        await busy();
      } else {
        await busy();
        await quiet();
      }
      allWith.push(...withUploads);
      allWithout.push(...without);
      console.log(`  without uploads:     ${describe(without)}`);
      console.log(`  with ${UPLOADERS} uploads:      ${describe(withUploads)}`);
      console.log(`  ${ratio(withUploads, without)}`);
    }
    console.log(`all ${ROUNDS} rounds:`);
    console.log(`  without uploads:     ${describe(allWithout)}`);
    console.log(`  with ${UPLOADERS} uploads:      ${describe(allWith)}`);
    console.log(`  ${ratio(allWith, allWithout)}`);
    for (const r of rooms) await r.leave(true).catch(() => undefined);
  } finally {
    server.kill('SIGTERM');
    await sleep(300);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
