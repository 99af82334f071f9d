/**
 * A full James Bland state consistent with one seat's view, for the hard bot's rollouts. Everything
 * public is copied (statuses, markers, assets and how long each network has been held, pacts, the
 * last reveal), and the seat's own record from its private view. What the seat cannot know is dealt
 * at random: the other agents' IP (guessed from their income), their secret identities (the values
 * its own cards have not shown it), their Master Plans, their Intel Cards (as many distinct facts as
 * the public "secrets missing" count says), the deck's order, and who made each unidentified attack.
 * Other agents' plans are left open: in a rollout their own policy makes them. Nothing here reads
 * anything but the view.
 */
import { Random, keySeedFrom, seedRng } from '../../core/rng';
import type { AssetId, Fact } from './data';
import { ASSETS, ASSET_SPECS, BASE_INCOME, CODENAMES, FACTS, FAVOURITE_GADGETS, SAFE_HOUSES } from './data';
import { LATEST_EDITION } from './edition';
import { MASTER_PLANS, plansFor } from './plans';
import { newAgent } from './setup';
import { buildDeck } from './state';
import type {
  Agent,
  IntelCard,
  JamesBlandPrivate,
  JamesBlandPublic,
  JamesBlandState,
  Pact,
  PublicAgent,
} from './types';

export type SeatView = { public: JamesBlandPublic; private: JamesBlandPrivate };

const FACT_POOLS: Record<Fact, readonly string[]> = {
  codename: CODENAMES,
  safeHouse: SAFE_HOUSES,
  gadget: FAVOURITE_GADGETS,
};

/** What the seat knows of each agent's secret identity: its own, and the values its cards show. */
function knownFacts(v: SeatView): Map<number, Partial<Record<Fact, string>>> {
  const priv = v.private;
  const known = new Map<number, Partial<Record<Fact, string>>>();
  known.set(priv.seat, { codename: priv.codename, safeHouse: priv.safeHouse, gadget: priv.favouriteGadget });
  v.public.agents.forEach((a, i) => {
    if (i !== priv.seat && a.codename) known.set(i, { ...known.get(i), codename: a.codename });
  });
  for (const c of priv.cards) known.set(c.about, { ...known.get(c.about), [c.fact]: c.value });
  return known;
}

/** Each agent's identity: known values kept, the others dealt from the values nobody is known to have. */
function dealIdentities(v: SeatView, rng: Random): Record<Fact, string>[] {
  const known = knownFacts(v);
  const n = v.public.agents.length;
  const out: Record<Fact, string>[] = Array.from({ length: n }, () => ({
    codename: '',
    safeHouse: '',
    gadget: '',
  }));
  for (const fact of FACTS) {
    const taken = new Set<string>();
    for (const k of known.values()) if (k[fact]) taken.add(k[fact]!);
    const free = rng.shuffle(FACT_POOLS[fact].filter((x) => !taken.has(x)));
    for (let i = 0; i < n; i++) out[i]![fact] = known.get(i)?.[fact] ?? free.shift() ?? FACT_POOLS[fact][0]!;
  }
  return out;
}

/** The income an agent shows: base income and its assets' yields (statuses scale it; a guess will do). */
const shownIncome = (a: PublicAgent) =>
  BASE_INCOME + a.assets.reduce((n, id) => n + ASSET_SPECS[id].yield, 0);

/**
 * A rival's IP, unknown to the seat: its shown income plus a few, never below 0. The same for the
 * seat's every candidate (the worlds are shared), so a wrong guess does not favour one plan.
 */
function guessIp(a: PublicAgent, rng: Random): number {
  return shownIncome(a) + rng.int(0, 4);
}

/** The deck's cards not in the hands dealt: what is left, shuffled (the discard pile folded in). */
function restOfDeck(n: number, hands: IntelCard[][], rng: Random): IntelCard[] {
  const held = new Map<string, number>();
  for (const hand of hands)
    for (const c of hand) held.set(`${c.about}:${c.fact}`, (held.get(`${c.about}:${c.fact}`) ?? 0) + 1);
  const rest = buildDeck(n, 1).filter((c) => {
    const k = `${c.about}:${c.fact}`;
    const h = held.get(k) ?? 0;
    if (h <= 0) return true;
    held.set(k, h - 1);
    return false;
  });
  return rng.shuffle(rest);
}

/**
 * Cards for a rival: as many distinct facts about the other Active agents as it is known to hold
 * (the public count of its missing secrets), drawn at random among those facts.
 */
function dealHand(v: SeatView, seat: number, rng: Random): IntelCard[] {
  const a = v.public.agents[seat]!;
  if (a.factsMissing === null) return [];
  const targets = v.public.agents.flatMap((x, i) => (i !== seat && x.status === 'active' ? [i] : []));
  const facts = rng.shuffle(targets.flatMap((about) => FACTS.map((fact) => ({ about, fact }))));
  const held = Math.max(0, facts.length - a.factsMissing);
  return facts.slice(0, held).map((f) => ({ uid: 0, about: f.about, fact: f.fact }));
}

/** Who held which asset since the round began: each agent's first `networkHeld` assets (the count is public). */
function heldSinceStart(pub: JamesBlandPublic): Record<AssetId, number | null> {
  const since = Object.fromEntries(ASSETS.map((id) => [id, null])) as Record<AssetId, number | null>;
  pub.agents.forEach((a, i) => {
    for (const id of a.assets.slice(0, a.networkHeld)) since[id] = i;
  });
  return since;
}

/** A state the seat cannot tell from the real one (as far as its view goes); `random` deals the rest. */
export function determinize(v: SeatView, random: () => number): JamesBlandState {
  const pub = v.public;
  const priv = v.private;
  const me = priv.seat;
  const rng = new Random(seedRng(keySeedFrom(random)));
  const n = pub.agents.length;
  const ids = dealIdentities(v, rng);
  const others = n === 2 ? MASTER_PLANS : plansFor(n);
  const plans = rng.shuffle(others.filter((p) => p !== priv.masterPlan));
  const hands: IntelCard[][] = pub.agents.map((_, i) =>
    i === me ? priv.cards.map((c) => ({ uid: 0, about: c.about, fact: c.fact })) : dealHand(v, i, rng),
  );
  const round = pub.round;
  const agents: Agent[] = pub.agents.map((p, i) => {
    const own = i === me;
    const a = newAgent({
      codename: ids[i]!.codename,
      safeHouse: ids[i]!.safeHouse,
      favouriteGadget: ids[i]!.gadget,
      masterPlan: own ? priv.masterPlan : (plans[i % Math.max(1, plans.length)] ?? priv.masterPlan),
      ip: own ? priv.ip : guessIp(p, rng),
    });
    a.status = p.status;
    a.exposedUntil = p.exposed ? round : 0;
    a.codenameRevealedUntil = p.codename ? round : 0;
    a.stuckRound = p.stuck ? round : 0;
    a.captures = p.captures;
    a.capturedRound = p.status === 'captured' ? round - 1 : null;
    a.ready = p.ready;
    a.revealedGadgets = p.revealedGadgets.slice();
    a.cards = hands[i]!;
    if (p.bugged) {
      // Someone planted a bug; the seat knows only that one is there.
      const planters = pub.agents.map((_, k) => k).filter((k) => k !== i && k !== me);
      a.buggedBy = [planters.length ? rng.pick(planters) : me];
    }
    const gadgets = own
      ? priv.gadgets.map((g) => ({ id: g.id, tapped: g.tapped, ready: g.ready }))
      : p.revealedGadgets.map((id) => ({ id, tapped: false, ready: true }));
    a.gadgets = gadgets.map((g, k) => ({
      uid: 10_000 + i * 100 + k,
      id: g.id,
      tapped: g.tapped,
      readyRound: g.ready || g.tapped ? 1 : round + 1,
    }));
    if (own) {
      a.plan = priv.plan ? structuredClone(priv.plan) : null;
    }
    return a;
  });
  let uid = 1;
  const deck = restOfDeck(n, hands, rng).map((c) => ({ ...c, uid: uid++ }));
  for (const a of agents) for (const c of a.cards) c.uid = uid++;
  const pacts: Pact[] = pub.pacts.map((p, k) => ({ id: k + 1, a: p.a, b: p.b, until: p.until }));
  const reveal = pub.reveal ? structuredClone(pub.reveal) : null;
  // An unidentified attacker: one of the agents it could have been.
  const revealAttackers =
    reveal?.offenses.map((o) => {
      if (o.attacker !== null) return o.attacker;
      const could = pub.agents.map((_, k) => k).filter((k) => k !== o.target);
      return rng.pick(could);
    }) ?? [];
  return {
    options: { planningSeconds: 0, roundLimit: pub.roundLimit, edition: LATEST_EDITION },
    mode: pub.mode,
    names: pub.agents.map((a) => a.name),
    round,
    phase: pub.phase,
    agents,
    assets: { ...pub.assets },
    heldSinceStart: heldSinceStart(pub),
    pacts,
    nextPactId: pacts.length + 1,
    offers: pub.offers.map((o) => ({ ...o })),
    coordinations: priv.coordination ? [{ ...priv.coordination }] : [],
    deck,
    discard: [],
    nextUid: uid,
    reveal,
    revealAttackers,
    showdown: pub.showdown
      ? { seats: [pub.showdown.seats[0], pub.showdown.seats[1]], choices: [null, null] }
      : null,
    winners: pub.winners.slice(),
    summary: pub.summary,
    ledger: [],
    ledgerSeq: 0,
    windowSeq: 0,
    rng: rng.state,
  };
}
