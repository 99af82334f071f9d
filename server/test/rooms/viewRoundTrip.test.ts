/**
 * The view round trip, for every game whose adapter is derived from a description: states from
 * seeded bot playouts go view -> projection -> the real schema encoder (a StateView per seat, none
 * for the spectator) -> a decoder built from the handshake, as a client builds it -> the client's
 * decodeView, and come back equal to the rules' own view (or, for a game whose description is of a
 * folded view, to that fold of it). A spectator decodes no private part.
 * @heavy (a long file for its size: scripts/jest-sequencer.cjs runs it first on a fresh clone)
 */
import type { Decoder } from '@colyseus/schema';
import { Encoder, Reflection, StateView } from '@colyseus/schema';
import { type AnyGameDefinition, type GameAction, Random, decodeView, seedRng } from '@parlor/shared';
import type { ViewAdapter } from '../../src/rooms/viewSchema';
import { syncKey } from '../helpers/matchDriver';
import { plannedAdapters } from '../helpers/plannedAdapters';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const SEEDS = [11, 12];
const MAX_STEPS = Number(process.env.ROUND_TRIP_STEPS ?? 400);
const NAMES = ['Ada', 'Bo', 'Cy'];

/** Numbers compared as float32 (float32 fields are lossy by design; every other value exact). */
function float32(x: unknown): unknown {
  if (typeof x === 'number') return Math.fround(x);
  if (Array.isArray(x)) return x.map(float32);
  if (x && typeof x === 'object')
    return Object.fromEntries(
      Object.entries(x)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, float32(v)]),
    );
  return x;
}

/**
 * `got` equals `want` at float32 precision: compared as canonical JSON (fast: thousands of views),
 * and through jest's `toEqual` only when they differ, for its account of where.
 */
function expectSame(got: unknown, want: unknown): void {
  if (syncKey(got) !== syncKey(want)) expect(float32(got)).toEqual(float32(want));
}

// Every registered game, the test-only ones included (helpers/plannedAdapters.ts).
const adapters = plannedAdapters.map((p) => p.adapter);
const derived = adapters.filter((a): a is ViewAdapter<Any, Any, Any, Any, Any> => 'shape' in a);

test('every registered game is derived from a description', () => {
  expect(derived.map((a) => a.definition.id)).toEqual(adapters.map((a) => a.definition.id));
  expect(derived.length).toBeGreaterThan(1);
});

describe.each(derived.map((a) => [a.definition.id, a] as const))('%s', (_id, adapter) => {
  const def = adapter.definition as AnyGameDefinition;

  test.each(SEEDS)('seed %i: the seats and a spectator decode the rules’ views', (seed) => {
    const seats = Math.max(def.seats.min, 2);
    const options = def.optionsSchema.parse({});
    let s = def.setup(
      options,
      NAMES.slice(0, seats).map((name) => ({ name, bot: true })),
      seed,
    );
    const room = adapter.createState() as Any;
    for (let i = 0; i < seats; i++) {
      const seat = adapter.createSeat() as Any;
      seat.name = NAMES[i];
      room.seats.push(seat);
    }
    const encoder = new Encoder(room);
    const views = room.seats.map((seat: Any) => {
      const view = new StateView();
      view.add(seat.private);
      return view;
    });
    const clients = [...views, null].map(() => Reflection.decode(Reflection.encode(encoder)) as Decoder);
    let first = true;
    const sync = () => {
      const it = { offset: 0 };
      const shared = (first ? encoder.encodeAll(it) : encoder.encode(it)).slice();
      views.forEach((view: StateView, i: number) => {
        const bytes = first
          ? encoder.encodeAllView(view, it.offset, { ...it })
          : encoder.encodeView(view, it.offset, { ...it });
        clients[i]!.decode(bytes);
      });
      clients[views.length]!.decode(shared);
      encoder.discardChanges();
      first = false;
    };
    const random = new Random(seedRng(seed));
    let checked = 0;
    for (let step = 0; step < MAX_STEPS && !def.outcome(s); step++) {
      // Each viewer's view of this step, worked out once (projected, compared, given to the bot).
      const views = Array.from({ length: seats + 1 }, (_, i) => def.view(s, i - 1));
      const viewOf = (viewer: number) => views[viewer + 1]!;
      const pub = viewOf(-1).public;
      const privates = room.seats.map((_: unknown, i: number) => viewOf(i).private);
      adapter.project(room, pub, privates);
      room.phase = def.phase(s);
      sync();
      for (let viewer = -1; viewer < seats; viewer++) {
        const client = clients[viewer < 0 ? seats : viewer]!;
        const got = decodeView(adapter.shape, client.state.toJSON(), viewer);
        // A description of a folded view (Tactical Risk's stacks) gives back the fold of the rules' view.
        const rules = viewOf(viewer);
        const wire = adapter.wire;
        const want = wire
          ? {
              public: wire.public(rules.public),
              private: rules.private === null ? null : wire.private(rules.private, rules.public),
            }
          : rules;
        expectSame(got.public, want.public);
        if (viewer < 0) expect(got.private).toBeNull();
        else if (want.private !== null) expectSame(got.private, want.private);
      }
      checked++;
      // The seat to act, or (a game everyone plays at once, like Devices before the Clock) any seat
      // with something to do, taking turns.
      const able = [...def.toAct(s), ...Array.from({ length: seats }, (_, i) => (i + step) % seats)];
      let legal: GameAction[] = [];
      const seat = able.find((i) => (legal = def.legalActions(s, i)).length > 0);
      if (seat === undefined) break;
      const action = def.bot.decide(viewOf(seat), legal, () => random.float());
      const result = def.apply(s, seat, action);
      if (!result.ok) throw new Error(`${def.id}: the bot's ${JSON.stringify(action)} was refused`);
      s = result.state;
    }
    expect(checked).toBeGreaterThan(2);
  });
});
