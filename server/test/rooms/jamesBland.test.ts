/**
 * James Bland on the platform: three clients and a spectator; the projection mirrors the rules'
 * views; every synced legal entry is a plan the rules accept and together they name every offense
 * and defense the full list allows; a bad plan is refused with the rules' reason; the planning
 * deadline fills a Safe Turn for the seat that did not submit (the clock acts as seat -1).
 */
import { ClientMsg, type JamesBlandState, SPECTATOR, jamesBland } from '@parlor/shared';
import { jamesBlandAdapter } from '../../src/games/james-bland/adapter';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type Tracked, nextError, track, waitUntil } from '../helpers/clients';
import { waitSynced } from '../helpers/matchDriver';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';

const PORT = 2841;
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

async function threeAgents(options: Record<string, unknown> = {}) {
  const a = track(await app.client().create('jb_room', { name: 'ada', seats: 3, options }));
  const b = track(await app.client().joinById(a.room.roomId, { name: 'bob' }));
  const c = track(await app.client().joinById(a.room.roomId, { name: 'cy' }));
  const spec = track(await app.client().joinById(a.room.roomId, { name: 'eve', spectator: true }));
  await waitUntil(() => [a, b, c, spec].every((t) => t.welcome !== null), 'welcomes');
  const room = app.server.getRoomById(a.room.roomId) as unknown as GameRoom;
  a.room.send(ClientMsg.start);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  const players = [a, b, c];
  const watchers = [...players.map((t, seat) => ({ t, seat })), { t: spec, seat: -1 }];
  await waitSynced(room, watchers);
  return { room, players, spec, watchers };
}

const stateOf = (room: GameRoom) => room.match!.state as JamesBlandState;

function checkProjection(room: GameRoom, spec: Tracked, players: Tracked[]): void {
  const s = stateOf(room);
  const pub = jamesBland.view(s, SPECTATOR).public;
  const j = spec.json();
  expect(j).toMatchObject({
    game: 'james-bland',
    mode: pub.mode,
    round: pub.round,
    roundLimit: pub.roundLimit,
  });
  expect(JSON.parse(j.assetOwners)).toEqual(pub.assets);
  expect(JSON.parse(j.pacts)).toEqual(pub.pacts);
  expect(j.reveal ? JSON.parse(j.reveal) : null).toEqual(pub.reveal);
  pub.agents.forEach((a, i) => {
    expect(j.seats[i]).toMatchObject({
      agentStatus: a.status,
      exposed: a.exposed,
      submitted: a.submitted,
      ready: a.ready,
      codename: a.codename ?? '',
    });
    const priv = jamesBland.view(s, i).private!;
    const mine = players[i]!.json().seats[i].private;
    expect(mine).toMatchObject({
      ip: priv.ip,
      codename: priv.codename,
      safeHouse: priv.safeHouse,
      masterPlan: priv.masterPlan,
      bannerPrompt: priv.bannerPrompt,
    });
    expect(JSON.parse(mine.dossier)).toEqual(priv.dossier);
    expect(mine.plan ? JSON.parse(mine.plan) : null).toEqual(priv.plan);
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

test('the planning deadline fills a Safe Turn for every seat that did not submit', async () => {
  const { room, players, spec, watchers } = await threeAgents({ planningSeconds: 1 });
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
  await waitUntil(() => stateOf(room).phase !== 'planning', 'the deadline', 5000);
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
