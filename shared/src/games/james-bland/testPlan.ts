/** James Bland's test plan (core/testPlan.ts): how the platform's checks play it. */
import type { GameView } from '../../core/contract';
import { defineTestPlan } from '../../core/testPlan';
import { jamesBland } from './index';
import { planCost } from './planning';
import type { JamesBlandAction, JamesBlandPrivate, JamesBlandPublic, JamesBlandState, Plan } from './types';

type View = GameView<JamesBlandPublic, JamesBlandPrivate>;

const SEED = 20261122;

/** A banner no other string in the game contains: a secret until the reveal. */
export const bannerToken = (seat: number, round: number, match: number) => `Qz${seat}Kx${round}M${match}Wv`;

/**
 * Plays from a seat's synced legal halves the way the planning panel does: one offense half + one
 * defense half, a banner text of its own. `legal` is what the client holds (one plan per offense and
 * per defense); `fullPlans` (planning only) every plan the rules would accept, from which the
 * chooser takes targets and parameters as the planning panel lets a person pick them.
 */
export function jamesBlandChoice(
  legal: JamesBlandAction[],
  view: View,
  seat: number,
  random: () => number,
  fullPlans: Plan[] = [],
  match = 0,
): JamesBlandAction {
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const of = (type: JamesBlandAction['type']) => legal.filter((a) => a.type === type);
  const plans = of('plan').length ? fullPlans : [];
  if (plans.length) {
    const ip = view.private?.ip ?? 0;
    const offenses = plans.filter((p) => p.defense === 'none' && p.offense !== 'safeTurn');
    const defenses = plans.filter((p) => p.offense === 'safeTurn' && p.defense !== 'none');
    const warfare = defenses.filter((p) => p.defense === 'informationWarfare');
    const off = offenses.length && random() < 0.8 ? pick(offenses) : { offense: 'safeTurn' as const };
    const def =
      warfare.length && random() < 0.4
        ? warfare[0]!
        : defenses.length && random() < 0.7
          ? pick(defenses)
          : { defense: 'none' as const };
    const base = plans.find((p) => p.offense === 'safeTurn' && p.defense === 'none')!;
    const { offense, target, target2 } = off as Plan;
    const { defense, position, suspect, partners, banner } = def as Plan;
    const offHalf = JSON.parse(JSON.stringify({ offense, target, target2 })) as Partial<Plan>;
    const defHalf = JSON.parse(
      JSON.stringify({ defense, position, suspect, partners, banner }),
    ) as Partial<Plan>;
    let plan: Plan = { ...base, ...offHalf, ...defHalf };
    if (plan.banner)
      plan = { ...plan, banner: { ...plan.banner, text: bannerToken(seat, view.public.round, match) } };
    if (planCost(plan) > Math.max(0, ip)) plan = { ...base, ...offHalf };
    if (planCost(plan) > Math.max(0, ip)) plan = base;
    return { type: 'plan', plan };
  }
  const banner = of('banner');
  if (banner.length) return pick(banner);
  const showdown = of('showdown');
  if (showdown.length) return pick(showdown);
  const ready = of('ready');
  const other = legal.filter((a) => a.type !== 'ready');
  if (ready.length && (other.length === 0 || random() < 0.6)) return ready[0]!;
  return pick(other.length ? other : legal);
}

/** Every string of a value, joined: a secret inside any of its texts counts as shown. */
function text(value: unknown): string {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  return out.join('\n');
}

const stripRound = (note: string) => note.replace(/^Round \d+: /, '');

let matchNo = 0;

export const testPlan = defineTestPlan<JamesBlandState, JamesBlandAction, View>()({
  contract: { options: [{ roundLimit: 3 }, { roundLimit: 4, newcomerTime: 'off' }], matches: 6 },
  choose: () => (legal, view, seat, random) => jamesBlandChoice(legal, view, seat, random),
  clock: { options: {}, action: { type: 'timeUp' } },
  leak: {
    seats: 6,
    options: { roundLimit: 4 },
    steps: 100,
    lateJoin: (step) => step === 9,
    secretsPerStep: 50,
    newSeed: () => () => SEED + matchNo++,
    privateEvents: true,
    hooks: {
      // Other agents' codename, safe house, favourite gadget, Master Plan and notes, found anywhere
      // in a text (a log line, a reveal), not only as a whole value.
      secrets: (s, viewer) => {
        const visible = text(jamesBland.view(s, viewer));
        return s.agents
          .flatMap((a, i) =>
            i === viewer
              ? []
              : [a.codename, a.safeHouse, a.favouriteGadget, a.masterPlan, ...a.notes.map(stripRound)],
          )
          .filter((x) => x.length > 0 && !visible.includes(x));
      },
      spellings: (secret) => [{ text: secret }],
      decoded: (json) => {
        const all = text(json);
        return (secret) => all.includes(secret);
      },
    },
  },
});
