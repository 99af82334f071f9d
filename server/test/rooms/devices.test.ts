/**
 * Devices on the platform: three clients play a whole (short) game from their synced `legal` while
 * a spectator follows; the projection mirrors the rules' views field for field; the synced legal
 * list is the thinned set the adapter promises; the host starts the Clock and time moves on by the
 * timer alone (no client's tick); an emergency stops and resumes time; the set-like legal sync keeps
 * every entry that stays legal in its slot.
 */
import { ArraySchema } from '@colyseus/schema';
import { ClientMsg, SPECTATOR, decodeView } from '@parlor/shared';
import type { DevicesState } from '@parlor/shared/games/devices/types';
import { devices } from '@parlor/shared/games/devices/index';
import { devicesViewShape } from '@parlor/shared/games/devices/viewShape';
import { devicesSyncedLegal } from '@parlor/shared/games/devices/table';
import { gameAdapter } from '../../src/games';
import { freePort } from '../helpers/freePort';

const devicesAdapter = gameAdapter('devices');
import type { GameRoom } from '../../src/rooms/GameRoom';
import { syncSet } from '../../src/rooms/sync';
import { type Tracked, nextError, track, waitUntil } from '../helpers/clients';
import { devicesChoice } from '../helpers/devicesClient';
import { installFrameCapture } from '../helpers/leakDetector';
import { driveToEnd, lcg, waitSynced } from '../helpers/matchDriver';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';

const PORT = freePort();
jest.setTimeout(90_000);
let app: Booted;

beforeAll(async () => {
  installFrameCapture();
  app = await bootParlor(PORT, {}, [
    { name: 'devices_fast', adapter: devicesAdapter, limits: FAST_LIMITS, newSeed: () => 20261122 },
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
  spec: Tracked;
  watchers: () => { t: Tracked; seat: number }[];
}

const OPTIONS = { ndaySeconds: 60, nweeks: 2, targetPoints: 200 };

async function threePlayers(): Promise<Table> {
  const a = track(await app.client().create('devices_fast', { name: 'ada', options: OPTIONS, seats: 3 }));
  const b = track(await app.client().joinById(a.room.roomId, { name: 'bob' }));
  const c = track(await app.client().joinById(a.room.roomId, { name: 'cy' }));
  const spec = track(await app.client().joinById(a.room.roomId, { name: 'dee', spectator: true }));
  await waitUntil(() => [a, b, c, spec].every((t) => t.welcome !== null), 'welcomes');
  const room = app.server.getRoomById(a.room.roomId) as unknown as GameRoom;
  expect(room.state.seats.length).toBe(3);
  a.room.send(ClientMsg.start);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  const players = [a, b, c];
  const watchers = () => [...players.map((t, seat) => ({ t, seat })), { t: spec, seat: -1 }];
  await waitSynced(room, watchers());
  return { room, players, spec, watchers };
}

/** What a client decoded (by Devices' description) equals the rules' public view and its own private view. */
function checkProjection(table: Table): void {
  const state = table.room.match!.state as DevicesState;
  // The outcome is not in the view's wire form: the room's `result` carries it.
  const pub = { ...devices.view(state, SPECTATOR).public, outcome: null };
  const s = table.spec.json();
  expect(s.game).toBe('devices');
  const spectator = decodeView(devicesViewShape, s, SPECTATOR);
  expect(spectator).toEqual({ public: pub, private: null });
  s.seats.forEach((seat: { private?: unknown }) => expect(seat.private).toBeUndefined());
  table.players.forEach((t, i) => {
    const priv = devices.view(state, i).private!;
    const mine = decodeView(devicesViewShape, t.json(), i);
    expect(mine.public).toEqual(pub);
    // The power statuses are a map on the wire: compared as a set.
    const byKey = (list: { device: number; power: string }[]) =>
      list.slice().sort((x, y) => x.device - y.device || (x.power < y.power ? -1 : 1));
    expect({ ...mine.private!, powers: byKey(mine.private!.powers) }).toEqual({
      ...priv,
      powers: byKey(priv.powers),
    });
    const synced = devicesSyncedLegal(devices.legalActions(state, i)).map((a) => JSON.stringify(a));
    expect([...t.json().seats[i].private.legal].sort()).toEqual(synced.sort());
    t.json().seats.forEach((other: { private?: unknown }, j: number) => {
      if (j !== i) expect(other.private).toBeUndefined();
    });
  });
}

test('three clients play a whole game from their legal actions; a spectator follows', async () => {
  const table = await threePlayers();
  checkProjection(table);
  const types = new Set<string>();
  const ndays = new Set<string>();
  const steps = await driveToEnd({
    room: table.room,
    players: table.players,
    watchers: table.watchers,
    choose: (legal, state, seat, random) => {
      const choice = devicesChoice(legal, state, seat, random);
      types.add(JSON.parse(choice).type);
      return choice;
    },
    seed: 5,
    afterStep: (step) => {
      const st = table.room.state as unknown as { nweek: number; nday: number };
      ndays.add(`${st.nweek}/${st.nday}`);
      if (step % 4 === 0) checkProjection(table);
    },
  });
  checkProjection(table);
  expect(table.room.state.status).toBe('finished');
  expect(steps).toBeGreaterThan(50);
  expect(ndays.size).toBe(24);
  expect([...types]).toEqual(
    expect.arrayContaining(['startClock', 'pass', 'purchase', 'bid', 'activate', 'draft', 'submit', 'vote']),
  );
  const result = JSON.parse(table.room.state.result);
  expect(result.winners.length).toBeGreaterThan(0);
  for (const { t } of table.watchers())
    expect(JSON.stringify(t.json())).not.toMatch(/"(rng|weekStart|seed)"/);
});

test('refusals name their rule; an emergency stops time and a vote resumes it', async () => {
  const table = await threePlayers();
  const [a, b, c] = table.players as [Tracked, Tracked, Tracked];
  // The Clock is Off at the start: no Power, and only the table's host may start it.
  b.room.send(ClientMsg.action, { type: 'startClock' });
  expect((await nextError(b)).code).toBe('NOT_HOST');
  a.room.send(ClientMsg.action, { type: 'startClock' });
  await waitUntil(() => table.room.state.phase === 'running', 'the Clock on');
  a.room.send(ClientMsg.action, { type: 'panic', on: true });
  b.room.send(ClientMsg.action, { type: 'panic', on: true });
  await waitUntil(() => table.room.state.phase === 'emergency', 'an emergency');
  await waitSynced(table.room, table.watchers());
  checkProjection(table);
  expect(table.spec.json().emergency).toBe(true);
  c.room.send(ClientMsg.action, { type: 'purchase', blueprint: 'Mint' });
  const refused = await nextError(c);
  expect(refused.code).toBe('EMERGENCY');
  expect(refused.message).toMatch(/Panic Buttons/);
  for (const t of [a, b]) t.room.send(ClientMsg.action, { type: 'emergencyVote', choice: 'resume' });
  await waitUntil(() => table.room.state.phase === 'running', 'resumed');
  await waitSynced(table.room, table.watchers());
  checkProjection(table);
  expect(table.spec.json().seats.map((s: { panic: boolean }) => s.panic)).toEqual([false, false, false]);
});

test('the Clock answers to the table host, whatever seat they sit in, not to seat 0', async () => {
  const table = await threePlayers();
  const [a, b, c] = table.players as [Tracked, Tracked, Tracked];
  // Ada (seat 0) hosts and leaves: Bo (seat 1) becomes the host, a bot plays seat 0.
  await a.room.leave();
  await waitUntil(() => table.room.state.host === 1, 'Bo hosts');
  await waitUntil(() => c.json().host === 1, 'Cy sees the new host');
  c.room.send(ClientMsg.action, { type: 'startClock' });
  const refused = await nextError(c);
  expect(refused.code).toBe('NOT_HOST');
  expect(table.room.state.phase).toBe('clockOff');
  // The bot in seat 0 never starts the Clock: nobody is due while it is Off.
  expect([...table.room.state.toAct]).toEqual([]);
  b.room.send(ClientMsg.action, { type: 'startClock' });
  await waitUntil(() => table.room.state.phase === 'running', 'the host started the Clock');
  expect(b.errors).toEqual([]);
});

test('no client, the host included, moves time on: every tick is refused CLOCK_ONLY, the nday stays', async () => {
  const table = await threePlayers();
  const [a, b] = table.players as [Tracked, Tracked];
  const st = table.room.state as unknown as { window: number; nday: number; nweek: number };
  // While the Clock is Off a tick would start it: the host starts it with startClock instead.
  a.room.send(ClientMsg.action, { type: 'tick', window: st.window });
  expect((await nextError(a)).code).toBe('CLOCK_ONLY');
  expect(table.room.state.phase).toBe('clockOff');
  a.room.send(ClientMsg.action, { type: 'startClock' });
  await waitUntil(() => table.room.state.phase === 'running', 'the Clock on');
  // The attack of issue 31: the host ticks the current window again and again (nday 1 -> 6).
  const before = { nday: st.nday, nweek: st.nweek, actions: table.room.match!.record.actions.length };
  for (let i = 0; i < 6; i++) {
    a.room.send(ClientMsg.action, { type: 'tick', window: st.window });
    const refused = await nextError(a);
    expect(refused.code).toBe('CLOCK_ONLY');
  }
  b.room.send(ClientMsg.action, { type: 'tick', window: st.window });
  expect((await nextError(b)).code).toBe('CLOCK_ONLY');
  // Starting a Clock that is On does not move time either.
  a.room.send(ClientMsg.action, { type: 'startClock' });
  expect((await nextError(a)).code).toBe('CLOCK_ON');
  expect({ nday: st.nday, nweek: st.nweek, actions: table.room.match!.record.actions.length }).toEqual(
    before,
  );
  // The timer's own tick still ends the nday (applied as the timeout, not as any client's).
  expect(table.room.applyFor(0, { type: 'tick', window: st.window } as never, 'player')?.code).toBe(
    'CLOCK_ONLY',
  );
  expect(table.room.flow.apply(0, { type: 'tick', window: st.window } as never, 'timeout')).toBeNull();
  expect(st.nday).toBe(before.nday + 1);
});

test('the synced legal list is far shorter than the full list with many Devices', () => {
  const state = devices.setup(
    { ndaySeconds: 45, nweeks: 4, targetPoints: 30 },
    Array.from({ length: 8 }, (_, i) => ({ name: `P${i}`, bot: false })),
    1,
  );
  state.clockOn = true;
  let id = 1000;
  for (let owner = 0; owner < 8; owner++)
    for (const name of ['Wrench', 'Pickpocket', 'Mint', 'Wrench', 'Bomb', 'Wrench'].flatMap((n) => [n, n]))
      state.engine.devices.push({ ...templateDevice(state, name), id: id++, owner });
  state.engine.wallets.forEach((w) => (w.money = 500));
  const full = devices.legalActions(state, 0);
  const synced = devicesSyncedLegal(full);
  // 96 Devices: the full list names each of them as a target of every Jam and Blast.
  expect(full.length).toBeGreaterThan(800);
  expect(synced.length).toBeLessThan(full.length / 5);
  // Every synced entry is one the rules list (and so accept).
  const all = new Set(full.map((a) => JSON.stringify(a)));
  for (const a of synced) expect(all.has(JSON.stringify(a))).toBe(true);
});

function templateDevice(state: DevicesState, name: string) {
  const b = state.engine.blueprints.find((x) => x.name === name)!;
  return {
    id: 0,
    name,
    owner: 0,
    uniqueness: b.uniqueness,
    tapped: false,
    attributes: {},
    properties: [],
    powers: structuredClone(b.definition.powers),
  };
}

test('syncSet keeps surviving entries in their slots and ends with exactly the wanted set', () => {
  const random = lcg(9);
  const target = new ArraySchema<string>();
  let prev: string[] = [];
  for (let round = 0; round < 300; round++) {
    const size = Math.floor(random() * 40);
    const next = [...new Set(Array.from({ length: size }, () => `a${Math.floor(random() * 60)}`))];
    const slots = new Map(prev.map((v) => [v, target.indexOf(v)]));
    syncSet(target, next);
    expect([...target].sort()).toEqual([...next].sort());
    // Entries that stayed and whose slot still exists did not move unless moved into a hole.
    let moved = 0;
    for (const v of next) if (slots.has(v) && target.indexOf(v) !== slots.get(v)) moved++;
    expect(moved).toBeLessThanOrEqual(Math.max(0, prev.length - next.length));
    prev = next;
  }
});
