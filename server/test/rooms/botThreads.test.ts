/**
 * Bots off the game loop (bots/botPool.ts): a decision in a bot thread is the decision made in
 * process from the same view, legal actions, level and generator; and while one table's bot thinks
 * in a thread, another table's action is answered (shown by order and counters, not by timing).
 * A hint (`hint`) is worked out in a thread the same way, and is the hint worked out in process.
 */
import path from 'node:path';
import { matchMaker } from '@colyseus/core';
import {
  ClientMsg,
  type GameAction,
  type HintMessage,
  Random,
  ServerMsg,
  gameById,
  games,
  seedRng,
} from '@parlor/shared';
import { hintFor } from '@parlor/shared/core/hint';
import { freePort } from '../helpers/freePort';
import { type Tracked, messagesOf, track, waitUntil } from '../helpers/clients';
import { raceAdapter } from '../helpers/fixtureGame';
import { GATE_OPEN, GATE_REACHED, gatedRace, gatedRaceAdapter, newGate } from '../helpers/gatedBotGame';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type Booted, bootParlor } from '../helpers/testServer';
import { BotPool } from '../../src/bots/botPool';
import { type BotJob, decideFrom } from '../../src/bots/botDecision';

const PORT = freePort();
// A thread loads every game from TypeScript source (tsx) before its first decision: seconds.
jest.setTimeout(180_000);

const gate = newGate();
let pool: BotPool;

beforeAll(() => {
  pool = new BotPool({
    threads: 1,
    // Every decision goes to the thread, however cheap.
    inlineAfter: Infinity,
    modules: [path.join(__dirname, '..', 'helpers', 'gatedBotGame.ts')],
    shared: gate,
  });
});
afterAll(async () => {
  Atomics.store(gate, GATE_OPEN, 1);
  Atomics.notify(gate, GATE_OPEN);
  await pool.close();
});

/** Positions of a seeded match of bots (in process), each a job for the seat to act. */
function positions(game: string, level: 'normal' | 'hard', count: number, every: number): BotJob[] {
  const def = gameById(game)!;
  const seats = Array.from({ length: def.seats.max }, (_, i) => ({ name: `Bot ${i + 1}`, bot: true }));
  let state = def.setup(def.optionsSchema.parse({}), seats, 4242);
  const random = new Random(seedRng(99));
  const jobs: BotJob[] = [];
  for (let move = 0; jobs.length < count && !def.outcome(state) && move < 5000; move++) {
    // The first seat with something to do (Devices's host starts its clock before anyone is due).
    const seat = seats.findIndex((_, i) => def.legalActions(state, i).length > 0);
    if (seat < 0) break;
    const legal = def.legalActions(state, seat) as GameAction[];
    const view = def.view(state, seat);
    if (move % every === 0) jobs.push({ game, view, legal, rng: seedRng(1000 + move), level });
    const r = def.apply(
      state,
      seat,
      def.bot.decide(view, legal, () => random.float(), level),
    );
    if (!r.ok) throw new Error(`${game}: the bot's action was refused (${r.error.code})`);
    state = r.state;
  }
  return jobs;
}

// Every registered game at its hard level (the one that searches, with its own randomness); positions
// a few moves apart, each game at its own spacing so the jobs fall in different phases.
test.each(games.map((g, i) => [g.id, 'hard', 7 + 2 * i] as const))(
  '%s: a bot thread plays the move the bot plays in process (%s)',
  async (game, level, every) => {
    const jobs = positions(game, level, 4, every);
    expect(jobs.length).toBe(4);
    const answered = pool.counts.answered;
    for (const job of jobs) {
      const here = decideFrom(gameById(game)!, job);
      const there = await pool.decide(job);
      expect(there).toMatchObject({ ok: true, action: here.action, index: here.index, rng: here.rng });
    }
    expect(pool.counts.answered - answered).toBe(jobs.length);
    expect(pool.counts.inline).toBe(0);
  },
);

describe('a table whose bot thinks in a thread', () => {
  let app: Booted;
  beforeAll(async () => {
    app = await bootParlor(PORT, {}, [
      { name: 'race-gated', adapter: gatedRaceAdapter, botPool: pool },
      { name: 'race', adapter: raceAdapter, botPool: null },
    ]);
  });
  afterAll(async () => {
    await app.server.shutdown();
  });

  async function joined(room: Promise<Tracked['room']>): Promise<Tracked> {
    const t = track(await room);
    await waitUntil(() => t.welcome !== null, 'welcome');
    return t;
  }

  test("holds no other table: another table's action is answered while the bot thinks", async () => {
    // Table A: a person against the gated bot (the match starts once the bot is seated).
    const ada = await joined(app.client().create('race-gated', { name: 'ada', seats: 2, vsBots: true }));
    await waitUntil(() => ada.json().status === 'playing', 'A playing');
    // Table B: two people.
    const bea = await joined(app.client().create('race', { name: 'bea', seats: 2 }));
    const cy = await joined(app.client().joinById(bea.room.roomId, { name: 'cy' }));
    bea.room.send(ClientMsg.start);
    await waitUntil(() => cy.json().status === 'playing', 'B playing');

    const sentBefore = pool.counts.sent;
    const answeredBefore = pool.counts.answered;
    ada.room.send(ClientMsg.action, { type: 'step' });
    // The bot's turn at A: its decision reaches the gate in the thread, and waits there.
    await waitUntil(() => Atomics.load(gate, GATE_REACHED) === 1, 'the bot is thinking', 120_000);
    // Ada's patch may come after the bot set off (the thread starts at once): wait for it.
    await waitUntil(() => ada.json().turn === 1, "A's state at the bot's turn");

    bea.room.send(ClientMsg.action, { type: 'step' });
    await waitUntil(() => cy.json().turn === 1, "B's action answered");
    // B moved on while A's bot was still deciding: nothing came back from the thread yet.
    expect(pool.counts.answered).toBe(answeredBefore);
    expect(pool.counts.sent).toBe(sentBefore + 1);
    expect(ada.json().turn).toBe(1);

    Atomics.store(gate, GATE_OPEN, 1);
    Atomics.notify(gate, GATE_OPEN);
    await waitUntil(() => ada.json().turn === 0, "A's bot moved", 60_000);
    expect(pool.counts.answered).toBe(answeredBefore + 1);
    // The bot's move is the fixture bot's (a step): its count went up.
    expect(ada.json().seats[1].count).toBe(1);
  });

  test('a hint is worked out in a bot thread: the table answers meanwhile, and it is the in-process hint', async () => {
    // Shut the gate again (the test before opened it): the hint's bot waits there in the thread.
    Atomics.store(gate, GATE_OPEN, 0);
    Atomics.store(gate, GATE_REACHED, 0);
    const ada = await joined(app.client().create('race-gated', { name: 'ada', seats: 2, vsBots: true }));
    await waitUntil(() => ada.json().status === 'playing' && ada.json().toAct[0] === 0, 'A playing');
    const hints = () => messagesOf<HintMessage>(ada, ServerMsg.hint);
    const sentBefore = pool.counts.sent;
    const hintsBefore = pool.counts.hints;

    ada.room.send(ClientMsg.hint);
    await waitUntil(() => Atomics.load(gate, GATE_REACHED) === 1, 'the hint is being worked out', 120_000);
    // The event loop is free: the same table answers a chat line while its hint is still thinking.
    ada.room.send(ClientMsg.chat, { text: 'still here' });
    await waitUntil(() => messagesOf(ada, ServerMsg.chat).length > 0, 'the chat line');
    expect(hints()).toHaveLength(0);
    expect(pool.counts.sent).toBe(sentBefore + 1);
    expect(pool.counts.hints).toBe(hintsBefore);

    Atomics.store(gate, GATE_OPEN, 1);
    Atomics.notify(gate, GATE_OPEN);
    await waitUntil(() => hints().length === 1, 'the hint', 60_000);
    expect(pool.counts.hints).toBe(hintsBefore + 1);
    // In process (no gate there) the same position gives the same hint, word for word.
    const room = matchMaker.getLocalRoomById(ada.room.roomId) as GameRoom;
    const here = hintFor(gatedRace, room.flowState(), 0);
    expect(here.ok).toBe(true);
    expect(hints()[0]).toEqual({ ...(here as { ok: true; hint: object }).hint, moves: 0 });
    // Nothing in the match moved: still Ada's turn, no action recorded.
    expect(ada.json().toAct).toEqual([0]);
  });
});
