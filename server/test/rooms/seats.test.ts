/** Seats, seat tokens, spectators and the table-full refusal, through real clients. */
import { JoinErrorCode, ServerMsg } from '@parlor/shared';
import { type Booted, bootParlor } from '../helpers/testServer';
import { type Tracked, track, waitUntil } from '../helpers/clients';
import { raceAdapter } from '../helpers/fixtureGame';
import { lookupTableByCode } from '../../src/rooms/tablesApi';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(90_000); // a ceiling only (a loaded machine, two files at once)
let app: Booted;

beforeAll(async () => {
  app = await bootParlor(PORT, { reconnectSeconds: 1 }, [{ name: 'race', adapter: raceAdapter }]);
});
afterAll(async () => {
  await app.server.shutdown();
});
afterEach(async () => {
  await app.server.cleanup();
});

async function create(options: Record<string, unknown> = {}): Promise<Tracked> {
  const t = track(await app.client().create('race', { name: 'ada', seats: 2, ...options }));
  await waitUntil(() => t.welcome !== null, 'welcome');
  return t;
}
async function join(roomId: string, options: Record<string, unknown>): Promise<Tracked> {
  const t = track(await app.client().joinById(roomId, options));
  await waitUntil(() => t.welcome !== null, 'welcome');
  return t;
}

describe('seats', () => {
  test('the creator takes seat 0 and hosts; the next player takes seat 1', async () => {
    const a = await create();
    expect(a.welcome).toMatchObject({ seat: 0 });
    expect(a.welcome!.seatToken.length).toBeGreaterThan(20);
    const b = await join(a.room.roomId, { name: 'bob' });
    expect(b.welcome!.seat).toBe(1);
    await waitUntil(() => a.json().seats[1].occupied === true, 'seat 1 occupied');
    const s = a.json();
    expect(s.host).toBe(0);
    expect(s.game).toBe('race');
    expect(s.status).toBe('waiting');
    expect(s.seats.map((x: { name: string }) => x.name)).toEqual(['ada', 'bob']);
    expect(s.code).toMatch(/^[A-Z2-9]{5}$/);
    // No timer runs while waiting, so no deadline (and no clock reading sent with one).
    expect(s.deadline).toBe(0);
  });

  test('a player join to a full table is refused with TABLE_FULL; a spectator join works', async () => {
    const a = await create();
    await join(a.room.roomId, { name: 'bob' });
    await expect(app.client().joinById(a.room.roomId, { name: 'cy' })).rejects.toMatchObject({
      code: JoinErrorCode.TABLE_FULL,
    });
    const spec = await join(a.room.roomId, { name: 'cy', spectator: true });
    expect(spec.welcome).toMatchObject({ seat: -1, seatToken: '' });
    await waitUntil(() => a.json().spectators === 1, 'spectator count');
  });

  test('a consented leave while waiting frees the seat; the token re-claims a seat while playing', async () => {
    const a = await create();
    const b = await join(a.room.roomId, { name: 'bob' });
    await b.room.leave(true);
    await waitUntil(() => a.json().seats[1].occupied === false, 'seat freed');
    const b2 = await join(a.room.roomId, { name: 'bob2' });
    expect(b2.welcome!.seat).toBe(1);
    a.room.send('start');
    await waitUntil(() => a.json().status === 'playing', 'playing');
    const token = b2.welcome!.seatToken;
    await b2.room.leave(true);
    await waitUntil(() => a.json().seats[1].botControlled === true, 'bot takes over');
    const back = await join(a.room.roomId, { name: 'whoever', seatToken: token });
    expect(back.welcome).toMatchObject({ seat: 1, seatToken: token });
    await waitUntil(() => back.json().seats?.[1]?.botControlled === false, 'control back');
    expect(back.json().seats[1].name).toBe('bob2');
    expect(back.json().seats[1].connected).toBe(true);
  });

  test('a bad token falls back to a normal join (refused once the match runs)', async () => {
    const a = await create();
    const b = await join(a.room.roomId, { name: 'bob' });
    a.room.send('start');
    await waitUntil(() => b.json().status === 'playing', 'playing');
    await expect(
      app.client().joinById(a.room.roomId, { name: 'eve', seatToken: 'not-a-token' }),
    ).rejects.toMatchObject({ code: JoinErrorCode.TABLE_FULL });
  });

  test('private tables are found by code only', async () => {
    const a = await create({ private: true, tableName: 'secret club' });
    await waitUntil(() => a.json().code !== '', 'code');
    expect(a.json().isPrivate).toBe(true);
    expect(a.json().tableName).toBe('secret club');
    await expect(lookupTableByCode(a.json().code.toLowerCase())).resolves.toEqual({
      roomId: a.room.roomId,
      game: 'race',
    });
    await expect(lookupTableByCode('ZZZZZ')).resolves.toBeNull();
  });

  test('welcome carries the server time', async () => {
    const a = await create();
    expect(Math.abs(a.welcome!.serverTime - Date.now())).toBeLessThan(2000);
    expect(a.messages[0]!.type).toBe(ServerMsg.welcome);
  });
});
