/**
 * James Bland's variants through the room: the 1v1 variant (two seats: 60 s planning, no alliance
 * actions, played by real clients to its end) and the Final Showdown of an Alliance Victory (both
 * partners choose, the others wait, the winner is synced to everyone).
 */
import { ClientMsg, SPECTATOR } from '@parlor/shared';
import type { JamesBlandState } from '@parlor/shared/games/james-bland/types';
import { jamesBland } from '@parlor/shared/games/james-bland/index';
import { FACTS } from '@parlor/shared/games/james-bland/data';
import { SAFE_TURN_PLAN } from '@parlor/shared/games/james-bland/planning';
import { gameAdapter } from '../../src/games';
import { freePort } from '../helpers/freePort';

const jamesBlandAdapter = gameAdapter('james-bland');
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type Tracked, nextError, track, waitUntil } from '../helpers/clients';
import { waitSynced } from '../helpers/matchDriver';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';
import { driveJamesBland } from './jamesBlandDriver';

const PORT = freePort();
jest.setTimeout(90_000);
let app: Booted;

beforeAll(async () => {
  app = await bootParlor(PORT, {}, [
    { name: 'jb_duel', adapter: jamesBlandAdapter, limits: FAST_LIMITS, newSeed: () => 777 },
  ]);
});
afterAll(async () => {
  await app.server.shutdown();
});
afterEach(async () => {
  await app.server.cleanup();
});

const stateOf = (room: GameRoom) => room.match!.state as JamesBlandState;
const ALLIANCE = ['allianceDisruption', 'falseFlag', 'allianceBuilding'];

async function table(seats: number, options: Record<string, unknown> = {}) {
  const first = track(await app.client().create('jb_duel', { name: 'ada', seats, options }));
  const players: Tracked[] = [first];
  for (let i = 1; i < seats; i++)
    players.push(track(await app.client().joinById(first.room.roomId, { name: `p${i}` })));
  const spec = track(await app.client().joinById(first.room.roomId, { name: 'eve', spectator: true }));
  await waitUntil(() => [...players, spec].every((t) => t.welcome !== null), 'welcomes');
  const room = app.server.getRoomById(first.room.roomId) as unknown as GameRoom;
  first.room.send(ClientMsg.start);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  const watchers = () => [...players.map((t, seat) => ({ t, seat })), { t: spec, seat: SPECTATOR }];
  await waitSynced(room, watchers());
  return { room, players, spec, watchers };
}

test('1v1: two agents get 60 s planning and no alliance actions, and play to a victory', async () => {
  const { room, players, spec, watchers } = await table(2, { roundLimit: 4, newcomerTime: 'off' });
  const j = spec.json();
  expect(j).toMatchObject({ mode: '1v1', planningMs: 60_000, round: 1 });
  // The deadline is the 60 s window (within the test's own start-up time).
  const left = room.state.deadline - Date.now();
  expect(left).toBeGreaterThan(45_000);
  expect(left).toBeLessThanOrEqual(60_000);
  for (const seat of [0, 1]) {
    const legal: string[] = [...players[seat]!.json().seats[seat].private.legal];
    const plans = legal.map((l) => JSON.parse(l) as { plan: { offense: string; defense: string } });
    expect(plans.length).toBeGreaterThan(0);
    for (const p of plans) {
      expect(ALLIANCE).not.toContain(p.plan.offense);
      expect(ALLIANCE).not.toContain(p.plan.defense);
    }
    // Each seat starts with 7 IP and two gadgets (its own secret).
    const priv = players[seat]!.json().seats[seat].private;
    expect(priv.ip).toBe(7);
    expect(JSON.parse(priv.gadgets)).toHaveLength(2);
  }
  const steps = await driveJamesBland({ room, players, watchers, seed: 3 });
  expect(steps).toBeGreaterThan(4);
  expect(room.state.status).toBe('finished');
  const s = stateOf(room);
  expect(s.phase).toBe('finished');
  expect(s.pacts).toEqual([]);
  // Only Last Spy Standing, Intelligence Supremacy or the round limit end a duel.
  expect(s.summary).toMatch(/Last Spy Standing|Intelligence Supremacy|most IP/);
  await waitSynced(room, watchers());
  expect(spec.json()).toMatchObject({ summary: s.summary, winners: s.winners });
  expect(JSON.parse(spec.json().result).winners).toEqual(s.winners);
});

test('the Final Showdown: the two partners choose, the third agent waits, the winner is synced', async () => {
  const { room, players, spec, watchers } = await table(3);
  // Round 1: everyone takes a Safe Turn.
  for (const p of players) p.room.send(ClientMsg.action, { type: 'plan', plan: { ...SAFE_TURN_PLAN } });
  await waitUntil(() => stateOf(room).phase === 'adaptation', 'adaptation');
  // Test set-up shortcut (a natural Alliance Victory takes dozens of rounds): seats 0 and 1 are
  // partners and seat 0 holds the full dossier on seat 2, the one agent outside the pact.
  const s = stateOf(room);
  s.pacts.push({ id: s.nextPactId++, a: 0, b: 1, until: 3 });
  for (const fact of FACTS) s.agents[0]!.cards.push({ uid: s.nextUid++, about: 2, fact });
  const ipBefore = s.agents.map((a) => a.ip);
  for (const p of players) p.room.send(ClientMsg.action, { type: 'ready' });
  await waitUntil(() => stateOf(room).phase === 'showdown', 'the showdown');
  await waitSynced(room, watchers());
  expect(JSON.parse(spec.json().showdown)).toEqual({ seats: [0, 1], chosen: [false, false] });
  expect([...room.state.toAct]).toEqual([0, 1]);
  expect(stateOf(room).agents.map((a) => a.ip)).toEqual([ipBefore[0]! + 3, ipBefore[1]! + 3, ipBefore[2]]);
  // The partners are offered Assassination and Sabotage; the third agent nothing.
  const choices = (seat: number) =>
    [...players[seat]!.json().seats[seat].private.legal].map((l: string) => JSON.parse(l));
  expect(choices(0)).toEqual(
    expect.arrayContaining([
      { type: 'showdown', choice: 'assassination' },
      { type: 'showdown', choice: 'sabotage' },
    ]),
  );
  expect(choices(2)).toEqual([]);
  players[2]!.room.send(ClientMsg.action, { type: 'showdown', choice: 'assassination' });
  await nextError(players[2]!);
  players[0]!.room.send(ClientMsg.action, { type: 'showdown', choice: 'sabotage' });
  await waitUntil(() => stateOf(room).showdown?.choices[0] === 'sabotage', 'the first choice');
  await waitSynced(room, watchers());
  // Only "has chosen" is public, never the choice.
  expect(JSON.parse(spec.json().showdown).chosen).toEqual([true, false]);
  expect(JSON.stringify(spec.json())).not.toContain('sabotage');
  players[1]!.room.send(ClientMsg.action, { type: 'showdown', choice: 'assassination' });
  await waitUntil(() => room.state.status === 'finished', 'the end');
  await waitSynced(room, watchers());
  const end = stateOf(room);
  expect(end.summary).toMatch(/Final Showdown|Alliance Victory/);
  expect(end.winners.every((w) => w === 0 || w === 1)).toBe(true);
  expect(spec.json()).toMatchObject({ summary: end.summary, winners: end.winners });
  expect(jamesBland.view(end, 2).public.winners).toEqual(end.winners);
});
