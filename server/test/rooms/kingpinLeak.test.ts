/**
 * Kingpin's leak test: over a whole three-player match, no client (three players, a spectator from
 * the start, a spectator who joins mid-match) ever decodes or receives in a raw frame a card of
 * another seat's hand (its Boss before it is placed included), of another seat's deck look, or of
 * the Draw Pile. A variant whose seat schema lacks `@view()` on `private` proves the detector
 * catches such a leak, in the decoded state and in the raw frames.
 */
import { ClientMsg } from '@parlor/shared';
import { kingpinAdapter } from '../../src/games/kingpin/adapter';
import type { GameAdapter } from '../../src/rooms/GameAdapter';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type Tracked, track, waitUntil } from '../helpers/clients';
import { KingpinLeakDetector, kingpinChoice } from '../helpers/kingpinClient';
import { installFrameCapture } from '../helpers/leakDetector';
import { driveToEnd, waitSynced } from '../helpers/matchDriver';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';

/** Test-only: Kingpin's seat exactly, except that `private` is NOT marked @view(). */
const leakyAdapter = {
  ...kingpinAdapter,
  createState: () => new (kingpinAdapter.classes.leaky().RoomState)(),
  createSeat: () => new (kingpinAdapter.classes.leaky().SeatState)(),
} as unknown as GameAdapter;

const PORT = 2761;
const SEED = Number(process.env.LEAK_SEED ?? 20261122);
let matchNo = 0;
jest.setTimeout(120_000);
let app: Booted;

beforeAll(async () => {
  installFrameCapture();
  app = await bootParlor(PORT, {}, [
    { name: 'kingpin_fast', adapter: kingpinAdapter, limits: FAST_LIMITS, newSeed: () => SEED + matchNo++ },
    { name: 'kingpin_leaky', adapter: leakyAdapter, limits: FAST_LIMITS, newSeed: () => SEED },
  ]);
});
afterAll(async () => {
  await app.server.shutdown();
});
afterEach(async () => {
  await app.server.cleanup();
});

interface Table {
  room: GameRoom;
  players: Tracked[];
  watchers: { t: Tracked; seat: number; name: string }[];
  detector: KingpinLeakDetector;
}

async function startTable(roomName: string, privateHidden = true): Promise<Table> {
  const a = track(await app.client().create(roomName, { name: 'ada' }));
  const b = track(await app.client().joinById(a.room.roomId, { name: 'bob' }));
  const c = track(await app.client().joinById(a.room.roomId, { name: 'cy' }));
  const spec = track(await app.client().joinById(a.room.roomId, { name: 'dee', spectator: true }));
  await waitUntil(() => [a, b, c, spec].every((t) => t.welcome !== null), 'welcomes');
  const room = app.server.getRoomById(a.room.roomId) as unknown as GameRoom;
  a.room.send(ClientMsg.start);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  const table: Table = {
    room,
    players: [a, b, c],
    watchers: [
      { t: a, seat: 0, name: 'ada' },
      { t: b, seat: 1, name: 'bob' },
      { t: c, seat: 2, name: 'cy' },
      { t: spec, seat: -1, name: 'spectator' },
    ],
    detector: new KingpinLeakDetector(room),
  };
  for (const w of table.watchers) table.detector.watch(w.name, w.t, w.seat);
  await waitSynced(room, table.watchers, privateHidden);
  return table;
}

async function addLateSpectator(table: Table, privateHidden = true): Promise<void> {
  const late = track(await app.client().joinById(table.room.roomId, { name: 'late', spectator: true }));
  await waitUntil(() => late.welcome !== null, 'late welcome');
  table.watchers.push({ t: late, seat: -1, name: 'late spectator' });
  table.detector.watch('late spectator', late, -1);
  await waitSynced(table.room, table.watchers, privateHidden);
}

test('no hidden card reaches anyone who may not see it, over whole matches', async () => {
  const table = await startTable('kingpin_fast');
  const { detector } = table;
  expect(detector.check()).toEqual([]);
  let handsSeenByOwner = 0;
  let steps = 0;
  let matches = 0;
  // Matches are short (a Boss can fall to one attack): play rematches until enough steps were checked.
  while (steps < 60) {
    if (matches > 0) {
      table.players[0]!.room.send(ClientMsg.rematch);
      await waitUntil(() => table.room.state.status === 'playing', 'rematch');
      await waitSynced(table.room, table.watchers);
      detector.newMatch();
    }
    const before = steps;
    steps += await driveToEnd({
      room: table.room,
      players: table.players,
      watchers: () => table.watchers,
      choose: kingpinChoice,
      seed: 11 + matches,
      afterStep: async (step) => {
        if (before + step === 5) await addLateSpectator(table);
        const leaks = detector.check();
        if (leaks.length > 0) throw new Error(`leak at step ${step}: ${JSON.stringify(leaks.slice(0, 5))}`);
        table.players.forEach((t, seat) => {
          if (t.json().seats[seat].private.hand.length > 0) handsSeenByOwner++;
        });
      },
    });
    matches++;
  }
  expect(table.room.state.status).toBe('finished');
  expect(detector.leaks).toEqual([]);
  expect(detector.checks).toBe(steps + 1);
  expect(detector.framesChecked).toBeGreaterThan(steps * 4);
  // There was something to hide at every step: the pile and three hands.
  expect(detector.secretsChecked).toBeGreaterThan(steps * 40);
  expect(handsSeenByOwner).toBeGreaterThan(0);
  for (const w of table.watchers) {
    const s = w.t.json();
    s.seats.forEach((seat: { private?: unknown }, i: number) => {
      if (i !== w.seat) expect(seat.private).toBeUndefined();
    });
  }
});

test('the detector catches the leak when private lacks @view (decoded state and raw frames)', async () => {
  const table = await startTable('kingpin_leaky', false);
  const wanted = ['spectator/state', 'spectator/frame', 'bob/state', 'bob/frame', 'late spectator/frame'];
  const found = () => new Set(table.detector.leaks.map((l) => `${l.watcher}/${l.where}`));
  // A spectator who comes in once the match is under way (every hand still holds its Boss).
  await addLateSpectator(table, false);
  for (let match = 0; match < 5 && !wanted.every((k) => found().has(k)); match++) {
    if (match > 0) {
      table.players[0]!.room.send(ClientMsg.rematch);
      await waitUntil(() => table.room.state.status === 'playing', 'rematch');
      await waitSynced(table.room, table.watchers, false);
      table.detector.newMatch();
    }
    await driveToEnd({
      room: table.room,
      players: table.players,
      watchers: () => table.watchers,
      choose: kingpinChoice,
      seed: 11 + match,
      maxSteps: 300,
      privateHidden: false,
      afterStep: () => {
        table.detector.check();
        if (wanted.every((k) => found().has(k))) throw new Error('ENOUGH');
      },
    }).catch((e: Error) => {
      if (e.message !== 'ENOUGH') throw e;
    });
  }
  const kinds = new Set(table.detector.leaks.map((l) => `${l.watcher}/${l.where}`));
  expect([...kinds]).toEqual(expect.arrayContaining(wanted));
});
