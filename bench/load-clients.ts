/**
 * The load process: TABLES tables of two bot-driven colyseus.js clients each, acting after a 200 ms
 * think time, measuring action-to-patch round trips and patch sizes. Prints one JSON line of results.
 * Driven by bench/load.ts; TARGET=bankout|bare, PORT, TABLES, WARMUP_MS, MEASURE_MS.
 */
import { Client, type Room } from 'colyseus.js';

const target = process.env.TARGET ?? 'bankout';
const port = Number(process.env.PORT ?? 2567);
const tables = Number(process.env.TABLES ?? 100);
const warmupMs = Number(process.env.WARMUP_MS ?? 5000);
const measureMs = Number(process.env.MEASURE_MS ?? 15000);
const THINK_MS = 200;
const PATCH = 15; // Protocol.ROOM_STATE_PATCH

const latencies: number[] = [];
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
      if (measuring) latencies.push(performance.now() - sentAt);
      sentAt = 0;
    }
    consider();
  });
  room.onMessage('error', () => {
    errors++;
    sentAt = 0;
    consider();
  });
  room.onMessage('*', () => {});
  consider();
}

async function bankoutTable(client: Client, i: number): Promise<void> {
  const host = await client.create('bankout', { name: `H${i}`, options: { mode: 'bankout', jokers: true } });
  const guest = await client.joinById(host.roomId, { name: `G${i}` });
  for (const room of [host, guest]) {
    let seat = -1;
    room.onMessage('welcome', (m: { seat: number }) => (seat = m.seat));
    countFrames(room);
    drive(
      room,
      () => seat,
      (s) => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const st = room.state as any;
        const legal: string[] = st?.seats?.[s]?.private?.legal ? Array.from(st.seats[s].private.legal) : [];
        if (legal.length === 0) return null;
        const acts = legal.map((l) => JSON.parse(l) as { type: string; card?: string });
        const me = st.seats[s];
        const pick =
          acts.find((a) => a.type === 'counter') ??
          acts.find((a) => a.type === 'joker') ??
          acts.find((a) => a.type === 'discard') ??
          (me.loot >= 25 ? acts.find((a) => a.type === 'bank') : acts.find((a) => a.type === 'draw')) ??
          acts[0];
        return pick;
      },
    );
  }
  host.onStateChange((st: { status?: string }) => {
    if (st.status === 'finished') setTimeout(() => host.send('rematch'), 300);
  });
  await new Promise((r) => setTimeout(r, 50));
  host.send('start');
}

async function bareTable(client: Client): Promise<void> {
  const a = await client.create('bare');
  const b = await client.joinById(a.roomId);
  for (const room of [a, b]) {
    let seat = -1;
    room.onMessage('seat', (m: { seat: number }) => (seat = m.seat));
    countFrames(room);
    drive(
      room,
      () => seat,
      (s) => ((room.state as { turn?: number }).turn === s ? { type: 'tick' } : null),
    );
  }
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
  await new Promise((r) => setTimeout(r, warmupMs));
  measuring = true;
  process.send?.({ type: 'measuring' });
  await new Promise((r) => setTimeout(r, measureMs));
  measuring = false;
  const sorted = latencies.slice().sort((x, y) => x - y);
  const result = {
    target,
    tables,
    samples: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    bytesPerPatch: patches ? patchBytes / patches : NaN,
    errors,
  };
  console.log(JSON.stringify(result));
  process.exit(0);
}

void main();
