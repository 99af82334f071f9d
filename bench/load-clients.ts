/**
 * The load process: TABLES tables of two bot-driven colyseus.js clients each, acting after a 200 ms
 * think time, measuring action-to-patch round trips and patch sizes. Prints one JSON line of results.
 * Driven by bench/load.ts; TARGET=bankout|bare, PORT, TABLES, WARMUP_MS, MEASURE_MS.
 * With SYNC_START=1 (several load processes), it reports `ready` once its tables are up and starts
 * the warmup on `go`, so all of them measure the same window; DUMP_LATENCIES=1 adds every sample
 * (its latency and when it was sent, in ms since the window began).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Client, type Room } from '@colyseus/sdk';

const target = process.env.TARGET ?? 'bankout';
const port = Number(process.env.PORT ?? 2567);
const tables = Number(process.env.TABLES ?? 100);
const warmupMs = Number(process.env.WARMUP_MS ?? 5000);
const measureMs = Number(process.env.MEASURE_MS ?? 15000);
const THINK_MS = 200;
const PATCH = 15; // Protocol.ROOM_STATE_PATCH

const latencies: number[] = [];
/** When each measured action was sent (ms since the window began), in the order of `latencies`. */
const sentTimes: number[] = [];
let windowStart = 0;
let patchBytes = 0;
let patches = 0;
let measuring = false;
let errors = 0;

function countFrames(room: Room): void {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const ws = (room.connection as any).transport.ws as WebSocket;
  const original = ws.onmessage!;
  ws.onmessage = (ev: MessageEvent) => {
    const data = new Uint8Array(ev.data as ArrayBuffer);
    if (measuring && data[0] === PATCH) {
      patchBytes += data.byteLength;
      patches++;
    }
    original.call(ws, ev);
  };
}

/** Drives one client: decide(state, seat) returns a payload when it is this client's move. */
function drive(room: Room, seatOf: () => number, decide: (seat: number) => unknown | null): void {
  let sentAt = 0;
  let timer: NodeJS.Timeout | null = null;
  const consider = () => {
    if (timer || sentAt) return;
    const seat = seatOf();
    if (seat < 0) return;
    if (decide(seat) === null) return;
    timer = setTimeout(() => {
      timer = null;
      const payload = decide(seat);
      if (payload === null) return;
      sentAt = performance.now();
      room.send('action', payload);
    }, THINK_MS);
  };
  room.onStateChange(() => {
    if (sentAt) {
      if (measuring) {
        latencies.push(performance.now() - sentAt);
        sentTimes.push(sentAt - windowStart);
      }
      sentAt = 0;
    }
    consider();
  });
  room.onMessage('error', () => {
    errors++;
    sentAt = 0;
    consider();
  });
  consider();
}

/** Bankout's seat for this client: the one seat whose `private` child this client receives. */
function ownSeat(room: Room): number {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const seats = (room.state as any)?.seats;
  if (!seats) return -1;
  for (let i = 0; i < seats.length; i++) if (seats[i]?.private) return i;
  return -1;
}

/** Legal actions arrive as JSON strings from a small set: each is parsed once, not on every patch. */
const parsedActions = new Map<string, { type: string }>();
function parsedAction(json: string): { type: string } {
  let action = parsedActions.get(json);
  if (!action) parsedActions.set(json, (action = JSON.parse(json) as { type: string }));
  return action;
}

/** A simple, quick policy: answer prompts, draw to $25 of loot, then bank. */
function bankoutMove(room: Room, seat: number): unknown | null {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const me = (room.state as any).seats[seat];
  const legal: { length: number; [i: number]: string } | undefined = me?.private?.legal;
  if (!legal || legal.length === 0) return null;
  const acts: { type: string }[] = [];
  for (let i = 0; i < legal.length; i++) acts.push(parsedAction(legal[i]!));
  const of = (type: string) => acts.find((a) => a.type === type);
  return (
    of('counter') ?? of('joker') ?? of('discard') ?? (me.loot >= 25 ? of('bank') : of('draw')) ?? acts[0]
  );
}

async function bankoutTable(client: Client, i: number): Promise<void> {
  const options = { mode: 'bankout', jokers: true };
  const host = await client.create('bankout', { name: `H${i}`, options });
  host.onMessage('*', () => {});
  const guest = await client.joinById(host.roomId, { name: `G${i}` });
  guest.onMessage('*', () => {});
  for (const room of [host, guest]) {
    countFrames(room);
    drive(
      room,
      () => ownSeat(room),
      (s) => bankoutMove(room, s),
    );
  }
  host.onStateChange((st: { status?: string }) => {
    if (st.status === 'finished') setTimeout(() => host.send('rematch'), 300);
  });
  host.send('start');
}

async function bareTable(client: Client): Promise<void> {
  const a = await client.create('bare');
  a.onMessage('*', () => {});
  const b = await client.joinById(a.roomId);
  b.onMessage('*', () => {});
  // The bare room seats clients in join order.
  [a, b].forEach((room, seat) => {
    countFrames(room);
    drive(
      room,
      () => seat,
      (s) => ((room.state as { turn?: number }).turn === s ? { type: 'tick' } : null),
    );
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const client = new Client(`ws://127.0.0.1:${port}`);
  const batch = 25;
  for (let i = 0; i < tables; i += batch) {
    const jobs = [];
    for (let j = i; j < Math.min(tables, i + batch); j++) {
      jobs.push(target === 'bare' ? bareTable(client) : bankoutTable(client, j));
    }
    await Promise.all(jobs);
  }
  console.error(`load: ${tables} ${target} tables up`);
  if (process.env.SYNC_START === '1' && process.send) {
    const go = new Promise<void>((resolve) =>
      process.on('message', (m: { type?: string }) => m?.type === 'go' && resolve()),
    );
    process.send({ type: 'ready' });
    await go;
  }
  await new Promise((r) => setTimeout(r, warmupMs));
  const lag = monitorEventLoopDelay({ resolution: 5 });
  const cpu0 = process.cpuUsage();
  lag.enable();
  measuring = true;
  windowStart = performance.now();
  process.send?.({ type: 'measuring' });
  await new Promise((r) => setTimeout(r, measureMs));
  measuring = false;
  lag.disable();
  const cpu = process.cpuUsage(cpu0);
  const sorted = latencies.slice().sort((x, y) => x - y);
  const result = {
    target,
    tables,
    samples: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    bytesPerPatch: patches ? patchBytes / patches : NaN,
    patchBytes,
    patches,
    errors,
    loadCpuPercent: ((cpu.user + cpu.system) / 1000 / measureMs) * 100,
    loadLagP99: lag.percentile(99) / 1e6,
    ...(process.env.DUMP_LATENCIES === '1'
      ? {
          windowEpoch: Math.round(performance.timeOrigin + windowStart),
          latencies: latencies.map((x) => Math.round(x * 100) / 100),
          sentTimes: sentTimes.map((x) => Math.round(x)),
        }
      : {}),
  };
  // Exit once the line is out: stdout to a pipe is asynchronous, and exit() would cut it short.
  process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
}

void main();
