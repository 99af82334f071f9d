/**
 * Issue 34, end to end: a real five-seat table at `botPace: 'quick'`, Ada (the Russians) against four
 * AI countries. Ada ends her phases and answers what the AI's attacks ask of her; the AI countries
 * play a full round through the room's scheduler. Every time the room hands its AI seats to the
 * scheduler it hands them the table's quick pace (its think time, no gap), and each AI country's turn
 * ends by itself (the turn summary records it done).
 */
import { ClientMsg, ErrorCode } from '@parlor/shared';
import { QUICK_THINK_MS } from '@parlor/shared/games/tactical-risk/pace';
import { legalActions } from '@parlor/shared/games/tactical-risk/rules';
import type { TacticalRiskAction, TacticalRiskState } from '@parlor/shared/games/tactical-risk/types';
import type { BotPace } from '../../src/rooms/GameAdapter';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { TurnScheduler } from '../../src/rooms/TurnScheduler';
import { sendAnswered, track, waitUntil } from '../helpers/clients';
import { type Booted, bootParlor } from '../helpers/testServer';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
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

const gameState = (room: GameRoom) => room.match!.state as TacticalRiskState;

test('a quick table: four AI countries play a round at the quick pace around a person', async () => {
  const paces: (BotPace | null)[] = [];
  const update = TurnScheduler.prototype.updateBots;
  const spy = jest.spyOn(TurnScheduler.prototype, 'updateBots').mockImplementation(function (
    this: TurnScheduler,
    seats: readonly number[],
    pace?: BotPace | null,
  ) {
    if (seats.length > 0) paces.push(pace ?? null);
    update.call(this, seats, pace);
  });
  try {
    const ada = track(
      await app.client().create('tactical-risk', {
        name: 'Ada',
        vsBots: true,
        seats: 5,
        options: { botPace: 'quick' },
      }),
    );
    await waitUntil(() => ada.welcome !== null, 'welcome');
    const room = app.server.getRoomById(ada.room.roomId) as unknown as GameRoom;
    await waitUntil(() => room.state.status === 'playing', 'playing');
    expect(gameState(room).options.botPace).toBe('quick');
    expect(gameState(room).controller.Russians).toBe(0);

    // Ada plays: she ends each of her phases and answers every battle prompt with its first legal answer.
    const roundOver = () => gameState(room).phase === 'finished' || gameState(room).round >= 2;
    const adaDue = () => room.state.toAct[0] === 0 && legalActions(gameState(room), 0).length > 0;
    const until = Date.now() + 170_000;
    for (;;) {
      await waitUntil(() => roundOver() || adaDue(), 'a full round', Math.max(0, until - Date.now()));
      if (roundOver()) break;
      const legal = legalActions(gameState(room), 0);
      const n = room.match!.record.actions.length;
      await sendAnswered(
        ada,
        ClientMsg.action,
        legal.find((a) => a.type === 'endPhase') ?? legal[0]!,
        () => room.match!.record.actions.length > n,
        "ada's answer",
      );
    }
    expect(ada.errors.filter((e) => e.code !== ErrorCode.RATE_LIMITED)).toEqual([]);

    const s = gameState(room);
    const bots = room.match!.record.actions.filter((a) => a.seat !== 0);
    expect(bots.length).toBeGreaterThan(20);
    // Round 1 is over (or the game): each AI country's turn ended by itself.
    expect(s.phase === 'finished' || s.round >= 2).toBe(true);
    for (const f of ['Germans', 'British', 'Japanese', 'Americans'] as const)
      expect(s.turnLog!.filter((r) => r.faction === f).at(-1)).toMatchObject({ done: true });
    // The table's pace reached the scheduler every time AI seats were due.
    expect(paces.length).toBeGreaterThan(bots.length / 2);
    for (const p of paces) expect(p).toMatchObject({ thinkMs: QUICK_THINK_MS, gapMs: 0 });
  } finally {
    spy.mockRestore();
  }
});

test('a watch table hands its AI seats to the scheduler without a pace (the bot delay applies)', async () => {
  const paces: (BotPace | null)[] = [];
  const update = TurnScheduler.prototype.updateBots;
  const spy = jest.spyOn(TurnScheduler.prototype, 'updateBots').mockImplementation(function (
    this: TurnScheduler,
    seats: readonly number[],
    pace?: BotPace | null,
  ) {
    if (seats.length > 0) paces.push(pace ?? null);
    update.call(this, seats, pace);
  });
  try {
    const ada = track(await app.client().create('tactical-risk', { name: 'Ada', vsBots: true, seats: 5 }));
    await waitUntil(() => ada.welcome !== null, 'welcome');
    const room = app.server.getRoomById(ada.room.roomId) as unknown as GameRoom;
    await waitUntil(() => room.state.status === 'playing', 'playing');
    expect(gameState(room).options.botPace).toBe('watch');
    // Ada ends her four phases; then the AI's Germans are due.
    for (let i = 0; i < 4; i++) {
      const n = room.match!.record.actions.length;
      await waitUntil(() => room.state.toAct[0] === 0, "Ada's phase");
      await sendAnswered(
        ada,
        ClientMsg.action,
        { type: 'endPhase' } satisfies TacticalRiskAction,
        () => room.match!.record.actions.length > n,
        'the end of a phase',
      );
    }
    await waitUntil(() => room.match!.record.actions.some((a) => a.seat === 1), 'the Germans move');
    expect(paces.length).toBeGreaterThan(0);
    expect(paces.every((p) => p === null)).toBe(true);
  } finally {
    spy.mockRestore();
  }
});
