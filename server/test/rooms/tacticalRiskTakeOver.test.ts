/**
 * "Take over an AI country of my side" (ClientMsg.takeOver), with real clients: Ada (the Russians)
 * at a five-seat table against the AI takes over the British; the room records it at the dealer's
 * seat, the log says so, and the British's turn is hers to play. Every refusal has its code: a
 * spectator, a country of the other side, a country a person plays, a malformed payload, a table
 * not playing yet, a game without it.
 */
import { ClientMsg, DEALER_SEAT, ErrorCode } from '@parlor/shared';
import { current } from '@parlor/shared/games/tactical-risk/state';
import { legalActions } from '@parlor/shared/games/tactical-risk/rules';
import type { TacticalRiskState } from '@parlor/shared/games/tactical-risk/types';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type Tracked, logOf, nextError, track, waitUntil } from '../helpers/clients';
import { type Booted, bootParlor } from '../helpers/testServer';

const PORT = 2966;
jest.setTimeout(180_000);
let app: Booted;

beforeAll(async () => {
  app = await bootParlor(PORT);
});
afterEach(async () => {
  await app.server.cleanup();
});
afterAll(async () => {
  await app.server.shutdown();
});

const roomOf = (t: Tracked) => app.server.getRoomById(t.room.roomId) as unknown as GameRoom;
const gameState = (room: GameRoom) => room.match!.state as TacticalRiskState;

test('a player takes over an AI country of her side and plays its turn', async () => {
  const ada = track(
    await app
      .client()
      .create('tactical-risk', { name: 'Ada', vsBots: true, seats: 5, options: { botPace: 'quick' } }),
  );
  await waitUntil(() => ada.welcome !== null, 'welcome');
  const room = roomOf(ada);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  const bo = track(await app.client().joinById(ada.room.roomId, { name: 'Bo', spectator: true }));
  await waitUntil(() => bo.welcome !== null, "Bo's welcome");

  bo.room.send(ClientMsg.takeOver, { faction: 'British' });
  expect((await nextError(bo)).code).toBe(ErrorCode.SPECTATOR);
  ada.room.send(ClientMsg.takeOver, { faction: 'Germans' });
  expect((await nextError(ada)).code).toBe('NOT_YOUR_SIDE');
  ada.room.send(ClientMsg.takeOver, { faction: 'Russians' });
  expect((await nextError(ada)).code).toBe(ErrorCode.NOT_AI_PLAYED);
  ada.room.send(ClientMsg.takeOver, { faction: 'Narnia' });
  expect((await nextError(ada)).code).toBe(ErrorCode.BAD_MESSAGE);
  // A seat cannot slip the room's action in as its own.
  ada.room.send(ClientMsg.action, { type: 'takeOver', faction: 'British', seat: 0 });
  expect((await nextError(ada)).code).toBe('ROOM_ONLY');
  expect(gameState(room).controller.British).toBe(2);

  ada.room.send(ClientMsg.takeOver, { faction: 'British' });
  await waitUntil(() => gameState(room).controller.British === 0, 'Ada plays the British');
  expect(room.match!.record.actions.filter((a) => a.seat === DEALER_SEAT).map((a) => a.action)).toEqual([
    { type: 'takeOver', faction: 'British', seat: 0 },
  ]);
  await waitUntil(
    () => logOf(ada.json()).some((l) => l.text === 'Ada takes over the British from the AI.'),
    'log',
  );
  ada.room.send(ClientMsg.takeOver, { faction: 'British' });
  expect((await nextError(ada)).code).toBe(ErrorCode.NOT_AI_PLAYED);

  // Ada ends her phases and answers prompts until the British's turn, which is hers: the AI's seat 2
  // never acts again.
  let sent = -1;
  await waitUntil(
    () => {
      const s = gameState(room);
      if (s.phase !== 'finished' && room.state.toAct[0] === 0 && room.match!.record.actions.length > sent) {
        if (current(s) === 'British') return true;
        const legal = legalActions(s, 0);
        sent = room.match!.record.actions.length;
        ada.room.send(ClientMsg.action, legal.find((a) => a.type === 'endPhase') ?? legal[0]!);
      }
      return false;
    },
    "the British's turn, Ada's",
    170_000,
  );
  const n = room.match!.record.actions.length;
  ada.room.send(ClientMsg.action, { type: 'endPhase' });
  await waitUntil(() => room.match!.record.actions.length > n, 'her British action applied');
  expect(room.match!.record.actions[n]).toMatchObject({ seat: 0, action: { type: 'endPhase' } });
  const taken = room.match!.record.actions.findIndex((a) => a.seat === DEALER_SEAT);
  expect(room.match!.record.actions.slice(taken).some((a) => a.seat === 2)).toBe(false);
  expect(ada.errors.filter((e) => e.code !== 'NOT_YOUR_TURN')).toHaveLength(5);
});

test('no take-over before the match, nor at a game that does not offer it', async () => {
  const ada = track(await app.client().create('tactical-risk', { name: 'Ada', seats: 2 }));
  await waitUntil(() => ada.welcome !== null, 'welcome');
  ada.room.send(ClientMsg.takeOver, { faction: 'British' });
  expect((await nextError(ada)).code).toBe(ErrorCode.NOT_PLAYING);

  const cy = track(await app.client().create('bankout', { name: 'Cy', vsBots: true, seats: 2 }));
  await waitUntil(() => cy.welcome !== null && roomOf(cy).state.status === 'playing', 'bankout playing');
  cy.room.send(ClientMsg.takeOver, { faction: 'British' });
  expect((await nextError(cy)).code).toBe(ErrorCode.NO_TAKE_OVER);
});
