/**
 * Issue 20, critical: a spectator could predict every shuffle. Its match seed had 31 bits
 * (Math.random) and drove xoroshiro128+, so recording round 1's public draws and searching all 2^31
 * seeds offline gave the seed, hence every hand and the deck's order.
 *
 * Each game here is played for a round through real clients, a spectator watching, and:
 * - the seed is a 256-bit key the server drew from node's crypto (randomBytes(32)), and every one
 *   of its 256 bits changes the keystream: an exhaustive search has 2^256 candidates by construction;
 * - two matches' keys share nothing (about half their bits differ) nor do their keystreams;
 * - the attack itself: for Bankout, the spectator's search over seeds, which finds a legacy seed from
 *   the public views of its first moves, finds nothing for a real match.
 */
import crypto from 'node:crypto';
import {
  type AnyGameDefinition,
  ClientMsg,
  Random,
  SPECTATOR,
  type Seed,
  type SeatSetup,
  games,
  seedRng,
} from '@parlor/shared';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { newMatchSeed } from '../../src/rooms/matchSeeds';
import { type Tracked, track, waitUntil } from '../helpers/clients';
import { type Booted, bootParlor } from '../helpers/testServer';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
const ROUND = 8;
jest.setTimeout(120_000);
let app: Booted;

beforeAll(async () => {
  app = await bootParlor(PORT);
});
afterAll(async () => {
  await app.server.shutdown();
});

const words = (state: readonly number[], n: number) => {
  const r = new Random(state);
  return Array.from({ length: n }, () => Math.round(r.float() * 2 ** 32));
};
const popcount = (x: number) => x.toString(2).replace(/0/g, '').length;
const keyBitsDiffering = (a: string, b: string) => {
  let n = 0;
  for (let i = 0; i < 64; i += 8)
    n += popcount((parseInt(a.slice(i, i + 8), 16) ^ parseInt(b.slice(i, i + 8), 16)) >>> 0);
  return n;
};

interface Played {
  seed: Seed;
  keyBytes: Buffer;
  /** What a spectator may know after each step: the rules' spectator view. */
  views: string[];
  actions: { seat: number; action: unknown }[];
  seats: SeatSetup[];
  options: unknown;
}

/** A table of `def` with its fewest seats, all people, and a spectator; a round of moves played. */
async function playRound(def: AnyGameDefinition): Promise<Played> {
  const n = def.seats.min;
  const host = track(await app.client().create(def.id, { name: 'P1', seats: n }));
  const players: Tracked[] = [host];
  for (let i = 1; i < n; i++)
    players.push(track(await app.client().joinById(host.room.roomId, { name: `P${i + 1}` })));
  const spectator = track(await app.client().joinById(host.room.roomId, { name: 'Eve', spectator: true }));
  await waitUntil(() => [...players, spectator].every((t) => t.welcome !== null), 'welcomes');
  expect(spectator.welcome!.seat).toBe(SPECTATOR);
  const room = app.server.getRoomById(host.room.roomId) as unknown as GameRoom;

  // Watches the server's cryptographic source while the match starts (calls go through).
  const spy = jest.spyOn(crypto, 'randomBytes');
  let drawn: Buffer[];
  try {
    host.room.send(ClientMsg.start);
    await waitUntil(() => room.state.status === 'playing', 'playing');
  } finally {
    drawn = spy.mock.calls.flatMap((args, i) =>
      args[0] === 32 ? [spy.mock.results[i]!.value as Buffer] : [],
    );
    spy.mockRestore();
  }
  const record = room.match!.record;
  const keyBytes = drawn.find((b) => b.toString('hex') === record.seed);
  expect(keyBytes).toBeDefined();

  const views = [JSON.stringify(def.view(room.match!.state, SPECTATOR).public)];
  for (let i = 0; i < ROUND && room.state.status === 'playing'; i++) {
    // Nobody due (Devices with the Clock Off): the table's host moves time. A game whose clock is
    // what moves it on (Devices' day ends) may have nobody to act at all: the round is over.
    const due = () =>
      room.state.toAct.length > 0 || def.legalActions(room.match!.state, room.state.host).length > 0;
    if (
      !(await waitUntil(due, 'someone to act', 2000).then(
        () => true,
        () => false,
      ))
    )
      break;
    const seat = room.state.toAct[0] ?? room.state.host;
    const count = room.match!.record.actions.length;
    players[seat]!.room.send(ClientMsg.action, def.legalActions(room.match!.state, seat)[0]);
    await waitUntil(() => room.match!.record.actions.length > count, 'the move accepted');
    views.push(JSON.stringify(def.view(room.match!.state, SPECTATOR).public));
  }
  // The spectator watched it all, as a spectator (no seat, no private part).
  await waitUntil(() => spectator.room.state?.status === 'playing', 'the spectator patched');
  const played: Played = {
    seed: record.seed,
    keyBytes: keyBytes!,
    views,
    actions: record.actions.map(({ seat, action }) => ({ seat, action })),
    seats: record.seats,
    options: record.options,
  };
  for (const t of [...players, spectator]) await t.room.leave(true);
  return played;
}

describe.each(games.map((g) => [g.id, g] as const))('%s', (_id, def) => {
  test('a round watched by a spectator: its seed is a 256-bit key from crypto, unrelated to another match’s', async () => {
    const a = await playRound(def);
    const b = await playRound(def);
    for (const m of [a, b]) {
      expect(m.seed).toMatch(/^[0-9a-f]{64}$/);
      expect(m.keyBytes).toHaveLength(32);
      expect(m.actions.length).toBeGreaterThan(0);
      // Every one of the 256 key bits changes the keystream: none is folded away (the old seed
      // | 0 kept 32 bits of whatever it was given), so the search space is 2^256.
      const first = words(seedRng(m.seed), 8).join();
      for (let bit = 0; bit < 256; bit++) {
        const flipped = Buffer.from(m.keyBytes);
        flipped[bit >> 3]! ^= 1 << (bit & 7);
        expect(words(seedRng(flipped.toString('hex')), 8).join()).not.toBe(first);
      }
    }
    // Two matches: independent keys (about half of the 256 bits differ; 5 standard deviations
    // from 128 is 40), and keystreams without a single word in common at the same place.
    const differing = keyBitsDiffering(String(a.seed), String(b.seed));
    expect(differing).toBeGreaterThan(88);
    expect(differing).toBeLessThan(168);
    const wa = words(seedRng(a.seed), 256);
    const wb = words(seedRng(b.seed), 256);
    expect(wa.filter((w, i) => w === wb[i])).toEqual([]);
  });
});

/** The spectator's offline search: the seeds in `candidates` whose public views match `observed`. */
function search(def: AnyGameDefinition, observed: Played, candidates: Iterable<Seed>): Seed[] {
  const found: Seed[] = [];
  const options = def.optionsSchema.parse(observed.options);
  for (const seed of candidates) {
    let state: unknown = def.setup(options, observed.seats, seed);
    let same = JSON.stringify(def.view(state, SPECTATOR).public) === observed.views[0];
    for (let i = 0; same && i < observed.actions.length; i++) {
      const r = def.apply(state, observed.actions[i]!.seat, observed.actions[i]!.action as never);
      same = r.ok && JSON.stringify(def.view((state = r.state), SPECTATOR).public) === observed.views[i + 1];
    }
    if (same) found.push(seed);
  }
  return found;
}

test('Bankout: the spectator’s seed search that finds a legacy seed finds nothing for a real match', async () => {
  const def = games.find((g) => g.id === 'bankout')!;
  const WINDOW = 2048;
  const range = (from: number) => Array.from({ length: WINDOW }, (_, i) => from + i);
  // The attack as it worked: a match seeded the old way (31 bits, here within the searched window)
  // is found from its public views alone.
  const real = await playRound(def);
  const legacySeed = 1_000_777;
  const options = def.optionsSchema.parse(real.options);
  let state: unknown = def.setup(options, real.seats, legacySeed);
  const legacy: Played = {
    ...real,
    seed: legacySeed,
    views: [JSON.stringify(def.view(state, SPECTATOR).public)],
    actions: [],
  };
  for (let i = 0; i < ROUND; i++) {
    const seat = def.toAct(state)[0]!;
    const action = def.legalActions(state, seat)[0]!;
    const r = def.apply(state, seat, action);
    if (!r.ok) throw new Error(r.error.code);
    state = r.state;
    legacy.actions.push({ seat, action });
    legacy.views.push(JSON.stringify(def.view(state, SPECTATOR).public));
  }
  expect(search(def, legacy, range(1_000_000))).toEqual([legacySeed]);
  // The same search against the real match: numbers are not its seed space, and fresh keys drawn
  // the server's way (as many) never give back what the spectator saw.
  expect(search(def, real, range(0))).toEqual([]);
  expect(
    search(
      def,
      real,
      Array.from({ length: WINDOW }, () => newMatchSeed()),
    ),
  ).toEqual([]);
});
