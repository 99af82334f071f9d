/**
 * Tactical Risk patch sizes (not a test): starts the built server, seats two people
 * (Allies, Axis) and a spectator with real colyseus.js clients, and prints the full-state size each
 * received on joining and the bytes of the state patch (and of the `events` message) each action
 * cost: a purchase, a combat move, ending a phase, a battle's fight and its round answers, a
 * placement. Once without and once with fog of war.
 *
 *   npm run build:server && npx tsx bench/tactical-risk-patches.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Room } from '@colyseus/sdk';

const root = path.resolve(__dirname, '..');
const PORT = Number(process.env.PORT ?? 2839);
// colyseus.js frame codes (first byte): full state, state patch, room message.
const ROOM_STATE = 14;
const ROOM_STATE_PATCH = 15;
const ROOM_DATA = 13;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
interface Action {
  type: string;
  path?: string[];
  units?: number[] | Record<string, number>;
  raid?: boolean;
  territory?: string;
}

const frames = new WeakMap<object, Buffer[]>();
const proto = Room.prototype as unknown as { onMessageCallback(event: { data: ArrayBuffer }): void };
const original = proto.onMessageCallback;
proto.onMessageCallback = function (this: object, event: { data: ArrayBuffer }) {
  const list = frames.get(this) ?? [];
  list.push(Buffer.from(new Uint8Array(event.data)));
  frames.set(this, list);
  return original.call(this, event);
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    try {
      if (cond()) return;
    } catch {
      // not decoded yet
    }
    await sleep(5);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Does the seat's decoded state show units of `faction` at `at` (public stacks or its fog strings)? */
function seesAt(json: Json, seat: number, at: string, faction: (f: string) => boolean): boolean {
  const pub = Object.keys(json.territories?.[at]?.units ?? {});
  const fog = String(json.seats[seat].private?.units?.[at] ?? '')
    .split(';')
    .filter(Boolean)
    .map((s) => s.split('@')[0]!);
  return [...pub, ...fog].some(faction);
}

async function run(fog: boolean): Promise<void> {
  const client = () => new Client(`ws://127.0.0.1:${PORT}`);
  const ada = await client().create('tactical-risk', { name: 'ada', seats: 2, options: { fogOfWar: fog } });
  const bob = await client().joinById(ada.roomId, { name: 'bob' });
  const dee = await client().joinById(ada.roomId, { name: 'dee', spectator: true });
  const rooms = [ada, bob];
  const errors: string[] = [];
  for (const r of [ada, bob, dee])
    r.onMessage('*', (type, payload) => {
      if (type === 'error') errors.push(JSON.stringify(payload));
    });
  const json = (r: Room): Json => (r.state as { toJSON(): Json }).toJSON();
  await until(() => json(ada).seats.length === 2 && json(bob).seats.length === 2, 'seats');
  ada.send('start');
  await until(() => json(ada).status === 'playing' && json(ada).seats[0].private.legal.length > 0, 'start');
  await sleep(300);
  // The full board, as a spectator joining the running match receives it.
  const late = await client().joinById(ada.roomId, { name: 'late', spectator: true });
  late.onMessage('*', () => {});
  await until(
    () => json(late).territories !== undefined && Object.keys(json(late).territories).length > 0,
    'late',
  );
  const fullState = (frames.get(late) ?? [])
    .filter((f) => f[0] === ROOM_STATE)
    .reduce((n, f) => n + f.length, 0);
  const watchers = [
    { name: 'Allies seat', room: ada },
    { name: 'Axis seat', room: bob },
    { name: 'spectator', room: dee },
  ];
  console.log(
    `\nfog of war ${fog ? 'on' : 'off'}: full state for a spectator joining the match: ${fullState} B`,
  );
  console.log(
    `  ${'action'.padEnd(46)}${watchers.map((w) => `${w.name} patch`.padStart(20)).join('')}  events`,
  );
  const seen = watchers.map((w) => (frames.get(w.room) ?? []).length);
  const toAct = (): number => json(dee).toAct[0];
  const legalOf = (seat: number): Action[] =>
    (json(rooms[seat]!).seats[seat].private.legal as string[]).map((l) => JSON.parse(l) as Action);

  const step = async (label: string, action: Action) => {
    const seat = toAct();
    const turn = json(dee).turnNumber;
    const log = json(dee).log.length;
    const legalBefore = JSON.stringify(json(rooms[seat]!).seats[seat].private.legal);
    const refused = errors.length;
    rooms[seat]!.send('action', action);
    await until(
      () =>
        errors.length > refused ||
        JSON.stringify(json(rooms[seat]!).seats[seat].private.legal) !== legalBefore ||
        json(dee).turnNumber !== turn ||
        json(dee).log.length !== log,
      label,
    );
    if (errors.length > refused)
      throw new Error(`${label} refused: ${errors.at(-1)} ${JSON.stringify(action)}`);
    await sleep(100);
    const cells = watchers.map((w, i) => {
      const fresh = (frames.get(w.room) ?? []).slice(seen[i]);
      seen[i] = (frames.get(w.room) ?? []).length;
      const patch = fresh.filter((f) => f[0] === ROOM_STATE_PATCH).reduce((n, f) => n + f.length, 0);
      const events = fresh.filter((f) => f[0] === ROOM_DATA).reduce((n, f) => n + f.length, 0);
      return { patch, events };
    });
    console.log(
      `  ${label.padEnd(46)}${cells.map((c) => `${c.patch} B`.padStart(20)).join('')}  ${cells[2]!.events} B`,
    );
  };

  await step('purchase: buy 1 infantry', { type: 'buy', units: { infantry: 1 } });
  await step('end phase (purchase -> combat move)', { type: 'endPhase' });
  const moves = legalOf(0).filter((a) => a.type === 'move' && !a.raid);
  const me = json(ada);
  const quiet = moves.find((m) => !seesAt(me, 0, m.path!.at(-1)!, (f) => f !== 'Russians'))!;
  await step(`a move: 1 unit ${quiet.path![0]} -> ${quiet.path!.at(-1)}`, quiet);
  const attack = legalOf(0)
    .filter((a) => a.type === 'move' && !a.raid)
    .find((m) => m.path!.length === 2 && seesAt(me, 0, m.path!.at(-1)!, (f) => f === 'Germans'));
  if (attack) {
    const at = attack.path!.at(-1)!;
    await step(`an attack move -> ${at}`, attack);
    await step('end phase (combat move -> battle)', { type: 'endPhase' });
    await step(`fight ${at} (AA, first round)`, { type: 'fight', territory: at });
    for (let i = 0; i < 4 && json(dee).battle.promptKind; i++) {
      const a = legalOf(toAct())[0]!;
      await step(`battle: ${a.type}`, a);
    }
  }
  while (json(dee).phase !== 'place') {
    const l = legalOf(toAct());
    const a = l.find((x) => x.type === 'endPhase') ?? l[0]!;
    await step(`${json(dee).phase}: ${a.type}`, a);
  }
  const place = legalOf(0).find((a) => a.type === 'place');
  if (place) await step('place 1 infantry', place);
  await step('end phase (place -> next faction)', { type: 'endPhase' });
  for (const r of [...rooms, dee, late]) await r.leave();
}

async function main(): Promise<void> {
  const server = spawn(process.execPath, [path.join(root, 'server/dist/index.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DISCOVERY: 'off',
      QR: 'false',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'parlor-bench-')),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      try {
        await fetch(`http://127.0.0.1:${PORT}/api/info`);
        break;
      } catch {
        if (i > 100) throw new Error('server did not come up');
        await sleep(200);
      }
    }
    await run(false);
    await run(true);
  } finally {
    server.kill('SIGKILL');
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
