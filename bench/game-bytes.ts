/**
 * Bytes per action for every game (not a test): starts a built server (`node server/dist/index.js`,
 * as `npm start` runs it), seats two players and a spectator at a table of each game with real
 * clients, plays ACTIONS actions (each the acting seat's own legal payload, picked by a fixed
 * generator) and prints what the three clients received per action: state patches, messages, all.
 * BENCH_TREE=dir measures another checkout (its build and its client package: bench/old-vs-new.ts
 * runs it on the pre-upgrade commit); JSON_OUT=file writes the rows.
 *
 *   npm run build:server && TSX_TSCONFIG_PATH=tsconfig.tests.json npx tsx bench/game-bytes.ts
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { FORMER_GAME_IDS, games } from '../shared/src/games';
import { startBuiltServer } from './builtServer';

const root = path.resolve(__dirname, '..');
const tree = path.resolve(process.env.BENCH_TREE ?? root);
const PORT = Number(process.env.PORT ?? 2851);
const ACTIONS = Number(process.env.ACTIONS ?? 150);
/** Every registered game of this checkout. */
const GAMES = games.map((g) => g.id);
// Frame codes (first byte), the same in colyseus.js 0.16 and @colyseus/sdk 0.18.
const ROOM_DATA = 13;
const ROOM_STATE = 14;
const ROOM_STATE_PATCH = 15;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
/** The checkout's own client package: @colyseus/sdk, or colyseus.js before the upgrade. */
const requireFromTree = createRequire(path.join(tree, 'package.json'));
const clientPackage = existsSync(path.join(tree, 'node_modules', '@colyseus', 'sdk'))
  ? '@colyseus/sdk'
  : 'colyseus.js';
const { Client, Room } = requireFromTree(clientPackage) as Json;

const received = new WeakMap<object, { patch: number; data: number; state: number }>();
const proto = Room.prototype as { onMessageCallback(event: { data: ArrayBuffer }): void };
const original = proto.onMessageCallback;
proto.onMessageCallback = function (this: object, event: { data: ArrayBuffer }) {
  const bytes = new Uint8Array(event.data);
  const count = received.get(this) ?? { patch: 0, data: 0, state: 0 };
  if (bytes[0] === ROOM_STATE_PATCH) count.patch += bytes.byteLength;
  else if (bytes[0] === ROOM_DATA) count.data += bytes.byteLength;
  else if (bytes[0] === ROOM_STATE) count.state += bytes.byteLength;
  received.set(this, count);
  return original.call(this, event);
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if (cond()) return;
    } catch {
      // not decoded yet
    }
    await sleep(3);
  }
  throw new Error(`timed out waiting for ${what}`);
}

function lcg(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 0x100000000;
  };
}

export interface GameBytes {
  game: string;
  actions: number;
  patchBytesPerAction: number;
  messageBytesPerAction: number;
  joinStateBytes: number;
}

async function measureGame(game: string): Promise<GameBytes> {
  const endpoint = `ws://127.0.0.1:${PORT}`;
  const listen = (r: Json) => (r.onMessage('*', () => undefined), r);
  // A checkout from before the kebab-case ids (BENCH_TREE) names its rooms by their former ids.
  const info = (await fetch(`http://127.0.0.1:${PORT}/api/info`).then((r) => r.json())) as {
    games: string[];
  };
  const former = Object.keys(FORMER_GAME_IDS).find((id) => FORMER_GAME_IDS[id] === game);
  const room = info.games.includes(game) ? game : (former ?? game);
  const a = listen(await new Client(endpoint).create(room, { name: 'Ada', seats: 2 }));
  const b = listen(await new Client(endpoint).joinById(a.roomId, { name: 'Bo' }));
  const spectator = listen(await new Client(endpoint).joinById(a.roomId, { name: 'Cy', spectator: true }));
  const players = [a, b];
  const all = [a, b, spectator];
  const json = (r: Json) => r.state.toJSON();
  await until(() => all.every((r) => json(r).seats?.length === 2), 'seated');
  await until(() => json(a).seats[1].occupied === true, 'both seated');
  a.send('start', {});
  await until(() => all.every((r) => json(r).status === 'playing'), 'playing');
  const random = lcg(20261127);
  const totals = () =>
    all.reduce(
      (t, r) => {
        const c = received.get(r) ?? { patch: 0, data: 0, state: 0 };
        return { patch: t.patch + c.patch, data: t.data + c.data, state: t.state + c.state };
      },
      { patch: 0, data: 0, state: 0 },
    );
  const start = totals();
  let actions = 0;
  while (actions < ACTIONS) {
    const state = json(a);
    if (state.status !== 'playing') break;
    const legalOf = (seat: number): string[] => json(players[seat]).seats[seat].private?.legal ?? [];
    // Nobody due (Devices with the Clock Off): the table's host moves time, as matchDriver.ts does.
    const due: number[] = state.toAct.length > 0 ? state.toAct : [state.host];
    const seat: number | undefined = due.find((s) => s >= 0 && s < players.length && legalOf(s).length > 0);
    if (seat === undefined) break;
    const legal = legalOf(seat);
    const before = JSON.stringify(json(a)) + JSON.stringify(json(players[seat]).seats[seat].private);
    players[seat].send('action', JSON.parse(legal[Math.floor(random() * legal.length)]!));
    actions++;
    await until(
      () => JSON.stringify(json(a)) + JSON.stringify(json(players[seat]).seats[seat].private) !== before,
      `${game}: the action's patch`,
    ).catch(() => undefined);
    await sleep(2);
  }
  await sleep(50);
  const end = totals();
  for (const r of all) await r.leave(true).catch(() => undefined);
  return {
    game,
    actions,
    patchBytesPerAction: (end.patch - start.patch) / Math.max(1, actions),
    messageBytesPerAction: (end.data - start.data) / Math.max(1, actions),
    joinStateBytes: start.state / all.length,
  };
}

async function main(): Promise<void> {
  const server = await startBuiltServer(tree, PORT, {
    BOT_DELAY_MS: '0',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'parlor-bytes-')),
  });
  try {
    const rows: GameBytes[] = [];
    for (const game of GAMES) rows.push(await measureGame(game));
    console.log(`bytes per action, two players and a spectator together (${clientPackage}, ${tree}):`);
    console.log('game            actions  patch B/action  message B/action  full state on join B');
    for (const r of rows)
      console.log(
        `${r.game.padEnd(15)} ${String(r.actions).padStart(7)} ${r.patchBytesPerAction.toFixed(0).padStart(15)} ${r.messageBytesPerAction.toFixed(0).padStart(17)} ${r.joinStateBytes.toFixed(0).padStart(21)}`,
      );
    if (process.env.JSON_OUT) writeFileSync(process.env.JSON_OUT, JSON.stringify(rows));
  } finally {
    server.kill('SIGTERM');
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
