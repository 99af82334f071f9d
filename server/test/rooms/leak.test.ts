/**
 * The leak test: over a whole Bankout match, no client (two players, a spectator from the start,
 * a spectator who joins mid-match) ever decodes or receives in any raw frame a card from another
 * seat's hand or from the deck. A variant whose seat schema lacks `@view()` on `private` proves
 * the detector catches a leak in both the decoded state and the raw frames.
 */
import { ClientMsg } from '@parlor/shared';
import { bankoutAdapter } from '../../src/games/bankout/adapter';
import type { GameAdapter } from '../../src/rooms/GameAdapter';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { bankoutBotChoice } from '../helpers/bankoutClient';
import { type Tracked, track, waitUntil } from '../helpers/clients';
import { LeakDetector, frameMentions, framesOf, installFrameCapture } from '../helpers/leakDetector';
import { driveToEnd, waitSynced } from '../helpers/matchDriver';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';

/** Test-only: Bankout's seat exactly, except that `private` is NOT marked @view(). */
const leakyAdapter = {
  ...bankoutAdapter,
  createState: () => new (bankoutAdapter.classes.leaky().RoomState)(),
  createSeat: () => new (bankoutAdapter.classes.leaky().SeatState)(),
} as unknown as GameAdapter;

const PORT = 2575;
const SEED = Number(process.env.LEAK_SEED ?? 20261122);
jest.setTimeout(90_000);
let app: Booted;

beforeAll(async () => {
  installFrameCapture();
  app = await bootParlor(PORT, {}, [
    { name: 'bankout_fast', adapter: bankoutAdapter, limits: FAST_LIMITS, newSeed: () => SEED },
    { name: 'bankout_leaky', adapter: leakyAdapter, limits: FAST_LIMITS, newSeed: () => SEED },
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
  detector: LeakDetector;
}

async function startTable(roomName: string, privateHidden = true): Promise<Table> {
  const a = track(await app.client().create(roomName, { name: 'ada' }));
  const b = track(await app.client().joinById(a.room.roomId, { name: 'bob' }));
  const spec = track(await app.client().joinById(a.room.roomId, { name: 'cy', spectator: true }));
  await waitUntil(() => a.welcome !== null && b.welcome !== null && spec.welcome !== null, 'welcomes');
  const room = app.server.getRoomById(a.room.roomId) as unknown as GameRoom;
  a.room.send(ClientMsg.start);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  const table: Table = {
    room,
    players: [a, b],
    watchers: [
      { t: a, seat: 0, name: 'ada' },
      { t: b, seat: 1, name: 'bob' },
      { t: spec, seat: -1, name: 'spectator' },
    ],
    detector: new LeakDetector(room),
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

test('no hidden card reaches anyone who may not see it, over a whole match', async () => {
  const table = await startTable('bankout_fast');
  const { detector } = table;
  expect(detector.check()).toEqual([]);
  let ownCardsSeen = 0;
  const steps = await driveToEnd({
    room: table.room,
    players: table.players,
    watchers: () => table.watchers,
    choose: bankoutBotChoice,
    seed: 5,
    afterStep: async (step) => {
      if (step === 40) await addLateSpectator(table);
      const leaks = detector.check();
      if (leaks.length > 0) throw new Error(`leak at step ${step}: ${JSON.stringify(leaks.slice(0, 5))}`);
      // The detector would see a hand card where it is allowed: in its owner's frames.
      const hand = table.players[0]!.json().seats[0].private.hand as string[];
      if (hand.length > 0 && framesOf(table.players[0]!.room).some((f) => frameMentions(f, hand[0]!)))
        ownCardsSeen++;
    },
  });
  expect(table.room.state.status).toBe('finished');
  expect(detector.leaks).toEqual([]);
  expect(steps).toBeGreaterThan(50);
  expect(detector.checks).toBe(steps + 1);
  expect(detector.framesChecked).toBeGreaterThan(steps * 3);
  expect(detector.secretsChecked).toBeGreaterThan(steps * 50);
  expect(ownCardsSeen).toBeGreaterThan(0);
  // Structurally too: nobody decoded another seat's private child, and the deck/rng never exist.
  for (const w of table.watchers) {
    const s = w.t.json();
    s.seats.forEach((seat: { private?: unknown }, i: number) => {
      if (i !== w.seat) expect(seat.private).toBeUndefined();
    });
    expect(Object.keys(s)).not.toEqual(expect.arrayContaining(['deck']));
    expect(JSON.stringify(s)).not.toMatch(/"(deck|rng|seed)"/);
  }
});

test('the detector catches the leak when private lacks @view (decoded state and raw frames)', async () => {
  const table = await startTable('bankout_leaky', false);
  await driveToEnd({
    room: table.room,
    players: table.players,
    watchers: () => table.watchers,
    choose: bankoutBotChoice,
    seed: 5,
    maxSteps: 400,
    privateHidden: false,
    afterStep: async (step) => {
      if (step === 10) await addLateSpectator(table, false);
      table.detector.check();
      const kinds = new Set(table.detector.leaks.map((l) => `${l.watcher}/${l.where}`));
      if (
        ['spectator/state', 'spectator/frame', 'late spectator/frame', 'bob/frame'].every((k) => kinds.has(k))
      ) {
        throw new Error('ENOUGH');
      }
    },
  }).catch((e: Error) => {
    if (e.message !== 'ENOUGH') throw e;
  });
  const kinds = new Set(table.detector.leaks.map((l) => `${l.watcher}/${l.where}`));
  expect([...kinds]).toEqual(
    expect.arrayContaining(['spectator/state', 'spectator/frame', 'late spectator/frame', 'bob/frame']),
  );
});

test('a card id spelled by the bytes of a time or a probability is a number, not a leak', () => {
  // A log line's time (float64) whose middle bytes read 0xa2 "9H", as a string "9H" is encoded.
  const time = Buffer.alloc(8);
  time.writeDoubleLE(Date.now());
  time.set([0xa2, 0x39, 0x48], 2);
  expect(Math.abs(time.readDoubleLE(0) - Date.now())).toBeLessThan(30 * 86_400_000);
  const frame = Buffer.concat([Buffer.from([0x0f, 0x01]), time, Buffer.from([0xff])]);
  expect(frameMentions(frame, '9H')).toBe(false);
  // A bust risk (float32) whose low bytes read 0xa2 "9H" is a number too.
  const risk = Buffer.from([0xa2, 0x39, 0x48, 0x3e]);
  expect(risk.readFloatLE(0)).toBeGreaterThan(0.1);
  expect(frameMentions(Buffer.concat([Buffer.from([0x0f]), risk]), '9H')).toBe(false);
  // The same bytes as a string are caught, alone or beside a number.
  expect(frameMentions(Buffer.from([0x0f, 0x80, 0xa2, 0x39, 0x48, 0x00]), '9H')).toBe(true);
  expect(frameMentions(Buffer.concat([time, Buffer.from([0x80, 0xa2, 0x39, 0x48])]), '9H')).toBe(true);
});
