/**
 * Property tests over seeded whole matches (random legal actions, the bot against random play, and
 * the bot against itself),
 * 2 and 3 players, with and without Emergency Defense: after every accepted action the 40 tokens and
 * the 40 cards are all accounted for, no shield limit is exceeded, no live card is at HP <= 0, every
 * legal action is accepted, and every match ends.
 * @heavy (a long file for its size: scripts/jest-sequencer.cjs runs it first on a fresh clone)
 */
import fc from 'fast-check';
import { actionSchema } from './actions';
import { randomBot } from './baselines';
import { DEFAULT_OPTIONS, DESIGN_RULES } from './options';
import { kingpinBot } from './bot';
import { Random, seedRng } from '../../core/rng';
import { apply, legalActions, toAct } from './rules';
import { playMatch, type KingpinBot } from './playout';
import { randomPosition } from './testkit';
import { view } from './view';
import { TOTAL_CARDS, TOTAL_TOKENS, TURN_CAP, allCardIds, tokenTotal } from './state';
import { maxHpQ, shieldLimit } from './stats';
import type { KingpinState } from './types';

/** Random play that never spends ammunition: longer matches that reach more cards and abilities. */
const patientBot: KingpinBot = {
  decide(view, legal, random) {
    if (view.public.phase === 'ammo') return { type: 'ammo', amount: 0 };
    return randomBot.decide(view, legal, random);
  },
};

function invariants(s: KingpinState): void {
  if (tokenTotal(s) !== TOTAL_TOKENS) throw new Error(`tokens: ${tokenTotal(s)}`);
  const ids = allCardIds(s);
  if (ids.length !== TOTAL_CARDS || new Set(ids).size !== TOTAL_CARDS)
    throw new Error(`cards: ${ids.length}`);
  if (s.bank < 0 || s.fund < 0) throw new Error('negative pool');
  s.players.forEach((p, seat) => {
    if (p.safe < 0) throw new Error('negative safe');
    if (p.hand.length + p.board.filter(Boolean).length > 6) throw new Error('card limit');
    p.board.forEach((c, slot) => {
      if (!c) return;
      if (c.shields < 0 || c.shields > shieldLimit(s, seat, slot))
        throw new Error(`shield limit at ${seat}:${slot}`);
      if (c.damageQ >= maxHpQ(s, seat, slot)) throw new Error(`dead card on board at ${seat}:${slot}`);
    });
    if (p.eliminated && (p.hand.length > 0 || p.board.some(Boolean) || p.safe > 0))
      throw new Error('eliminated holds');
  });
}

/**
 * No viewer sees another seat's hand or the Draw Pile. Public by the rules: a declared hand-attack
 * card and the last card revealed from the pile (a buy reveals it, even if it then goes to a hand).
 */
function noLeaks(s: KingpinState): void {
  const shown = [s.prompt?.attack?.handCard, s.lastRevealed];
  for (let viewer = -1; viewer < s.players.length; viewer++) {
    const json = JSON.stringify(view(s, viewer));
    const secret = [...s.drawPile, ...s.players.flatMap((p, i) => (i === viewer ? [] : p.hand))];
    const own = viewer >= 0 ? (s.players[viewer]!.deckLook?.cards ?? []) : [];
    for (const id of secret) {
      if (shown.includes(id) || own.includes(id)) continue;
      if (json.includes(`"${id}"`)) throw new Error(`viewer ${viewer} sees ${id}`);
    }
    if (json.includes('"rng"')) throw new Error('rng in a view');
  }
}

function check(seed: number, bots: KingpinBot[], emergencyDefense: boolean): void {
  let steps = 0;
  // The seed's low bits vary the table: the design's rules or the default, a cap, the optional victories.
  const options = {
    ...DEFAULT_OPTIONS,
    ...((seed >> 1) % 2 === 0 ? DESIGN_RULES : {}),
    emergencyDefense,
    ammoCap: (seed >> 2) % 4 === 0 ? 3 : 0,
    economicCollapse: (seed >> 3) % 2 === 0,
    dominationTokens: (seed >> 4) % 4 === 0 ? 22 : 0,
  };
  const r = playMatch(options, seed, bots, {
    maxActions: 20_000,
    onStep: ({ after }) => {
      steps++;
      invariants(after);
    },
  });
  expect(r.state.phase).toBe('finished');
  expect(r.state.turnNumber).toBeLessThanOrEqual(TURN_CAP);
  expect(steps).toBe(r.actions);
  if (!r.state.capped && r.state.winReason !== 'domination')
    expect(r.state.players.filter((p) => !p.eliminated)).toHaveLength(1);
}

describe('Kingpin properties', () => {
  test('random play from random mid-game positions keeps every invariant; views never leak', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), (seed) => {
        let s = randomPosition(seed);
        invariants(s);
        const random = new Random(seedRng(seed ^ 0xabc));
        for (let i = 0; i < 3000 && s.phase !== 'finished'; i++) {
          const seat = toAct(s)[0]!;
          const legal = legalActions(s, seat);
          const action = patientBot.decide(view(s, seat), legal, () => random.float());
          const r = apply(s, seat, action);
          if (!r.ok) throw new Error(`${JSON.stringify(action)} refused: ${r.error.message}`);
          s = r.state;
          invariants(s);
          if (i % 7 === 0) {
            noLeaks(s);
            // the room checks the shape first: every legal payload must pass the schema unchanged
            for (const a of legalActions(s, toAct(s)[0] ?? 0)) {
              const parsed = actionSchema.safeParse(a);
              if (!parsed.success || JSON.stringify(parsed.data) !== JSON.stringify(a)) {
                throw new Error(`schema refuses ${JSON.stringify(a)}`);
              }
            }
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  test('random 2-player matches keep every invariant and end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.boolean(), (seed, ed) => {
        check(seed, [randomBot, randomBot], ed);
      }),
      { numRuns: 400 },
    );
  });

  test('random 3-player matches keep every invariant and end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.boolean(), (seed, ed) => {
        check(seed, [randomBot, randomBot, randomBot], ed);
      }),
      { numRuns: 300 },
    );
  });

  test('long random matches without ammunition (2 and 3 players) keep every invariant and end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.boolean(), (seed, three) => {
        check(seed, three ? [patientBot, patientBot, patientBot] : [patientBot, patientBot], seed % 2 === 1);
      }),
      { numRuns: 150 },
    );
  });

  test('bot against bot (2 and 3 players) keeps every invariant and ends', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.boolean(), (seed, three) => {
        check(seed, three ? [kingpinBot, kingpinBot, kingpinBot] : [kingpinBot, kingpinBot], seed % 2 === 0);
      }),
      { numRuns: 800 },
    );
  });

  test('bot against random play (2 and 3 players) keeps every invariant and ends', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.integer({ min: 0, max: 2 }), (seed, k) => {
        const bots =
          k === 0
            ? [kingpinBot, randomBot]
            : k === 1
              ? [randomBot, kingpinBot]
              : [kingpinBot, randomBot, kingpinBot];
        check(seed, bots, seed % 2 === 0);
      }),
      { numRuns: 500 },
    );
  });
});
