/** Deadlines and timeout actions, reconnection, bot takeover and hand-back, vsBots tables. */
import { ClientMsg, Limits } from '@parlor/shared';
import type { Room } from '@colyseus/sdk';
import { type Tracked, logOf, sendAnswered, sleep, track, waitUntil } from '../helpers/clients';
import { raceAdapter } from '../helpers/fixtureGame';
import { type Booted, bootParlor } from '../helpers/testServer';
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

async function started(options: Record<string, unknown> = {}): Promise<[Tracked, Tracked]> {
  const a = track(await app.client().create('race', { name: 'ada', seats: 2, ...options }));
  const b = track(await app.client().joinById(a.room.roomId, { name: 'bob' }));
  await waitUntil(() => a.welcome !== null && b.welcome !== null, 'welcomes');
  a.room.send(ClientMsg.start);
  await waitUntil(() => a.json().status === 'playing' && b.json().status === 'playing', 'playing');
  return [a, b];
}

const hand = (t: Tracked, seat: number): string[] | undefined => t.json().seats?.[seat]?.private?.hand;

test('a deadline in state; on expiry the timeout action is applied for that seat', async () => {
  const [a, b] = await started({ options: { turnMs: 300 } });
  const first = b.json();
  expect(first.deadlineSeat).toBe(0);
  expect(first.deadline).toBeGreaterThan(Date.now());
  expect(first.deadline - first.serverTime).toBeLessThanOrEqual(300);
  await waitUntil(() => b.json().toAct[0] === 1, 'turn passed by timeout', 20_000);
  const second = b.json();
  expect(second.deadlineSeat).toBe(1);
  expect(second.deadline).toBeGreaterThan(first.deadline);
  expect(logOf(second).map((l) => l.text)).toContain('ada passes');
  // Acting before the deadline starts the next seat's window; finishing clears it.
  b.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => a.json().deadlineSeat === 0, 'new window for ada');
});

test('finishing the match clears the deadline', async () => {
  const [a, b] = await started({ options: { turnMs: 5000, target: 1 } });
  expect(b.json().deadline).toBeGreaterThan(0);
  a.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => b.json().status === 'finished', 'finished');
  expect(b.json().deadline).toBe(0);
  expect(b.json().deadlineSeat).toBe(-1);
});

test('the log keeps the last 60 lines, in order, for players and a spectator who joins late', async () => {
  const [a, b] = await started({ options: { target: 50 } });
  const players = [a, b];
  // Past the ring's 60 slots: the oldest lines are overwritten in place.
  for (let i = 0; i < 66; i++) {
    // Within each client's rate limit (a burst of 20, then 8 a second).
    if (i >= 36) await sleep(70);
    const next = (i + 1) % 2;
    await sendAnswered(
      players[i % 2]!,
      ClientMsg.action,
      { type: 'pass' },
      () => players[next]!.json().toAct[0] === next,
      `pass ${i + 1}`,
    );
  }
  await waitUntil(() => logOf(a.json()).at(-1)?.text === 'bob passes', 'the last pass logged');
  const late = track(await app.client().joinById(a.room.roomId, { name: 'eve', spectator: true }));
  await waitUntil(
    () => late.welcome !== null && logOf(late.json()).length === 60,
    'the spectator has the log',
  );
  for (const t of [a, b, late]) {
    const log = logOf(t.json());
    expect(log).toHaveLength(Limits.logEntries);
    // Consecutive sequence numbers ending with the newest line, times never going back.
    expect(log.map((l) => l.seq)).toEqual(log.map((_, i) => log[0]!.seq + i));
    expect(log.map((l) => l.at)).toEqual([...log.map((l) => l.at)].sort((x, y) => x - y));
    expect(log.slice(-4).map((l) => `${l.seat}:${l.text}`)).toEqual([
      '0:ada passes',
      '1:bob passes',
      '0:ada passes',
      '1:bob passes',
    ]);
  }
  expect(logOf(late.json())).toEqual(logOf(a.json()));
  await late.room.leave();
});

test('hidden arrays reach the owner as they change, and only the owner', async () => {
  const [a, b] = await started({ options: { target: 9 } });
  for (let i = 0; i < 3; i++) {
    await sendAnswered(a, ClientMsg.action, { type: 'step' }, () => a.json().toAct[0] === 1, 'bob to act');
    await sendAnswered(b, ClientMsg.action, { type: 'step' }, () => b.json().toAct[0] === 0, 'ada to act');
  }
  await waitUntil(() => hand(a, 0)?.length === 3 && hand(b, 1)?.length === 3, 'hands of 3');
  expect(hand(a, 1)).toBeUndefined();
  expect(hand(b, 0)).toBeUndefined();
  expect(a.json().seats[0].private.legal.map((l: string) => JSON.parse(l))).toEqual([
    { type: 'step' },
    { type: 'pass' },
  ]);
  expect(b.json().seats[1].private.legal).toEqual([]);
});

test('reconnection within the window keeps the seat and the hand', async () => {
  const [a, b] = await started({ options: { target: 9 } });
  a.room.send(ClientMsg.action, { type: 'pass' });
  await waitUntil(() => b.json().toAct[0] === 1, 'bob to act');
  b.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => hand(b, 1)?.length === 1, 'bob holds a card');
  const card = hand(b, 1)![0];
  const token = b.room.reconnectionToken;
  await b.room.leave(false);
  await waitUntil(() => a.json().seats[1].connected === false, 'bob away');
  expect(a.json().seats[1].botControlled).toBe(false);
  const back: Room = await app.client().reconnect(token);
  const b2 = track(back);
  await waitUntil(() => a.json().seats[1].connected === true, 'bob back');
  await waitUntil(() => hand(b2, 1)?.[0] === card, 'hand restored');
  // Later changes still reach the owner through the surviving StateView.
  a.room.send(ClientMsg.action, { type: 'pass' });
  await waitUntil(() => b2.json().toAct[0] === 1, 'bob to act again');
  b2.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => hand(b2, 1)?.length === 2, 'second card arrives');
});

test('after the window a bot plays the seat; the seat token hands it back', async () => {
  const [a, b] = await started({ options: { target: 20 } });
  const seatToken = b.welcome!.seatToken;
  await b.room.leave(false);
  await waitUntil(() => a.json().seats[1].botControlled === true, 'bot takes over', 20_000);
  a.room.send(ClientMsg.action, { type: 'pass' });
  await waitUntil(() => a.json().seats[1].count === 1, 'the bot stepped for bob');
  const back = track(await app.client().joinById(a.room.roomId, { name: 'bob', seatToken }));
  await waitUntil(() => back.welcome !== null, 'welcome');
  expect(back.welcome).toMatchObject({ seat: 1, seatToken });
  await waitUntil(() => back.json().seats?.[1]?.private?.hand?.length === 1, 'hand visible to bob again');
  expect(a.json().seats[1]).toMatchObject({ botControlled: false, connected: true });
  // Bob plays himself again: the bot no longer moves for him.
  a.room.send(ClientMsg.action, { type: 'pass' });
  await waitUntil(() => back.json().toAct[0] === 1, 'bob to act');
  await sleep(200);
  expect(back.json().toAct[0]).toBe(1);
  back.room.send(ClientMsg.action, { type: 'pass' });
  await waitUntil(() => a.json().toAct[0] === 0, 'bob passed');
});

test('a vsBots table starts at once and the bot plays', async () => {
  const a = track(await app.client().create('race', { name: 'ada', seats: 3, vsBots: true }));
  await waitUntil(() => a.json().status === 'playing', 'auto-started');
  expect(a.json().seats.map((s: { bot: boolean }) => s.bot)).toEqual([false, true, true]);
  a.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => a.json().toAct[0] === 0 && a.json().seats[2].count === 1, 'both bots moved');
  expect(a.json().seats[1].count).toBe(1);
});

test('a dropped spectator can reconnect within the window; after it, the count drops', async () => {
  const [a] = await started();
  const spec = track(await app.client().joinById(a.room.roomId, { name: 'cy', spectator: true }));
  await waitUntil(() => a.json().spectators === 1, 'one spectator');
  const token = spec.room.reconnectionToken;
  await spec.room.leave(false);
  await sleep(100);
  expect(a.json().spectators).toBe(1);
  const back = track(await app.client().reconnect(token));
  a.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => back.json().seats?.[0]?.count === 1, 'the spectator follows again');
  await back.room.leave(false);
  await waitUntil(() => a.json().spectators === 0, 'the window ran out', 20_000);
});
