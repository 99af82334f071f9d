/**
 * Small state helpers shared by the phases: IP with its floor, statuses, Intel Cards, pacts, notes,
 * gadgets.
 */
import type { GameEvent } from '../../core/contract';
import type { Random } from '../../core/rng';
import type { AssetId, Fact, GadgetId, Status } from './data';
import { ASSETS, FACTS, IP_FLOOR, STATUS_RANK } from './data';
import { isLegacy } from './edition';
import type { IntelCard, JamesBlandState, Pact } from './types';

export function inPlay(status: Status): boolean {
  return status === 'active' || status === 'compromised' || status === 'burned';
}

export function livingSeats(s: JamesBlandState): number[] {
  return s.agents.flatMap((a, i) => (inPlay(a.status) ? [i] : []));
}

export function worse(a: Status, b: Status): Status {
  return STATUS_RANK[a] >= STATUS_RANK[b] ? a : b;
}

/** One compromise step from a round-start status (RULINGS 5): Active -> Compromised -> Burned. */
export function compromised(from: Status): Status {
  if (from === 'active') return 'compromised';
  if (from === 'compromised') return 'burned';
  return from;
}

/**
 * Changes IP. IP never goes below the floor (-10); a Burned agent pushed below it is eliminated
 * (design 6.1). Returns true when that elimination happened.
 */
export function addIp(s: JamesBlandState, seat: number, delta: number, reason: string): boolean {
  const a = s.agents[seat]!;
  const raw = a.ip + delta;
  const before = a.ip;
  a.ip = Math.max(IP_FLOOR, raw);
  if (a.ip !== before)
    s.ledger.push({ seq: s.ledgerSeq++, round: s.round, seat, delta: a.ip - before, reason });
  if (raw < IP_FLOOR && a.status === 'burned') {
    a.status = 'eliminated';
    return true;
  }
  return false;
}

export function isExposed(s: JamesBlandState, seat: number): boolean {
  return s.agents[seat]!.exposedUntil >= s.round;
}

export function activePacts(s: JamesBlandState, round = s.round): Pact[] {
  return s.pacts.filter((p) => p.until >= round);
}

export function pactBetween(s: JamesBlandState, a: number, b: number, round = s.round): Pact | undefined {
  return activePacts(s, round).find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
}

export function partnersOf(s: JamesBlandState, seat: number, round = s.round): number[] {
  return activePacts(s, round).flatMap((p) => (p.a === seat ? [p.b] : p.b === seat ? [p.a] : []));
}

export function assetsOf(s: JamesBlandState, seat: number): AssetId[] {
  return ASSETS.filter((id) => s.assets[id] === seat);
}

/**
 * Hands an asset to a new controller during a round: the asset no longer counts as held since the
 * round began, for anyone (Network Control needs the same three assets through the whole round).
 */
export function transferAsset(s: JamesBlandState, asset: AssetId, to: number | null): void {
  s.assets[asset] = to;
  // (Edition 1 has no such record: Network Control looked at the round start and the end only.)
  if (s.heldSinceStart) s.heldSinceStart[asset] = null;
}

/** Readable names of the dossier facts, for notes and screens. */
export const FACT_NAMES: Record<Fact, string> = {
  codename: 'codename',
  safeHouse: 'safe house',
  gadget: 'favourite gadget',
};

export function factValue(s: JamesBlandState, about: number, fact: Fact): string {
  const a = s.agents[about]!;
  return fact === 'codename' ? a.codename : fact === 'safeHouse' ? a.safeHouse : a.favouriteGadget;
}

/** Private notes kept per agent (the oldest are dropped). */
export const MAX_NOTES = 40;

export function note(s: JamesBlandState, seat: number, text: string, events: GameEvent[]): void {
  const notes = s.agents[seat]!.notes;
  notes.push(`Round ${s.round}: ${text}`);
  if (notes.length > MAX_NOTES) notes.splice(0, notes.length - MAX_NOTES);
  events.push({ type: 'intel', text, to: seat, seat });
}

/** The deck: every fact of every agent, one copy per other agent (RULINGS 12). */
export function buildDeck(seats: number, firstUid: number): IntelCard[] {
  const deck: IntelCard[] = [];
  let uid = firstUid;
  for (let about = 0; about < seats; about++)
    for (const fact of FACTS)
      for (let c = 0; c < Math.max(1, seats - 1); c++) deck.push({ uid: uid++, about, fact });
  return deck;
}

/**
 * Draws a card for `seat` (optionally one about a given agent: a Secret Intel Card). Cards about
 * the drawer met on the way are put on the discard pile. When the deck holds no card the agent may
 * draw, the discard pile is shuffled back into it. During a pact, the partner receives a copy.
 * Returns the card, or null when none is left anywhere.
 */
export function drawCard(
  s: JamesBlandState,
  seat: number,
  rnd: Random,
  events: GameEvent[],
  about?: number,
): IntelCard | null {
  const legacy = isLegacy(s);
  for (let guard = 0; guard < 2; guard++) {
    if (legacy && s.deck.length === 0 && s.discard.length > 0) {
      // Edition 1 refilled only an empty deck (from the discard pile alone).
      s.deck = rnd.shuffle(s.discard);
      s.discard = [];
    }
    const i = s.deck.findIndex((c) => (about === undefined ? c.about !== seat : c.about === about));
    if (i < 0 && legacy) continue;
    if (i < 0) {
      // Nothing this agent may draw is left in the deck: the discard pile is shuffled back in.
      if (s.discard.length === 0) return null;
      s.deck = rnd.shuffle([...s.deck, ...s.discard]);
      s.discard = [];
      continue;
    }
    const skipped = about === undefined ? s.deck.slice(0, i) : [];
    const card = s.deck[i]!;
    s.deck = about === undefined ? s.deck.slice(i + 1) : s.deck.filter((_, k) => k !== i);
    s.discard.push(...skipped);
    giveCard(s, seat, { uid: card.uid, about: card.about, fact: card.fact }, events);
    return card;
  }
  return null;
}

/** Puts a card in a hand and shares a copy with every pact partner (design 6.5). */
export function giveCard(s: JamesBlandState, seat: number, card: IntelCard, events: GameEvent[]): void {
  s.agents[seat]!.cards.push(card);
  note(
    s,
    seat,
    `Intel Card: ${s.names[card.about]}'s ${isLegacy(s) ? card.fact : FACT_NAMES[card.fact]} is ${factValue(s, card.about, card.fact)}`,
    events,
  );
  if (isCopy(card)) return;
  for (const p of activePacts(s)) {
    const partner = p.a === seat ? p.b : p.b === seat ? p.a : -1;
    if (partner < 0 || partner === card.about || !inPlay(s.agents[partner]!.status)) continue;
    const shared: IntelCard = { uid: s.nextUid++, about: card.about, fact: card.fact, sharedVia: p.id };
    // Edition 1 knew a copy by its pact alone.
    if (!isLegacy(s)) shared.copy = true;
    s.agents[partner]!.cards.push(shared);
  }
}

/** Is this card a copy (not one of the deck's own cards)? */
export function isCopy(c: IntelCard): boolean {
  return c.copy === true || c.sharedVia !== undefined;
}

/** Puts cards that leave play on the discard pile: the deck's own cards only, never copies. */
export function discardCards(s: JamesBlandState, cards: IntelCard[]): void {
  for (const c of cards) if (!isCopy(c)) s.discard.push({ uid: c.uid, about: c.about, fact: c.fact });
}

/** Removes cards from a hand (spent as currency): real cards go to the discard pile, copies vanish. */
export function spendCards(s: JamesBlandState, seat: number, n: number): void {
  const a = s.agents[seat]!;
  discardCards(s, a.cards.splice(0, n));
}

/** Has `seat` a full dossier (all three facts, as held Intel Cards) on `about`? */
export function fullDossier(s: JamesBlandState, seats: number[], about: number): boolean {
  const known = new Set<Fact>();
  for (const seat of seats) for (const c of s.agents[seat]!.cards) if (c.about === about) known.add(c.fact);
  return known.size === FACTS.length;
}

/** Takes a gadget off the agent (spent); false when it had none. */
export function removeGadget(s: JamesBlandState, seat: number, id: GadgetId): boolean {
  const g = s.agents[seat]!.gadgets;
  const i = g.findIndex((x) => x.id === id);
  if (i < 0) return false;
  g.splice(i, 1);
  return true;
}

/** Taps an untapped gadget of the agent (used this round). */
export function tapGadget(s: JamesBlandState, seat: number, id: GadgetId): void {
  const g = s.agents[seat]!.gadgets.find((x) => x.id === id && !x.tapped);
  if (g) g.tapped = true;
}
