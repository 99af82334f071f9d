/** Host commands (start, addBot, removeBot, kick, setOptions, rematch), each by the host and by others. */
import { ClientMsg, ErrorCode, JoinErrorCode, ServerMsg } from '@parlor/shared';
import { type Tracked, messagesOf, nextError, track, waitUntil } from '../helpers/clients';
import { raceAdapter } from '../helpers/fixtureGame';
import { type Booted, bootParlor } from '../helpers/testServer';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(90_000); // a ceiling only (a loaded machine, two files at once)
let app: Booted;

beforeAll(async () => {
  app = await bootParlor(PORT, {}, [{ name: 'race', adapter: raceAdapter }]);
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

test('start needs every seat filled, and only the host may start', async () => {
  const host = await create();
  host.room.send(ClientMsg.start);
  expect((await nextError(host)).code).toBe(ErrorCode.NOT_ENOUGH_PLAYERS);
  const bob = await join(host.room.roomId, { name: 'bob' });
  bob.room.send(ClientMsg.start);
  expect((await nextError(bob)).code).toBe(ErrorCode.NOT_HOST);
  host.room.send(ClientMsg.start);
  await waitUntil(() => bob.json().status === 'playing', 'playing');
  expect(bob.json().toAct).toEqual([0]);
  host.room.send(ClientMsg.start);
  expect((await nextError(host)).code).toBe(ErrorCode.NOT_WAITING);
});

test('addBot and removeBot', async () => {
  const host = await create({ seats: 3 });
  host.room.send(ClientMsg.addBot, { seat: 2 });
  await waitUntil(() => host.json().seats[2].bot === true, 'bot at seat 2');
  expect(host.json().seats[2]).toMatchObject({ occupied: true, bot: true, name: 'Bot 3' });
  host.room.send(ClientMsg.addBot, { seat: 2 });
  expect((await nextError(host)).code).toBe(ErrorCode.SEAT_TAKEN);
  host.room.send(ClientMsg.addBot, { seat: 9 });
  expect((await nextError(host)).code).toBe(ErrorCode.NO_SUCH_SEAT);
  host.room.send(ClientMsg.addBot);
  await waitUntil(() => host.json().seats[1].bot === true, 'bot at first free seat');
  host.room.send(ClientMsg.removeBot, { seat: 0 });
  expect((await nextError(host)).code).toBe(ErrorCode.NO_SUCH_SEAT);
  host.room.send(ClientMsg.removeBot, { seat: 1 });
  await waitUntil(() => host.json().seats[1].occupied === false, 'bot removed');
  const bob = await join(host.room.roomId, { name: 'bob' });
  expect(bob.welcome!.seat).toBe(1);
  bob.room.send(ClientMsg.addBot);
  expect((await nextError(bob)).code).toBe(ErrorCode.NOT_HOST);
  bob.room.send(ClientMsg.removeBot, { seat: 2 });
  expect((await nextError(bob)).code).toBe(ErrorCode.NOT_HOST);
});

test('kick while waiting frees the seat and voids the token (which no longer seats anyone here)', async () => {
  const host = await create();
  const bob = await join(host.room.roomId, { name: 'bob' });
  const left = new Promise<number>((resolve) => bob.room.onLeave((code) => resolve(code)));
  bob.room.send(ClientMsg.kick, { seat: 0 });
  expect((await nextError(bob)).code).toBe(ErrorCode.NOT_HOST);
  host.room.send(ClientMsg.kick, { seat: 0 });
  expect((await nextError(host)).code).toBe(ErrorCode.NO_SUCH_SEAT);
  host.room.send(ClientMsg.kick, { seat: 1 });
  await left;
  expect(messagesOf(bob, ServerMsg.kicked)).toHaveLength(1);
  await waitUntil(() => host.json().seats[1].occupied === false, 'seat freed');
  await expect(
    app.client().joinById(host.room.roomId, { name: 'bob', seatToken: bob.welcome!.seatToken }),
  ).rejects.toMatchObject({ code: JoinErrorCode.KICKED });
  // The seat is free for someone else (the kick barred bob, not the seat; see inRoomAbuse.test.ts).
  const cara = await join(host.room.roomId, { name: 'cara' });
  expect(cara.welcome!.seat).toBe(1);
});

test('kick during a match hands the seat to a bot for good', async () => {
  const host = await create();
  const bob = await join(host.room.roomId, { name: 'bob' });
  host.room.send(ClientMsg.start);
  await waitUntil(() => host.json().status === 'playing', 'playing');
  host.room.send(ClientMsg.kick, { seat: 1 });
  await waitUntil(() => host.json().seats[1].bot === true, 'bot seat');
  expect(messagesOf(bob, ServerMsg.kicked)).toHaveLength(1);
  // The bot plays seat 1's turns.
  host.room.send(ClientMsg.action, { type: 'pass' });
  await waitUntil(() => host.json().seats[1].count === 1, 'bot stepped');
  await expect(
    app.client().joinById(host.room.roomId, { name: 'bob', seatToken: bob.welcome!.seatToken }),
  ).rejects.toMatchObject({ code: JoinErrorCode.KICKED });
});

test('setOptions validates and works only while waiting', async () => {
  const host = await create();
  host.room.send(ClientMsg.setOptions, { options: { target: 7 } });
  await waitUntil(() => JSON.parse(host.json().options).target === 7, 'options set');
  host.room.send(ClientMsg.setOptions, { options: { target: 'many' } });
  expect((await nextError(host)).code).toBe(ErrorCode.BAD_OPTIONS);
  host.room.send(ClientMsg.setOptions, { nope: 1 });
  expect((await nextError(host)).code).toBe(ErrorCode.BAD_MESSAGE);
  const bob = await join(host.room.roomId, { name: 'bob' });
  bob.room.send(ClientMsg.setOptions, { options: { target: 2 } });
  expect((await nextError(bob)).code).toBe(ErrorCode.NOT_HOST);
  host.room.send(ClientMsg.start);
  await waitUntil(() => host.json().status === 'playing', 'playing');
  host.room.send(ClientMsg.setOptions, { options: { target: 2 } });
  expect((await nextError(host)).code).toBe(ErrorCode.NOT_WAITING);
});

test('rematch only once finished: same seats, a fresh match', async () => {
  const host = await create({ options: { target: 1 } });
  const bob = await join(host.room.roomId, { name: 'bob' });
  host.room.send(ClientMsg.start);
  await waitUntil(() => host.json().status === 'playing', 'playing');
  host.room.send(ClientMsg.rematch);
  expect((await nextError(host)).code).toBe(ErrorCode.NOT_FINISHED);
  host.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => bob.json().status === 'finished', 'finished');
  expect(JSON.parse(bob.json().result)).toMatchObject({ winners: [0], summary: 'ada wins the race' });
  expect(bob.json().toAct).toEqual([]);
  bob.room.send(ClientMsg.rematch);
  expect((await nextError(bob)).code).toBe(ErrorCode.NOT_HOST);
  host.room.send(ClientMsg.rematch);
  await waitUntil(() => bob.json().status === 'playing', 'playing again');
  expect(bob.json().result).toBe('');
  expect(bob.json().seats.map((s: { count: number; name: string }) => [s.name, s.count])).toEqual([
    ['ada', 0],
    ['bob', 0],
  ]);
});

test('spectators watch and chat but cannot play or run the table', async () => {
  const host = await create();
  await join(host.room.roomId, { name: 'bob' });
  const spec = await join(host.room.roomId, { name: 'cy', spectator: true });
  for (const type of [ClientMsg.start, ClientMsg.rematch, ClientMsg.addBot]) {
    spec.room.send(type);
    expect((await nextError(spec)).code).toBe(ErrorCode.SPECTATOR);
  }
  host.room.send(ClientMsg.start);
  await waitUntil(() => spec.json().status === 'playing', 'playing');
  spec.room.send(ClientMsg.action, { type: 'step' });
  expect((await nextError(spec)).code).toBe(ErrorCode.SPECTATOR);
  spec.room.send(ClientMsg.chat, { text: 'go ada!' });
  await waitUntil(() => messagesOf(host, ServerMsg.chat).length === 1, 'chat');
  expect(messagesOf(host, ServerMsg.chat)[0]).toMatchObject({ from: 'cy', seat: -1, text: 'go ada!' });
  expect(spec.json().seats[0].private).toBeUndefined();
});

test('the host role passes on when the host leaves for good', async () => {
  const host = await create({ seats: 3 });
  const bob = await join(host.room.roomId, { name: 'bob' });
  await host.room.leave(true);
  await waitUntil(() => bob.json().host === 1, 'bob hosts');
  bob.room.send(ClientMsg.addBot);
  await waitUntil(() => bob.json().seats[0].bot === true, 'bob adds a bot');
});

test('a second connection with the seat token takes the seat; the first is told and closed', async () => {
  const host = await create();
  const bob = await join(host.room.roomId, { name: 'bob' });
  host.room.send(ClientMsg.start);
  await waitUntil(() => bob.json().status === 'playing', 'playing');
  const closed = new Promise<number>((resolve) => bob.room.onLeave((code) => resolve(code)));
  const tab2 = await join(host.room.roomId, { name: 'bob', seatToken: bob.welcome!.seatToken });
  expect(tab2.welcome!.seat).toBe(1);
  await closed;
  expect(messagesOf(bob, ServerMsg.kicked)).toHaveLength(1);
  await waitUntil(() => tab2.json().seats?.[1]?.private !== undefined, 'tab 2 sees the private child');
  expect(host.json().seats[1]).toMatchObject({ connected: true, botControlled: false });
  host.room.send(ClientMsg.action, { type: 'pass' });
  await waitUntil(() => tab2.json().toAct[0] === 1, 'bob to act');
  tab2.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => tab2.json().seats[1].private.hand.length === 1, 'tab 2 plays');
});

test('kicking a player who is away (reconnection window open) hands the seat to a bot', async () => {
  const host = await create();
  const bob = await join(host.room.roomId, { name: 'bob' });
  host.room.send(ClientMsg.start);
  await waitUntil(() => bob.json().status === 'playing', 'playing');
  const token = bob.room.reconnectionToken;
  await bob.room.leave(false);
  await waitUntil(() => host.json().seats[1].connected === false, 'bob away');
  host.room.send(ClientMsg.kick, { seat: 1 });
  await waitUntil(() => host.json().seats[1].bot === true, 'a bot sits there');
  await expect(app.client().reconnect(token)).rejects.toBeDefined();
  await expect(
    app.client().joinById(host.room.roomId, { name: 'bob', seatToken: bob.welcome!.seatToken }),
  ).rejects.toMatchObject({ code: JoinErrorCode.KICKED });
});
