/**
 * James Bland's hard bot in Planning: a determinized search over its own seat's view. It takes the
 * normal bot's best few plans (the best of each of the leading offenses, and the runner-up defense
 * of the best), deals a few worlds the seat cannot tell from the real one (botDeterminize.ts), plays
 * each plan in each world with the normal policy for every seat to the end of the round, and
 * keeps the plan whose tables it likes best (its standing minus its strongest rival's). The same
 * worlds and dice serve every candidate, so the comparison is fair. Everything it reads is its view;
 * every random draw comes from the `random` the platform passes (replays stay exact).
 */
import { Random, seedRng } from '../../core/rng';
import type { BotLevel } from '../../core/contract';
import { determinize, keyFrom, type SeatView } from './botDeterminize';
import { sameOffense, scorePlans, type ScoredPlan } from './bot';
import { apply, legalActions, toAct } from './rules';
import type { JamesBlandAction, JamesBlandPublic, JamesBlandState } from './types';
import { publicView, view as viewOf } from './view';

/**
 * Candidate plans, worlds per candidate, rounds a rollout plays after this one (0: to the end of this
 * round, its Adaptation included), the most actions in one.
 */
export const HARD_SEARCH = { candidates: 4, worlds: 3, rounds: 0, maxActions: 160 };

/** The normal bot's score counts this much beside a rollout's value (it breaks near-ties). */
const PRIOR = 0.15;

/** The policy rollouts play for every seat (the normal bot; the seat's own Adaptation as `level`). */
export type Policy = (
  view: ReturnType<typeof viewOf>,
  legal: JamesBlandAction[],
  random: () => number,
  level: BotLevel,
) => JamesBlandAction;

const STATUS_VALUE: Record<string, number> = {
  active: 4,
  compromised: 2,
  burned: 0,
  captured: -4,
  eliminated: -40,
};

/** An agent's standing: assets (held through the round above all), status, IP and its dossier. */
function standing(pub: JamesBlandPublic, seat: number, ip: number): number {
  const a = pub.agents[seat]!;
  return (
    STATUS_VALUE[a.status]! +
    5 * a.assets.length +
    3 * a.networkHeld +
    0.5 * Math.min(ip, 12) -
    1.5 * (a.factsMissing ?? 0)
  );
}

/** The table as `seat` would like it: won (shared: a part), lost, else its standing over its best rival's. */
export function evaluate(s: JamesBlandState, seat: number): number {
  if (s.phase === 'finished') return s.winners.includes(seat) ? 1000 / s.winners.length : -1000;
  const pub = publicView(s);
  const rivals = pub.agents.flatMap((a, i) =>
    i !== seat && a.status !== 'eliminated' ? [standing(pub, i, s.agents[i]!.ip)] : [],
  );
  return standing(pub, seat, s.agents[seat]!.ip) - Math.max(0, ...rivals);
}

/** Plays `first` for `seat` in `world`, then `policy` for every seat to the end of the round (and HARD_SEARCH.rounds more). */
function rollout(
  world: JamesBlandState,
  seat: number,
  first: JamesBlandAction,
  seed: string,
  policy: Policy,
  level: BotLevel,
): number {
  const r = apply(world, seat, first);
  if (!r.ok) return -Infinity;
  let s = r.state;
  const random = new Random(seedRng(seed));
  const draw = () => random.float();
  const stop = world.round + HARD_SEARCH.rounds + 1;
  for (let k = 0; k < HARD_SEARCH.maxActions && s.phase !== 'finished' && s.round < stop; k++) {
    const who = toAct(s)[0];
    if (who === undefined) break;
    const legal = legalActions(s, who);
    const next = apply(s, who, policy(viewOf(s, who), legal, draw, who === seat ? level : 'normal'));
    if (!next.ok) break;
    s = next.state;
  }
  return evaluate(s, seat);
}

/** The best plan of each of the leading offenses, and the best plan's runner-up defense. */
export function candidates(scored: ScoredPlan[], count = HARD_SEARCH.candidates): ScoredPlan[] {
  const sorted = scored.slice().sort((x, y) => y.score - x.score);
  const out: ScoredPlan[] = [];
  for (const x of sorted) {
    if (out.length >= count - 1) break;
    if (!out.some((o) => sameOffense(o.a.plan, x.a.plan))) out.push(x);
  }
  const runnerUp = sorted.find((x) => !out.includes(x) && sameOffense(x.a.plan, sorted[0]!.a.plan));
  if (runnerUp) out.push(runnerUp);
  return out;
}

/** The hard level's plan: the normal bot's candidates, valued by rollouts over determinized worlds. */
export function hardPlan(
  v: SeatView,
  legal: JamesBlandAction[],
  random: () => number,
  policy: Policy,
): JamesBlandAction {
  const scored = scorePlans(v, legal, random, 1);
  const cands = candidates(scored);
  if (cands.length <= 1) return cands[0]?.a ?? legal[0]!;
  const seat = v.private.seat;
  const worlds = Array.from({ length: HARD_SEARCH.worlds }, () => ({
    state: determinize(v, random),
    seed: keyFrom(random),
  }));
  let best: { a: JamesBlandAction; value: number } | null = null;
  for (const c of cands) {
    const value =
      worlds.reduce((t, w) => t + rollout(w.state, seat, c.a, w.seed, policy, 'hard'), 0) / worlds.length +
      PRIOR * c.score;
    if (!best || value > best.value) best = { a: c.a, value };
  }
  return best!.a;
}
