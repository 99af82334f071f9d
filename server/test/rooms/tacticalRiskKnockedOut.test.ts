/**
 * A knocked-out faction never makes its player click through a turn: Ada (Russians, British,
 * Americans) against the AI loses London and every British unit; once the Russians end their turn,
 * the AI plays, the British turn passes by itself (a line in the log says so) and Ada's next turn is
 * the Americans'. Nothing is sent for the British. The same with British units left on the map: no
 * move phase to click through either.
 */
import { ClientMsg, ErrorCode } from '@parlor/shared';
import { turnOrder } from '@parlor/shared/games/tactical-risk/board';
import type { TacticalRiskAction, TacticalRiskState } from '@parlor/shared/games/tactical-risk/types';
import { legalActions } from '@parlor/shared/games/tactical-risk/rules';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type Tracked, logOf, sendAnswered, track, waitUntil } from '../helpers/clients';
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

const gameState = (room: GameRoom) => room.match!.state as TacticalRiskState;
const legalOf = (t: Tracked): TacticalRiskAction[] =>
  (t.json().seats[0].private.legal as string[]).map((l) => JSON.parse(l) as TacticalRiskAction);
const mover = (room: GameRoom) => turnOrder[gameState(room).turn];

test.each([
  ['no units', false, 'The British have nothing to buy, move or place: their turn passes.'],
  ['units left', true, 'The British have lost their capital and have no money: their turn passes.'],
])(
  'a knocked-out faction (%s) has its turn passed for it; its player is next asked for another faction',
  async (_label, keepUnits, passLine) => {
    const ada = track(await app.client().create('tactical-risk', { name: 'ada', vsBots: true, seats: 2 }));
    await waitUntil(() => ada.welcome !== null, 'welcome');
    const room = app.server.getRoomById(ada.room.roomId) as unknown as GameRoom;
    await waitUntil(() => room.state.status === 'playing' && legalOf(ada).length > 0, "ada's first turn");
    expect(mover(room)).toBe('Russians');
    // The position, set by hand: London and every British land but Canada are German, no British units,
    // an empty British treasury (the British still hold land: they are not out of the game).
    const s = gameState(room);
    expect(s.controller.British).toBe(0);
    for (const [name, owner] of Object.entries(s.owner))
      if (owner === 'British' && name !== 'East Canada') s.owner[name] = 'Germans';
    expect(s.owner['East Canada']).toBe('British');
    if (!keepUnits) s.units = s.units.filter((u) => u.owner !== 'British');
    expect(s.units.some((u) => u.owner === 'British' && u.type !== 'factory')).toBe(keepUnits);
    s.treasury.British = 0;

    const adaActions = () => room.match!.record.actions.filter((a) => a.seat === 0).length;
    const before = adaActions();
    // The Russians end their four phases (no battle: nothing moved).
    for (let i = 0; i < 4; i++) {
      const n = room.match!.record.actions.length;
      await sendAnswered(
        ada,
        ClientMsg.action,
        { type: 'endPhase' },
        () => room.match!.record.actions.length > n,
        'the end of a phase',
      );
    }
    // Ada answers the battles the AI brings to her (as defender) with the suggested answer.
    const prompted = () => !!gameState(room).battle?.prompt && room.state.toAct[0] === 0;
    const americanTurn = () =>
      mover(room) === 'Americans' && room.state.toAct[0] === 0 && legalOf(ada).length > 0;
    const until = Date.now() + 90_000;
    for (;;) {
      await waitUntil(
        () => prompted() || americanTurn(),
        "ada's American turn",
        Math.max(0, until - Date.now()),
      );
      if (!prompted()) break;
      const n = room.match!.record.actions.length;
      await sendAnswered(
        ada,
        ClientMsg.action,
        legalActions(gameState(room), 0)[0],
        () => room.match!.record.actions.length > n,
        'her answer in the battle',
      );
    }
    const prompts = room.match!.record.actions.filter((a) => a.seat === 0 && a.action.type !== 'endPhase');
    // Four Russian phase ends and the battle answers: nothing at all during the British turn.
    expect(adaActions()).toBe(before + 4 + prompts.length);
    const answers = ['casualties', 'press', 'retreat', 'submerge'];
    expect(prompts.filter((a) => !answers.includes((a.action as TacticalRiskAction).type))).toEqual([]);
    expect(ada.errors.filter((e) => e.code !== ErrorCode.RATE_LIMITED)).toEqual([]);
    const log = logOf(ada.json()).map((l) => l.text);
    expect(log).toContain(passLine);
    // The turn summary holds the British turn, done, with no income (London is lost).
    const british = gameState(room).turnLog!.filter((r) => r.faction === 'British');
    expect(british.at(-1)).toMatchObject({ done: true, income: 0 });
  },
);
