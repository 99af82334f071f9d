/**
 * Kingpin on the platform: three clients play a whole match from their `private.legal` while a
 * spectator follows; the projection mirrors the rules' views field for field, hands reach their
 * owner only, a deck look (a real Informant deployed through the room) reaches its seat only, and
 * the Emergency Defense prompt goes to the defender's client.
 */
import { ClientMsg, SPECTATOR, decodeStateLogLine, decodeView } from '@parlor/shared';
import { cardDef } from '@parlor/shared/games/kingpin/cards';
import type { KingpinState } from '@parlor/shared/games/kingpin/types';
import { kingpin } from '@parlor/shared/games/kingpin/index';
import { kingpinViewShape } from '@parlor/shared/games/kingpin/viewShape';
import { scenario } from '@parlor/shared/games/kingpin/testkit';
import { gameAdapter } from '../../src/games';
import { freePort } from '../helpers/freePort';

const kingpinAdapter = gameAdapter('kingpin');
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type Tracked, sendAnswered, track, waitUntil } from '../helpers/clients';
import { frameHas, kingpinChoice } from '../helpers/kingpinClient';
import { framesOf, installFrameCapture } from '../helpers/leakDetector';
import { driveToEnd, waitSynced } from '../helpers/matchDriver';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';

const PORT = freePort();
const SEED = Number(process.env.KINGPIN_SEED ?? 20261122);
jest.setTimeout(90_000);
let app: Booted;

beforeAll(async () => {
  installFrameCapture();
  app = await bootParlor(PORT, {}, [
    { name: 'kingpin_fast', adapter: kingpinAdapter, limits: FAST_LIMITS, newSeed: () => SEED },
  ]);
});
afterAll(async () => {
  await app.server.shutdown();
});
afterEach(async () => {
  await app.server.cleanup();
});

interface Table {
  room: GameRoom;
  players: Tracked[];
  spec: Tracked;
  watchers: () => { t: Tracked; seat: number }[];
}

async function threePlayers(): Promise<Table> {
  const a = track(await app.client().create('kingpin_fast', { name: 'ada' }));
  const b = track(await app.client().joinById(a.room.roomId, { name: 'bob' }));
  const c = track(await app.client().joinById(a.room.roomId, { name: 'cy' }));
  const spec = track(await app.client().joinById(a.room.roomId, { name: 'dee', spectator: true }));
  await waitUntil(() => [a, b, c, spec].every((t) => t.welcome !== null), 'welcomes');
  const room = app.server.getRoomById(a.room.roomId) as unknown as GameRoom;
  expect(room.state.seats.length).toBe(3);
  a.room.send(ClientMsg.start);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  const players = [a, b, c];
  const watchers = () => [...players.map((t, seat) => ({ t, seat })), { t: spec, seat: -1 }];
  await waitSynced(room, watchers());
  return { room, players, spec, watchers };
}

/** Numbers as float32 (HP and Rage travel as float32). */
function f32(x: unknown): unknown {
  if (typeof x === 'number') return Math.fround(x);
  if (Array.isArray(x)) return x.map(f32);
  if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, f32(v)]));
  return x;
}

/** What a client decoded (by Kingpin's description) equals the rules' public view and its own private view. */
function checkProjection(table: Table): void {
  const state = table.room.match!.state as KingpinState;
  const pub = kingpin.view(state, SPECTATOR).public;
  const s = table.spec.json();
  expect(s.game).toBe('kingpin');
  expect(f32(decodeView(kingpinViewShape, s, SPECTATOR))).toEqual(f32({ public: pub, private: null }));
  s.seats.forEach((seat: { private?: unknown }) => expect(seat.private).toBeUndefined());
  table.players.forEach((t, i) => {
    const priv = kingpin.view(state, i).private!;
    expect(f32(decodeView(kingpinViewShape, t.json(), i))).toEqual(f32({ public: pub, private: priv }));
    const mine = t.json().seats[i].private;
    expect(mine.legal.map((l: string) => JSON.parse(l))).toEqual(kingpin.legalActions(state, i));
    t.json().seats.forEach((other: { private?: unknown }, j: number) => {
      if (j !== i) expect(other.private).toBeUndefined();
    });
  });
}

test('three clients play a whole match from their legal actions; a spectator follows', async () => {
  const table = await threePlayers();
  checkProjection(table);
  const seen = new Set<string>();
  const steps = await driveToEnd({
    room: table.room,
    players: table.players,
    watchers: table.watchers,
    choose: kingpinChoice,
    seed: 3,
    afterStep: (step) => {
      const phase = table.room.state.phase;
      seen.add(phase);
      if (step % 5 === 0 || phase !== 'turn') checkProjection(table);
    },
  });
  checkProjection(table);
  expect(table.room.state.status).toBe('finished');
  expect(steps).toBeGreaterThan(5);
  expect([...seen]).toEqual(expect.arrayContaining(['turn', 'ammo']));
  const result = JSON.parse(table.room.state.result);
  expect(result.winners.length).toBeGreaterThan(0);
  // The Draw Pile is a count: no order, no ids, anywhere in any client's state, but for the cards
  // a seat looked at on top of it (its own `deckLook`, checked against the rules by checkProjection).
  const pile = (table.room.match!.state as KingpinState).drawPile;
  for (const { t } of table.watchers()) {
    const decoded = t.json();
    for (const seat of decoded.seats) if (seat.private) delete seat.private.deckLookCards;
    const json = JSON.stringify(decoded);
    expect(json).not.toMatch(/"(drawPile|rng|seed|unusedBosses)"/);
    for (const id of pile) expect(json).not.toContain(`"${id}"`);
  }
});

test("the log opens with the first turn's start: whose turn it is, and the Boss it reveals", async () => {
  const table = await threePlayers();
  const state = table.room.match!.state as KingpinState;
  const first = state.names[state.turn]!;
  const boss = cardDef(state.players[state.turn]!.boss).name;
  const opening = ['The match begins', `${first}'s turn.`, `${first} reveals ${boss}.`];
  for (const { t } of table.watchers()) {
    const lines = () => (t.json().log as string[]).map((l) => decodeStateLogLine(l)!.text);
    await waitUntil(() => lines().includes(opening[2]!), 'the reveal in the log');
    const at = lines().indexOf(opening[0]!);
    expect(lines().slice(at, at + 3)).toEqual(opening);
  }
});

test('a deck look reaches its seat only (decoded state and raw frames)', async () => {
  const table = await threePlayers();
  const { room } = table;
  const state = room.match!.state as KingpinState;
  const look = state.drawPile.slice(0, 3);
  expect(look.length).toBe(3);
  // Put Informant's result into seat 1's state as the rules would, then re-project.
  room.match!.state = {
    ...state,
    players: state.players.map((p, i) => (i === 1 ? { ...p, deckLook: { cards: look, turnNumber: 1 } } : p)),
  };
  const frameCounts = table.watchers().map(({ t }) => framesOf(t.room).length);
  room.refreshPlay();
  await waitSynced(room, table.watchers());
  expect(decodeView(kingpinViewShape, table.players[1]!.json(), 1).private!.deckLook).toEqual({
    cards: look,
    turnNumber: 1,
  });
  table.watchers().forEach(({ t, seat }, w) => {
    const newFrames = framesOf(t.room).slice(frameCounts[w]);
    const decoded = JSON.stringify(t.json());
    for (const id of look) {
      const shown = seat === 1;
      expect(decoded.includes(`"${id}"`)).toBe(shown);
      expect(newFrames.some((f) => frameHas(f, id))).toBe(shown);
    }
  });
});

test('an Informant deployed through the room shows the top 3 to its user only (3 players, a spectator)', async () => {
  const table = await threePlayers();
  const { room } = table;
  const state = room.match!.state as KingpinState;
  const actor = state.turn;
  // Deal the Informant into the player to act's hand (taken from wherever the shuffle put it).
  const informant = 'solo_informant';
  const without = (ids: string[]) => ids.filter((id) => id !== informant);
  room.match!.state = {
    ...state,
    drawPile: without(state.drawPile),
    reserve: without(state.reserve),
    discard: without(state.discard),
    players: state.players.map((p, i) => ({
      ...p,
      hand: i === actor ? [...without(p.hand), informant] : without(p.hand),
    })),
  };
  room.refreshPlay();
  await waitSynced(room, table.watchers());
  const deploy = { type: 'deploy', card: informant };
  const mine = () => table.players[actor]!.json().seats[actor].private;
  expect(mine().legal.map((l: string) => JSON.parse(l))).toContainEqual(deploy);
  const frameCounts = table.watchers().map(({ t }) => framesOf(t.room).length);
  await sendAnswered(
    table.players[actor]!,
    ClientMsg.action,
    deploy,
    () => (room.match!.state as KingpinState).players[actor]!.deckLook !== null,
    'the look',
  );
  await waitSynced(room, table.watchers());
  const after = room.match!.state as KingpinState;
  const look = after.drawPile.slice(0, 3);
  expect(look.length).toBe(3);
  expect(after.players[actor]!.deckLook?.cards).toEqual(look);
  expect(decodeView(kingpinViewShape, table.players[actor]!.json(), actor).private!.deckLook?.cards).toEqual(
    look,
  );
  // Everyone saw the Informant arrive (public), but no one else saw what it looked at.
  expect(table.spec.json().seats[actor].board.some((c: { id: string }) => c.id === informant)).toBe(true);
  table.watchers().forEach(({ t, seat }, w) => {
    const newFrames = framesOf(t.room).slice(frameCounts[w]);
    const decoded = JSON.stringify(t.json());
    for (const id of look) {
      const shown = seat === actor || after.reserve.includes(id) || after.discard.includes(id);
      expect(decoded.includes(`"${id}"`)).toBe(shown);
      expect(newFrames.some((f) => frameHas(f, id))).toBe(shown);
    }
  });
  checkProjection(table);
});

test('Emergency Defense through the room: the defender is prompted and answers from its own client', async () => {
  const table = await threePlayers();
  const { room } = table;
  const names = (room.match!.state as KingpinState).names;
  // Seat 0's Sniper may hit a hand; seat 1 holds a Thief in hand and three shields on its Boss.
  room.match!.state = {
    ...scenario({
      options: { emergencyDefense: true },
      seats: [
        { board: ['loner_sniper'] },
        { board: [{ id: 'boss_gangster', shields: 3 }], hand: ['gangster_thief'] },
        { board: ['boss_authority'] },
      ],
    }),
    names,
  };
  room.refreshPlay();
  await waitSynced(room, table.watchers());
  const act = async (seat: number, a: Record<string, unknown>) => {
    const legal = table.players[seat]!.json().seats[seat].private.legal.map((l: string) => JSON.parse(l));
    expect(legal).toContainEqual(a);
    const before = room.match!.record.actions.length;
    await sendAnswered(
      table.players[seat]!,
      ClientMsg.action,
      a,
      () => room.match!.record.actions.length > before,
      `${a.type} accepted`,
    );
    await waitSynced(room, table.watchers());
  };
  await act(0, { type: 'attack', attackers: [0], target: { seat: 1, zone: 'hand' } });
  await act(0, { type: 'ammo', amount: 0 });
  // Everyone sees the emergency; only the defender may answer it.
  expect(table.spec.json()).toMatchObject({ emergencyDefense: true, promptKind: 'emergency', promptSeat: 1 });
  expect(table.players[0]!.json().seats[0].private.legal).toEqual([]);
  checkProjection(table);
  await act(1, { type: 'emergencyShield', from: 0 });
  await act(1, { type: 'emergencyDone' });
  const after = room.match!.state as KingpinState;
  expect(after.phase).not.toBe('emergency');
  // The Sniper ignores shields: the Thief is destroyed and the unused emergency shield flips to money.
  expect(after.players[1]!.hand).toEqual([]);
  expect(after.players[1]!.safe).toBe(13);
  expect(table.spec.json().seats[1].handCount).toBe(0);
  checkProjection(table);
});

test('a vsBots table: the AI plays both other seats to the end', async () => {
  const a = track(await app.client().create('kingpin', { name: 'ada', vsBots: true }));
  const room = app.server.getRoomById(a.room.roomId) as unknown as GameRoom;
  await waitUntil(() => room.state.status === 'playing', 'auto-started');
  expect(room.state.seats.map((s) => s.bot)).toEqual([false, true, true]);
  // Ada plays from her legal list whenever she is asked; the bots do the rest.
  const random = (() => {
    let x = 7;
    return () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  })();
  let moves = 0;
  const start = Date.now();
  while (room.state.status === 'playing' && Date.now() - start < 60_000) {
    await waitUntil(() => room.state.status !== 'playing' || room.state.toAct[0] === 0, 'ada to act', 20_000);
    if (room.state.status !== 'playing') break;
    await waitSynced(room, [{ t: a, seat: 0 }]);
    const before = room.match!.record.actions.length;
    const choice = JSON.parse(kingpinChoice(a.json().seats[0].private.legal, a.json(), 0, random));
    // Her shields go on one at a time, faster than a person taps: past the room's message budget
    // she is told to slow down and sends the same move again; any other refusal of a move from her
    // own legal list fails here with its code.
    await sendAnswered(
      a,
      ClientMsg.action,
      choice,
      () => room.match!.record.actions.length > before,
      'ada answered',
    );
    moves++;
  }
  expect(room.state.status).toBe('finished');
  const bySeat = new Set(room.match!.record.actions.map((r) => r.seat));
  expect(bySeat.has(1) || bySeat.has(2)).toBe(true);
  expect(JSON.parse(room.state.result).winners.length).toBe(1);
  expect(moves + room.match!.record.actions.filter((r) => r.seat !== 0).length).toBe(
    room.match!.record.actions.length,
  );
});
