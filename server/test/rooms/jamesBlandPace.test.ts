/**
 * Issue 32: James Bland bots leave people time to read. One person and two bots play round 1's
 * Planning (the person plans last); in the Adaptation that follows, no bot moves within the reading
 * window of the phase opening, and the bots' moves then come one at a time, spread out. (Lower
 * bounds only: timers never fire early, so a loaded machine cannot make this fail.)
 * @heavy (a long file for its size: scripts/jest-sequencer.cjs runs it first on a fresh clone)
 */
import { ClientMsg } from '@parlor/shared';
import { ADAPTATION_READ_MS_ROUND1, JB_BOT_GAP_MS } from '@parlor/shared/games/james-bland/table';
import type { JamesBlandState } from '@parlor/shared/games/james-bland/types';
import { jamesBland } from '@parlor/shared/games/james-bland/index';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { track, waitUntil } from '../helpers/clients';
import { type Booted, bootParlor } from '../helpers/testServer';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(90_000);
let app: Booted;

beforeAll(async () => {
  app = await bootParlor(PORT);
});
afterAll(async () => {
  await app.server.shutdown();
});

const BEFORE_ADAPTATION = new Set(['plan', 'banner', 'timeUp']);

test("round 1's Adaptation: no bot buys in the reading window, then bot moves spread out", async () => {
  const ada = track(await app.client().create('james-bland', { name: 'ada', vsBots: true, seats: 3 }));
  const room = app.server.getRoomById(ada.room.roomId) as unknown as GameRoom;
  await waitUntil(() => room.state.status === 'playing', 'auto-started');
  const state = () => room.match!.state as JamesBlandState;
  const actions = () => room.match!.record.actions;
  // Planning (and banner answers): the person answers last, with a Safe Turn (or the first answer).
  while (state().phase !== 'adaptation') {
    await waitUntil(
      () => state().phase === 'adaptation' || (room.state.toAct.length === 1 && room.state.toAct[0] === 0),
      'only the person left to answer',
    );
    if (state().phase === 'adaptation') break;
    const legal = jamesBland.legalActions(state(), 0);
    const safe = legal.find(
      (a) => a.type === 'plan' && a.plan.offense === 'safeTurn' && a.plan.defense === 'none',
    );
    const before = actions().length;
    ada.room.send(ClientMsg.action, safe ?? legal[0]);
    await waitUntil(() => actions().length > before, 'the answer applied');
  }
  expect(state().round).toBe(1);
  // The Adaptation opened with the last Planning or banner answer.
  const openedAt = actions()
    .filter((a) => BEFORE_ADAPTATION.has(a.action.type))
    .at(-1)!.at;
  const botMovesAfter = () =>
    actions().filter((a) => a.seat >= 1 && a.at >= openedAt && !BEFORE_ADAPTATION.has(a.action.type));
  // Every bot ends its shopping with Ready (the person is not Ready, so the phase stays open).
  await waitUntil(
    () => [1, 2].every((seat) => botMovesAfter().some((a) => a.seat === seat && a.action.type === 'ready')),
    'both bots Ready',
    60_000,
  );
  const moves = botMovesAfter();
  console.log(
    `James Bland round-1 Adaptation: bot moves at ${moves.map((a) => ((a.at - openedAt) / 1000).toFixed(1)).join(', ')} s`,
  );
  expect(moves.length).toBeGreaterThanOrEqual(2);
  for (const a of moves) expect(a.at - openedAt).toBeGreaterThanOrEqual(ADAPTATION_READ_MS_ROUND1 - 2);
  for (let i = 1; i < moves.length; i++)
    expect(moves[i]!.at - moves[i - 1]!.at).toBeGreaterThanOrEqual(JB_BOT_GAP_MS - 2);
  await ada.room.leave();
});
