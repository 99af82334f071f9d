/**
 * Combat resolution and cascading effects (design 2, RULINGS 8-11). Runs once per round after the
 * reveal and the banner answers: plan costs, Alliance Building, Preemptive Strikes, banner redirects,
 * betrayals, then every attack in resolution order against the Interaction Matrix, then witness
 * bonuses, statuses (the worst wins), markers and Coordinated Operations.
 */
import type { GameEvent } from '../../core/contract';
import type { Random } from '../../core/rng';
import type { DefenseChoice, GadgetId, OffenseId, Status } from './data';
import {
  BETRAYAL_IP,
  BETRAYAL_LOCKOUT_ROUNDS,
  DEFENSE_SPECS,
  EXPOSED_ROUNDS,
  CODENAME_REVEAL_ROUNDS,
  FALSE_IDENTITY_CHARGE,
  GADGET_SPECS,
  OFFENSE_SPECS,
  PACT_ROUNDS,
  ASSET_SPECS,
} from './data';
import type { Outcome } from './matrix';
import { INTERCEPT_IP, matrixFor, misinfoCounteredFor, NEUTRALISE_IP } from './matrix';
import { isLegacy } from './edition';
import { attackCell, rollModifier, type AttackSituation } from './odds';
import { hasGadget, planCost } from './planning';
import {
  addIp,
  assetsOf,
  compromised,
  discardCards,
  drawCard,
  FACT_NAMES,
  giveCard,
  isCopy,
  inPlay,
  isExposed,
  note,
  pactBetween,
  transferAsset,
  worse,
} from './state';
import type { IntelCard, JamesBlandState, Plan, RevealedOffense } from './types';

const withArticle = (name: string) => `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
const defenseLabel = (d: DefenseChoice) => (d === 'none' ? 'no defense' : DEFENSE_SPECS[d].name);
/** Notes are part of the state: edition 1 keeps its older wording (ids, "a Exposure"). */
const defenseText = (s: JamesBlandState, d: DefenseChoice) => (isLegacy(s) ? d : defenseLabel(d));
const offenseText = (s: JamesBlandState, name: string) => (isLegacy(s) ? `a ${name}` : withArticle(name));
/** A copy's tag (edition 2; edition 1 knew copies only by their pact). */
const copyTag = (s: JamesBlandState, c: IntelCard): IntelCard => (isLegacy(s) ? c : { ...c, copy: true });

export interface Attack {
  attacker: number;
  plan: Plan;
  offense: OffenseId;
  target: number;
  target2: number | null;
  cancelled: boolean;
  betrayal: boolean;
  /** Index into the reveal's offense list. */
  shown: RevealedOffense;
}

/** Resolution order (RULINGS 10): initiative (Jetpack Roller Skates on Mobile Operations), IP spent, seat. */
export function initiative(s: JamesBlandState, a: Attack): number {
  return a.plan.defense === 'mobileOperations' && hasGadget(s, a.attacker, 'jetpackRollerSkates', false)
    ? 1
    : 0;
}

export function attackOrder(s: JamesBlandState, attacks: Attack[]): Attack[] {
  return attacks
    .slice()
    .sort(
      (x, y) =>
        initiative(s, y) - initiative(s, x) || planCost(y.plan) - planCost(x.plan) || x.attacker - y.attacker,
    );
}

function removeGadget(s: JamesBlandState, seat: number, id: GadgetId): boolean {
  const g = s.agents[seat]!.gadgets;
  const i = g.findIndex((x) => x.id === id);
  if (i < 0) return false;
  g.splice(i, 1);
  return true;
}

function tap(s: JamesBlandState, seat: number, id: GadgetId): void {
  const g = s.agents[seat]!.gadgets.find((x) => x.id === id && !x.tapped);
  if (g) g.tapped = true;
}

/** Per-round bookkeeping of the resolution. */
interface Round {
  start: Status[];
  startExposed: boolean[];
  afterCosts: number[];
  hits: Status[][];
  exposed: Set<number>;
  stuck: Set<number>;
  used: Set<string>;
  gains: number[];
  attackedOutcomes: boolean[][];
  honeypotSprung: Set<number>;
  charged: Set<number>;
}

export function effectiveDefense(
  s: JamesBlandState,
  seat: number,
  cancelledStrike: Set<number>,
): DefenseChoice {
  const p = s.agents[seat]!.plan;
  if (!p) return 'none';
  if (p.defense === 'preemptiveStrike' && cancelledStrike.has(seat)) return 'none';
  return p.defense;
}

/** Collects the round's attacks (before redirects) from the submitted plans. */
export function collectAttacks(s: JamesBlandState): Attack[] {
  const out: Attack[] = [];
  s.agents.forEach((a, seat) => {
    const p = a.plan;
    if (!p || p.offense === 'safeTurn' || p.target === undefined) return;
    out.push({
      attacker: seat,
      plan: p,
      offense: p.offense,
      target: p.target,
      target2: p.target2 ?? null,
      cancelled: false,
      betrayal: false,
      shown: {
        offense: p.offense,
        target: p.target,
        target2: p.target2 ?? null,
        attacker: null,
        result: 'pending',
        roll: null,
      },
    });
  });
  return out;
}

export function resolveRound(s: JamesBlandState, rnd: Random, events: GameEvent[]): void {
  const r = s.round;
  const n = s.agents.length;
  const planners = s.agents.flatMap((a, i) => (a.plan ? [i] : []));
  const ctx: Round = {
    start: s.agents.map((a) => a.status),
    startExposed: s.agents.map((_, i) => isExposed(s, i)),
    afterCosts: [],
    hits: s.agents.map(() => []),
    exposed: new Set(),
    stuck: new Set(),
    used: new Set(),
    gains: new Array<number>(n).fill(0),
    attackedOutcomes: s.agents.map(() => []),
    honeypotSprung: new Set(),
    charged: new Set(),
  };
  const startPacts = s.pacts.map((p) => ({ ...p }));
  const pactsAtStart = (seat: number) =>
    startPacts.filter((p) => p.until >= r && (p.a === seat || p.b === seat)).length;

  // 1. Plan costs; Underground hands out a Tunnel Map; Counter-Surveillance remembers its round.
  for (const seat of planners) {
    const p = s.agents[seat]!.plan!;
    addIp(s, seat, -planCost(p), 'plan costs');
    if (p.defense === 'underground') s.agents[seat]!.tunnelMaps++;
    if (p.defense === 'counterSurveillance') s.agents[seat]!.counterSurveillanceRound = r;
    // Disinformation: next round's attacks on this agent may misfire (50%).
    if (p.defense === 'disinformation') s.agents[seat]!.misfireRound = r + 1;
    // ACME Mobile Fortress (design 6.2): "no IP generation that round": this round's income,
    // paid at its start, is forfeited.
    // (Edition 1: the next round's income was lost instead.)
    if (p.fortress) {
      tap(s, seat, 'mobileFortress');
      if (isLegacy(s)) s.agents[seat]!.noIncome = true;
      else {
        const paid = s.agents[seat]!.incomeThisRound ?? 0;
        if (paid > 0) addIp(s, seat, -paid, 'mobile fortress: no income this round');
      }
    }
  }
  ctx.afterCosts = s.agents.map((a) => a.ip);

  const attacks = collectAttacks(s);
  // Results are written into the (shuffled) reveal entries everyone sees.
  for (const a of attacks) {
    const shown = s.reveal?.offenses[s.revealAttackers.indexOf(a.attacker)];
    if (shown) a.shown = shown;
  }
  const attacksBy = new Map(attacks.map((a) => [a.attacker, a]));
  const shownFor = (a: Attack) => a.shown;
  for (const a of attacks) if (ctx.startExposed[a.attacker]) shownFor(a).attacker = a.attacker;

  // 2. Alliance Building: a pact forms between agents who name each other.
  for (const seat of planners) {
    const p = s.agents[seat]!.plan!;
    if (p.defense !== 'allianceBuilding') continue;
    for (const other of p.partners ?? []) {
      const q = s.agents[other]!.plan;
      if (other < seat || q?.defense !== 'allianceBuilding' || !q.partners?.includes(seat)) continue;
      formPact(s, seat, other, r + PACT_ROUNDS, events);
      claimThroughAlliance(s, seat, other, events);
      claimThroughAlliance(s, other, seat, events);
    }
  }

  // 3. Preemptive Strikes resolve first (RULINGS 11).
  const strikeMissed = new Set<number>();
  for (const seat of planners) {
    const p = s.agents[seat]!.plan!;
    if (p.defense !== 'preemptiveStrike' || p.suspect === undefined) continue;
    const hit = attacksBy.get(p.suspect);
    if (
      hit &&
      !hit.cancelled &&
      (hit.target === seat || (hit.offense === 'allianceDisruption' && hit.target2 === seat))
    ) {
      hit.cancelled = true;
      hit.shown.result = 'cancelled';
      hit.shown.attacker = p.suspect;
      addIp(s, p.suspect, -2, 'preemptive strike');
      // Neutralising an attack pays the defender (design 6.1; not in edition 1).
      if (!isLegacy(s)) addIp(s, seat, NEUTRALISE_IP, 'attack neutralised');
      const gadgets = s.agents[p.suspect]!.gadgets;
      const shown = gadgets.length ? rnd.pick(gadgets).id : null;
      if (shown) s.agents[p.suspect]!.revealedGadgets.push(shown);
      events.push({
        type: 'preemptive',
        seat,
        text: `${s.names[seat]}'s Bat-Torpedo stops ${s.names[p.suspect]}${shown ? `, revealing ${GADGET_SPECS[shown].name}` : ''}`,
      });
    } else {
      strikeMissed.add(seat);
      events.push({ type: 'preemptive', seat, text: `${s.names[seat]}'s Bat-Torpedo misses` });
    }
  }

  // 4. Banner redirects for the attackers who believed.
  for (const a of attacks) {
    const caster = s.agents[a.target]!.plan;
    if (
      a.cancelled ||
      !OFFENSE_SPECS[a.offense].direct ||
      caster?.defense !== 'informationWarfare' ||
      !caster.banner
    )
      continue;
    if (s.agents[a.attacker]!.bannerAnswer !== true) continue;
    const to = caster.banner.redirect;
    s.agents[a.target]!.bannersBelieved++;
    if (to !== a.attacker && to !== a.target2 && OFFENSE_SPECS[a.offense].targets.includes(ctx.start[to]!)) {
      note(s, a.attacker, `you believed the banner and went after ${s.names[to]} instead`, events);
      a.target = to;
      a.shown.target = to;
    }
  }

  // 5. Betrayal: attacking a pact partner (pacts in force at round start).
  for (const a of attacks) {
    const pact = startPacts.find(
      (p) =>
        p.until >= r &&
        ((p.a === a.attacker && p.b === a.target) || (p.b === a.attacker && p.a === a.target)),
    );
    if (!pact || a.cancelled) continue;
    a.betrayal = true;
    a.shown.attacker = a.attacker;
    ctx.hits[a.attacker]!.push(compromised(ctx.start[a.attacker]!));
    addIp(s, a.attacker, -BETRAYAL_IP, 'betrayal');
    s.agents[a.attacker]!.noAlliancesUntil = r + BETRAYAL_LOCKOUT_ROUNDS;
    const live = s.pacts.find((p) => p.id === pact.id);
    if (live) live.until = r - 1;
    events.push({
      type: 'betrayal',
      seat: a.attacker,
      text: `${s.names[a.attacker]} betrays ${s.names[a.target]}!`,
    });
  }

  // 6. The attacks, in resolution order.
  for (const a of attackOrder(s, attacks)) {
    if (a.cancelled) continue;
    resolveAttack(s, rnd, events, ctx, a, strikeMissed, pactsAtStart(a.attacker));
  }

  // 7. Witness bonuses.
  for (const seat of planners) {
    const me = s.agents[seat]!;
    const p = me.plan!;
    if (me.noBonusesRound === r) continue;
    if (p.offense === 'safeTurn' && p.defense !== 'mobileOperations') addIp(s, seat, 1, 'safe turn');
    if (
      p.predictions.length === 2 &&
      p.predictions.every((g) => (s.agents[g.seat]!.plan?.offense ?? null) === g.offense)
    ) {
      addIp(s, seat, 2, 'prediction bonus');
      note(s, seat, 'both predictions were right (+2 IP)', events);
    }
  }

  // 8. Statuses: the worst outcome wins; a compromise while Burned costs 1 IP (RULINGS 5, 10).
  for (let seat = 0; seat < n; seat++) {
    const me = s.agents[seat]!;
    if (me.status === 'eliminated') continue;
    for (const h of ctx.hits[seat]!)
      if (h === 'burned' && ctx.start[seat] === 'burned') addIp(s, seat, -1, 'compromised while burned');
    if ((me.status as Status) === 'eliminated') continue;
    let next: Status = ctx.start[seat]!;
    for (const h of ctx.hits[seat]!) next = worse(next, h);
    if (next === 'captured' && ctx.start[seat] !== 'captured') {
      if (me.captures >= 1) {
        next = 'eliminated';
        events.push({
          type: 'eliminated',
          seat,
          text: `${s.names[seat]} is captured a second time: eliminated`,
        });
      } else me.capturedRound = r;
    }
    if (next !== me.status) {
      events.push({ type: 'status', seat, text: `${s.names[seat]} is now ${next}` });
      me.status = next;
    }
  }
  for (const seat of ctx.exposed) s.agents[seat]!.exposedUntil = r + EXPOSED_ROUNDS;
  for (const seat of ctx.stuck) s.agents[seat]!.stuckRound = r + 1;

  // 9. An unused Honeypot costs a gadget.
  for (const seat of planners) {
    if (s.agents[seat]!.plan!.defense !== 'honeypot' || ctx.honeypotSprung.has(seat)) continue;
    const g = s.agents[seat]!.gadgets;
    if (g.length) g.splice(rnd.int(0, g.length - 1), 1);
  }

  // 10. Coordinated Operations: both hit the agreed target and succeeded => gains split, stakes back.
  for (const c of s.coordinations.filter((x) => x.round === r)) {
    const xa = attacksBy.get(c.a);
    const xb = attacksBy.get(c.b);
    const ok = (x: Attack | undefined) => x && x.target === c.target && x.shown.result === 'success';
    if (ok(xa) && ok(xb)) {
      const total = ctx.gains[c.a]! + ctx.gains[c.b]!;
      const half = Math.floor(total / 2);
      addIp(s, c.a, half - ctx.gains[c.a]! + 3, 'coordinated operation');
      addIp(s, c.b, total - half - ctx.gains[c.b]! + 3, 'coordinated operation');
      events.push({
        type: 'coordination',
        text: `A Coordinated Operation against ${s.names[c.target]} succeeds`,
      });
    }
  }

  // 11. Roadrunner streaks.
  for (let seat = 0; seat < n; seat++) {
    const outs = ctx.attackedOutcomes[seat]!;
    const me = s.agents[seat]!;
    me.untouchableStreak = outs.length > 0 && outs.every((x) => !x) ? me.untouchableStreak + 1 : 0;
  }
}

/**
 * Design 6.4: asset control also changes hands "through Alliance Building against current
 * controllers". When a pact forms by Alliance Building and `claimant` named an asset `controller`
 * holds, the asset passes to the claimant, who pays the controller its control cost.
 */
function claimThroughAlliance(
  s: JamesBlandState,
  claimant: number,
  controller: number,
  events: GameEvent[],
): void {
  const asset = s.agents[claimant]!.plan?.claimAsset;
  if (isLegacy(s) || !asset || s.assets[asset] !== controller) return;
  const price = ASSET_SPECS[asset].cost;
  addIp(s, claimant, -price, 'asset claimed by alliance');
  addIp(s, controller, price, 'asset claimed by alliance');
  transferAsset(s, asset, claimant);
  events.push({
    type: 'asset',
    seat: claimant,
    text: `${s.names[claimant]} takes over ${ASSET_SPECS[asset].name} from ${s.names[controller]} through their alliance (${price} IP)`,
  });
}

export function formPact(s: JamesBlandState, a: number, b: number, until: number, events: GameEvent[]): void {
  const existing = pactBetween(s, a, b);
  if (existing) {
    existing.until = Math.max(existing.until, until);
    return;
  }
  const id = s.nextPactId++;
  s.pacts.push({ id, a, b, until });
  events.push({ type: 'pact', text: `${s.names[a]} and ${s.names[b]} sign a Non-Aggression Pact` });
  // Share the intel each already holds (copies), and feed any Communication Intercepts.
  const copies: { to: number; about: number; fact: (typeof s.agents)[number]['cards'][number]['fact'] }[] =
    [];
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const)
    for (const c of s.agents[from]!.cards)
      if (c.about !== to && c.sharedVia === undefined) copies.push({ to, about: c.about, fact: c.fact });
  for (const c of copies)
    s.agents[c.to]!.cards.push(copyTag(s, { uid: s.nextUid++, about: c.about, fact: c.fact, sharedVia: id }));
  s.agents.forEach((spy, seat) => {
    if (seat === a || seat === b || !inPlay(spy.status)) return;
    if (!removeGadget(s, seat, 'communicationIntercepts')) return;
    for (const c of copies)
      if (c.about !== seat) spy.cards.push(copyTag(s, { uid: s.nextUid++, about: c.about, fact: c.fact }));
    note(s, seat, `your Communication Intercepts caught ${copies.length} shared cards`, events);
  });
}

/**
 * A failed Infiltration: the defender confiscates one random Intel Card from the attacker (design
 * 3.5). It takes one that is not about itself; when every card the attacker holds is about the
 * defender, the defender takes one out of play instead (to the discard pile; a copy vanishes), so
 * nobody ever holds a card about themselves. A copy stays a copy; its pact tag is dropped (the pact
 * is not the defender's, so an Alliance Disruption of it does not reach this card).
 */
function confiscate(s: JamesBlandState, rnd: Random, events: GameEvent[], from: number, to: number): void {
  const hand = s.agents[from]!.cards;
  if (hand.length === 0) return;
  if (isLegacy(s)) {
    // Edition 1: any card, even one about the defender, straight into its hand.
    const [card] = hand.splice(rnd.int(0, hand.length - 1), 1);
    s.agents[to]!.cards.push({ uid: card!.uid, about: card!.about, fact: card!.fact });
    note(s, from, 'an Intel Card was confiscated from you', events);
    return;
  }
  const usable = hand.flatMap((c, i) => (c.about !== to ? [i] : []));
  const pool = usable.length ? usable : hand.map((_, i) => i);
  const [card] = hand.splice(pool[rnd.int(0, pool.length - 1)]!, 1);
  note(s, from, 'an Intel Card was confiscated from you', events);
  if (card!.about === to) {
    discardCards(s, [card!]);
    note(s, to, `you destroyed an Intel Card about yourself (${FACT_NAMES[card!.fact]})`, events);
    return;
  }
  const kept: IntelCard = { uid: card!.uid, about: card!.about, fact: card!.fact };
  if (isCopy(card!)) kept.copy = true;
  giveCard(s, to, kept, events);
}

function resolveAttack(
  s: JamesBlandState,
  rnd: Random,
  events: GameEvent[],
  ctx: Round,
  a: Attack,
  strikeMissed: Set<number>,
  pactsAtStart: number,
): void {
  const r = s.round;
  const A = a.attacker;
  const T = a.target;
  const them = s.agents[T]!;
  const spec = OFFENSE_SPECS[a.offense];
  const def = effectiveDefense(s, T, strikeMissed);
  const shown = a.shown;
  const once = (key: string) => (ctx.used.has(key) ? false : (ctx.used.add(key), true));
  const legacy = isLegacy(s);
  const MATRIX = matrixFor(legacy);
  // Counter-intelligence intercepts pay the defender (design 6.1); edition 1 kept the matrix's figure.
  const interceptIp = (base: Outcome) => (legacy ? base.ipChangeDefender : INTERCEPT_IP);

  // Gadgets brought along (one-time gadgets are Sacrificed when used).
  let gadget: GadgetId | undefined = a.plan.useGadget;
  if (!gadget && a.offense === 'surveillance' && hasGadget(s, A, 'listeningDevices'))
    gadget = 'listeningDevices';
  if (!gadget && a.offense === 'infiltration' && hasGadget(s, A, 'timeBombBeetle')) gadget = 'timeBombBeetle';
  if (gadget && gadget !== 'timeBombBeetle') removeGadget(s, A, gadget);
  if (gadget && GADGET_SPECS[gadget].remote && hasGadget(s, T, 'signalJammers') && once(`jam${T}`)) {
    if (gadget === 'timeBombBeetle') removeGadget(s, A, gadget);
    tap(s, T, 'signalJammers');
    note(s, T, `your Signal Jammers fried a ${GADGET_SPECS[gadget].name}`, events);
    gadget = undefined;
  }

  const finish = (result: RevealedOffense['result'], out: Outcome | null) => {
    shown.result = result;
    if (out) applyOutcome(s, rnd, events, ctx, a, out, gadget, pactsAtStart);
    if (spec.direct) ctx.attackedOutcomes[T]!.push(result === 'success');
    if (a.offense === 'allianceDisruption' && a.target2 !== null)
      ctx.attackedOutcomes[a.target2]!.push(result === 'success');
  };

  if (them.plan?.fortress && spec.direct) return finish('blocked', null);
  if (spec.direct && them.misfireRound === r && rnd.int(1, 2) === 1) return finish('misfire', null);
  if (gadget === 'explosivesBox' && rnd.int(1, 2) === 1) {
    ctx.hits[A]!.push(compromised(ctx.start[A]!));
    addIp(s, A, -2, 'explosives misfire');
    shown.attacker = A;
    return finish('misfire', null);
  }
  if (gadget === 'anvilDrone' && rnd.int(1, 4) === 1) return finish('misfire', null);

  // Counter-intelligence gadgets before the matrix.
  if (
    (a.offense === 'infiltration' || a.offense === 'surveillance') &&
    hasGadget(s, T, 'bugDetectors') &&
    once(`bug${T}`)
  ) {
    tap(s, T, 'bugDetectors');
    const base = MATRIX[a.offense].none.failure!;
    return finish('blocked', { ...base, ipChangeDefender: interceptIp(base), intelDefender: ['intelCard'] });
  }
  if (a.offense === 'exposure' && hasGadget(s, T, 'fakeDocumentsKit') && once(`docs${T}`)) {
    tap(s, T, 'fakeDocumentsKit');
    return finish('blocked', {
      ...MATRIX.exposure.none.failure!,
      ipChangeDefender: interceptIp(MATRIX.exposure.none.failure!),
      newStatusOffender: 'active',
    });
  }
  if (a.offense === 'misinformation' && them.plan?.counterMisinformation) {
    return finish('blocked', misinfoCounteredFor(legacy));
  }
  if (def === 'falseIdentity' && a.offense === 'exposure' && !ctx.charged.has(T)) {
    ctx.charged.add(T);
    addIp(s, T, -FALSE_IDENTITY_CHARGE, 'false identity');
  }

  const situation: AttackSituation = {
    offense: a.offense,
    enhance: a.plan.enhance,
    defense: def,
    gadget,
    silenced: a.offense === 'assassination' && hasGadget(s, A, 'silencedWeapons', false),
    positionGuessed: a.plan.positionGuess !== undefined && a.plan.positionGuess === them.plan?.position,
    targetExposed: ctx.startExposed[T],
    bodyArmor: hasGadget(s, T, 'bodyArmor', false),
    laterAttack: (def === 'bodyguardDetail' || def === 'sweepAndClear') && ctx.used.has(`${def}${T}`),
    ...(legacy ? { legacy } : {}),
  };
  const { cell, breach } = attackCell(situation);
  if ((def === 'bodyguardDetail' || def === 'sweepAndClear') && MATRIX[a.offense][def].mode === 'block')
    ctx.used.add(`${def}${T}`);
  if (cell.minSpend !== undefined && spec.cost + a.plan.enhance < cell.minSpend)
    return finish('untargetable', null);
  if (gadget === 'listeningDevices' && cell.mode !== 'untargetable' && cell.mode !== 'block') {
    return finish('success', MATRIX.surveillance.none.success);
  }
  switch (cell.mode) {
    case 'untargetable':
      return finish('untargetable', null);
    case 'auto':
      return finish('success', cell.success);
    case 'block': {
      if (def === 'bodyguardDetail') {
        removeGadget(s, T, 'duckAmmo');
        drawCard(s, T, rnd, events);
      }
      if (def === 'honeypot') {
        ctx.honeypotSprung.add(T);
        shown.attacker = A;
      }
      if (def === 'safeHouse' && a.plan.useGadget) note(s, A, 'the Safe House swallowed your gadget', events);
      return finish('blocked', cell.failure);
    }
    case 'roll': {
      const roll = rnd.int(1, spec.die);
      // The Guard Dog bites the first direct attack that rolls against its owner.
      situation.guardDog = spec.direct && them.guardDogRound === r && once(`dog${T}`);
      const mod = rollModifier(situation, cell);
      shown.roll = roll;
      const ok = roll + mod >= spec.threshold!;
      if (ok && breach && !hasGadget(s, T, 'portableSafeHouseKit', false))
        addIp(s, T, -1, 'safe house repair');
      return finish(ok ? 'success' : 'failure', ok ? cell.success : cell.failure);
    }
  }
}

function applyOutcome(
  s: JamesBlandState,
  rnd: Random,
  events: GameEvent[],
  ctx: Round,
  a: Attack,
  o: Outcome,
  gadget: GadgetId | undefined,
  pactsAtStart: number,
): void {
  const r = s.round;
  const A = a.attacker;
  const T = a.target;
  const defenders = a.offense === 'allianceDisruption' && a.target2 !== null ? [T, a.target2] : [T];
  addIp(s, A, o.ipChangeOffender, a.offense);
  if (o.ipChangeOffender > 0) ctx.gains[A]! += o.ipChangeOffender;
  for (const d of defenders) addIp(s, d, o.ipChangeDefender, a.offense);
  if (o.newStatusOffender === 'exposed') {
    ctx.exposed.add(A);
    a.shown.attacker = A;
  }
  if (o.newStatusOffender === 'stuck') ctx.stuck.add(A);
  if (o.newStatusOffender === 'compromised') ctx.hits[A]!.push(compromised(ctx.start[A]!));
  if (o.newStatusDefender === 'compromised') ctx.hits[T]!.push(compromised(ctx.start[T]!));
  if (o.newStatusDefender === 'captured') ctx.hits[T]!.push('captured');
  if (o.newStatusDefender === 'exposed') ctx.exposed.add(T);

  for (const k of o.intelOffender) {
    if (k === 'intelCard') drawCard(s, A, rnd, events);
    else if (k === 'targetIntelCard') drawCard(s, A, rnd, events, T);
    else if (k === 'defenderDefense')
      note(
        s,
        A,
        `${s.names[T]} defended with ${defenseText(s, s.agents[T]!.plan?.defense ?? 'none')}`,
        events,
      );
    else if (k === 'defenderStatus' || k === 'defenderCompromised')
      note(s, A, `${s.names[T]} is hurt: their cover is compromised`, events);
  }
  for (const d of defenders)
    for (const k of o.intelDefender) {
      if (k === 'intelCard') drawCard(s, d, rnd, events);
      else if (k === 'attackerIdentity')
        note(s, d, `${s.names[A]} ran ${offenseText(s, OFFENSE_SPECS[a.offense].name)} on you`, events);
      else if (k === 'attackerGadget') {
        const g = s.agents[A]!.gadgets;
        note(
          s,
          d,
          g.length
            ? `${s.names[A]} carries ${GADGET_SPECS[rnd.pick(g).id].name}`
            : `${s.names[A]} carries no gadgets`,
          events,
        );
      } else if (k === 'confiscateCard') confiscate(s, rnd, events, A, d);
    }

  const success = o.offenseSucceeds;
  let stolen = 0;
  for (const e of o.effects ?? []) {
    switch (e) {
      case 'halveIncome':
        s.agents[T]!.incomeHalved = true;
        break;
      case 'revealCodename':
        s.agents[T]!.codenameRevealedUntil = r + CODENAME_REVEAL_ROUNDS - 1;
        break;
      case 'surveillanceGuess':
        if (
          a.plan.defenseGuess !== undefined &&
          a.plan.defenseGuess === (s.agents[T]!.plan?.defense ?? 'none')
        ) {
          addIp(s, A, 2, 'surveillance guess');
          ctx.gains[A]! += 2;
        }
        break;
      case 'bugged':
        if (!s.agents[T]!.buggedBy.includes(A)) s.agents[T]!.buggedBy.push(A);
        if (gadget === 'timeBombBeetle') {
          removeGadget(s, A, 'timeBombBeetle');
          const d = s.agents[T]!.plan?.defense ?? 'none';
          if (d === 'none' || !DEFENSE_SPECS[d].counterIntel) s.agents[T]!.timeBomb = true;
        }
        break;
      case 'stealHalfIp': {
        stolen = Math.floor(Math.max(0, ctx.afterCosts[T]!) / 2);
        addIp(s, T, -stolen, 'asset theft');
        addIp(s, A, stolen, 'asset theft');
        ctx.gains[A]! += stolen;
        break;
      }
      case 'stealGadget': {
        const g = s.agents[T]!.gadgets;
        if (g.length) s.agents[A]!.gadgets.push(...g.splice(rnd.int(0, g.length - 1), 1));
        break;
      }
      case 'delayedIp2':
        s.agents[A]!.pendingIp += 2;
        break;
      case 'removeAllianceLink': {
        const pact = s.pacts.find((p) => p.until >= r && (p.a === T || p.b === T));
        if (pact) {
          pact.until = r - 1;
          addIp(s, A, 1, 'network attack');
          ctx.gains[A]! += 1;
          events.push({
            type: 'pact',
            text: `A Network Attack cuts ${s.names[pact.a]} and ${s.names[pact.b]}'s pact`,
          });
        } else {
          const held = assetsOf(s, T).sort((x, y) => ASSET_SPECS[y].yield - ASSET_SPECS[x].yield);
          if (held[0]) {
            transferAsset(s, held[0], A);
            events.push({ type: 'asset', text: `${ASSET_SPECS[held[0]].name} changes hands` });
          }
        }
        break;
      }
      case 'denyBonuses':
        s.agents[T]!.noBonusesRound = r + 1;
        break;
      case 'breakPact': {
        const pact = pactBetween(s, T, a.target2!);
        if (pact) {
          pact.until = r - 1;
          for (const d of defenders)
            s.agents[d]!.cards = s.agents[d]!.cards.filter((c) => c.sharedVia !== pact.id);
          events.push({ type: 'pact', text: `${s.names[T]} and ${s.names[a.target2!]}'s pact is disrupted` });
        }
        break;
      }
      case 'frame': {
        const x = a.target2!;
        ctx.exposed.add(x);
        addIp(s, x, -1, 'framed');
        note(s, T, `${s.names[x]} attacked you`, events);
        break;
      }
      case 'destroySurveillanceGadget':
        removeGadget(s, A, 'listeningDevices');
        break;
    }
  }
  if (success) {
    s.agents[A]!.successes.push({
      round: r,
      offense: a.offense,
      target: T,
      gadget,
      targetHadAsset: assetsOf(s, T).length > 0 || undefined,
      stolen: stolen || undefined,
      betrayal: a.betrayal || undefined,
      pactsAtStart,
    });
  }
}
