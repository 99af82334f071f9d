/**
 * The projections before and after issue 27 on the very same states (not a test): for each game, a
 * seeded bot match (two seats and a spectator) is projected by the hand-written adapter of commit
 * be14f07 (its worktree in .bench/views-base, see bench/views-before-after.ts) and by the adapter
 * derived from the game's view description, each into its own schema and encoder; the patch bytes
 * every client would receive (the shared patch, plus each seat's view) and the CPU time of
 * projection + encoding are summed per action. The room's common fields (legal lists, log, timers)
 * are the same code on both sides and left out. Rounds alternate old and new.
 *
 * Run by bench/views-before-after.ts, which makes the worktree and .bench/tsconfig.views.json (the
 * old adapters need this checkout's decorator settings, and tsx applies a tsconfig only to the
 * files it includes). Then on its own:
 *
 *   TSX_TSCONFIG_PATH=.bench/tsconfig.views.json npx tsx bench/views-bytes.ts   (SEEDS=6 STEPS=400 GAMES= OPTIONS=)
 */
import path from 'node:path';
import { Encoder, StateView } from '@colyseus/schema';
import { type AnyGameDefinition, Random, seedRng } from '@parlor/shared';
import type { AnyGameAdapter } from '../server/src/rooms/GameAdapter';
import { gameAdapters } from '../server/src/games';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const root = path.resolve(__dirname, '..');
const oldTree = path.join(root, '.bench', 'views-base');
const SEEDS = Number(process.env.SEEDS ?? 6);
const STEPS = Number(process.env.STEPS ?? 400);
/** GAMES=tactical_risk: only those games; OPTIONS='{"fogOfWar":true}': the table options. */
const GAMES = process.env.GAMES?.split(',');
const OPTIONS = JSON.parse(process.env.OPTIONS ?? '{}') as object;

/** The seeded bot match's states, once per game and seed (both adapters project the same list). */
function playout(def: AnyGameDefinition, seed: number): unknown[] {
  const seats = Math.max(def.seats.min, 2);
  let s = def.setup(
    def.optionsSchema.parse(OPTIONS),
    Array.from({ length: seats }, (_, i) => ({ name: `P${i}`, bot: true })),
    seed,
  );
  const random = new Random(seedRng(seed));
  const states = [s];
  for (let step = 0; step < STEPS && !def.outcome(s); step++) {
    const able = [...def.toAct(s), ...Array.from({ length: seats }, (_, i) => (i + step) % seats)];
    const seat = able.find((i) => def.legalActions(s, i).length > 0);
    if (seat === undefined) break;
    const action = def.bot.decide(def.view(s, seat), def.legalActions(s, seat), () => random.float());
    const r = def.apply(s, seat, action);
    if (!r.ok) break;
    s = r.state;
    states.push(s);
  }
  return states;
}

interface Tally {
  bytes: number;
  ms: number;
  actions: number;
}

function measure(adapter: AnyGameAdapter, states: unknown[], tally: Tally): void {
  const def = adapter.definition as AnyGameDefinition;
  const seats = Math.max(def.seats.min, 2);
  const room = adapter.createState() as Any;
  for (let i = 0; i < seats; i++) {
    const seat = adapter.createSeat() as Any;
    seat.name = `P${i}`;
    room.seats.push(seat);
  }
  const encoder = new Encoder(room);
  const views = room.seats.map((seat: Any) => {
    const view = new StateView();
    view.add(seat.private);
    return view;
  });
  let first = true;
  states.forEach((s) => {
    const pub = def.view(s, -1).public;
    const privates = room.seats.map((_: unknown, i: number) => def.view(s, i).private);
    const t0 = performance.now();
    adapter.project(room, pub, privates);
    const it = { offset: 0 };
    const shared = first ? encoder.encodeAll(it) : encoder.encode(it);
    let bytes = shared.byteLength * (seats + 1);
    for (const view of views) {
      const own = first
        ? encoder.encodeAllView(view, it.offset, { ...it })
        : encoder.encodeView(view, it.offset, { ...it });
      bytes += own.byteLength - it.offset;
    }
    encoder.discardChanges();
    const t1 = performance.now();
    if (!first) {
      tally.bytes += bytes;
      tally.ms += t1 - t0;
      tally.actions++;
    }
    first = false;
  });
}

async function main(): Promise<void> {
  const rows: string[] = [];
  for (const adapter of gameAdapters) {
    const id = adapter.definition.id;
    if (GAMES && !GAMES.includes(id)) continue;
    const file = { 'james-bland': 'james-bland', tactical_risk: 'tactical-risk' }[id as string] ?? id;
    const old = (await import(path.join(oldTree, 'server/src/games', file, 'adapter.ts'))) as Record<
      string,
      Any
    >;
    const oldAdapter = Object.values(old).find(
      (x) => x && typeof x === 'object' && 'project' in x,
    ) as AnyGameAdapter;
    const before: Tally = { bytes: 0, ms: 0, actions: 0 };
    const after: Tally = { bytes: 0, ms: 0, actions: 0 };
    // A warm-up match for each (JIT), then the measured ones, old and new in alternating order.
    const warm = playout(adapter.definition as AnyGameDefinition, 0);
    for (let i = 0; i < 3; i++) {
      measure(oldAdapter, warm, { bytes: 0, ms: 0, actions: 0 });
      measure(adapter, warm, { bytes: 0, ms: 0, actions: 0 });
    }
    for (let seed = 1; seed <= SEEDS; seed++) {
      const states = playout(adapter.definition as AnyGameDefinition, seed);
      if (seed % 2) {
        measure(oldAdapter, states, before);
        measure(adapter, states, after);
      } else {
        measure(adapter, states, after);
        measure(oldAdapter, states, before);
      }
    }
    const per = (t: Tally) => t.bytes / Math.max(1, t.actions);
    const us = (t: Tally) => (1000 * t.ms) / Math.max(1, t.actions);
    rows.push(
      `${id.padEnd(15)} ${String(after.actions).padStart(7)} ${per(before).toFixed(1).padStart(12)} ${per(after).toFixed(1).padStart(11)} ${(per(after) / per(before)).toFixed(3).padStart(8)} ${us(before).toFixed(1).padStart(13)} ${us(after).toFixed(1).padStart(12)}`,
    );
  }
  console.log(
    `\nprojection patch bytes per action, the same states (${SEEDS} seeds, up to ${STEPS} actions each):`,
  );
  console.log('game            actions  old B/act    new B/act  new/old  old µs/act    new µs/act');
  for (const r of rows) console.log(r);
  console.log(
    'B/act: shared patch x (seats + spectator) + each seat’s view part. µs/act: projection + encoding, in process.',
  );
}

void main();
