/**
 * Kingpin's hard bot: the normal bot's Defense Management and prompts, but its main action is
 * chosen by Monte Carlo rollouts over its own seat's view. For each of the normal bot's best few
 * main actions it plays the action in several "worlds" (botDeterminize.ts: the hidden hands and the
 * Draw Pile dealt at random from the cards the seat has not seen), lets the normal policy play every
 * seat until this seat's next turn, and scores the table it finds (its strength minus its strongest
 * rival's). The same worlds serve every candidate, so the comparison is fair; near-equal results
 * are drawn among (variety).
 */
import { Random, keySeedFrom, seedRng } from '../../core/rng';
import { determinize } from './botDeterminize';
import { drawGood, find, isBossCard, lead, seatOf, strength, type Scored, type View } from './botModel';
import { LEADER, defenseMove, mainScores, normalDecide } from './botNormal';
import { apply, legalActions, toAct } from './rules';
import type { KingpinAction, KingpinState } from './types';
import { publicView, view as viewOf } from './view';

/**
 * Candidates rolled out, worlds per candidate, how many of its own turns ahead a rollout stops
 * (1 = at the start of its next turn), and the most actions one rollout plays.
 */
export const HARD_SEARCH = { candidates: 4, worlds: 3, rounds: 2, maxActions: 80 };

/** Whether its own shields never wait under the truce (the normal bot's coin). */
const GREEDY_DEFENSE = true;

/** Rollout values within this of the best are drawn among. */
const HARD_MARGIN = 0.5;

/**
 * With edition 5's reinforcements (a catch-up: the Boss behind on HP gets its cards back) a Boss's
 * HP counts this much more in a rollout's value: per whole Boss, besides strength's 20. Measured
 * (bench/bot-levels.ts, 200 matches): hard beat normal 54.0% without it, 68.5% with it; without
 * reinforcements it changed nothing (63.5% / 63.0%), so it is used only with them. Re-measured once
 * the worlds froze reinforcements as long as the table does (600 matches, hard vs normal): 5 57.5%,
 * 10 62.2%, 15 67.8%, 20 72.3%, 30 75.8%, 50 76.7% (less variety); 30 before that fix 74.8%.
 */
export const BEHIND_BOSS_WEIGHT = 30;

/** The table as `seat` would like it: +1000 won, -1000 out, else its lead over its strongest rival. */
export function evaluate(s: KingpinState, seat: number): number {
  if (s.phase === 'finished') return s.winner === seat ? 1000 : -1000;
  if (s.players[seat]!.eliminated) return -1000;
  const pub = publicView(s);
  const weight = pub.reinforcements === 'behind' ? BEHIND_BOSS_WEIGHT : 0;
  const value = (i: number) => {
    const boss = weight > 0 ? pub.players[i]!.board.find((c) => c !== null && isBossCard(c)) : null;
    return strength(pub, i) + (boss ? (weight * boss.hp) / Math.max(1, boss.maxHp) : 0);
  };
  const rivals = pub.players.flatMap((p, i) => (i !== seat && !p.eliminated ? [value(i)] : []));
  return value(seat) - Math.max(0, ...rivals);
}

/** Plays `first` in `world`, then the normal policy for every seat until `seat`'s next turn. */
function rollout(world: KingpinState, seat: number, first: KingpinAction, seed: string): number {
  const r = apply(world, seat, first);
  if (!r.ok) return -Infinity;
  let s = r.state;
  const random = new Random(seedRng(seed));
  const draw = () => random.float();
  let turnNumber = s.turnNumber;
  let rounds = 0;
  for (let k = 0; k < HARD_SEARCH.maxActions; k++) {
    if (s.phase === 'finished') break;
    if (s.turn === seat && s.turnNumber !== turnNumber) {
      turnNumber = s.turnNumber;
      if (++rounds >= HARD_SEARCH.rounds) break;
    }
    const who = toAct(s)[0]!;
    const legal = legalActions(s, who);
    const next = apply(s, who, normalDecide(viewOf(s, who), legal, draw));
    if (!next.ok) break;
    s = next.state;
  }
  return evaluate(s, seat);
}

/** The best few distinct main actions by the normal bot's scores. */
function candidates(scored: Scored[]): KingpinAction[] {
  return scored
    .slice()
    .sort((a, b) => b.score - a.score)
    .slice(0, HARD_SEARCH.candidates)
    .map((s) => s.action);
}

function decideTurn(view: View, legal: KingpinAction[], random: () => number): KingpinAction {
  const seat = seatOf(view.public);
  const scored = mainScores(view, legal, seat);
  const lethal = scored.filter((s) => s.score >= 900);
  if (lethal.length > 0) return lethal.reduce((a, b) => (b.score > a.score ? b : a)).action;
  const defense = defenseMove(view, legal, seat, random, GREEDY_DEFENSE);
  if (defense) return defense;
  const cands = candidates(scored);
  if (cands.length === 1) return cands[0]!;
  const worlds = Array.from({ length: HARD_SEARCH.worlds }, () => ({
    state: determinize(view, seat, random),
    seed: keySeedFrom(random),
  }));
  // The rollouts value the table for this seat; the leader term (as the normal bot's) keeps it
  // from piling onto the weakest seat with three players.
  const pub = view.public;
  const valued: Scored[] = cands.map((action) => ({
    action,
    score:
      worlds.reduce((n, w) => n + rollout(w.state, seat, action, w.seed), 0) / worlds.length +
      (action.type === 'attack' ? LEADER * lead(pub, seat, action.target.seat) : 0),
  }));
  return drawGood(valued, random, HARD_MARGIN);
}

/** The hard level's decision. */
export function hardDecide(view: View, legal: KingpinAction[], random: () => number): KingpinAction {
  if (view.public.phase !== 'turn' || find(legal, 'pass').length === 0)
    return normalDecide(view, legal, random);
  return decideTurn(view, legal, random);
}
