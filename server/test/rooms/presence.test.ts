/**
 * What the platform tells every screen about presence and time: `ping` answers `pong` with the
 * server's clock, a dropped player's seat says until when it waits (`awayUntil`), and the state
 * names the spectators (`watchers`).
 */
import type { Room } from '@colyseus/sdk';
import { ClientMsg, ErrorCode, ServerMsg, decodeStateLogLine } from '@parlor/shared';
import { type Booted, bootParlor } from '../helpers/testServer';
import { type Tracked, track, waitUntil } from '../helpers/clients';
import { raceAdapter } from '../helpers/fixtureGame';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(30_000);
let app: Booted;

beforeAll(async () => {
  app = await bootParlor(PORT, { reconnectSeconds: 2 }, [{ name: 'race', adapter: raceAdapter }]);
});
afterAll(async () => {
  await app.server.shutdown();
});
afterEach(async () => {
  await app.server.cleanup();
});

async function joined(p: Promise<Room>): Promise<Tracked> {
  const t = track(await p);
  await waitUntil(() => t.welcome !== null, 'welcome');
  return t;
}

test('ping is answered with pong { id, serverTime } to the sender alone; a bad ping is refused', async () => {
  const a = await joined(app.client().create('race', { name: 'ada', seats: 2 }));
  const b = await joined(app.client().joinById(a.room.roomId, { name: 'bob' }));
  const before = Date.now();
  a.room.send(ClientMsg.ping, { id: 7 });
  await waitUntil(() => a.messages.some((m) => m.type === ServerMsg.pong), 'pong');
  const pong = a.messages.find((m) => m.type === ServerMsg.pong)!.payload as {
    id: number;
    serverTime: number;
  };
  expect(pong.id).toBe(7);
  expect(pong.serverTime).toBeGreaterThanOrEqual(before);
  expect(pong.serverTime).toBeLessThanOrEqual(Date.now());
  a.room.send(ClientMsg.ping, { id: 'x' });
  await waitUntil(() => a.errors.length > 0, 'refusal');
  expect(a.errors[0]!.code).toBe(ErrorCode.BAD_MESSAGE);
  expect(b.messages.some((m) => m.type === ServerMsg.pong)).toBe(false);
});

test('a dropped player: awayUntil is the end of the reconnection window, 0 again on return', async () => {
  const a = await joined(app.client().create('race', { name: 'ada', seats: 2 }));
  const b = await joined(app.client().joinById(a.room.roomId, { name: 'bob' }));
  expect(a.json().seats[1].awayUntil).toBe(0);
  const token = b.room.reconnectionToken;
  const dropped = Date.now();
  b.room.connection.close(4999, 'drop');
  await waitUntil(() => a.json().seats[1].awayUntil > 0, 'awayUntil set');
  const until = a.json().seats[1].awayUntil as number;
  expect(until).toBeGreaterThanOrEqual(dropped + 2000 - 50);
  expect(until).toBeLessThanOrEqual(Date.now() + 2000);
  await app.client().reconnect(token);
  await waitUntil(() => a.json().seats[1].awayUntil === 0 && a.json().seats[1].connected, 'back');
});

test('watchers lists the spectators by name, as they come and go and sit down', async () => {
  const a = await joined(app.client().create('race', { name: 'ada', seats: 2 }));
  const cy = await joined(app.client().joinById(a.room.roomId, { name: 'cy', spectator: true }));
  const di = await joined(app.client().joinById(a.room.roomId, { name: 'di', spectator: true }));
  await waitUntil(() => a.json().watchers.join() === 'cy,di', 'two watchers');
  cy.room.send(ClientMsg.sit, { seat: 1 });
  await waitUntil(() => a.json().watchers.join() === 'di', 'cy sat down');
  await di.room.leave(true);
  await waitUntil(() => a.json().watchers.length === 0 && a.json().spectators === 0, 'di left');
});

test("seating lines are marked as such in the log (the TV shows only the play); the table's own lines are not", async () => {
  const a = await joined(app.client().create('race', { name: 'ada', seats: 2 }));
  await joined(app.client().joinById(a.room.roomId, { name: 'bob' }));
  const lines = () => (a.json().log as string[]).map((l) => decodeStateLogLine(l)!);
  await waitUntil(() => lines().some((l) => l.text === 'bob sits down'), 'bob sits down');
  expect(lines().find((l) => l.text === 'bob sits down')!.kind).toBe('seating');
  a.room.send(ClientMsg.start, {});
  await waitUntil(() => lines().some((l) => l.text === 'The match begins'), 'the match begins');
  expect(lines().find((l) => l.text === 'The match begins')!.kind).toBeUndefined();
});
