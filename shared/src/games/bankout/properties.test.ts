/**
 * Property tests over seeded random playouts (random legal actions, and the AI against random):
 * conservation of cards, clean turn starts, no negative banks, termination, legality of every listed
 * action and of every timeout action, no leak to spectators or the opponent, determinism.
 * @heavy (a long file for its size: scripts/jest-sequencer.cjs runs it first on a fresh clone)
 */
import fc from 'fast-check';
import { SPECTATOR } from '../../core/contract';
import { randomBot } from './baselines';
import { bankoutBot } from './bot';
import { sameAction } from '../../core/actions';
import { buildDeck, rankOf } from './cards';
import type { BankoutBot, PlayoutStep } from './playout';
import { playMatch } from './playout';
import { apply, legalActions, toAct } from './rules';
import { setup } from './setup';
import { SEATS, cardsInPlay } from './testkit';
import { timeout } from './timeouts';
import type { BankoutAction, BankoutOptions, BankoutState } from './types';
import { bustChance, bustRiskFor, drawPoolFor, view } from './view';

/** Random-vs-random Bankout-mode matches run ~6,000 actions each; AI-vs-random ones are short. */
const RANDOM_RUNS = Number(process.env.BANKOUT_RANDOM_RUNS ?? 30);
const AI_RUNS = Number(process.env.BANKOUT_AI_RUNS ?? 60);
/**
 * Blitz matches are bounded (one pass of the deck per round): 500 take about 7 s of CPU (2,000 took
 * 29 s, half of this file). BANKOUT_BLITZ_RUNS=20000 for a long run.
 */
const BLITZ_RUNS = Number(process.env.BANKOUT_BLITZ_RUNS ?? 500);
const MAX_ACTIONS = 20_000;

const optionsArb: fc.Arbitrary<BankoutOptions> = fc.record({
  mode: fc.constantFrom('bankout' as const, 'blitz' as const),
  jokers: fc.boolean(),
  turnSeconds: fc.constantFrom(0, 30),
});

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function fail(message: string, s: BankoutState): never {
  const { rng: _rng, ...rest } = s;
  throw new Error(`${message}\n${JSON.stringify(rest)}`);
}

const compositions = new Map<string, string>();
function composition(s: BankoutState): string {
  const key = `${s.round}:${s.options.jokers}:${s.suddenDeath}`;
  let c = compositions.get(key);
  if (c === undefined) {
    c = buildDeck(s.round, s.options.jokers, s.suddenDeath).sort().join(',');
    compositions.set(key, c);
  }
  return c;
}

/** Plain checks (no expect in the hot loop: thousands of steps per playout). */
function checkState(s: BankoutState): void {
  if (cardsInPlay(s).join(',') !== composition(s)) fail('cards not conserved', s);
  for (const p of s.players) {
    if (p.bank < 0 || p.loot < 0) fail('negative bank or loot', s);
    if (p.hand.length > (s.phase === 'discard' ? 3 : 2)) fail('hand over the limit', s);
  }
  if (s.pot < 0) fail('negative pot', s);
  const off = s.players[1 - s.turn]!;
  if (off.loot || off.jacks || off.latent || off.alert) fail('counters set off-turn', s);
  const on = s.players[s.turn]!;
  if (on.alert !== on.jacks > 0) fail('alert out of step with jacks', s);
  if (s.phase === 'finished') return;
  for (const seat of toAct(s)) if (legalActions(s, seat).length === 0) fail(`no legal action for ${seat}`, s);
  const t = timeout(s);
  // The clock's timeUp is its own action (never offered as a legal move); the rest are legal moves.
  const legalOrClock = (a: BankoutAction) =>
    a.type === 'timeUp' ? apply(s, t!.seat, a).ok : legalActions(s, t!.seat).some((l) => sameAction(l, a));
  if (t && !legalOrClock(t.action)) fail('timeout action not accepted', s);
}

function checkViews(s: BankoutState): void {
  const hidden = [...s.deck, ...s.players.flatMap((p) => p.hand)];
  const spectator = JSON.stringify(view(s, SPECTATOR));
  for (const c of hidden) if (spectator.includes(`"${c}"`)) fail(`spectator sees ${c}`, s);
  for (const seat of [0, 1]) {
    const text = JSON.stringify(view(s, seat));
    for (const c of [...s.deck, ...s.players[1 - seat]!.hand])
      if (text.includes(`"${c}"`)) fail(`${seat} sees ${c}`, s);
    // The view computed from scratch (a copy has nothing cached) is the view the server got.
    if (JSON.stringify(view(structuredClone(s), seat)) !== text) fail(`cached view differs for ${seat}`, s);
    // The bust risk worked out without a pool is the one from the pool, to the last bit.
    const me = s.players[seat]!;
    const queens = me.hand.filter((c) => rankOf(c) === 'Q').length;
    if (bustRiskFor(s, seat) !== bustChance(me, queens, drawPoolFor(s, seat)))
      fail(`bust risk of ${seat}`, s);
  }
}

function checkStep({ before, after, seat, action }: PlayoutStep): void {
  checkState(after);
  if (after.turnNumber !== before.turnNumber && after.phase !== 'finished') {
    const p = after.players[after.turn]!;
    if (p.loot || p.jacks || p.latent || p.alert || after.drawnThisTurn.length)
      fail('turn did not start clean', after);
  }
  // The same action from the seat that is not to act is refused.
  if (!toAct(before).includes(1 - seat) && apply(before, 1 - seat, action).ok)
    fail('wrong seat accepted', before);
}

function playout(options: BankoutOptions, seed: number, bots: [BankoutBot, BankoutBot], deep: boolean) {
  let steps = 0;
  return playMatch(options, seed, bots, {
    maxActions: MAX_ACTIONS,
    onStep: (step) => {
      checkStep(step);
      steps++;
      if (deep && steps % 7 === 0) {
        checkViews(step.after);
        // Every listed action is accepted.
        if (step.after.phase !== 'finished') {
          for (const seat of toAct(step.after)) {
            for (const a of legalActions(step.after, seat)) {
              if (!apply(step.after, seat, a).ok) fail(`legal ${JSON.stringify(a)} refused`, step.after);
            }
          }
        }
      }
    },
  });
}

interface RecordedMatch {
  label: string;
  options: BankoutOptions;
  seed: number;
  actions: { seat: number; action: BankoutAction }[];
  end: BankoutState;
}

let recorded: RecordedMatch[] | undefined;
/**
 * The AI against random, AI_RUNS seeded matches (either seat first), every step checked as it is
 * played; played once for the file (the first test that asks), their records kept for the replays.
 */
function aiMatches(): RecordedMatch[] {
  recorded ??= fc
    .sample(fc.tuple(optionsArb, fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.boolean()), {
      numRuns: AI_RUNS,
      seed: 7,
    })
    .map(([options, seed, aiFirst]) => {
      const label = `AI ${aiFirst ? 'first' : 'second'}, seed ${seed}, ${JSON.stringify(options)}`;
      const bots: [BankoutBot, BankoutBot] = aiFirst ? [bankoutBot, randomBot] : [randomBot, bankoutBot];
      try {
        const r = playout(options, seed, bots, false);
        return { label, options, seed, actions: r.actions, end: r.state };
      } catch (e) {
        throw new Error(`${label}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      }
    });
  return recorded;
}

describe('random playouts', () => {
  test('random against random keeps every invariant and ends', () => {
    fc.assert(
      fc.property(optionsArb, fc.integer({ min: 0, max: 2 ** 31 - 1 }), (options, seed) => {
        const r = playout(options, seed, [randomBot, randomBot], true);
        expect(r.state.phase).toBe('finished');
        expect(r.state.winner === 0 || r.state.winner === 1).toBe(true);
      }),
      { numRuns: RANDOM_RUNS, seed: 20261122 },
    );
  });

  test(`${BLITZ_RUNS} random Blitz matches keep every invariant and end`, () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.constantFrom(0, 30),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (jokers, turnSeconds, seed) => {
          const r = playout(
            { mode: 'blitz', jokers, turnSeconds },
            seed,
            [randomBot, randomBot],
            seed % 25 === 0,
          );
          expect(r.state.phase).toBe('finished');
          expect(r.state.winner === 0 || r.state.winner === 1).toBe(true);
        },
      ),
      { numRuns: BLITZ_RUNS, seed: 424242 },
    );
  });

  test(`${AI_RUNS} matches of the AI against random keep every invariant and end`, () => {
    for (const m of aiMatches()) expect(m.end.phase).toBe('finished');
  });

  // The two tests below replay the records of those matches (the AI's choices, both seat orders):
  // no match is played again for them.
  test('apply never changes the state it was given (states share their read-only parts)', () => {
    for (const m of aiMatches()) {
      // Every state is frozen, deep, before it is applied to: a change to it throws.
      let s = deepFreeze(setup(m.options, SEATS, m.seed));
      for (const { seat, action } of m.actions) {
        const r = apply(s, seat, action);
        if (!r.ok) throw new Error(`${m.label}: ${r.error.code}`);
        s = deepFreeze(r.state);
      }
      expect(s).toEqual(m.end);
    }
  });

  test('determinism: the same seed and actions give the same state', () => {
    for (const m of aiMatches()) {
      let s = setup(m.options, SEATS, m.seed);
      for (const { seat, action } of m.actions) {
        const r = apply(s, seat, action);
        if (!r.ok) throw new Error(`${m.label}: ${r.error.code}`);
        s = r.state;
      }
      expect(s).toEqual(m.end);
    }
  });
});
