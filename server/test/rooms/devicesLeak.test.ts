/**
 * Devices' leak test: over a whole three-player game, no client (the other players, a spectator
 * from the start, a spectator who joins mid-game) ever decodes or receives in a raw frame another
 * seat's draft proposal (its name or a Power text) before it is submitted. A variant whose seat
 * schema lacks `@view()` on `private` proves the detector catches such a leak, in the decoded state
 * and in the raw frames.
 */
import { ClientMsg, type DevicesState } from '@parlor/shared';
import { devicesAdapter } from '../../src/games/devices/adapter';
import type { GameAdapter } from '../../src/rooms/GameAdapter';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type Tracked, track, waitUntil } from '../helpers/clients';
import { DraftLeakDetector, devicesChoice } from '../helpers/devicesClient';
import { installFrameCapture } from '../helpers/leakDetector';
import { driveToEnd, waitSynced } from '../helpers/matchDriver';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';

/** Test-only: Devices' seat exactly, except that `private` is NOT marked @view(). */
const leakyAdapter = {
  ...devicesAdapter,
  createState: () => new (devicesAdapter.classes.leaky().RoomState)(),
  createSeat: () => new (devicesAdapter.classes.leaky().SeatState)(),
} as unknown as GameAdapter;

const PORT = 2801;
const OPTIONS = { ndaySeconds: 60, nweeks: 2, targetPoints: 200 };
jest.setTimeout(120_000);
let app: Booted;

beforeAll(async () => {
  installFrameCapture();
  app = await bootParlor(PORT, {}, [
    { name: 'devices_fast', adapter: devicesAdapter, limits: FAST_LIMITS, newSeed: () => 7 },
    { name: 'devices_leaky', adapter: leakyAdapter, limits: FAST_LIMITS, newSeed: () => 7 },
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
  detector: DraftLeakDetector;
}

async function startTable(roomName: string, privateHidden = true): Promise<Table> {
  const a = track(await app.client().create(roomName, { name: 'ada', options: OPTIONS, seats: 3 }));
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
    detector: new DraftLeakDetector(room),
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

const draftsNow = (room: GameRoom) => (room.match!.state as DevicesState).drafts.filter(Boolean).length;

test('no draft proposal reaches anyone but its author before it is submitted', async () => {
  const table = await startTable('devices_fast');
  const { detector, room } = table;
  let stepsWithDrafts = 0;
  let lateAdded = false;
  const steps = await driveToEnd({
    room,
    players: table.players,
    watchers: () => table.watchers,
    choose: devicesChoice,
    seed: 11,
    afterStep: async () => {
      // The late spectator arrives while someone holds a draft, so its first full state is checked.
      if (!lateAdded && draftsNow(room) > 0) {
        lateAdded = true;
        await addLateSpectator(table);
      }
      if (draftsNow(room) > 0) stepsWithDrafts++;
      const leaks = detector.check();
      if (leaks.length > 0) throw new Error(`leak: ${JSON.stringify(leaks.slice(0, 5))}`);
      // Each author sees its own draft.
      const state = room.match!.state as DevicesState;
      state.drafts.forEach((d, seat) => {
        if (d) expect(table.players[seat]!.json().seats[seat].private.draftName).toBe(d.name);
      });
    },
  });
  expect(room.state.status).toBe('finished');
  expect(lateAdded).toBe(true);
  expect(detector.leaks).toEqual([]);
  expect(detector.checks).toBe(steps);
  expect(stepsWithDrafts).toBeGreaterThan(10);
  expect(detector.secretsChecked).toBeGreaterThan(stepsWithDrafts * 2);
  expect(detector.framesChecked).toBeGreaterThan(steps * 3);
  // Drafts were submitted (and so became public) along the way.
  const submits = room.match!.record.actions.filter((a) => a.action.type === 'submit').length;
  expect(submits).toBeGreaterThan(0);
});

test('the detector catches the leak when private lacks @view (decoded state and raw frames)', async () => {
  const table = await startTable('devices_leaky', false);
  const wanted = ['spectator/state', 'spectator/frame', 'bob/state', 'bob/frame', 'late spectator/state'];
  await driveToEnd({
    room: table.room,
    players: table.players,
    watchers: () => table.watchers,
    choose: devicesChoice,
    seed: 11,
    maxSteps: 400,
    privateHidden: false,
    afterStep: async () => {
      if (table.watchers.length === 4 && draftsNow(table.room) > 0) await addLateSpectator(table, false);
      table.detector.check();
      const kinds = new Set(table.detector.leaks.map((l) => `${l.watcher}/${l.where}`));
      if (wanted.every((k) => kinds.has(k))) throw new Error('ENOUGH');
    },
  }).catch((e: Error) => {
    if (e.message !== 'ENOUGH') throw e;
  });
  const kinds = new Set(table.detector.leaks.map((l) => `${l.watcher}/${l.where}`));
  expect([...kinds]).toEqual(expect.arrayContaining(wanted));
});
