/**
 * The James Bland bot. It decides from its own view only (public facts, its private record and the
 * last reveal) and always answers with one of the listed legal actions (on the server a bot's
 * unlisted answer is replaced by a random legal one):
 * - Planning: scores each listed plan's offense and defense halves. It races for Strategic Assets
 *   (Network Control), cuts a rival's network when they near three assets (with the 3-IP Network
 *   Attack that gets through Underground), captures Burned agents, works on its Master Plan, joins
 *   its Coordinated Operation's target, spends its Explosives Box and Anvil Drone, guesses a
 *   Surveillance target's defense from the last reveal, and otherwise goes for the agent it fears
 *   most. It defends by what it saw: Underground while it holds assets or was hit, a Safe House
 *   against the cheap attacks, a Preemptive Strike on an attacker it identified, a Honeypot when it
 *   has no gadget to lose, a Biplane Banner pointing at the leader, Alliance Building with a partner
 *   (Mobile Operations or Sweep & Clear when Burned). It keeps pacts, except that it betrays a partner
 *   who is about to win or when its Master Plan is Double Agent.
 * - Banner: believes a banner only when it redirects to the agent it fears most.
 * - Adaptation: escapes, haunts, recovers, buys the cheapest free asset, accepts pacts from weaker
 *   agents and offers one when rich, proposes a Coordinated Operation on the leader to a partner and
 *   joins its partners' ones, recharges, buys combat gadgets when rich, then says Ready.
 * Levels: that is `normal`; `easy` is a newcomer (botEasy.ts); `hard` buys the assets with the most
 * income for its IP (in the full game: the most assets) and keeps its IP while a dossier race is on (docs/rules/james-bland.md, "Bots").
 */
import { sameAction } from '../../core/actions';
import type { BotLevel, GameView } from '../../core/contract';
import { easyDecide } from './botEasy';
import { hardPlan, type Policy } from './botHard';
import type { AssetId, DefenseChoice, OffenseChoice } from './data';
import { ASSETS, ASSET_SPECS, DEFENSES, DEFENSE_SPECS, FACTS, OFFENSE_SPECS, RECOVER_COST } from './data';
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

/**
 * Intelligence Supremacy as the bot sees it: the facts it still lacks (as held cards) on each other
 * Active agent. Empty when there is no such agent (then there is nothing to collect).
 */
export function missingFacts(v: View): Map<number, number> {
  const me = v.private!.seat;
  const out = new Map<number, number>();
  v.public.agents.forEach((a, i) => {
    if (i === me || a.status !== 'active') return;
    const known = new Set(v.private!.cards.filter((c) => c.about === i).map((c) => c.fact));
    out.set(i, FACTS.length - known.size);
  });
  return out;
}

/** Could Mailman bribes (1 IP a card) finish a full dossier now? In a duel every card drawn is about the rival. */
function dossierWithinReach(v: View, ip: number): boolean {
  const missing = [...missingFacts(v).values()];
  const total = missing.reduce((a, b) => a + b, 0);
  if (missing.length === 0 || total === 0) return false;
  return v.public.mode === '1v1' ? total <= ip : total <= Math.min(2, ip);
}

/** Is a rival closer to Intelligence Supremacy than this seat (or as close, with `orLevel`)? Public counts. */
function rivalAhead(v: View, orLevel: boolean): boolean {
  const me = v.private!.seat;
  const mine = v.public.agents[me]!.factsMissing ?? 99;
  return v.public.agents.some(
    (a, i) => i !== me && inPlay(a.status) && (a.factsMissing ?? 99) < mine + (orLevel ? 1 : 0),
  );
}

/** The agents that attacked `me` at the last reveal and were identified (shown with their name). */
function knownAttackers(pub: JamesBlandPublic, me: number): number[] {
  return (pub.reveal?.offenses ?? []).flatMap((o) =>
    o.target === me && o.attacker !== null && o.attacker !== me ? [o.attacker] : [],
  );
}

/**
 * This round's favoured victim among the other agents in play, drawn with the seeded random (one
 * draw per plan), so bots at one table spread their attacks instead of all hitting the same agent.
 */
function favouredTarget(pub: JamesBlandPublic, me: number, random: () => number): number {
  const others = pub.agents.map((_, i) => i).filter((i) => i !== me && inPlay(pub.agents[i]!.status));
  return others[Math.floor(random() * others.length)] ?? -1;
}

/** Whose turn it is this round to cut `target`'s network: the other agents in play take turns. */
function cutsThisRound(pub: JamesBlandPublic, me: number, target: number): boolean {
  const others = pub.agents.map((_, i) => i).filter((i) => i !== target && inPlay(pub.agents[i]!.status));
  return others[pub.round % Math.max(1, others.length)] === me;
}

function offenseScore(v: View, p: Plan, me: number, variety = 0, favouredVictim = -1): number {
  const pub = v.public;
  const priv = v.private!;
  // Racing for Intelligence Supremacy (the Mailman in Adaptation): keep the IP, and keep the rival
  // Active (a Compromised agent needs no dossier, so hurting it would end the race for nothing).
  const racing = dossierWithinReach(v, priv.ip + 1);
  if (p.offense === 'safeTurn') return priv.ip <= 1 || racing ? 6 : 2;
  const lastDefense = pub.reveal?.defenses.find((d) => d.seat === p.target)?.defense;
  // Underground stops every direct operation but a Network Attack with 3 IP spent (the design's
  // matrix). An agent seen Underground at the last reveal will likely hide again: aiming anything
  // else at them is mostly "could not reach them".
  const base = offenseBase(v, p, me, variety, favouredVictim, racing);
  return lastDefense === 'underground' && !reachesUnderground(p) ? base - 7 : base;
}

/** Does this operation get through Underground (a Network Attack with 3 IP spent; a pact's disruption)? */
function reachesUnderground(p: Plan): boolean {
  if (p.offense === 'allianceDisruption') return true;
  return p.offense === 'networkAttack' && OFFENSE_SPECS.networkAttack.cost + p.enhance >= 3;
}

function offenseBase(
  v: View,
  p: Plan,
  me: number,
  variety: number,
  favouredVictim: number,
  racing: boolean,
): number {
  if (p.offense === 'safeTurn') return 0;
  const pub = v.public;
  const priv = v.private!;
  const t = p.target!;
  const target = pub.agents[t]!;
  if (racing && (target.status === 'active' || OFFENSE_SPECS[p.offense].cost > 0)) {
    // Intel operations hurt nobody: a secret won by Surveillance or Infiltration may win the race (a
    // duel's Mailman calls every other round, edition 4). Surveillance when no one is behind it (the
    // public count: level, the race is otherwise a tie on IP); Infiltration, whose failure costs a
    // card, only to catch up. Ahead, Safe Turns. One IP stays for the Mailman.
    const lacking = (missingFacts(v).get(t) ?? 0) > 0;
    const gamble =
      p.offense === 'surveillance'
        ? rivalAhead(v, true)
        : p.offense === 'infiltration' && rivalAhead(v, false);
    if (!gamble || !lacking || p.enhance > 0 || priv.ip - OFFENSE_SPECS[p.offense].cost < 1) return -20;
    return p.offense === 'infiltration' ? 6.5 : 5.5 + (p.defenseGuess !== undefined ? 1 : 0);
  }
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
  // Spread: the favoured victim draws the bot's attention (a lone asset on another agent less so).
  const favoured = variety > 0 && t === favouredVictim;
  if (favoured) score += 2.5 * variety;
  const lastDefense = pub.reveal?.defenses.find((d) => d.seat === t)?.defense;
  switch (p.offense) {
    case 'networkAttack':
      score +=
        target.assets.length >= 3
          ? 14
          : target.assets.length === 2
            ? // One cutter is enough: this round's turn to cut goes to one agent (by seat); the
              // others leave it to them unless nothing better is on offer.
              14 - (variety > 0 && !cutsThisRound(pub, me, t) ? 8 * variety : 0)
            : target.assets.length === 1
              ? 7 - (favoured || variety === 0 ? 0 : 2.5 * variety)
              : partnersOf(pub, t).length
                ? 3
                : -5;
      // 3 IP spent gets through Underground; worth it against a network, and when they went under.
      if (p.enhance > 0) score += lastDefense === 'underground' ? 3 : target.assets.length >= 2 ? 2 : -3;
      break;
    case 'capture':
      score += 12;
      break;
    case 'assassination':
      score += 4 + thr / 5 + (target.status === 'active' ? 1 : 0) + (target.exposed ? 1 : 0);
      if (lastDefense === 'safeHouse') score -= 2;
      break;
    case 'infiltration':
      score += priv.dossier[t] && Object.values(priv.dossier[t]!).includes(null) ? 4 : 1;
      break;
    case 'sabotage':
      score += 3 + target.assets.length;
      if (lastDefense === 'safeHouse') score -= 2;
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
    case 'surveillance':
      score += p.defenseGuess !== undefined ? 2 : 0;
      break;
    default:
      score += 1;
  }
  // One-time attack gadgets are bought to be used: on the agent that matters most.
  if (p.useGadget) score += 4 + thr / 10;
  if (PLAN_OFFENSE[priv.masterPlan] === p.offense) score += 5;
  if (priv.masterPlan === 'bugTheWorld' && p.offense === 'infiltration') score += 2;
  if (priv.masterPlan === 'anvilCarnage' && p.useGadget === 'anvilDrone') score += 5;
  // A Coordinated Operation: both partners must hit its target and succeed.
  const co = priv.coordination;
  if (co && co.round === pub.round && t === co.target)
    score += p.offense === 'assassination' || p.offense === 'sabotage' ? 8 : 4;
  // Keep enough IP for assets while the race is on.
  const cost = OFFENSE_SPECS[p.offense].cost + p.enhance;
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
  const hits = pub.reveal?.offenses.filter((o) => o.target === me) ?? [];
  const lastAttacks = hits.length;
  const cheapHits = hits.filter((o) => o.offense === 'assassination' || o.offense === 'sabotage').length;
  const others = pub.agents.flatMap((a, i) => (i !== me && inPlay(a.status) ? [i] : []));
  const leader = others.slice().sort((a, b) => threat(pub, b) - threat(pub, a))[0];
  switch (d) {
    case 'underground':
      return spare >= 0 ? 4 + 2 * mine.assets.length + lastAttacks : -10;
    case 'mobileOperations':
      return mine.status === 'burned' ? 6 : 1;
    case 'sweepAndClear': {
      // Guarding its own dossier: a rival a secret or two from Supremacy gets no Surveillance or
      // Infiltration through (the public view says how many secrets each agent still lacks).
      const closest = Math.min(
        ...pub.agents.map((a, i) =>
          i !== me && inPlay(a.status) && a.factsMissing !== null ? a.factsMissing : 9,
        ),
      );
      if (mine.status === 'active' && closest <= 2) return 6 - closest;
      return mine.status === 'burned' ? 4 : 1;
    }
    case 'safeHouse':
      // Free, and it stops the two cheap attacks; better than tunnels when IP is short.
      return 3 + cheapHits * 1.5 + (priv.ip <= 2 ? 2 : 0);
    case 'disinformation':
      return lastAttacks > 1 && spare >= 2 ? 4 : -1;
    case 'preemptiveStrike': {
      // A torpedo at an identified attacker of last round, when it can spare the 3 IP.
      const suspects = knownAttackers(pub, me);
      return p.suspect !== undefined && suspects.includes(p.suspect) && spare >= 2 && !mine.assets.length
        ? 7 + suspects.filter((x) => x === p.suspect).length
        : -6;
    }
    case 'honeypot':
      // Bear traps for a crowd: nothing to lose when it carries no gadget.
      return lastAttacks >= 2 && spare >= 1 && priv.gadgets.length === 0 ? 5 + lastAttacks : -6;
    case 'informationWarfare':
      // A banner pointing attackers at the leader.
      return lastAttacks >= 1 && spare >= 2 && p.banner?.redirect === leader && leader !== undefined
        ? 4.5 + lastAttacks
        : -6;
    case 'allianceBuilding': {
      // Renew a pact that ends with this round: the partner (a bot too) names us back.
      const partner = p.partners?.[0];
      const ending = pub.pacts.some(
        (x) => x.until === pub.round && ((x.a === me && x.b === partner) || (x.b === me && x.a === partner)),
      );
      return ending && spare >= 2 && !mine.assets.length ? 5.5 : -6;
    }
    default:
      return -2 - cost;
  }
}

const DEFENSE_INDEX = new Map<DefenseChoice, number>([
  ['none', 0],
  ...DEFENSES.map((d, i): [DefenseChoice, number] => [d, i + 1]),
]);

/** A number naming a plan's defense half (its defense and parameter) for the score cache. */
function defenseKey(p: Plan): number {
  const param = p.suspect ?? p.partners?.[0] ?? p.position ?? p.banner?.redirect ?? 99;
  return DEFENSE_INDEX.get(p.defense)! * 1000 + param;
}

export const sameOffense = (x: Plan, y: Plan) =>
  x.offense === y.offense &&
  x.target === y.target &&
  x.target2 === y.target2 &&
  x.enhance === y.enhance &&
  x.useGadget === y.useGadget &&
  x.defenseGuess === y.defenseGuess;

/**
 * How much the bot varies its plans (0 = the old bot: near-deterministic). Noise of this size on each
 * half's score makes it draw among the good plans (those within a few points of the best), so two
 * matches do not open alike and bots at one table rarely make the same attack on the same agent;
 * the clearly better moves (a capture, cutting a network of two) still win. Drawn from the seeded
 * `random` the platform passes, so replays stay exact.
 */
const OFFENSE_NOISE = 3.5;
const DEFENSE_NOISE = 3;

/** A plan action with the bot's score for it (both halves, noise included). */
export interface ScoredPlan {
  a: JamesBlandAction & { type: 'plan' };
  score: number;
}

/**
 * The bot's score for every listed plan, in the legal list's order. The seeded noise is drawn in
 * that order (one draw per offense half, one per new defense half), so the normal bot's choice (the
 * first best) is the same whoever reads the list.
 */
export function scorePlans(
  v: View,
  legal: JamesBlandAction[],
  random: () => number,
  variety: number,
): ScoredPlan[] {
  const me = v.private!.seat;
  const offNoise = 0.5 + variety * OFFENSE_NOISE;
  const defNoise = 2 + variety * DEFENSE_NOISE;
  const favoured = variety > 0 ? favouredTarget(v.public, me, random) : -1;
  const out: ScoredPlan[] = [];
  // The legal list crosses offense and defense halves (offense by offense): score each half once.
  const defScores = new Map<number, number>();
  let lastOffense: Plan | null = null;
  let offScore = 0;
  for (const a of legal) {
    if (a.type !== 'plan') continue;
    const p = a.plan;
    if (!lastOffense || !sameOffense(lastOffense, p)) {
      offScore = offenseScore(v, p, me, variety, favoured) + random() * offNoise;
      lastOffense = p;
    }
    const key = defenseKey(p);
    let defScore = defScores.get(key);
    // Defenses get more noise: a spy who always hides the same way is easy to read.
    if (defScore === undefined) defScores.set(key, (defScore = defenseScore(v, p, me) + random() * defNoise));
    out.push({ a, score: offScore + defScore });
  }
  return out;
}

function planPick(
  v: View,
  legal: JamesBlandAction[],
  random: () => number,
  variety: number,
): JamesBlandAction {
  let best: ScoredPlan | null = null;
  for (const x of scorePlans(v, legal, random, variety)) if (!best || x.score > best.score) best = x;
  return best?.a ?? legal[0]!;
}

function cheapestAsset(pub: JamesBlandPublic): AssetId | null {
  const free = ASSETS.filter((id) => pub.assets[id] === null).sort(
    (a, b) => ASSET_SPECS[a].cost - ASSET_SPECS[b].cost || ASSET_SPECS[b].yield - ASSET_SPECS[a].yield,
  );
  return free[0] ?? null;
}

/**
 * Hard: the free assets to buy now for the most income with the IP at hand (a small knapsack over
 * at most five assets), best yield first; the cheapest-first rule of `normal` often leaves the IP
 * for the big yields unspent. In the full game Network Control needs three assets, so there the
 * most assets come first and income breaks ties.
 */
export function bestAssetBuy(pub: JamesBlandPublic, ip: number): AssetId | null {
  const free = ASSETS.filter((id) => pub.assets[id] === null);
  const countFirst = pub.mode === 'full';
  let best: { set: AssetId[]; key: number; cost: number } = { set: [], key: 0, cost: 0 };
  for (let mask = 1; mask < 1 << free.length; mask++) {
    const set = free.filter((_, i) => mask & (1 << i));
    const cost = set.reduce((t, id) => t + ASSET_SPECS[id].cost, 0);
    const yld = set.reduce((t, id) => t + ASSET_SPECS[id].yield, 0);
    const key = (countFirst ? set.length * 100 : 0) + yld;
    if (cost > ip) continue;
    if (key > best.key || (key === best.key && cost < best.cost)) best = { set, key, cost };
  }
  return best.set.sort((a, b) => ASSET_SPECS[b].yield - ASSET_SPECS[a].yield)[0] ?? null;
}

function adapt(v: View, legal: JamesBlandAction[], level: BotLevel = 'normal'): JamesBlandAction {
  const pub = v.public;
  const priv = v.private!;
  const me = priv.seat;
  const mine = pub.agents[me]!;
  const has = (want: JamesBlandAction) => legal.find((a) => sameAction(a, want));
  const pick = (...wants: JamesBlandAction[]) => wants.map(has).find((a) => a !== undefined);
  const others = pub.agents.map((_, i) => i).filter((i) => i !== me && inPlay(pub.agents[i]!.status));
  const feared = others.slice().sort((a, b) => threat(pub, b) - threat(pub, a));

  const esc = pick({ type: 'escape' });
  if (esc) return esc;
  // The Mailman delivers a card at once: when that finishes a full dossier, it wins the match.
  if (dossierWithinReach(v, priv.ip)) {
    const mail = pick({ type: 'bribe', npc: 'mailman' });
    if (mail) return mail;
  }
  if (mine.status === 'eliminated')
    return pick({ type: 'haunt', target: feared[0] ?? -1 }) ?? { type: 'ready' };
  const recoverCost = RECOVER_COST[mine.status];
  if (recoverCost !== undefined && (mine.status === 'burned' || priv.ip >= recoverCost + 2)) {
    const rec = pick({ type: 'recover' });
    if (rec) return rec;
  }
  const asset = level === 'hard' ? bestAssetBuy(pub, priv.ip) : cheapestAsset(pub);
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
  // Coordinated Operations: join a partner's; propose one on the leader to a partner when rich.
  for (const a of legal)
    if (a.type === 'acceptCoordination' && priv.ip >= 4 && partnersOf(pub, me).includes(a.from)) return a;
  const partner = partnersOf(pub, me).find((p) => inPlay(pub.agents[p]!.status));
  if (
    partner !== undefined &&
    leader !== undefined &&
    leader !== partner &&
    priv.ip >= 6 &&
    !priv.coordination
  ) {
    const co = pick({ type: 'offerCoordination', to: partner, target: leader });
    if (co) return co;
  }
  for (const g of priv.gadgets)
    if (g.tapped && priv.ip >= 3) {
      const r = pick({ type: 'recharge', gadget: g.id });
      if (r) return r;
    }
  // Hard keeps its IP while a dossier race is on (or won): equal dossiers at the round's end go to
  // the higher IP, and a gadget bought then is IP thrown away.
  const racing = [...missingFacts(v).values()].reduce((a, b) => a + b, 0) <= 1 + (pub.mode === '1v1' ? 1 : 0);
  if (priv.ip >= 8 && !(level === 'hard' && racing)) {
    const g = pick(
      { type: 'buyGadget', gadget: 'bodyArmor' },
      { type: 'buyGadget', gadget: 'silencedWeapons' },
      ...(priv.gadgets.some((x) => x.id === 'explosivesBox' || x.id === 'anvilDrone')
        ? []
        : ([
            { type: 'buyGadget', gadget: 'jetpackRollerSkates' },
            { type: 'buyGadget', gadget: 'anvilDrone' },
            { type: 'buyGadget', gadget: 'explosivesBox' },
          ] as JamesBlandAction[])),
    );
    if (g) return g;
  }
  return { type: 'ready' };
}

/** A James Bland bot; `variety` 0 is the bot before issue 32 (kept for the bench's before/after). */
export function makeJamesBlandBot({ variety = 1 }: { variety?: number } = {}): JamesBlandBot {
  return {
    decide(view, legal, random, level = 'normal') {
      return decideJb(view, legal, random, variety, level);
    },
  };
}

/** The bots a hard bot's rollouts play (no search inside a search). */
const rolloutPolicy: Policy = (view, legal, random, level) => decideJb(view, legal, random, 1, level, false);

function decideJb(
  view: View,
  legal: JamesBlandAction[],
  random: () => number,
  variety: number,
  level: BotLevel,
  search = true,
): JamesBlandAction {
  const first = legal[0];
  if (!first || !view.private) return first ?? { type: 'ready' };
  if (level === 'easy') return easyDecide(view, legal, random);
  switch (view.public.phase) {
    case 'planning':
      // Hard searches in the full game (botHard.ts); in a duel its edge is the economy below.
      if (level === 'hard' && search && view.public.mode === 'full')
        return hardPlan({ public: view.public, private: view.private }, legal, random, rolloutPolicy);
      return planPick(view, legal, random, variety);
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
      return adapt(view, legal, level);
    case 'showdown':
      return { type: 'showdown', choice: 'assassination' };
    default:
      return first;
  }
}

export const jamesBlandBot: JamesBlandBot = makeJamesBlandBot();
