/**
 * James Bland's hard bot in Planning: a determinized search over its own seat's view. It takes the
 * normal bot's best few plans (the best of each of the leading offenses, and the runner-up defense
 * of the best), deals a few worlds the seat cannot tell from the real one (botDeterminize.ts), and
 * in each world lets the normal policy plan for every other agent (their plans are secret and do not
 * depend on its own, so one set of plans per world serves every candidate). Each candidate is then
 * played against those plans through the reveal, banners and combat, and valued by the table it
 * leaves (its standing minus its strongest rival's). The same worlds and dice serve every candidate,
 * so the comparison is fair. Everything it reads is its view; every random draw comes from the
 * `random` the platform passes (replays stay exact).
 */
import { Random, keySeedFrom, seedRng } from '../../core/rng';
import type { BotLevel } from '../../core/contract';
import { determinize, type SeatView } from './botDeterminize';
import { sameOffense, scorePlans, type ScoredPlan } from './bot';
import { apply, legalActions, toAct } from './rules';
import type { JamesBlandAction, JamesBlandPublic, JamesBlandState } from './types';
import { publicView, view as viewOf } from './view';

/** Candidate plans, and worlds each is played in. */
export const HARD_SEARCH = { candidates: 5, worlds: 6 };

/** The normal bot's score counts this much beside a rollout's value (it breaks near-ties). */
const PRIOR = 0.15;

/** The policy the other agents play in a world (the normal bot). */
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

/** A world with the other agents' plans made (by `policy`, from their views of that world). */
interface World {
  state: JamesBlandState;
  plans: { seat: number; action: JamesBlandAction }[];
  seed: string;
}

function makeWorld(v: SeatView, random: () => number, policy: Policy): World {
  const state = determinize(v, random);
  const seed = keySeedFrom(random);
  const rnd = new Random(seedRng(seed));
  const draw = () => rnd.float();
  const me = v.private.seat;
  const plans = toAct(state)
    .filter((seat) => seat !== me)
    .map((seat) => ({
      seat,
      action: policy(viewOf(state, seat), legalActions(state, seat), draw, 'normal'),
    }));
  return { state, plans, seed };
}

/** Plays `mine` against the world's plans through the reveal and combat; the table's value for `seat`. */
function playOut(w: World, seat: number, mine: JamesBlandAction, policy: Policy): number {
  let r = apply(w.state, seat, mine);
  if (!r.ok) return -Infinity;
  for (const p of w.plans) {
    if (!r.ok) break;
    r = apply(r.state, p.seat, p.action);
  }
  if (!r.ok) return -Infinity;
  let s = r.state;
  // Banner answers (every agent that planned answers; the believers chose by the normal rule).
  const rnd = new Random(seedRng(w.seed));
  const draw = () => rnd.float();
  for (let guard = 0; guard < 8 && s.phase === 'banner'; guard++) {
    const who = toAct(s)[0];
    if (who === undefined) break;
    const next = apply(s, who, policy(viewOf(s, who), legalActions(s, who), draw, 'normal'));
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

/** The hard level's plan: the normal bot's candidates, valued over determinized worlds. */
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
  const worlds = Array.from({ length: HARD_SEARCH.worlds }, () => makeWorld(v, random, policy));
  let best: { a: JamesBlandAction; value: number } | null = null;
  for (const c of cands) {
    const value =
      worlds.reduce((t, w) => t + playOut(w, seat, c.a, policy), 0) / worlds.length + PRIOR * c.score;
    if (!best || value > best.value) best = { a: c.a, value };
  }
  return best!.a;
}
