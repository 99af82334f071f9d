/**
 * The James Bland bot. It decides from its own view only (public facts, its private record and the
 * last reveal) and picks among the legal actions:
 * - Planning: scores each legal plan's offense and defense. It races for Strategic Assets (Network
 *   Control), cuts a rival's network when they near three assets, captures Burned agents, works on
 *   its Master Plan, and otherwise goes for the agent it fears most. It defends Underground while it
 *   can afford it (Mobile Operations or Sweep & Clear when Burned). It keeps pacts, except that it
 *   betrays a partner who is about to win or when its Master Plan is Double Agent.
 * - Banner: believes a banner only when it redirects to the agent it fears most.
 * - Adaptation: escapes, haunts, recovers, buys the cheapest free asset, accepts pacts from weaker
 *   agents and offers one when rich, recharges, then says Ready.
 */
import type { GameView } from '../../core/contract';
import type { AssetId, DefenseChoice, OffenseChoice } from './data';
import { ASSETS, ASSET_SPECS, DEFENSE_SPECS, OFFENSE_SPECS, RECOVER_COST } from './data';
import type { JamesBlandBot } from './baselines';
import type { JamesBlandAction, JamesBlandPrivate, JamesBlandPublic, Plan } from './types';

type View = GameView<JamesBlandPublic, JamesBlandPrivate>;

const PLAN_OFFENSE: Partial<Record<string, OffenseChoice>> = {
  exposeAll: 'exposure',
  mastermindOfMisinformation: 'misinformation',
  saboteurSupreme: 'sabotage',
  grandLarceny: 'assetTheft',
  bugTheWorld: 'infiltration',
};

const inPlay = (status: string) => status === 'active' || status === 'compromised' || status === 'burned';

function partnersOf(pub: JamesBlandPublic, seat: number): number[] {
  return pub.pacts.flatMap((p) => (p.a === seat ? [p.b] : p.b === seat ? [p.a] : []));
}

/** How much the bot fears each agent: assets above all, then status. */
export function threat(pub: JamesBlandPublic, seat: number): number {
  const a = pub.agents[seat]!;
  if (!inPlay(a.status)) return -100;
  return a.assets.length * 10 + (a.status === 'active' ? 3 : a.status === 'compromised' ? 1 : 0);
}

function offenseScore(v: View, p: Plan, me: number): number {
  const pub = v.public;
  const priv = v.private!;
  if (p.offense === 'safeTurn') return priv.ip <= 1 ? 6 : 2;
  const t = p.target!;
  const target = pub.agents[t]!;
  const partners = partnersOf(pub, me);
  let score = 0;
  const betrayal = partners.includes(t);
  if (betrayal) {
    const rivalNearWin = target.assets.length >= 2;
    const doubleAgent = priv.masterPlan === 'doubleAgent' && partners.length >= 2;
    if (!rivalNearWin && !doubleAgent) return -50;
    score += 4;
  }
  const thr = threat(pub, t);
  switch (p.offense) {
    case 'networkAttack':
      score +=
        target.assets.length >= 2 ? 14 : target.assets.length === 1 ? 7 : partnersOf(pub, t).length ? 3 : -5;
      break;
    case 'capture':
      score += 12;
      break;
    case 'assassination':
      score += 4 + thr / 5 + (target.status === 'active' ? 1 : 0) + (target.exposed ? 1 : 0);
      break;
    case 'infiltration':
      score += priv.dossier[t] && Object.values(priv.dossier[t]!).includes(null) ? 4 : 1;
      break;
    case 'sabotage':
      score += 3 + target.assets.length;
      break;
    case 'misinformation':
      score += 3;
      break;
    case 'exposure':
      score += 2;
      break;
    case 'assetTheft':
      score += 3;
      break;
    default:
      score += 1;
  }
  if (PLAN_OFFENSE[priv.masterPlan] === p.offense) score += 5;
  if (priv.masterPlan === 'bugTheWorld' && p.offense === 'infiltration') score += 2;
  // Keep enough IP for assets while the race is on.
  const cost = OFFENSE_SPECS[p.offense].cost;
  if (priv.ip - cost < 2 && ASSETS.some((id) => pub.assets[id] === null)) score -= cost * 2;
  return score;
}

function defenseScore(v: View, p: Plan, me: number): number {
  const pub = v.public;
  const priv = v.private!;
  const mine = pub.agents[me]!;
  const d: DefenseChoice = p.defense;
  if (d === 'none') return 0;
  const cost = d === 'allianceBuilding' ? 2 : DEFENSE_SPECS[d].cost;
  const spare = priv.ip - cost;
  const lastAttacks = pub.reveal?.offenses.filter((o) => o.target === me).length ?? 0;
  switch (d) {
    case 'underground':
      return spare >= 0 ? 5 + mine.assets.length + lastAttacks : -10;
    case 'mobileOperations':
      return mine.status === 'burned' ? 6 : 1;
    case 'sweepAndClear':
      return mine.status === 'burned' ? 4 : 1;
    case 'safeHouse':
      return 3;
    case 'disinformation':
      return lastAttacks > 1 && spare >= 2 ? 4 : -1;
    default:
      return -2 - cost;
  }
}

function planPick(v: View, legal: JamesBlandAction[], random: () => number): JamesBlandAction {
  const me = v.private!.seat;
  let best: { a: JamesBlandAction; score: number } | null = null;
  // The legal list crosses offense and defense halves: score each half once.
  const offScores = new Map<string, number>();
  const defScores = new Map<string, number>();
  const memo = (m: Map<string, number>, key: string, f: () => number) => {
    let x = m.get(key);
    if (x === undefined) m.set(key, (x = f()));
    return x;
  };
  for (const a of legal) {
    if (a.type !== 'plan') continue;
    const p = a.plan;
    const score =
      memo(offScores, `${p.offense}:${p.target}:${p.target2}`, () => offenseScore(v, p, me)) +
      memo(defScores, `${p.defense}:${p.suspect}:${p.partners?.join()}`, () => defenseScore(v, p, me)) +
      random() * 0.5;
    if (!best || score > best.score) best = { a, score };
  }
  if (!best || best.a.type !== 'plan') return legal[0]!;
  const plan: Plan = structuredClone(best.a.plan);
  const spec = plan.offense === 'safeTurn' ? null : OFFENSE_SPECS[plan.offense];
  const cost = (spec?.cost ?? 0) + (plan.defense === 'none' ? 0 : DEFENSE_SPECS[plan.defense].cost);
  const spare = v.private!.ip - cost;
  // Enhance the rolls that matter: a Network Attack on a near-winner gets through Underground with
  // 3 IP spent; otherwise only when IP is plentiful (assets are bought from what is left).
  const target = plan.target === undefined ? null : v.public.agents[plan.target]!;
  if (plan.offense === 'networkAttack' && target && target.assets.length >= 2 && spare >= 1) plan.enhance = 1;
  if (
    spec?.threshold != null &&
    (plan.offense === 'networkAttack' || plan.offense === 'capture') &&
    spare >= 4
  )
    plan.enhance = spare >= 6 ? 2 : 1;
  if (plan.defense === 'mobileOperations') plan.position = (1 + Math.floor(random() * 3)) as 1 | 2 | 3;
  if (plan.offense !== 'safeTurn') plan.positionGuess = (1 + Math.floor(random() * 3)) as 1 | 2 | 3;
  if (plan.offense === 'surveillance') plan.defenseGuess = 'underground';
  return { type: 'plan', plan };
}

function cheapestAsset(pub: JamesBlandPublic): AssetId | null {
  const free = ASSETS.filter((id) => pub.assets[id] === null).sort(
    (a, b) => ASSET_SPECS[a].cost - ASSET_SPECS[b].cost || ASSET_SPECS[b].yield - ASSET_SPECS[a].yield,
  );
  return free[0] ?? null;
}

function adapt(v: View, legal: JamesBlandAction[]): JamesBlandAction {
  const pub = v.public;
  const priv = v.private!;
  const me = priv.seat;
  const mine = pub.agents[me]!;
  const has = (want: JamesBlandAction) => legal.find((a) => JSON.stringify(a) === JSON.stringify(want));
  const pick = (...wants: JamesBlandAction[]) => wants.map(has).find((a) => a !== undefined);
  const others = pub.agents.map((_, i) => i).filter((i) => i !== me && inPlay(pub.agents[i]!.status));
  const feared = others.slice().sort((a, b) => threat(pub, b) - threat(pub, a));

  const esc = pick({ type: 'escape' });
  if (esc) return esc;
  if (mine.status === 'eliminated')
    return pick({ type: 'haunt', target: feared[0] ?? -1 }) ?? { type: 'ready' };
  const recoverCost = RECOVER_COST[mine.status];
  if (recoverCost !== undefined && (mine.status === 'burned' || priv.ip >= recoverCost + 2)) {
    const rec = pick({ type: 'recover' });
    if (rec) return rec;
  }
  const asset = cheapestAsset(pub);
  if (asset) {
    const buy = pick({ type: 'buyAsset', asset });
    if (buy) return buy;
  }
  // Alliances: accept offers from agents who are not about to win; offer one when rich and alone.
  for (const o of pub.offers)
    if (o.to === me && pub.agents[o.from]!.assets.length < 2 && priv.ip >= 3) {
      const acc = pick({ type: 'acceptPact', from: o.from });
      if (acc) return acc;
    }
  // Gang up: when a rival nears Network Control, offer a pact to another agent who is not the
  // leader (or, when rich and alone, to the weakest agent).
  const leader = feared[0];
  const leaderNear = leader !== undefined && pub.agents[leader]!.assets.length >= 2 && leader !== me;
  if (
    partnersOf(pub, me).length === 0 &&
    feared.length >= 2 &&
    (priv.ip >= 7 || (leaderNear && priv.ip >= 3))
  ) {
    const ally = leaderNear ? feared[1]! : feared[feared.length - 1]!;
    const off = pick({ type: 'offerPact', to: ally });
    if (off) return off;
  }
  for (const g of priv.gadgets)
    if (g.tapped && priv.ip >= 3) {
      const r = pick({ type: 'recharge', gadget: g.id });
      if (r) return r;
    }
  if (priv.ip >= 8) {
    const g = pick(
      { type: 'buyGadget', gadget: 'bodyArmor' },
      { type: 'buyGadget', gadget: 'silencedWeapons' },
    );
    if (g) return g;
  }
  return { type: 'ready' };
}

export const jamesBlandBot: JamesBlandBot = {
  decide(view, legal, random) {
    const first = legal[0];
    if (!first || !view.private) return first ?? { type: 'ready' };
    switch (view.public.phase) {
      case 'planning':
        return planPick(view, legal, random);
      case 'banner': {
        const feared = view.public.agents
          .map((_, i) => i)
          .filter((i) => i !== view.private!.seat)
          .sort((a, b) => threat(view.public, b) - threat(view.public, a))[0];
        const believe =
          view.private.bannerPrompt && view.public.reveal?.banners.some((b) => b.redirect === feared);
        return legal.find((a) => a.type === 'banner' && a.believe === Boolean(believe)) ?? first;
      }
      case 'adaptation':
        return adapt(view, legal);
      case 'showdown':
        return { type: 'showdown', choice: 'assassination' };
      default:
        return first;
    }
  },
};
