/**
 * "Hand my country to the AI and watch" (ClientMsg.handOver / takeBack), with real clients: Ada plays
 * the Allies against the AI, hands her seat over, the AI plays it while she still sees her seat's
 * view and cannot act, then she takes it back and plays. Every refusal comes with its code, and a
 * game that does not offer it (Bankout) refuses it.
 */
import { ClientMsg, ErrorCode } from '@parlor/shared';
import type { TacticalRiskState } from '@parlor/shared/games/tactical-risk/types';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type Tracked, logOf, nextError, track, waitUntil } from '../helpers/clients';
import { type Booted, bootParlor } from '../helpers/testServer';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(120_000);
let app: Booted;

beforeAll(async () => {
  app = await bootParlor(PORT);
});
afterAll(async () => {
  await app.server.shutdown();
});

const roomOf = (t: Tracked) => app.server.getRoomById(t.room.roomId) as unknown as GameRoom;
const seatActions = (room: GameRoom, seat: number) =>
  room.match!.record.actions.filter((a) => a.seat === seat).length;

test('a seated player hands her seat to the AI, watches it play, and takes it back', async () => {
  const ada = track(await app.client().create('tactical-risk', { name: 'Ada', vsBots: true, seats: 2 }));
  await waitUntil(() => ada.welcome !== null, 'welcome');
  const room = roomOf(ada);
  await waitUntil(
    () => room.state.status === 'playing' && ada.json().seats[0].private.legal.length > 0,
    "Ada's first turn",
  );
  const bo = track(await app.client().joinById(ada.room.roomId, { name: 'Bo', spectator: true }));
  await waitUntil(() => bo.welcome !== null, "Bo's welcome");

  bo.room.send(ClientMsg.handOver);
  expect((await nextError(bo)).code).toBe(ErrorCode.SPECTATOR);
  ada.room.send(ClientMsg.takeBack);
  expect((await nextError(ada)).code).toBe(ErrorCode.NOT_HANDED_OVER);

  const before = seatActions(room, 0);
  ada.room.send(ClientMsg.handOver);
  await waitUntil(() => ada.json().seats[0].botControlled === true, 'the AI plays seat 0');
  expect(ada.json().seats[0].connected).toBe(true);
  // The AI plays her seat: actions of seat 0 that Ada never sent.
  await waitUntil(() => seatActions(room, 0) >= before + 2, 'the AI acts for seat 0', 60_000);
  // She still sees what her seat sees (its private part), and cannot act.
  expect(ada.json().seats[0].private).toBeDefined();
  expect(Object.keys(ada.json().seats[0].private).length).toBeGreaterThan(1);
  ada.room.send(ClientMsg.action, { type: 'endPhase' });
  expect((await nextError(ada)).code).toBe(ErrorCode.BOT_CONTROLLED);
  ada.room.send(ClientMsg.handOver);
  expect((await nextError(ada)).code).toBe(ErrorCode.BOT_CONTROLLED);
  expect(logOf(ada.json()).map((l) => l.text)).toContain('Ada lets the AI play and watches');

  ada.room.send(ClientMsg.takeBack);
  await waitUntil(() => ada.json().seats[0].botControlled === false, 'Ada plays again');
  expect(logOf(ada.json()).map((l) => l.text)).toContain('Ada plays again');
  // Her next decision is hers: once her seat is due, her own action is accepted.
  await waitUntil(
    () => room.state.toAct.includes(0) && ada.json().seats[0].private.legal.length > 0,
    "Ada's seat is due",
    90_000,
  );
  const errorsBefore = ada.errors.length;
  const n = room.match!.record.actions.length;
  const legal = JSON.parse(ada.json().seats[0].private.legal[0] as string) as { type: string };
  ada.room.send(ClientMsg.action, legal);
  await waitUntil(() => room.match!.record.actions.length > n, 'her action applied');
  expect(room.match!.record.actions.at(-1)!.seat).toBe(0);
  expect(ada.errors.slice(errorsBefore)).toEqual([]);
  expect((room.match!.state as TacticalRiskState).phase).not.toBe('finished');
  await bo.room.leave();
  await ada.room.leave();
});

test('no hand-over before the match, nor at a game that does not offer it', async () => {
  const ada = track(await app.client().create('tactical-risk', { name: 'Ada', seats: 2 }));
  await waitUntil(() => ada.welcome !== null, 'welcome');
  ada.room.send(ClientMsg.handOver);
  expect((await nextError(ada)).code).toBe(ErrorCode.NOT_PLAYING);
  await ada.room.leave();

  const cy = track(await app.client().create('bankout', { name: 'Cy', vsBots: true, seats: 2 }));
  await waitUntil(() => cy.welcome !== null && roomOf(cy).state.status === 'playing', 'bankout playing');
  cy.room.send(ClientMsg.handOver);
  expect((await nextError(cy)).code).toBe(ErrorCode.NO_HAND_OVER);
  expect(cy.json().seats[0].botControlled).toBe(false);
  await cy.room.leave();
});
