/**
 * The replay's stepping logic: ReplayModel rebuilds a recorded match from its seed and actions with
 * the game's rules (Bankout here, played by its bot on both seats), and any position reached by
 * scrubbing, in any order, is the state reached by stepping. The viewer built on it is tested in
 * tests/browser/replay.test.ts.
 */
import fc from 'fast-check';
import { bankout } from '../games/bankout';
import { type AnyGameDefinition, SPECTATOR } from './contract';
import { CHECKPOINT_EVERY, ReplayError, ReplayModel, type ReplayRecord } from './replay';

const def = bankout as unknown as AnyGameDefinition;

/** A small seeded generator for the bots' choices. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plays a whole match with the game's bot on both seats; returns the record and every state on the way. */
function playMatch(
  seed: number,
  mode: 'blitz' | 'bankout' = 'blitz',
): { record: ReplayRecord; states: unknown[] } {
  const options = def.optionsSchema.parse({ mode, jokers: true });
  const seats = [
    { name: 'Ada', bot: false },
    { name: 'Bo', bot: true },
  ];
  const random = mulberry32(seed);
  let state = def.setup(options, seats, seed);
  const states = [state];
  const actions: ReplayRecord['actions'] = [];
  while (!def.outcome(state)) {
    const seat = def.toAct(state)[0]!;
    const action = def.bot.decide(def.view(state, seat), def.legalActions(state, seat), random);
    const r = def.apply(state, seat, action);
    if (!r.ok) throw new Error(r.error.code);
    state = r.state;
    states.push(state);
    actions.push({ seat, action, at: 10_000 + actions.length * 1000 });
  }
  return {
    record: {
      id: `m-${seed}`,
      game: 'bankout',
      tableName: 'Test table',
      options,
      seed,
      seats,
      actions,
      outcome: def.outcome(state)!,
      startedAt: 9_000,
      finishedAt: 10_000 + actions.length * 1000,
    },
    states,
  };
}

const json = (x: unknown) => JSON.stringify(x);
const matches = [11, 12, 13].map((seed) => playMatch(seed));

test('stepping through a rebuilt match gives every state the match went through', () => {
  for (const { record, states } of matches) {
    const model = ReplayModel.build(def, record);
    expect(model.length).toBe(record.actions.length);
    expect(model.length).toBeGreaterThan(CHECKPOINT_EVERY); // the checkpoints are exercised
    for (let i = 0; i <= model.length; i++) expect(json(model.stateAt(i))).toBe(json(states[i]));
    expect(model.outcome).toEqual(record.outcome);
  }
});

test('scrubbing to positions in any order gives the same state as stepping there', () => {
  const { record, states } = matches[0]!;
  const model = ReplayModel.build(def, record);
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: -5, max: model.length + 5 }), { minLength: 1, maxLength: 30 }),
      (path) => {
        for (const p of path) {
          const clamped = Math.max(0, Math.min(model.length, p));
          expect(json(model.stateAt(p))).toBe(json(states[clamped]));
        }
      },
    ),
    { numRuns: 60, seed: 7 },
  );
});

test('the log and the events of a position are what the match produced up to there', () => {
  const { record } = matches[1]!;
  const model = ReplayModel.build(def, record);
  let state = def.setup(model.options, record.seats, record.seed);
  const publicLines: string[] = [];
  record.actions.forEach(({ seat, action }, i) => {
    const r = def.apply(state, seat, action);
    if (!r.ok) throw new Error(r.error.code);
    state = r.state;
    const events = r.events;
    expect(model.eventsAt(i + 1, SPECTATOR)).toEqual(events.filter((e) => e.to === undefined));
    expect(model.eventsAt(i + 1, 0)).toEqual(events.filter((e) => e.to === undefined || e.to === 0));
    publicLines.push(...events.filter((e) => e.to === undefined).map((e) => e.text));
    expect(model.logUpTo(i + 1).map((l) => l.text)).toEqual(publicLines);
  });
  expect(model.logUpTo(0)).toEqual([]);
  expect(model.eventsAt(0, SPECTATOR)).toEqual([]);
  expect(model.timeAt(0)).toBe(record.startedAt);
  expect(model.timeAt(3)).toBe(record.actions[2]!.at);
  expect(model.actorAt(3)).toBe(record.actions[2]!.seat);
});

test('a record that does not replay is refused with a readable reason', () => {
  const { record } = matches[0]!;
  // An action from the wrong seat first: the rules refuse it.
  const wrongSeat = record.actions[0]!.seat === 0 ? 1 : 0;
  const cheat = { ...record, actions: [{ ...record.actions[0]!, seat: wrongSeat }, ...record.actions] };
  expect(() => ReplayModel.build(def, cheat)).toThrow(ReplayError);
  expect(() => ReplayModel.build(def, cheat)).toThrow(/Move 1 does not replay/);
  // A record cut short: the match is not over at its end.
  const cut = { ...record, actions: record.actions.slice(0, -1) };
  expect(() => ReplayModel.build(def, cut)).toThrow(/does not end/);
  expect(() => ReplayModel.build(def, { ...record, options: { mode: 'nope' } })).toThrow(/options/);
});
