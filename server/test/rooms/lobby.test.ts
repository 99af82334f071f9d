/** Lobby listing (metadata, live updates, private tables hidden) and the join-code endpoint. */
import { ClientMsg, LOBBY_ROOM, type TableMetadata } from '@parlor/shared';
import { track, waitUntil } from '../helpers/clients';
import { type Booted, bootParlor } from '../helpers/testServer';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(90_000); // a ceiling only (a loaded machine, two files at once)
let app: Booted;

beforeAll(async () => {
  app = await bootParlor(PORT);
});
afterAll(async () => {
  await app.server.shutdown();
});
afterEach(async () => {
  await app.server.cleanup();
});

interface Listed {
  roomId: string;
  name: string;
  metadata: TableMetadata;
}

test('the lobby lists public tables with their metadata, live; private ones stay out', async () => {
  const lobby = await app.client().joinOrCreate(LOBBY_ROOM);
  let rooms: Listed[] = [];
  lobby.onMessage('rooms', (list: Listed[]) => {
    rooms = list;
  });
  lobby.onMessage('+', ([roomId, room]: [string, Listed]) => {
    rooms = [...rooms.filter((r) => r.roomId !== roomId), room];
  });
  lobby.onMessage('-', (roomId: string) => {
    rooms = rooms.filter((r) => r.roomId !== roomId);
  });
  const host = track(await app.client().create('bankout', { name: 'ada', tableName: 'Friday game' }));
  const secret = track(await app.client().create('bankout', { name: 'eve', private: true }));
  await waitUntil(() => rooms.some((r) => r.roomId === host.room.roomId && r.metadata?.code), 'listed');
  const listed = rooms.find((r) => r.roomId === host.room.roomId)!;
  expect(listed.name).toBe('bankout');
  expect(listed.metadata).toEqual({
    game: 'bankout',
    tableName: 'Friday game',
    host: 'ada',
    seatsTaken: 1,
    seatsTotal: 2,
    status: 'waiting',
    spectators: 0,
    private: false,
    code: expect.stringMatching(/^[A-Z2-9]{5}$/),
  });
  track(await app.client().joinById(host.room.roomId, { name: 'bob' }));
  track(await app.client().joinById(host.room.roomId, { name: 'cy', spectator: true }));
  host.room.send(ClientMsg.start);
  await waitUntil(() => {
    const m = rooms.find((r) => r.roomId === host.room.roomId)?.metadata;
    return m?.status === 'playing' && m.seatsTaken === 2 && m.spectators === 1;
  }, 'live metadata');
  expect(rooms.some((r) => r.roomId === secret.room.roomId)).toBe(false);
  await lobby.leave();
});

test('GET /api/tables/code/:code (mounted by the app) finds a private table; unknown codes get 404', async () => {
  const secret = track(await app.client().create('bankout', { name: 'eve', private: true }));
  await waitUntil(() => secret.json().code?.length === 5, 'code');
  const code: string = secret.json().code;
  const found = await fetch(`http://localhost:${PORT}/api/tables/code/${code.toLowerCase()}`);
  expect(found.status).toBe(200);
  expect(await found.json()).toEqual({ roomId: secret.room.roomId, game: 'bankout' });
  const missing = await fetch(`http://localhost:${PORT}/api/tables/code/ZZZZ1`);
  expect(missing.status).toBe(404);
  expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
  // A found table can be joined by id, as a player or (when full) as a spectator.
  const bob = track(await app.client().joinById(secret.room.roomId, { name: 'bob' }));
  await waitUntil(() => bob.welcome !== null, 'welcome');
  expect(bob.welcome!.seat).toBe(1);
});
