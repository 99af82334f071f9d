/**
 * The leak test, for every registered game (the server's and the test-only ones,
 * helpers/plannedAdapters.ts): over whole matches played by real clients (every seat a person, a
 * spectator from the start, party mode's table screen (joined with its own options), a spectator
 * who joins mid-match), after every action, no client decodes
 * or receives in any raw frame a secret it may not know (see helpers/leakDetector.ts: every field of
 * other seats' private parts, and each game's own secrets from its test plan), and no event addressed
 * to a seat reaches anyone else. The seat due asks for a hint ("What would you do?") after every
 * third step: its answers travel in the raw frames the detector reads, like everything else. A
 * variant of each table that shows every seat's private child to every client (as a seat schema
 * without `@view()` would) proves the detector catches such a leak, in the decoded state and, where
 * the secrets are strings, in the raw frames. A run that checks no secret fails.
 *
 * A new game is covered by registering it; its test plan's `leak` (core/testPlan.ts) only sizes its
 * run and names its extra secrets, its `choose` how its players pick (default: the game's bot).
 * @heavy (a long file for its size: scripts/jest-sequencer.cjs runs it first on a fresh clone)
 */
import { type AnyGameDefinition, ClientMsg, type GameAction, ServerMsg } from '@parlor/shared';
import { screenJoinOptions } from '@parlor/shared/core/screenJoin';
import type { LeakPlan } from '@parlor/shared/core/testPlan';
import type { AnyGameAdapter } from '../../src/rooms/GameAdapter';
import type { GameRoom } from '../../src/rooms/GameRoom';
import type { ViewAdapter } from '../../src/rooms/viewSchema';
import { type Tracked, messagesOf, track, waitUntil } from '../helpers/clients';
import { LeakDetector, frameHas, frameMentions, installFrameCapture } from '../helpers/leakDetector';
import { type Choose, driveToEnd, lcg, planChoice, waitSynced } from '../helpers/matchDriver';
import { plannedAdapters } from '../helpers/plannedAdapters';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';
import { freePort } from '../helpers/freePort';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Plan = LeakPlan<any>;

/** The server's games and the games that exist only for tests, each with its leak plan and chooser. */
const games = plannedAdapters.map(({ adapter, plan }) => ({
  adapter,
  leak: (plan.leak ?? {}) as Plan,
  choose: (): Choose => planChoice(adapter.definition, plan.choose?.()),
}));

const PORT = freePort();
// A ceiling only: whole matches of real clients, one round trip per step and each wait in a step
// with its own ceiling (matchDriver). A game's matches took about 30 s on a quiet machine and more
// than 180 s at a load of 25 on two cores (each step waiting for a core): their sum measures nothing.
jest.setTimeout(900_000);
let app: Booted;

beforeAll(async () => {
  installFrameCapture();
  app = await bootParlor(
    PORT,
    {},
    games.flatMap(({ adapter, leak }) => {
      const newSeed = leak.newSeed?.();
      return [
        { name: `${adapter.definition.id}_fast`, adapter, limits: FAST_LIMITS, newSeed },
        {
          name: `${adapter.definition.id}_leaky`,
          adapter: leakyAdapter(adapter),
          limits: FAST_LIMITS,
          newSeed,
        },
      ];
    }),
  );
});
afterAll(async () => {
  await app.server.shutdown();
});
afterEach(async () => {
  await app.server.cleanup();
});

interface Watcher {
  t: Tracked;
  seat: number;
  name: string;
}
interface Table {
  room: GameRoom;
  players: Tracked[];
  watchers: Watcher[];
  detector: LeakDetector;
  /** The leaky variant: every client is shown every seat's private child. */
  leaky: boolean;
}

/**
 * The leak test's control: the same game with each seat's private part NOT under `@view()` (its
 * derived classes' `leaky()` copy), so every client decodes every seat's private part.
 */
function leakyAdapter(adapter: AnyGameAdapter): AnyGameAdapter {
  const leaky = (adapter as ViewAdapter<unknown, GameAction, unknown, unknown, unknown>).classes.leaky();
  return { ...adapter, createState: () => new leaky.RoomState(), createSeat: () => new leaky.SeatState() };
}

/** The leaky variant's clients decode other seats' private parts: they are not compared. */
const hidden = (table: Table) => (table.leaky ? ('ignored' as const) : true);

async function startTable(def: AnyGameDefinition, plan: Plan, leaky: boolean): Promise<Table> {
  const seats = plan.seats ?? def.seats.min;
  const roomName = `${def.id}_${leaky ? 'leaky' : 'fast'}`;
  const first = track(
    await app.client().create(roomName, { name: 'p0', seats, options: plan.options ?? {} }),
  );
  const players = [first];
  for (let i = 1; i < seats; i++)
    players.push(track(await app.client().joinById(first.room.roomId, { name: `p${i}` })));
  const spectator = track(await app.client().joinById(first.room.roomId, { name: 'spec', spectator: true }));
  // Party mode's table screen, joined with the very options the client's screen sends.
  const screen = track(await app.client().joinById(first.room.roomId, screenJoinOptions()));
  await waitUntil(() => [...players, spectator, screen].every((t) => t.welcome !== null), 'welcomes');
  const room = app.server.getRoomById(first.room.roomId) as unknown as GameRoom;
  await waitUntil(() => room.state.seats.filter((s) => s.occupied).length === seats, 'every seat taken');
  first.room.send(ClientMsg.start);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  const table: Table = {
    room,
    players,
    watchers: [
      ...players.map((t, seat) => ({ t, seat, name: `p${seat}` })),
      { t: spectator, seat: -1, name: 'spectator' },
      { t: screen, seat: -1, name: 'table screen' },
    ],
    detector: new LeakDetector(room, { def, seats, hooks: plan.hooks }),
    leaky,
  };
  for (const w of table.watchers) table.detector.watch(w.name, w.t, w.seat);
  await waitSynced(room, table.watchers, leaky ? 'ignored' : true);
  return table;
}

async function addLateSpectator(table: Table): Promise<void> {
  const late = track(await app.client().joinById(table.room.roomId, { name: 'late', spectator: true }));
  await waitUntil(() => late.welcome !== null, 'late welcome');
  table.watchers.push({ t: late, seat: -1, name: 'late spectator' });
  table.detector.watch('late spectator', late, -1);
  await waitSynced(table.room, table.watchers, hidden(table));
}

const ENOUGH = 'ENOUGH';

/**
 * Plays matches (rematches included) until `steps` client actions were checked, calling `check`
 * after every settled step. Returns the steps played and the matches begun.
 */
async function play(
  table: Table,
  plan: Plan,
  chooser: () => Choose,
  steps: number,
  check: () => void,
): Promise<{ steps: number; matches: number }> {
  const lateJoin = plan.lateJoin ?? ((step: number) => step === 5);
  const random = lcg(5);
  let played = 0;
  let matches = 0;
  let lateAdded = false;
  let enough = false;
  while (played < steps && !enough) {
    if (matches > 0) {
      table.players[0]!.room.send(ClientMsg.rematch);
      await waitUntil(() => table.room.state.status === 'playing', 'rematch');
      await waitSynced(table.room, table.watchers, hidden(table));
      table.detector.newMatch();
    }
    matches++;
    const choose = chooser();
    await driveToEnd({
      room: table.room,
      players: table.players,
      watchers: () => table.watchers,
      choose,
      seed: random() * 1e9,
      privateHidden: hidden(table),
      afterStep: async () => {
        played++;
        // A hint asked by whoever is due now (refused or answered: both are frames the detector reads).
        const due = table.room.state.toAct[0];
        if (played % 3 === 0 && due !== undefined) table.players[due]?.room.send(ClientMsg.hint);
        if (!lateAdded && lateJoin(played, table.room.match!.state)) {
          lateAdded = true;
          await addLateSpectator(table);
        }
        check();
        if (plan.partial && played >= steps) throw new Error(ENOUGH);
      },
    }).catch((e: Error) => {
      if (e.message !== ENOUGH) throw e;
      enough = true;
    });
  }
  expect(lateAdded).toBe(true);
  return { steps: played, matches };
}

describe.each(games.map((g) => [g.adapter.definition.id, g] as const))(
  '%s',
  (id, { adapter, leak: plan, choose }) => {
    const def = adapter.definition;

    test('no secret reaches anyone who may not know it, over whole matches', async () => {
      const table = await startTable(def, plan, false);
      const { detector } = table;
      expect(detector.check()).toEqual([]);
      let busy = 0;
      const { steps } = await play(table, plan, choose, plan.steps ?? 30, () => {
        if (plan.busy?.holds(table.room.match!.state as never)) busy++;
        const leaks = detector.check();
        if (leaks.length > 0) throw new Error(`leak: ${JSON.stringify(leaks.slice(0, 5))}`);
      });
      if (!plan.partial) expect(table.room.state.status).toBe('finished');
      expect(detector.leaks).toEqual([]);
      expect(detector.checks).toBeGreaterThan(steps);
      expect(detector.framesChecked).toBeGreaterThan(steps * 3);
      if (detector.secretsChecked === 0)
        throw new Error(
          `${id}: the leak run checked no secret: no seat's private part held a field, and the game's test plan (leak.hooks.secrets) named none. A game with nothing to hide needs no leak test; one with secrets must show them to the detector.`,
        );
      // There was something to hide, and the owners saw their own secrets where they may.
      expect(detector.secretsChecked).toBeGreaterThan(steps * (plan.secretsPerStep ?? 1));
      expect(detector.ownSecretsSeen).toBeGreaterThan(0);
      if (plan.privateEvents) expect(detector.privateEvents).toBeGreaterThan(0);
      // Hints were given, to the seats that asked alone (the spectators never got one).
      expect(table.players.some((t) => messagesOf(t, ServerMsg.hint).length > 0)).toBe(true);
      for (const w of table.watchers.filter((x) => x.seat < 0))
        expect(messagesOf(w.t, ServerMsg.hint)).toEqual([]);
      if (plan.busy) expect(busy).toBeGreaterThanOrEqual(plan.busy.atLeast);
      const end = {
        state: table.room.match!.state,
        actions: table.room.match!.record.actions,
        decoded: table.watchers.map((w) => ({ seat: w.seat, json: w.t.json() })),
      };
      expect(plan.verify?.(end) ?? []).toEqual([]);
      // Structurally too: nobody decoded another seat's private child; spectators decoded none.
      for (const w of table.watchers) {
        w.t.json().seats.forEach((seat: { private?: unknown }, i: number) => {
          if (i !== w.seat) expect(seat.private).toBeUndefined();
          else expect(seat.private).toBeDefined();
        });
        expect(JSON.stringify(w.t.json())).not.toMatch(/"(deck|rng|seed)"/);
      }
      console.info(
        `${id} leak test: ${steps} actions, ${detector.secretsChecked} secrets (${detector.privateFieldsChecked} private fields), ${detector.framesChecked} frames checked`,
      );
    });

    test('the detector catches every private child shown to everyone (decoded state and raw frames)', async () => {
      const table = await startTable(def, plan, true);
      // Numbers are found in the decoded state; a frame is searched for strings only.
      const wanted = () => [
        'spectator/state',
        'p1/state',
        'late spectator/state',
        'table screen/state',
        ...(table.detector.stringSecretsChecked > 0 ? ['spectator/frame', 'p1/frame'] : []),
      ];
      const kinds = () => new Set(table.detector.leaks.map((l) => `${l.watcher}/${l.where}`));
      await play(table, { ...plan, partial: true, lateJoin: (step) => step === 2 }, choose, 400, () => {
        table.detector.check();
        if (wanted().every((k) => kinds().has(k))) throw new Error(ENOUGH);
      });
      expect([...kinds()]).toEqual(expect.arrayContaining(wanted()));
    });
  },
);

test('a seat shown its neighbour’s private part is caught, field by field, numbers included', async () => {
  // Coins (shared/test/games/coins.ts): a purse of numbers and a boolean, no string to find.
  const game = games.find((g) => g.adapter.definition.id === 'coins')!;
  const table = await startTable(game.adapter.definition, game.leak, false);
  const { room, players, detector } = table;
  expect(detector.check()).toEqual([]);
  // Seat 0's StateView is given seat 1's private child too.
  const p0 = room.clients.find((c) => c.sessionId === players[0]!.room.sessionId)!;
  p0.view!.add(room.state.seats[1]!.private);
  table.leaky = true;
  await waitSynced(room, table.watchers, 'ignored');
  await play(table, { ...game.leak, partial: true }, game.choose, 6, () => detector.check());
  const leaks = detector.leaks;
  expect(leaks.length).toBeGreaterThan(0);
  expect(new Set(leaks.map((l) => l.watcher))).toEqual(new Set(['p0']));
  expect(new Set(leaks.map((l) => l.secret.replace(/ = .*/, '')))).toEqual(
    new Set(["seat 1's heads", "seat 1's tails", "seat 1's ahead"]),
  );
});

test('a short secret spelled by the bytes of a time or a probability is a number, not a leak', () => {
  // A log line's time (float64) whose middle bytes read 0xa2 "9H", as a string "9H" is encoded.
  const time = Buffer.alloc(8);
  time.writeDoubleLE(Date.now());
  time.set([0xa2, 0x39, 0x48], 2);
  expect(Math.abs(time.readDoubleLE(0) - Date.now())).toBeLessThan(30 * 86_400_000);
  const frame = Buffer.concat([Buffer.from([0x0f, 0x01]), time, Buffer.from([0xff])]);
  expect(frameHas(frame, '9H')).toBe(false);
  // A probability (float32) whose low bytes read 0xa2 "9H" is a number too.
  const risk = Buffer.from([0xa2, 0x39, 0x48, 0x3e]);
  expect(risk.readFloatLE(0)).toBeGreaterThan(0.1);
  expect(frameHas(Buffer.concat([Buffer.from([0x0f]), risk]), '9H')).toBe(false);
  // The same bytes as a string are caught, alone or beside a number.
  expect(frameHas(Buffer.from([0x0f, 0x80, 0xa2, 0x39, 0x48, 0x00]), '9H')).toBe(true);
  expect(frameHas(Buffer.concat([time, Buffer.from([0x80, 0xa2, 0x39, 0x48])]), '9H')).toBe(true);
});

test('a secret in a text is found by its spellings, a word ending where asked', () => {
  const text = (t: string) => Buffer.from(`\x0f${t}\x00`, 'latin1');
  const spelled = [{ text: ' 9H', wordEnd: true }];
  expect(frameMentions(text('Ada drew 9H.'), '9H', spelled)).toBe(true);
  expect(frameMentions(text('Ada drew 9H'), '9H', spelled)).toBe(true);
  expect(frameMentions(text('Ada drew 9Hx'), '9H', spelled)).toBe(false);
  expect(frameMentions(text('Ada drew 9Hx'), '9H', [{ text: ' 9H' }])).toBe(true);
  expect(frameMentions(text('Ada drew 9Hx'), '9H')).toBe(false);
});
