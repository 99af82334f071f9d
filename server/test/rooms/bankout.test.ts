/** Bankout on the platform: a whole match driven by two clients from `private.legal`, and vsBots. */
import { ClientMsg, ServerMsg, decodeView } from '@parlor/shared';
import { bankout } from '@parlor/shared/games/bankout/index';
import { bankoutViewShape } from '@parlor/shared/games/bankout/viewShape';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type Tracked, messagesOf, sendAnswered, track, waitUntil } from '../helpers/clients';
import { driveToEnd, waitSynced } from '../helpers/matchDriver';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';
import { gameAdapter } from '../../src/games';
import { freePort } from '../helpers/freePort';

const bankoutAdapter = gameAdapter('bankout');
import { bankoutBotChoice } from '../helpers/bankoutClient';

const PORT = freePort();
jest.setTimeout(60_000);
let app: Booted;

beforeAll(async () => {
  app = await bootParlor(PORT, {}, [{ name: 'bankout_fast', adapter: bankoutAdapter, limits: FAST_LIMITS }]);
});
afterAll(async () => {
  await app.server.shutdown();
});
afterEach(async () => {
  await app.server.cleanup();
});

test('two clients play a whole match from their legal actions; a spectator follows', async () => {
  // The registered 'bankout' room with loose rate limits: scripted clients play as fast as answered.
  const a = track(await app.client().create('bankout_fast', { name: 'ada', options: { mode: 'bankout' } }));
  const b = track(await app.client().joinById(a.room.roomId, { name: 'bob' }));
  const spec = track(await app.client().joinById(a.room.roomId, { name: 'cy', spectator: true }));
  await waitUntil(() => a.welcome !== null && b.welcome !== null && spec.welcome !== null, 'welcomes');
  const room = app.server.getRoomById(a.room.roomId) as unknown as GameRoom;
  expect(room.state.seats.length).toBe(2);
  a.room.send(ClientMsg.start);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  const watchers = () => [
    { t: a, seat: 0 },
    { t: b, seat: 1 },
    { t: spec, seat: -1 },
  ];
  await waitSynced(room, watchers());

  // What each client decodes (by Bankout's description) is the rules' view, field for field.
  const checkProjection = () => {
    const pub = bankout.view(room.match!.state as never, -1).public;
    expect(spec.json().game).toBe('bankout');
    expect(decodeView(bankoutViewShape, spec.json(), -1)).toEqual({ public: pub, private: null });
    spec.json().seats.forEach((seat: { private?: unknown }) => expect(seat.private).toBeUndefined());
    for (const [t, seat] of [[a, 0] as const, [b, 1] as const]) {
      const priv = bankout.view(room.match!.state as never, seat).private!;
      const mine = decodeView(bankoutViewShape, t.json(), seat);
      expect(mine.public).toEqual(pub);
      expect(mine.private!.hand).toEqual(priv.hand);
      expect(mine.private!.bustRisk).toBeCloseTo(priv.bustRisk, 5);
    }
  };
  checkProjection();
  const steps = await driveToEnd({
    room,
    players: [a, b],
    watchers,
    seed: 11,
    choose: bankoutBotChoice,
    afterStep: (step) => {
      if (step % 5 === 0) checkProjection();
    },
  });
  checkProjection();
  console.log(`Bankout match: ${steps} actions`);
  expect(steps).toBeGreaterThan(10);
  const final = spec.json();
  expect(final.status).toBe('finished');
  expect(final.game).toBe('bankout');
  expect(final.winner).toBeGreaterThanOrEqual(0);
  const result = JSON.parse(final.result);
  expect(result.winners).toEqual([final.winner]);
  expect(final.toAct).toEqual([]);
  expect(final.deadline).toBe(0);
  expect(a.json().seats[0].private.legal).toEqual([]);
  expect(messagesOf(spec, ServerMsg.events).length).toBeGreaterThan(steps / 2);
  expect(final.log.length).toBeGreaterThan(0);
  expect(final.log.length).toBeLessThanOrEqual(60);
  expect(room.match!.record.actions.length).toBe(steps);
  // The record (seed, options, seats, accepted actions) rebuilds the match exactly.
  const { record } = room.match!;
  let replay = bankout.setup(record.options as never, record.seats, record.seed);
  for (const { seat, action } of record.actions) {
    const result = bankout.apply(replay, seat, action as never);
    if (!result.ok) throw new Error(`replay refused: ${result.error.message}`);
    replay = result.state;
  }
  expect(replay).toEqual(room.match!.state);
  // A ceiling only: a whole match of round trips, each wait with its own ceiling; 4-8 s on a quiet
  // machine, past 60 s at a load of ~24 on two cores (each step waiting for a core).
}, 600_000);

test('a vsBots Bankout table: the bot plays its turns', async () => {
  const a: Tracked = track(await app.client().create('bankout', { name: 'ada', vsBots: true }));
  const room = app.server.getRoomById(a.room.roomId) as unknown as GameRoom;
  await waitUntil(() => room.state.status === 'playing', 'auto-started');
  await waitSynced(room, [{ t: a, seat: 0 }]);
  expect(a.json().seats[1]).toMatchObject({ bot: true, name: 'Bot 2' });
  // Ada banks or ends each turn at once; the bot must take turns in between.
  for (let i = 0; i < 3 && room.state.status === 'playing'; i++) {
    await waitUntil(() => room.state.status !== 'playing' || room.state.toAct[0] === 0, 'ada to act', 10000);
    if (room.state.status !== 'playing') break;
    await waitSynced(room, [{ t: a, seat: 0 }]);
    const legal: string[] = a.json().seats[0].private.legal;
    const end = legal.find((l) => ['bank', 'endTurn'].includes(JSON.parse(l).type)) ?? legal[0]!;
    const n = room.match!.record.actions.length;
    await sendAnswered(
      a,
      ClientMsg.action,
      JSON.parse(end),
      () => room.match!.record.actions.length > n,
      'her move',
    );
    await waitUntil(() => room.match!.record.actions.some((x) => x.seat === 1), 'the bot acted', 10000);
  }
  expect(room.match!.record.actions.filter((x) => x.seat === 1).length).toBeGreaterThan(0);
});

test("Bankout's turn limit: the deadline passes and the turn banks by itself", async () => {
  const a = track(await app.client().create('bankout', { name: 'ada', options: { turnSeconds: 1 } }));
  const b = track(await app.client().joinById(a.room.roomId, { name: 'bob' }));
  await waitUntil(() => a.welcome !== null && b.welcome !== null, 'welcomes');
  a.room.send(ClientMsg.start);
  await waitUntil(() => b.json().status === 'playing' && b.json().deadline > 0, 'deadline set');
  const first = b.json();
  expect(first.turnSeconds).toBe(1);
  expect(first.deadlineSeat).toBe(first.turn);
  expect(first.deadline - first.serverTime).toBeGreaterThan(900);
  expect(first.deadline - first.serverTime).toBeLessThanOrEqual(1000);
  await waitUntil(() => b.json().turnNumber === first.turnNumber + 1, 'the turn passed on timeout', 20_000);
  const second = b.json();
  expect(second.turn).toBe(1 - first.turn);
  expect(second.deadlineSeat).toBe(second.turn);
  expect(second.deadline).toBeGreaterThan(first.deadline);
});
