/**
 * James Bland on the platform: three clients and a spectator; the projection mirrors the rules'
 * views; every synced legal entry is a plan the rules accept and together they name every offense
 * and defense the full list allows; a bad plan is refused with the rules' reason; the planning
 * deadline fills a Safe Turn for the seat that did not submit (the clock acts as seat -1).
 */
import { ClientMsg, SPECTATOR, decodeView } from '@parlor/shared';
import type { JamesBlandState } from '@parlor/shared/games/james-bland/types';
import { jamesBland } from '@parlor/shared/games/james-bland/index';
import { jamesBlandViewShape } from '@parlor/shared/games/james-bland/viewShape';
import { gameAdapter } from '../../src/games';
import { freePort } from '../helpers/freePort';

const jamesBlandAdapter = gameAdapter('james-bland');
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type Tracked, nextError, track, waitUntil } from '../helpers/clients';
import { waitSynced } from '../helpers/matchDriver';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';

const PORT = freePort();
jest.setTimeout(60_000);
let app: Booted;

beforeAll(async () => {
  app = await bootParlor(PORT, {}, [
    { name: 'jb_room', adapter: jamesBlandAdapter, limits: FAST_LIMITS, newSeed: () => 4242 },
  ]);
});
afterAll(async () => {
  await app.server.shutdown();
});
afterEach(async () => {
  await app.server.cleanup();
});

async function threeAgents(options: Record<string, unknown> = {}, seats = 3) {
  const a = track(await app.client().create('jb_room', { name: 'ada', seats, options }));
  const others: Tracked[] = [];
  for (const name of ['bob', 'cy', 'dee'].slice(0, seats - 1))
    others.push(track(await app.client().joinById(a.room.roomId, { name })));
  const spec = track(await app.client().joinById(a.room.roomId, { name: 'eve', spectator: true }));
  await waitUntil(() => [a, ...others, spec].every((t) => t.welcome !== null), 'welcomes');
  const room = app.server.getRoomById(a.room.roomId) as unknown as GameRoom;
  a.room.send(ClientMsg.start);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  const players = [a, ...others];
  const watchers = [...players.map((t, seat) => ({ t, seat })), { t: spec, seat: -1 }];
  await waitSynced(room, watchers);
  return { room, players, spec, watchers };
}

const stateOf = (room: GameRoom) => room.match!.state as JamesBlandState;

/** What the spectator and each seat decode (by the game's description) is the rules' view. */
function checkProjection(room: GameRoom, spec: Tracked, players: Tracked[]): void {
  const s = stateOf(room);
  const pub = jamesBland.view(s, SPECTATOR).public;
  expect(spec.json().game).toBe('james-bland');
  expect(decodeView(jamesBlandViewShape, spec.json(), SPECTATOR)).toEqual({ public: pub, private: null });
  pub.agents.forEach((_a, i) => {
    const mine = decodeView(jamesBlandViewShape, players[i]!.json(), i);
    expect(mine.public).toEqual(pub);
    expect(mine.private).toEqual(jamesBland.view(s, i).private);
  });
}

test('the projection mirrors the views; synced legal plans are accepted and cover the menu', async () => {
  const { room, players, spec, watchers } = await threeAgents();
  checkProjection(room, spec, players);
  const s = stateOf(room);
  for (let seat = 0; seat < 3; seat++) {
    const synced: { type: string; plan: { offense: string; defense: string } }[] = players[
      seat
    ]!.json().seats[seat].private.legal.map((l: string) => JSON.parse(l));
    const full = jamesBland.legalActions(s, seat).flatMap((a) => (a.type === 'plan' ? [a.plan] : []));
    // Far fewer entries than the full list, one per offense and per defense...
    expect(synced.length).toBeLessThan(full.length);
    expect(new Set(synced.map((a) => a.plan.offense))).toEqual(new Set(full.map((p) => p.offense)));
    expect(new Set(synced.map((a) => a.plan.defense))).toEqual(new Set(full.map((p) => p.defense)));
    // ...and each one a plan the rules accept as it is.
    for (const a of synced) expect(jamesBland.apply(s, seat, a as never).ok).toBe(true);
  }
  // A plan the rules refuse comes back with their reason, and changes nothing.
  const before = room.match!.record.actions.length;
  players[0]!.room.send(ClientMsg.action, {
    type: 'plan',
    plan: {
      offense: 'assassination',
      target: 0,
      enhance: 0,
      defense: 'none',
      counterMisinformation: false,
      predictions: [],
      fortress: false,
    },
  });
  const error = await nextError(players[0]!);
  expect(error.message).toMatch(/not a valid target/);
  expect(room.match!.record.actions.length).toBe(before);
  // Two plans go in; the others see only "submitted".
  players[0]!.room.send(ClientMsg.action, {
    type: 'plan',
    plan: {
      offense: 'exposure',
      target: 1,
      enhance: 0,
      defense: 'none',
      counterMisinformation: false,
      predictions: [],
      fortress: false,
    },
  });
  await waitUntil(() => stateOf(room).agents[0]!.plan !== null, 'plan in');
  await waitSynced(room, watchers);
  checkProjection(room, spec, players);
  expect(spec.json().seats[0].submitted).toBe(true);
  expect(JSON.stringify(spec.json())).not.toContain('exposure');
});

test('clock options: newcomers get 2 more minutes in round 1 by default; an untimed table has no deadline', async () => {
  const first = await threeAgents();
  expect(first.spec.json().planningMs).toBe(90_000 + 120_000);
  const left = first.room.state.deadline - Date.now();
  expect(left).toBeGreaterThan(150_000);
  expect(left).toBeLessThanOrEqual(210_000);
  checkProjection(first.room, first.spec, first.players);
  await app.server.cleanup();
  const untimed = await threeAgents({ untimed: true });
  expect(untimed.spec.json().planningMs).toBe(0);
  expect(untimed.room.state.deadline).toBe(0);
});

test('the planning deadline fills a Safe Turn for every seat that did not submit', async () => {
  const { room, players, spec, watchers } = await threeAgents({ planningSeconds: 1, newcomerTime: 'off' });
  expect(room.state.deadline).toBeGreaterThan(0);
  expect(room.state.deadlineSeat).toBe(-1);
  players[1]!.room.send(ClientMsg.action, {
    type: 'plan',
    plan: {
      offense: 'assassination',
      target: 2,
      enhance: 0,
      defense: 'none',
      counterMisinformation: false,
      predictions: [],
      fortress: false,
    },
  });
  await waitUntil(() => stateOf(room).phase !== 'planning', 'the deadline', 20_000);
  const timed = room.match!.record.actions.find((a) => a.seat === SPECTATOR);
  expect(timed?.action).toEqual({ type: 'timeUp' });
  const reveal = stateOf(room).reveal!;
  expect(reveal.round).toBe(1);
  expect(reveal.defenses).toEqual(
    expect.arrayContaining([
      { seat: 0, defense: 'none' },
      { seat: 2, defense: 'none' },
    ]),
  );
  expect(reveal.offenses.map((o) => o.offense)).toEqual(['assassination']);
  await waitSynced(room, watchers);
  checkProjection(room, spec, players);
});

test('a player may send what the thinned legal list leaves out: two Alliance Building partners, any Coordinated Operation target', async () => {
  const { room, players, watchers } = await threeAgents({}, 4);
  const plan = (p: Record<string, unknown>) => ({
    type: 'plan',
    plan: {
      offense: 'safeTurn',
      enhance: 0,
      defense: 'none',
      counterMisinformation: false,
      predictions: [],
      fortress: false,
      ...p,
    },
  });
  // Seat 0 builds alliances with two partners at once (2 IP each); both name it back.
  players[0]!.room.send(ClientMsg.action, plan({ defense: 'allianceBuilding', partners: [1, 2] }));
  players[1]!.room.send(ClientMsg.action, plan({ defense: 'allianceBuilding', partners: [0] }));
  players[2]!.room.send(ClientMsg.action, plan({ defense: 'allianceBuilding', partners: [0] }));
  players[3]!.room.send(ClientMsg.action, plan({}));
  await waitUntil(() => stateOf(room).phase === 'adaptation', 'adaptation');
  const s = stateOf(room);
  expect(s.pacts.map((p) => [p.a, p.b])).toEqual([
    [0, 1],
    [0, 2],
  ]);
  expect(s.agents[0]!.ip).toBe(5 - 4 + 1);
  await waitSynced(room, watchers);
  // The synced list holds one Coordinated Operation offer per partner (here: on seat 0)...
  const synced = (players[3]!.json().seats[3].private.legal as string[])
    .map((l) => JSON.parse(l) as { type: string; to?: number; target?: number })
    .filter((a) => a.type === 'offerCoordination');
  expect(synced.filter((a) => a.to === 1)).toEqual([{ type: 'offerCoordination', to: 1, target: 0 }]);
  // ...but the room takes any target the rules allow, as the shop lets a player choose it.
  players[3]!.room.send(ClientMsg.action, { type: 'offerCoordination', to: 1, target: 2 });
  await waitUntil(() => stateOf(room).offers.some((o) => o.kind === 'coordination'), 'offer in');
  players[1]!.room.send(ClientMsg.action, { type: 'acceptCoordination', from: 3 });
  await waitUntil(() => stateOf(room).coordinations.length === 1, 'coordination');
  expect(stateOf(room).coordinations[0]).toEqual({ a: 3, b: 1, target: 2, round: 2 });
});
