/**
 * Whether an agent's secret Master Plan (plans.ts) is complete: checked from the agent's record of
 * successful operations and a few counters, at the victory check (victory.ts).
 */
import { ASSETS } from './data';
import { BANNERS_BELIEVED, LARCENY_TARGET, PLAN_WINDOW, ROADRUNNER_ROUNDS } from './plans';
import { inPlay } from './state';
import type { JamesBlandState } from './types';

/** Is `seat`'s Master Plan complete in state `s` (checked at the victory check, end of round)? */
export function planComplete(s: JamesBlandState, seat: number): boolean {
  const a = s.agents[seat]!;
  const recent = a.successes.filter((x) => x.round > s.round - PLAN_WINDOW);
  const opponents = s.agents.flatMap((o, i) => (i !== seat && inPlay(o.status) ? [i] : []));
  const distinct = (xs: { target: number }[]) => new Set(xs.map((x) => x.target)).size;
  switch (a.masterPlan) {
    case 'exposeAll': {
      // "every Active opponent" (design 7), Active as the status, as RULINGS 12 reads it for Supremacy.
      const active = opponents.filter((o) => s.agents[o]!.status === 'active');
      const hit = new Set(recent.filter((x) => x.offense === 'exposure').map((x) => x.target));
      return active.length > 0 && active.every((o) => hit.has(o));
    }
    case 'controlAllAssets':
      // Like Network Control: held at the round start ("at the start of your turn") and still now.
      return ASSETS.every(
        (id) => (s.heldSinceStart ?? s.assetsAtStart ?? s.assets)[id] === seat && s.assets[id] === seat,
      );
    case 'anvilCarnage':
      return distinct(recent.filter((x) => x.offense === 'assassination' && x.gadget === 'anvilDrone')) >= 3;
    case 'mastermindOfMisinformation':
      return distinct(recent.filter((x) => x.offense === 'misinformation')) >= 3;
    case 'saboteurSupreme': {
      const rounds = new Set(
        a.successes.filter((x) => x.offense === 'sabotage' && x.targetHadAsset).map((x) => x.round),
      );
      return [0, 1, 2].every((k) => rounds.has(s.round - k));
    }
    case 'grandLarceny':
      return a.successes.reduce((n, x) => n + (x.stolen ?? 0), 0) >= LARCENY_TARGET;
    case 'bugTheWorld':
      return opponents.length > 0 && opponents.every((o) => s.agents[o]!.buggedBy.includes(seat));
    case 'doubleAgent':
      return a.successes.some((x) => x.betrayal && (x.pactsAtStart ?? 0) >= 2);
    case 'roadrunner':
      return a.untouchableStreak >= ROADRUNNER_ROUNDS;
    case 'bannerDay':
      return a.bannersBelieved >= BANNERS_BELIEVED;
  }
}
