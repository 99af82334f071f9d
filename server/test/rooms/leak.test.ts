/**
 * The leak test, for every game the server hosts (server/src/games `gameAdapters`) and every
 * test-only game (Peek): over whole matches played by real clients (every seat a person, a spectator
 * from the start, a spectator who joins mid-match), after every action, no client decodes or
 * receives in any raw frame a secret it may not know (see helpers/leakDetector.ts: other seats'
 * private views, and each game's own secrets from helpers/leakHooks.ts), and no event addressed to a
 * seat reaches anyone else. The seat due asks for a hint ("What would you do?") after every third
 * step: its answers travel in the raw frames the detector reads, like everything else. A variant of each table that shows every seat's private child to every
 * client (as a seat schema without `@view()` would) proves the detector catches such a leak, in the
 * decoded state and in the raw frames.
 *
 * A new game is covered by registering it; an entry in `plans` only sizes its run or picks how its
 * players choose (default: uniformly among their legal payloads).
 */
import { type AnyGameDefinition, ClientMsg, type GameAction, type Seed, ServerMsg } from '@parlor/shared';
import type { DevicesState } from '@parlor/shared/games/devices/types';
import type { TacticalRiskState } from '@parlor/shared/games/tactical-risk/types';
import { gameAdapters } from '../../src/games';
import type { AnyGameAdapter } from '../../src/rooms/GameAdapter';
import type { GameRoom } from '../../src/rooms/GameRoom';
import type { ViewAdapter } from '../../src/rooms/viewSchema';
import { bankoutBotChoice } from '../helpers/bankoutClient';
import { type Tracked, messagesOf, track, waitUntil } from '../helpers/clients';
import { devicesChoice } from '../helpers/devicesClient';
import { jamesBlandChoice } from './jamesBlandDriver';
import { kingpinChoice } from '../helpers/kingpinClient';
import { LeakDetector, installFrameCapture } from '../helpers/leakDetector';
import { bankoutFrameMentions, decodedStacks, leakHooks } from '../helpers/leakHooks';
import { type Choose, botChoice, driveToEnd, lcg, waitSynced } from '../helpers/matchDriver';
import { peekAdapter, peekViewFromState } from '../helpers/peekGame';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';
import { peek } from '../../../shared/test/games/peek';

interface LeakPlan {
  seats?: number;
  options?: object;
  newSeed?: () => Seed;
  /** How a player picks from its legal payloads (a factory: some choosers keep a memory). */
  choose?: () => Choose;
  /** Client actions to check at least: rematches until then (default 30). */
  steps?: number;
  /** Stop after `steps` even in the middle of a match (for games whose matches are long). */
  partial?: boolean;
  /** When the late spectator comes in (default: at the fifth step). */
  lateJoin?: (step: number, room: GameRoom) => boolean;
  /** Secrets checked per step at least, over all watchers (default 1). */
  secretsPerStep?: number;
  /** The game sends events to one seat (checked to reach that seat only). */
  privateEvents?: boolean;
  /** A moment with something to hide that the match must reach often enough (counted after each step). */
  busy?: { holds: (state: never) => boolean; atLeast: number };
  /** Game-specific checks at the end of the run. */
  verify?: (room: GameRoom, watchers: { t: Tracked; seat: number }[]) => void;
}

/** Plays from the legal lists: a few buys and moves per phase, every battle fought, then the phase ends. */
function tacticalRiskChoice(): Choose {
  let phase = '';
  let inPhase = 0;
  return (legal, state, _seat, random) => {
    if (state.phase !== phase) [phase, inPhase] = [state.phase, 0];
    inPhase++;
    const parsed = legal.map((raw) => ({ raw, a: JSON.parse(raw) as { type: string } }));
    const busy = parsed.filter(({ a }) => a.type === 'buy' || a.type === 'move' || a.type === 'place');
    const end = parsed.find(({ a }) => a.type === 'endPhase');
    if (end && (busy.length === 0 || inPhase > 3 || random() < 0.2)) return end.raw;
    return (busy.length > 0 ? busy[Math.floor(random() * busy.length)]! : parsed[0]!).raw;
  };
}

const SEED = Number(process.env.LEAK_SEED ?? 20261122);
let matchNo = 0;

const plans: Record<string, LeakPlan> = {
  bankout: {
    choose: () => bankoutBotChoice,
    steps: 50,
    lateJoin: (step) => step === 40,
    secretsPerStep: 50,
    newSeed: () => SEED,
    privateEvents: true,
  },
  kingpin: {
    seats: 3,
    // Matches are short (a Boss can fall to one attack): rematches until enough steps were checked.
    choose: () => kingpinChoice,
    steps: 60,
    secretsPerStep: 40,
    newSeed: () => SEED + matchNo++,
  },
  devices: {
    seats: 3,
    options: { ndaySeconds: 60, nweeks: 2, targetPoints: 200 },
    choose: () => devicesChoice,
    steps: 60,
    // The late spectator arrives while someone holds a draft, so its first full state is checked.
    lateJoin: (_step, room) => (room.match!.state as { drafts: unknown[] }).drafts.some(Boolean),
    newSeed: () => 7,
    busy: { holds: (s: DevicesState) => s.drafts.some(Boolean), atLeast: 10 },
    // Drafts were submitted (and so became public) along the way.
    verify: (room) =>
      expect(room.match!.record.actions.filter((a) => a.action.type === 'submit').length).toBeGreaterThan(0),
  },
  'tactical-risk': {
    options: { fogOfWar: true },
    choose: tacticalRiskChoice,
    steps: 90,
    partial: true,
    lateJoin: (step) => step === 45,
    secretsPerStep: 40,
    verify: (room, watchers) => {
      expect((room.match!.state as TacticalRiskState).turnNumber).toBeGreaterThan(3);
      // Under fog a spectator decodes no units at all; each seat decodes its own.
      for (const w of watchers) {
        const stacks = decodedStacks(w.t.json());
        if (w.seat < 0) expect(stacks.size).toBe(0);
        else expect(stacks.size).toBeGreaterThan(0);
      }
    },
  },
  'james-bland': {
    seats: 6,
    options: { roundLimit: 4 },
    choose: () => (legal, state, seat, random) => jamesBlandChoice(legal, state, seat, random),
    steps: 100,
    lateJoin: (step) => step === 9,
    secretsPerStep: 50,
    newSeed: () => SEED + matchNo++,
    privateEvents: true,
  },
  peek: {
    seats: 3,
    choose: () => botChoice(peek as AnyGameDefinition, peekViewFromState),
    steps: 20,
    secretsPerStep: 5,
    privateEvents: true,
  },
};

/** The server's games, and the games that exist only for tests. */
const adapters: AnyGameAdapter[] = [...gameAdapters, peekAdapter];

const PORT = 2575;
jest.setTimeout(180_000);
let app: Booted;

beforeAll(async () => {
  installFrameCapture();
  app = await bootParlor(
    PORT,
    {},
    adapters.flatMap((adapter) => {
      const { newSeed } = plans[adapter.definition.id] ?? {};
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

async function startTable(def: AnyGameDefinition, plan: LeakPlan, leaky: boolean): Promise<Table> {
  const seats = plan.seats ?? def.seats.min;
  const roomName = `${def.id}_${leaky ? 'leaky' : 'fast'}`;
  const first = track(
    await app.client().create(roomName, { name: 'p0', seats, options: plan.options ?? {} }),
  );
  const players = [first];
  for (let i = 1; i < seats; i++)
    players.push(track(await app.client().joinById(first.room.roomId, { name: `p${i}` })));
  const spectator = track(await app.client().joinById(first.room.roomId, { name: 'spec', spectator: true }));
  await waitUntil(() => [...players, spectator].every((t) => t.welcome !== null), 'welcomes');
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
    ],
    detector: new LeakDetector(room, { def, seats, hooks: leakHooks[def.id] }),
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
  plan: LeakPlan,
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
    const choose = (plan.choose ?? (() => undefined))();
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
        if (!lateAdded && lateJoin(played, table.room)) {
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

describe.each(adapters.map((a) => [a.definition.id, a.definition] as const))('%s', (id, def) => {
  const plan = plans[id] ?? {};

  test('no secret reaches anyone who may not know it, over whole matches', async () => {
    const table = await startTable(def, plan, false);
    const { detector } = table;
    expect(detector.check()).toEqual([]);
    let busy = 0;
    const { steps } = await play(table, plan, plan.steps ?? 30, () => {
      if (plan.busy?.holds(table.room.match!.state as never)) busy++;
      const leaks = detector.check();
      if (leaks.length > 0) throw new Error(`leak: ${JSON.stringify(leaks.slice(0, 5))}`);
    });
    if (!plan.partial) expect(table.room.state.status).toBe('finished');
    expect(detector.leaks).toEqual([]);
    expect(detector.checks).toBeGreaterThan(steps);
    expect(detector.framesChecked).toBeGreaterThan(steps * 3);
    // There was something to hide, and the owners saw their own secrets where they may.
    expect(detector.secretsChecked).toBeGreaterThan(steps * (plan.secretsPerStep ?? 1));
    expect(detector.ownSecretsSeen).toBeGreaterThan(0);
    if (plan.privateEvents) expect(detector.privateEvents).toBeGreaterThan(0);
    // Hints were given, to the seats that asked alone (the spectators never got one).
    expect(table.players.some((t) => messagesOf(t, ServerMsg.hint).length > 0)).toBe(true);
    for (const w of table.watchers.filter((x) => x.seat < 0))
      expect(messagesOf(w.t, ServerMsg.hint)).toEqual([]);
    if (plan.busy) expect(busy).toBeGreaterThanOrEqual(plan.busy.atLeast);
    plan.verify?.(table.room, table.watchers);
    // Structurally too: nobody decoded another seat's private child; spectators decoded none.
    for (const w of table.watchers) {
      w.t.json().seats.forEach((seat: { private?: unknown }, i: number) => {
        if (i !== w.seat) expect(seat.private).toBeUndefined();
        else expect(seat.private).toBeDefined();
      });
      expect(JSON.stringify(w.t.json())).not.toMatch(/"(deck|rng|seed)"/);
    }
    console.info(
      `${id} leak test: ${steps} actions, ${detector.secretsChecked} secrets, ${detector.framesChecked} frames checked`,
    );
  });

  test('the detector catches every private child shown to everyone (decoded state and raw frames)', async () => {
    const table = await startTable(def, plan, true);
    const wanted = ['spectator/state', 'spectator/frame', 'p1/state', 'p1/frame', 'late spectator/state'];
    const kinds = () => new Set(table.detector.leaks.map((l) => `${l.watcher}/${l.where}`));
    await play(table, { ...plan, partial: true, lateJoin: (step) => step === 2 }, 400, () => {
      table.detector.check();
      if (wanted.every((k) => kinds().has(k))) throw new Error(ENOUGH);
    });
    expect([...kinds()]).toEqual(expect.arrayContaining(wanted));
  });
});

test('a Bankout card id spelled by the bytes of a time or a probability is a number, not a leak', () => {
  // A log line's time (float64) whose middle bytes read 0xa2 "9H", as a string "9H" is encoded.
  const time = Buffer.alloc(8);
  time.writeDoubleLE(Date.now());
  time.set([0xa2, 0x39, 0x48], 2);
  expect(Math.abs(time.readDoubleLE(0) - Date.now())).toBeLessThan(30 * 86_400_000);
  const frame = Buffer.concat([Buffer.from([0x0f, 0x01]), time, Buffer.from([0xff])]);
  expect(bankoutFrameMentions(frame, '9H')).toBe(false);
  // A bust risk (float32) whose low bytes read 0xa2 "9H" is a number too.
  const risk = Buffer.from([0xa2, 0x39, 0x48, 0x3e]);
  expect(risk.readFloatLE(0)).toBeGreaterThan(0.1);
  expect(bankoutFrameMentions(Buffer.concat([Buffer.from([0x0f]), risk]), '9H')).toBe(false);
  // The same bytes as a string are caught, alone or beside a number.
  expect(bankoutFrameMentions(Buffer.from([0x0f, 0x80, 0xa2, 0x39, 0x48, 0x00]), '9H')).toBe(true);
  expect(bankoutFrameMentions(Buffer.concat([time, Buffer.from([0x80, 0xa2, 0x39, 0x48])]), '9H')).toBe(true);
});
