/**
 * Issue 24: Devices bots play at a human pace. One person hosts three bots at the default options
 * and starts the Clock; over the first ndays no bot acts within the gap (1.5 s) of another bot's
 * action or of the Clock going On, and none exceeds its budget of market moves per nday. (Lower
 * bounds only: timers never fire early, so a loaded machine cannot make this fail.) The server runs
 * the pace ten times faster (TEST_PACE_SCALE, see paceScale.test.ts): the hand-driven scheduler
 * test below checks the real gap, jamesBlandPace.test.ts a real reading window on a real server.
 * Issue 32: nothing happens before the host starts the first Clock (no timer starts it); a person's
 * Panic is joined by a bot it serves (one that leads) and by no bot it would hurt.
 */
import { ClientMsg } from '@parlor/shared';
import { BOT_BUDGET } from '@parlor/shared/games/devices/bot';
import { isBudgeted } from '@parlor/shared/games/devices/rules';
import { BOT_GAP_MS } from '@parlor/shared/games/devices/table';
import type { DevicesState } from '@parlor/shared/games/devices/types';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { sleep, track, waitUntil } from '../helpers/clients';
import { handClock } from '../helpers/handClock';
import { type Booted, bootParlor } from '../helpers/testServer';
import { REACTION_MS, TurnScheduler } from '../../src/rooms/TurnScheduler';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
/** The pace at this test's server: a tenth of the real one. */
const SCALE = 0.1;
const WATCH_MS = 3000;
jest.setTimeout(60_000);
let app: Booted;

beforeAll(async () => {
  app = await bootParlor(PORT, { paceScale: SCALE });
});
afterAll(async () => {
  await app.server.shutdown();
});

test('one person and three bots: bots wait for each other and for the Clock, and keep to their budget', async () => {
  const ada = track(await app.client().create('devices', { name: 'ada', vsBots: true, seats: 4 }));
  const room = app.server.getRoomById(ada.room.roomId) as unknown as GameRoom;
  await waitUntil(() => room.state.status === 'playing', 'auto-started');
  const state = room.state as unknown as { botPace: string };
  expect(state.botPace).toBe('normal');
  // The first nweek's Clock is Off until the host starts it: no timer runs, no bot moves.
  await sleep(1000);
  expect(room.state.deadline).toBe(0);
  expect(room.match!.record.actions).toEqual([]);
  ada.room.send(ClientMsg.action, { type: 'startClock' });
  await waitUntil(() => room.state.phase === 'running', 'the Clock On');
  await sleep(WATCH_MS);

  const actions = room.match!.record.actions;
  expect(actions[0]!.action.type).toBe('startClock');
  const clockOn = actions[0]!.at;
  const bots = actions.filter((a) => a.seat >= 1);
  console.log(`Devices pace: ${bots.length} bot actions in ${WATCH_MS / 1000} s after the Clock went On`);
  expect(bots.length).toBeGreaterThan(3);
  for (const a of bots) expect(a.at - clockOn).toBeGreaterThanOrEqual(BOT_GAP_MS * SCALE - 2);
  for (let i = 1; i < bots.length; i++)
    expect(bots[i]!.at - bots[i - 1]!.at).toBeGreaterThanOrEqual(BOT_GAP_MS * SCALE - 2);
  // No more market moves per bot per nday than the budget (the nday did not change: nobody passed all).
  for (const seat of [1, 2, 3]) {
    const moves = bots.filter((a) => a.seat === seat && isBudgeted(a.action)).length;
    expect(moves).toBeLessThanOrEqual(BOT_BUDGET.normal);
  }
  await ada.room.leave();
});

test('the paced scheduler: a think time, the gap after any bot, a moment after a person', () => {
  // A hand-driven clock and timer queue: the scheduler's decisions, not the machine's speed.
  const clock = handClock();
  const acted: { seat: number; at: number }[] = [];
  const pace = (window: string) => ({ thinkMs: [2000, 2000] as const, gapMs: BOT_GAP_MS, window });
  const scheduler = new TurnScheduler(
    clock.timers,
    0,
    {
      onDeadline: () => undefined,
      onBotTurn: (seat) => {
        acted.push({ seat, at: clock.now() });
        // The room re-evaluates after every change: the bot is still due (it has not passed).
        scheduler.updateBots([1, 2, 3], pace('w1'));
      },
    },
    () => 0,
  );
  const opened = clock.now();
  scheduler.updateBots([1, 2, 3], pace('w1'));
  clock.runUntil(opened + 3000);
  // A person moves: no bot reacts within REACTION_MS of it.
  const personAt = clock.now();
  scheduler.updateBots([1, 2, 3], pace('w1'));
  clock.runUntil(opened + 20_000);
  clock.restore();
  expect(acted.length).toBeGreaterThan(6);
  expect(acted[0]!.at - opened).toBeGreaterThanOrEqual(2000);
  for (let i = 1; i < acted.length; i++)
    expect(acted[i]!.at - acted[i - 1]!.at).toBeGreaterThanOrEqual(BOT_GAP_MS);
  const afterPerson = acted.find((a) => a.at > personAt)!;
  expect(afterPerson.at - personAt).toBeGreaterThanOrEqual(REACTION_MS);
  // Every bot gets its turn.
  expect(new Set(acted.map((a) => a.seat))).toEqual(new Set([1, 2, 3]));
});

/** One person and two bots, the Clock On; `lead` gives a seat Points first (the test's stand-in for a match played so far). */
async function panicTable(lead: number) {
  const ada = track(await app.client().create('devices', { name: 'ada', vsBots: true, seats: 3 }));
  const room = app.server.getRoomById(ada.room.roomId) as unknown as GameRoom;
  await waitUntil(() => room.state.status === 'playing', 'auto-started');
  (room.match!.state as DevicesState).engine.wallets[lead]!.score = 5;
  ada.room.send(ClientMsg.action, { type: 'startClock' });
  await waitUntil(() => room.state.phase === 'running', 'the Clock On');
  const before = room.match!.record.actions.length;
  ada.room.send(ClientMsg.action, { type: 'panic', on: true });
  await waitUntil(() => room.match!.record.actions.length > before, 'the Panic pressed');
  const pressedAt = room.match!.record.actions.at(-1)!.at;
  const botsAfter = () => room.match!.record.actions.filter((a) => a.seat >= 1 && a.at >= pressedAt);
  return { ada, room, botsAfter };
}

test("a person's Panic: the bot that leads joins it (the emergency opens), the bot behind does not", async () => {
  const { ada, room, botsAfter } = await panicTable(1);
  await waitUntil(() => room.state.phase === 'emergency', 'the emergency', 30_000);
  const presses = botsAfter().filter((a) => a.action.type === 'panic');
  expect(presses.map((a) => [a.seat, a.action])).toEqual([[1, { type: 'panic', on: true }]]);
  await ada.room.leave();
});

test("a person's Panic that would hurt both bots (the person leads): they play on and never press", async () => {
  const { ada, room, botsAfter } = await panicTable(0);
  // Both bots make moves after the press (so each was asked), none of them a Panic.
  await waitUntil(
    () => [1, 2].every((seat) => botsAfter().filter((a) => a.seat === seat).length >= 2),
    'bot moves',
    30_000,
  );
  expect(botsAfter().filter((a) => a.action.type === 'panic')).toEqual([]);
  expect(room.state.phase).toBe('running');
  await ada.room.leave();
});
