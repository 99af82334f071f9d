/**
 * The single place that decides hidden information.
 *
 * Public (everyone, spectators included): names, statuses, Exposed/Bugged/Stuck markers, capture
 * counts, who has submitted or is ready, asset control, pacts and pact offers, codenames only while
 * an Exposure has them revealed, gadgets revealed by a Preemptive Strike, and - only after the
 * reveal - the round's offenses (type, target, result; the attacker only when identified,
 * RULINGS 8), defenses and banners.
 * Private (the seat only): IP, codename, safe house, favourite gadget, Master Plan, gadgets, Intel
 * Cards and the dossier they make, the seat's own plan, its notes, its Coordinated Operation, its
 * banner prompt and its Camera Networks view.
 * Never sent: other seats' plans before the reveal, the deck, the rng, the ledger (a seat sees its
 * own IP moves of this round and the last only).
 */
import type { GameView, Viewer } from '../../core/contract';
import type { Fact, OffenseId } from './data';
import { FACTS, GADGET_SPECS, OFFENSE_SPECS } from './data';
import { dossierTargets, heldThroughRound } from './victory';
import { bannerTargets } from './rounds';
import { assetsOf, factValue, isExposed } from './state';
import { planningMs } from './timeouts';
import { fortressForfeit } from './planning';
import { toAct } from './rules';
import type { DossierEntry, JamesBlandPrivate, JamesBlandPublic, JamesBlandState } from './types';

export function publicView(s: JamesBlandState): JamesBlandPublic {
  return {
    mode: s.mode,
    round: s.round,
    roundLimit: s.options.roundLimit,
    phase: s.phase,
    planningMs: planningMs(s),
    agents: s.agents.map((a, i) => ({
      name: s.names[i]!,
      status: a.status,
      exposed: isExposed(s, i),
      bugged: a.buggedBy.length > 0,
      stuck: a.stuckRound === s.round || a.stuckRound === s.round + 1,
      ghost: a.status === 'eliminated',
      captures: a.captures,
      submitted: s.phase === 'planning' ? a.plan !== null : false,
      ready: s.phase === 'adaptation' ? a.ready : false,
      assets: assetsOf(s, i),
      codename: a.codenameRevealedUntil >= s.round ? a.codename : null,
      revealedGadgets: a.revealedGadgets.slice(),
      factsMissing: factsMissing(s, i),
      networkHeld: heldThroughRound(s, i),
    })),
    assets: { ...s.assets },
    pacts: s.pacts.filter((p) => p.until >= s.round).map((p) => ({ a: p.a, b: p.b, until: p.until })),
    offers: s.offers.filter((o) => o.kind === 'pact').map((o) => ({ ...o })),
    reveal: s.reveal ? structuredClone(s.reveal) : null,
    bannerWaiting: s.phase === 'banner' ? toAct(s) : [],
    showdown: s.showdown
      ? {
          seats: [...s.showdown.seats],
          chosen: [s.showdown.choices[0] !== null, s.showdown.choices[1] !== null],
        }
      : null,
    winners: s.winners.slice(),
    summary: s.summary,
  };
}

/** The facts `seat` still lacks, as held cards, on every other Active agent (null: none to collect). */
export function factsMissing(s: JamesBlandState, seat: number): number | null {
  const targets = dossierTargets(s, [seat]);
  if (targets.length === 0) return null;
  let missing = 0;
  for (const about of targets) {
    const known = new Set(s.agents[seat]!.cards.filter((c) => c.about === about).map((c) => c.fact));
    missing += FACTS.length - known.size;
  }
  return missing;
}

export function dossierOf(s: JamesBlandState, seat: number): (DossierEntry | null)[] {
  return s.agents.map((a, about) => {
    if (about === seat) return null;
    const known = (f: Fact) =>
      s.agents[seat]!.cards.some((c) => c.about === about && c.fact === f) ? factValue(s, about, f) : null;
    return {
      codename: known('codename') ?? (a.codenameRevealedUntil >= s.round ? a.codename : null),
      safeHouse: known('safeHouse'),
      gadget: known('gadget'),
    };
  });
}

export function privateView(s: JamesBlandState, seat: number): JamesBlandPrivate {
  const me = s.agents[seat]!;
  const cam = me.gadgets.find((g) => g.id === 'cameraNetworks' && g.readyRound <= s.round);
  const watched = me.cameraTarget !== null ? s.agents[me.cameraTarget] : undefined;
  return {
    seat,
    ip: me.ip,
    codename: me.codename,
    safeHouse: me.safeHouse,
    favouriteGadget: me.favouriteGadget,
    masterPlan: me.masterPlan,
    gadgets: me.gadgets.map((g) => ({
      id: g.id,
      tapped: g.tapped,
      ready: !g.tapped && g.readyRound <= s.round,
    })),
    cards: me.cards.map((c) => ({ about: c.about, fact: c.fact, value: factValue(s, c.about, c.fact) })),
    dossier: dossierOf(s, seat),
    plan: me.plan ? structuredClone(me.plan) : null,
    notes: me.notes.slice(-30),
    bannerPrompt: s.phase === 'banner' && me.bannerAnswer === null && bannerTargets(s).has(seat),
    // Camera Networks (design 6.2): the one sanctioned peek at a plan before the reveal.
    cameraView:
      cam && watched?.plan && s.phase === 'planning'
        ? { seat: me.cameraTarget!, defense: watched.plan.defense }
        : null,
    coordination: s.coordinations.find((c) => c.a === seat || c.b === seat) ?? null,
    ipMoves: ipMoves(s, seat),
    fortressForfeit: fortressForfeit(s, seat),
  };
}

/** The ledger's reasons in words (an offense id is the IP its outcome moved). */
const reasonText = (reason: string): string =>
  Object.hasOwn(OFFENSE_SPECS, reason) ? OFFENSE_SPECS[reason as OffenseId].name : reason;

/** A seat's own IP moves of this round and the last (its debt's reasons, when it is in debt). */
function ipMoves(s: JamesBlandState, seat: number): string[] {
  const out: string[] = [];
  for (let k = s.ledger.length - 1; k >= 0 && out.length < 8; k--) {
    const e = s.ledger[k]!;
    if (e.round < s.round - 1) break;
    if (e.seat === seat)
      out.push(`Round ${e.round}: ${e.delta > 0 ? '+' : ''}${e.delta} IP, ${reasonText(e.reason)}`);
  }
  return out.reverse();
}

export function view(s: JamesBlandState, viewer: Viewer): GameView<JamesBlandPublic, JamesBlandPrivate> {
  const pub = publicView(s);
  if (viewer < 0 || viewer >= s.agents.length) return { public: pub, private: null };
  return { public: pub, private: privateView(s, viewer) };
}

/** For the client's gadget shop. */
export const gadgetName = (id: keyof typeof GADGET_SPECS) => GADGET_SPECS[id].name;
