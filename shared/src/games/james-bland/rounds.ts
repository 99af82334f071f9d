/**
 * The round cycle: Planning closes (all submitted or the deadline) -> Reveal -> Banner answers (if a
 * banner caster was targeted) -> Combat and cascading effects -> Adaptation -> end of round (capture
 * release, pacts expire, victory check) -> next round's income -> Planning.
 */
import type { GameEvent } from '../../core/contract';
import { Random } from '../../core/rng';
import { ASSET_SPECS, BASE_INCOME, INCOME_PERCENT, OFFENSE_SPECS } from './data';
import { collectAttacks, resolveRound } from './resolve';
import { addIp, assetsOf, compromised, drawCard, inPlay, isExposed } from './state';
import type { JamesBlandState } from './types';
import { isLegacy } from './edition';
import { checkVictory } from './victory';

/** The income an agent will receive at the next round start (RULINGS 7). */
export function incomeOf(s: JamesBlandState, seat: number): number {
  const a = s.agents[seat]!;
  if (!inPlay(a.status) || a.noIncome) return 0;
  const base = BASE_INCOME + assetsOf(s, seat).reduce((n, id) => n + ASSET_SPECS[id].yield, 0);
  const scaled = Math.floor((base * INCOME_PERCENT[a.status]) / 100);
  return a.incomeHalved ? Math.floor(scaled / 2) : scaled;
}

/** Seats that must answer in the banner phase: every agent that planned (so no attacker stands out). */
export function bannerTargets(s: JamesBlandState): Map<number, number> {
  const out = new Map<number, number>();
  for (const a of collectAttacks(s)) {
    const p = s.agents[a.target]!.plan;
    if (OFFENSE_SPECS[a.offense].direct && p?.defense === 'informationWarfare' && p.banner)
      out.set(a.attacker, a.target);
  }
  return out;
}

/** All plans are in: reveal them, then ask about banners or resolve at once. */
export function closePlanning(s: JamesBlandState, rnd: Random, events: GameEvent[]): void {
  // Shown in an order that depends only on what is shown (ties shuffled), never on seats.
  const attacks = rnd
    .shuffle(collectAttacks(s))
    .sort(
      (x, y) =>
        x.target - y.target || x.offense.localeCompare(y.offense) || (x.target2 ?? -1) - (y.target2 ?? -1),
    );
  s.revealAttackers = attacks.map((a) => a.attacker);
  // An attacker who is Exposed is shown at once (RULINGS 8).
  for (const a of attacks) if (isExposed(s, a.attacker)) a.shown.attacker = a.attacker;
  s.reveal = {
    round: s.round,
    offenses: attacks.map((a) => a.shown),
    absent: s.agents.flatMap((a, i) => (a.plan ? [] : [i])),
    defenses: s.agents.flatMap((a, i) => (a.plan ? [{ seat: i, defense: a.plan.defense }] : [])),
    banners: s.agents.flatMap((a, i) =>
      a.plan?.defense === 'informationWarfare' && a.plan.banner
        ? [{ caster: i, text: a.plan.banner.text, redirect: a.plan.banner.redirect }]
        : [],
    ),
  };
  events.push({
    type: 'reveal',
    text: `Round ${s.round} revealed: ${s.reveal.offenses.map((o) => `${OFFENSE_SPECS[o.offense].name} on ${s.names[o.target]}`).join(', ') || 'no operations'}`,
  });
  for (const b of s.reveal.banners)
    events.push({ type: 'banner', seat: b.caster, text: `A biplane flies over: "${b.text}"` });
  if (bannerTargets(s).size > 0) {
    s.phase = 'banner';
    for (const a of s.agents) a.bannerAnswer = a.plan ? null : false;
    return;
  }
  combat(s, rnd, events);
}

/** Combat, cascading effects, then the Adaptation Phase. */
export function combat(s: JamesBlandState, rnd: Random, events: GameEvent[]): void {
  resolveRound(s, rnd, events);
  s.phase = 'adaptation';
  s.offers = [];
  for (const a of s.agents) a.ready = false;
}

/** Everyone is ready: end the round, check victory, start the next one. */
export function endRound(s: JamesBlandState, rnd: Random, events: GameEvent[]): void {
  const r = s.round;
  s.agents.forEach((a, i) => {
    if (a.status === 'captured' && a.capturedRound !== null && a.capturedRound < r) {
      a.status = 'burned';
      a.capturedRound = null;
      a.captures++;
      events.push({ type: 'status', seat: i, text: `${s.names[i]} is released, Burned` });
    }
  });
  s.pacts = s.pacts.filter((p) => p.until > r);
  s.offers = [];
  s.coordinations = s.coordinations.filter((c) => c.round > r);
  if (checkVictory(s, rnd, events)) return;
  startRound(s, rnd, events);
}

export function startRound(s: JamesBlandState, rnd: Random, events: GameEvent[]): void {
  s.round++;
  if (isLegacy(s)) s.assetsAtStart = { ...s.assets };
  else s.heldSinceStart = { ...s.assets };
  // The ledger keeps the last full round and the current one.
  s.ledger = s.ledger.filter((e) => e.round >= s.round - 1);
  s.agents.forEach((a, i) => {
    if (a.timeBomb && inPlay(a.status)) {
      a.status = compromised(a.status);
      addIp(s, i, -2, 'time-bomb beetle');
      events.push({ type: 'status', seat: i, text: `A Time-Bomb Beetle goes off under ${s.names[i]}` });
    }
    a.timeBomb = false;
    const income = incomeOf(s, i);
    if (income) addIp(s, i, income, 'income');
    if (!isLegacy(s)) a.incomeThisRound = income;
    if (a.pendingIp && inPlay(a.status)) addIp(s, i, a.pendingIp, 'misinformation payoff');
    a.pendingIp = 0;
    a.incomeHalved = false;
    if (isLegacy(s)) a.noIncome = false;
    a.plan = null;
    a.ready = false;
    a.bannerAnswer = null;
    if (!inPlay(a.status)) drawCard(s, i, rnd, events);
  });
  // Bugs: each planter learns something about the bugged agent every round.
  s.agents.forEach((a, i) => {
    if (!inPlay(a.status)) return;
    for (const spy of a.buggedBy) if (inPlay(s.agents[spy]!.status)) drawCard(s, spy, rnd, events, i);
  });
  s.phase = 'planning';
  s.windowSeq++;
  events.push({ type: 'round', text: `Round ${s.round}: planning` });
}

export function rngOf(s: JamesBlandState): Random {
  return new Random(s.rng);
}
