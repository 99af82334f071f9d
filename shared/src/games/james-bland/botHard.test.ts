/**
 * The hard bot's search decides from its seat's view only: the worlds it deals agree with everything
 * the seat sees, and two states that look the same to the seat get the same plan for the same seed.
 */
import { createHash } from 'node:crypto';
import { Random, seedRng } from '../../core/rng';
import { jamesBlandBot } from './bot';
import { determinize, type SeatView } from './botDeterminize';
import { candidates } from './botHard';
import { scorePlans } from './bot';
import { FACTS } from './data';
import { apply, legalActions, toAct } from './rules';
import { newMatch } from './testkit';
import type { JamesBlandState } from './types';
import { view } from './view';

/** A 256-bit key for a name (match seeds are numbers or keys). */
const key = (name: string) => createHash('sha256').update(name).digest('hex');
const stream = (seed: number | string) => {
  const r = new Random(seedRng(typeof seed === 'number' ? seed : key(seed)));
  return () => r.float();
};

/** A four-agent match played by normal bots until `seat` is to plan in round `round` (or later). */
function midGame(seed: number, round: number, seat = 0): JamesBlandState {
  const draw = stream(seed + 1000);
  let s = newMatch(4, seed);
  for (let k = 0; k < 2000; k++) {
    if (s.phase === 'planning' && s.round >= round && toAct(s).includes(seat)) return s;
    if (s.phase === 'finished') break;
    const who = toAct(s)[0]!;
    const r = apply(s, who, jamesBlandBot.decide(view(s, who), legalActions(s, who), draw));
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  throw new Error(`seed ${seed} ended before round ${round}`);
}

const seatView = (s: JamesBlandState, seat: number) => view(s, seat) as SeatView;
const hardPick = (s: JamesBlandState, seat: number, seed: string) =>
  jamesBlandBot.decide(view(s, seat), legalActions(s, seat), stream(seed), 'hard');

const SEEDS = [3, 8, 12];

describe('the hard James Bland bot searches over its own view', () => {
  it.each(SEEDS)('seed %i: a dealt world looks to the seat exactly as the real table does', (seed) => {
    const s = midGame(seed, 3);
    const real = seatView(s, 0);
    for (const k of [1, 2, 3]) {
      const world = determinize(real, stream(`world:${k}`));
      const seen = view(world, 0);
      // Every public fact the bot reads, and its whole private record but the notes and IP moves.
      const pub = (v: SeatView | typeof seen) => ({
        ...v.public,
        planningMs: 0,
        agents: v.public.agents.map((a) => ({ ...a, submitted: false })),
      });
      expect(pub(seen)).toEqual(pub(real));
      const own = (v: SeatView | typeof seen) => ({
        ...v.private!,
        notes: [],
        ipMoves: [],
        fortressForfeit: 0,
      });
      expect(own(seen)).toEqual(own(real));
      // The deck's cards are all there: every fact of every agent once per other agent.
      const count = new Map<string, number>();
      for (const c of [...world.deck, ...world.discard, ...world.agents.flatMap((a) => a.cards)])
        count.set(`${c.about}:${c.fact}`, (count.get(`${c.about}:${c.fact}`) ?? 0) + 1);
      expect(count.size).toBe(4 * FACTS.length);
      expect([...count.values()].every((n) => n === 3)).toBe(true);
      // Nobody holds a card about themselves.
      world.agents.forEach((a, i) => expect(a.cards.some((c) => c.about === i)).toBe(false));
    }
  });

  it.each([3, 12])('seed %i: two states that look the same to the seat get the same plan', (seed) => {
    const s = midGame(seed, 3);
    // What the seat cannot see: the rivals' IP and Master Plans, the deck's order.
    const other = structuredClone(s);
    other.agents.forEach((a, i) => {
      if (i === 0) return;
      a.ip += 3 + i;
      a.masterPlan = s.agents[(i % 3) + 1]!.masterPlan;
    });
    other.deck.reverse();
    other.rng = seedRng(key('another table'));
    expect(other).not.toEqual(s);
    expect(view(other, 0)).toEqual(view(s, 0));
    for (const k of ['a', 'b']) {
      const pick = hardPick(s, 0, `${seed}:${k}`);
      expect(legalActions(s, 0)).toContainEqual(pick);
      expect(hardPick(other, 0, `${seed}:${k}`)).toEqual(pick);
    }
  });

  it("weighs the normal bot's leading plans: the best of each leading offense and the best's runner-up defense", () => {
    const s = midGame(8, 3);
    const v = seatView(s, 0);
    const scored = scorePlans(v, legalActions(s, 0), stream('scores'), 1);
    const cands = candidates(scored, 4);
    const top = scored.reduce((a, b) => (b.score > a.score ? b : a));
    expect(cands[0]).toBe(top);
    expect(cands).toHaveLength(4);
    const offenses = cands
      .slice(0, 3)
      .map((c) => `${c.a.plan.offense}:${c.a.plan.target}:${c.a.plan.enhance}`);
    expect(new Set(offenses).size).toBe(3);
    expect(cands[3]!.a.plan.offense).toBe(top.a.plan.offense);
    expect(cands[3]!.a.plan.defense).not.toBe(top.a.plan.defense);
  });
});
