/**
 * Property tests over seeded random games (random-action bots, and the AI among them) on 2-8 seats:
 * money and Points never negative, uniqueness never broken, production counts respected, Blueprint
 * names unique, offers consistent, every listed legal action and every timer action accepted, no
 * draft leaks, determinism, and every game ends.
 * @heavy (a long file for its size: scripts/jest-sequencer.cjs runs it first on a fresh clone)
 */
import fc from 'fast-check';
import { SPECTATOR } from '../../core/contract';
import type { EngineState } from '../../devices-engine';
import { randomBot } from './baselines';
import { devicesBot } from './bot';
import { legalActions } from './legal';
import type { DevicesBot, PlayoutStep } from './playout';
import { playGame } from './playout';
import { apply, toAct } from './rules';
import { timeout } from './timeouts';
import type { DevicesOptions, DevicesState } from './types';
import { view } from './view';

const RANDOM_RUNS = Number(process.env.DEVICES_RANDOM_RUNS ?? 32);
const AI_RUNS = Number(process.env.DEVICES_AI_RUNS ?? 16);
/** Checking every legal action of a step is costly: it is done on every Nth step, for one seat due. */
const LEGAL_EVERY = 10;

function fail(message: string, s: DevicesState): never {
  const { rng: _rng, weekStart: _w, ...rest } = s;
  throw new Error(`${message}\n${JSON.stringify(rest).slice(0, 4000)}`);
}

function checkEngine(e: EngineState, s: DevicesState): void {
  for (const w of e.wallets) if (w.money < 0 || w.score < 0) fail('negative money or Points', s);
  const ids = new Set(e.devices.map((d) => d.id));
  if (ids.size !== e.devices.length) fail('two Devices share an id', s);
  for (let i = 0; i < e.devices.length; i++)
    for (let j = i + 1; j < e.devices.length; j++) {
      const [a, b] = [e.devices[i]!, e.devices[j]!];
      if (a.name !== b.name) continue;
      if (a.uniqueness === 'Game' || b.uniqueness === 'Game') fail(`Game uniqueness broken: ${a.name}`, s);
      if ((a.uniqueness === 'Player' || b.uniqueness === 'Player') && a.owner === b.owner)
        fail(`Player uniqueness broken: ${a.name}`, s);
    }
  const names = new Set(e.blueprints.map((b) => b.name.toLowerCase()));
  if (names.size !== e.blueprints.length) fail('two Blueprints share a name', s);
  for (const b of e.blueprints) {
    if (b.count === 0) fail(`${b.name} exists at count 0`, s);
    if (b.count === 1 && !b.biddable) fail(`${b.name} at count 1 is not Biddable`, s);
    if (b.biddable && b.startingPrice === null) fail(`${b.name} is Biddable without a Starting Price`, s);
  }
  for (const o of e.offers) {
    const d = e.devices.find((x) => x.id === o.device);
    if (!d || d.owner !== o.from || o.to === o.from) fail('an offer does not match its Device', s);
  }
}

/** Production counts: a finite count drops by exactly the Devices produced from it, never below zero. */
function checkCounts({ before, after }: PlayoutStep, produced: Map<string, number>): void {
  for (const b of before.engine.blueprints) {
    if (b.count === 'Infinite') continue;
    const made = produced.get(b.name) ?? 0;
    if (made > b.count) fail(`${b.name}: ${made} produced from a count of ${b.count}`, after);
    const now = after.engine.blueprints.find((x) => x.name === b.name);
    const expected = b.count - made;
    if (rolledBack(before, after)) continue;
    if (expected === 0 ? now !== undefined : now?.count !== expected)
      fail(`${b.name}: count ${String(now?.count)} after ${made} produced from ${b.count}`, after);
  }
}

function rolledBack(before: DevicesState, after: DevicesState): boolean {
  return after.rolledBackIn !== before.rolledBackIn;
}

function checkViews(s: DevicesState): void {
  const publicText = JSON.stringify(view(s, SPECTATOR).public);
  s.drafts.forEach((draft, seat) => {
    if (!draft || publicText.includes(`"${draft.name}"`)) return;
    for (let viewer = -1; viewer < s.names.length; viewer++) {
      if (viewer === seat) continue;
      if (JSON.stringify(view(s, viewer)).includes(`"${draft.name}"`))
        fail(`${viewer} sees the draft of ${seat}`, s);
    }
  });
}

let stepNo = 0;
/** The last timer checked (its phase and action): each new one is tried through `apply`. */
let lastTimer = '';
function checkStep(step: PlayoutStep): void {
  const { after, events } = step;
  checkEngine(after.engine, after);
  const produced = new Map<string, number>();
  for (const e of events)
    if (e.type === 'produced') {
      const name = String(e.data?.blueprint);
      produced.set(name, (produced.get(name) ?? 0) + 1);
    }
  checkCounts(step, produced);
  if (after.phase === 'finished') {
    if (!after.outcome) fail('finished without an outcome', after);
    return;
  }
  const t = timeout(after);
  // The first nweek's Clock waits for the host (no timer); every other window has one.
  const hostsClock = after.phase === 'running' && !after.clockOn && after.nweek === 1;
  if (hostsClock ? t !== null : !t) fail('the timer action is refused', after);
  // Each apply copies the whole state (most of this file's time): a timer is tried when it or the
  // phase changes, and on the steps whose legal actions are all tried.
  const every = stepNo++ % LEGAL_EVERY === 0;
  const timer = t && `${after.phase}|${t.seat}|${JSON.stringify(t.action)}`;
  if (t && (every || timer !== lastTimer)) {
    lastTimer = timer!;
    if (!apply(after, t.seat, t.action).ok) fail('the timer action is refused', after);
  }
  if (every) {
    checkViews(after);
    // Every legal action of one seat due, a different one each time (all of them at once: most of
    // the file's time on 8 seats, for states that differ by one action).
    const due = toAct(after);
    const seat = due[((stepNo / LEGAL_EVERY) % due.length) | 0];
    if (seat !== undefined)
      for (const a of legalActions(after, seat)) {
        const r = apply(after, seat, a);
        if (!r.ok) fail(`legal ${JSON.stringify(a)} refused: ${r.error.code} ${r.error.message}`, after);
      }
  }
}

const optionsArb: fc.Arbitrary<DevicesOptions> = fc.record({
  ndaySeconds: fc.constant(45),
  nweeks: fc.integer({ min: 1, max: 3 }),
  targetPoints: fc.constantFrom(10, 30),
});

function run(options: DevicesOptions, seed: number, bots: DevicesBot[]): DevicesState {
  return playGame(options, seed, bots, {
    maxActions: 20_000,
    onStep: checkStep,
  }).state;
}

describe('Devices properties over seeded random games', () => {
  test(`${RANDOM_RUNS} random-action games on 2-8 seats keep every invariant and end`, () => {
    fc.assert(
      fc.property(optionsArb, fc.integer({ min: 2, max: 8 }), fc.integer(), (options, seats, seed) => {
        const end = run(
          options,
          seed,
          Array.from({ length: seats }, () => randomBot),
        );
        expect(end.phase).toBe('finished');
      }),
      { numRuns: RANDOM_RUNS, seed: 4242 },
    );
  });

  test(`${AI_RUNS} games of the AI among random bots keep every invariant and end`, () => {
    fc.assert(
      fc.property(optionsArb, fc.integer({ min: 2, max: 6 }), fc.integer(), (options, seats, seed) => {
        const bots = Array.from({ length: seats }, (_, i) => (i % 2 === 0 ? devicesBot : randomBot));
        expect(run(options, seed, bots).phase).toBe('finished');
      }),
      { numRuns: AI_RUNS, seed: 77 },
    );
  });

  test('a game is fully defined by its seed and actions (replay gives the same state)', () => {
    const options = { ndaySeconds: 45, nweeks: 2, targetPoints: 30 };
    const bots = [devicesBot, randomBot, randomBot];
    const a = playGame(options, 9, bots).state;
    const b = playGame(options, 9, bots).state;
    expect(b).toEqual(a);
  });
});
