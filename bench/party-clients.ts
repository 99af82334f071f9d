/**
 * The party's clients (driven by bench/party.ts, in a process of their own): two tables of every
 * game, each with one person playing seat 0 (a random listed action after a short think), bots in
 * the other seats and a spectator. Tactical Risk's five countries are all AI (the person hands its
 * country over at once). Measures each game's action-to-patch (the person's action until the patch
 * that carries it) and a ping round trip per table (the spectator's, every PING_MS: what every
 * table feels of the loop, Tactical Risk's included). Prints one JSON line.
 * PORT, WARMUP_MS, MEASURE_MS; with SYNC (forked) it reports `measuring` and `done` to its parent.
 */
import { Client, type Room } from '@colyseus/sdk';

const port = Number(process.env.PORT ?? 2567);
const warmupMs = Number(process.env.WARMUP_MS ?? 20_000);
const measureMs = Number(process.env.MEASURE_MS ?? 90_000);
const THINK_MS: [number, number] = [300, 900];
const PING_MS = 500;

/**
 * The party: per game, its seats, options, and the bots' level at each of its two tables; `first`,
 * an action type the person sends whenever it is listed, as a person at that table would: Devices'
 * host starts the Clock (its bots wait for it; among twenty-odd purchases and bids a random pick
 * hardly ever did, and its bots made no decision in a whole run).
 */
const PARTY = [
  { game: 'tactical-risk', seats: 5, options: { botPace: 'quick' }, levels: ['normal', 'hard'], allAi: true },
  { game: 'kingpin', seats: 3, options: {}, levels: ['normal', 'hard'] },
  { game: 'james-bland', seats: 6, options: {}, levels: ['normal', 'hard'] },
  { game: 'devices', seats: 8, options: {}, levels: ['normal', 'hard'], first: 'startClock' },
  { game: 'bankout', seats: 2, options: {}, levels: ['normal', 'hard'] },
] as const;

interface Samples {
  actions: number[];
  pings: number[];
  errors: number;
  matches: number;
}
const samples = new Map<string, Samples>();
let measuring = false;
const of = (game: string): Samples => {
  let s = samples.get(game);
  if (!s) samples.set(game, (s = { actions: [], pings: [], errors: 0, matches: 0 }));
  return s;
};

const rand = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

/** The seat's listed legal actions (an array or a set of JSON strings). */
function listed(room: Room, seat: number): string[] {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const legal = (room.state as any)?.seats?.[seat]?.private?.legal;
  const out: string[] = [];
  legal?.forEach?.((v: string) => out.push(v));
  return out;
}

/**
 * One person at seat `seat`: acts when it has a listed action (`first`'s type when listed, else a
 * random one), measures until the next patch.
 */
function person(game: string, room: Room, seat: () => number, first?: string): void {
  let sentAt = 0;
  let timer: NodeJS.Timeout | null = null;
  const consider = () => {
    if (timer || sentAt || seat() < 0) return;
    if (listed(room, seat()).length === 0) return;
    timer = setTimeout(
      () => {
        timer = null;
        const legal = listed(room, seat());
        if (legal.length === 0) return;
        const actions = legal.map((l) => JSON.parse(l) as { type: string });
        const action =
          actions.find((a) => a.type === first) ?? actions[Math.floor(Math.random() * actions.length)]!;
        sentAt = performance.now();
        room.send('action', action);
      },
      rand(...THINK_MS),
    );
  };
  room.onStateChange(() => {
    if (sentAt) {
      if (measuring) of(game).actions.push(performance.now() - sentAt);
      sentAt = 0;
    }
    consider();
  });
  room.onMessage('error', () => {
    if (measuring) of(game).errors++;
    sentAt = 0;
    consider();
  });
}

/** The spectator pings its table; the answer's round trip went through that room's handler. */
function pinger(game: string, room: Room): void {
  const sent = new Map<number, number>();
  let id = 0;
  room.onMessage('pong', (m: { id: number }) => {
    const at = sent.get(m.id);
    sent.delete(m.id);
    if (at !== undefined && measuring) of(game).pings.push(performance.now() - at);
  });
  setInterval(() => {
    sent.set(++id, performance.now());
    room.send('ping', { id });
  }, PING_MS);
}

async function table(client: Client, spec: (typeof PARTY)[number], i: number): Promise<void> {
  const host = await client.create(spec.game, {
    name: `P${i}`,
    seats: spec.seats,
    options: spec.options,
    tableName: `${spec.game} ${i}`,
  });
  let mySeat = -1;
  host.onMessage('welcome', (m: { seat: number }) => (mySeat = m.seat));
  const seen = new Set<string>();
  host.onMessage('error', (m: { code?: string; message?: string }) => {
    if (seen.has(m.code ?? '')) return;
    seen.add(m.code ?? '');
    if (process.env.VERBOSE) console.error(`party: ${spec.game} ${i}: ${m.code} ${m.message}`);
  });
  host.onMessage('*', () => {});
  await new Promise((r) => setTimeout(r, 200));
  for (let s = 1; s < spec.seats; s++) host.send('addBot', { seat: s });
  await new Promise((r) => setTimeout(r, 200));
  const level = spec.levels[i % 2]!;
  if (level !== 'normal') for (let s = 1; s < spec.seats; s++) host.send('setBotLevel', { seat: s, level });
  const watcher = await client.joinById(host.roomId, { name: `W${i}`, spectator: true });
  watcher.onMessage('*', () => {});
  pinger(spec.game, watcher);
  const allAi = 'allAi' in spec && spec.allAi;
  if (!allAi) person(spec.game, host, () => mySeat, 'first' in spec ? spec.first : undefined);
  let status = '';
  host.onStateChange((st: { status?: string }) => {
    if (st.status === status) return;
    status = st.status ?? '';
    if (status === 'playing' && allAi) host.send('handOver');
    if (status === 'finished') {
      if (measuring) of(spec.game).matches++;
      setTimeout(() => host.send('rematch'), 1000);
    }
  });
  await new Promise((r) => setTimeout(r, 200));
  host.send('start');
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const client = new Client(`ws://127.0.0.1:${port}`);
  for (const spec of PARTY) for (let i = 0; i < 2; i++) await table(client, spec, i);
  console.error(`party: ${PARTY.length * 2} tables up`);
  await new Promise((r) => setTimeout(r, warmupMs));
  measuring = true;
  process.send?.({ type: 'measuring' });
  await new Promise((r) => setTimeout(r, measureMs));
  measuring = false;
  process.send?.({ type: 'done' });
  const games = PARTY.map(({ game }) => {
    const s = of(game);
    const a = s.actions.slice().sort((x, y) => x - y);
    const p = s.pings.slice().sort((x, y) => x - y);
    return {
      game,
      actions: a.length,
      actionSamples: a.map((x) => Math.round(x * 10) / 10),
      actionP50: percentile(a, 50),
      actionP99: percentile(a, 99),
      pings: p.length,
      pingP50: percentile(p, 50),
      pingP99: percentile(p, 99),
      pingMax: p.length ? p[p.length - 1] : NaN,
      errors: s.errors,
      matches: s.matches,
    };
  });
  process.stdout.write(`${JSON.stringify({ games })}\n`, () => process.exit(0));
}

void main();
