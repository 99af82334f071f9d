/**
 * One attack against the Interaction Matrix (design 2, RULINGS 8-10), in the round's resolution
 * order (resolve.ts): the matrix cell, the roll, gadgets, and the outcome (statuses, IP, Intel Cards,
 * assets, confiscation).
 */
import type { GameEvent } from '../../core/contract';
import type { Random } from '../../core/rng';
import type { DefenseChoice, GadgetId, OffenseId, Status } from './data';
import {
  DEFENSE_SPECS,
  CODENAME_REVEAL_ROUNDS,
  FALSE_IDENTITY_CHARGE,
  GADGET_SPECS,
  OFFENSE_SPECS,
  ASSET_SPECS,
} from './data';
import type { Outcome } from './matrix';
import { INTERCEPT_IP, matrixFor, misinfoCounteredFor } from './matrix';
import { atLeast3, isLegacy } from './edition';
import { attackCell, rollModifier, type AttackSituation } from './odds';
import { hasGadget } from './planning';
import {
  addIp,
  assetsOf,
  compromised,
  discardCards,
  drawCard,
  FACT_NAMES,
  giveCard,
  isCopy,
  note,
  pactBetween,
  removeGadget,
  tapGadget,
  transferAsset,
} from './state';
import type { IntelCard, JamesBlandState, Plan, RevealedOffense } from './types';

const withArticle = (name: string) => `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;

const defenseLabel = (d: DefenseChoice) => (d === 'none' ? 'no defense' : DEFENSE_SPECS[d].name);

/** Notes are part of the state: edition 1 keeps its older wording (ids, "a Exposure"). */
const defenseText = (s: JamesBlandState, d: DefenseChoice) => (isLegacy(s) ? d : defenseLabel(d));

const offenseText = (s: JamesBlandState, name: string) => (isLegacy(s) ? `a ${name}` : withArticle(name));

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

/** Per-round bookkeeping of the resolution. */
export interface Round {
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

export function resolveAttack(
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
    tapGadget(s, T, 'signalJammers');
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
    tapGadget(s, T, 'bugDetectors');
    const base = MATRIX[a.offense].none.failure!;
    return finish('blocked', { ...base, ipChangeDefender: interceptIp(base), intelDefender: ['intelCard'] });
  }
  if (a.offense === 'exposure' && hasGadget(s, T, 'fakeDocumentsKit') && once(`docs${T}`)) {
    tapGadget(s, T, 'fakeDocumentsKit');
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
  // What a success did, in words for the reveal (edition 3): public facts only.
  const said: string[] = [];
  const who = (i: number) => s.names[i]!;
  const by = () => (a.shown.attacker === A ? who(A) : 'the attacker');
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
  if (success) {
    for (const d of defenders) if (o.ipChangeDefender < 0) said.push(`${who(d)} ${o.ipChangeDefender} IP`);
    if (o.newStatusDefender === 'compromised')
      said.push(`${who(T)}'s cover is hurt (${compromised(ctx.start[T]!)})`);
    if (o.newStatusDefender === 'captured') said.push(`${who(T)} is Captured`);
    if (o.newStatusDefender === 'exposed') said.push(`${who(T)} is Exposed`);
    if (o.intelOffender.includes('targetIntelCard')) said.push(`an Intel Card about ${who(T)} is drawn`);
    if (o.intelOffender.includes('defenderDefense')) said.push(`${who(T)}'s defense is seen`);
  }
  let stolen = 0;
  for (const e of o.effects ?? []) {
    switch (e) {
      case 'halveIncome':
        s.agents[T]!.incomeHalved = true;
        said.push(`${who(T)}'s next income is halved`);
        break;
      case 'revealCodename':
        s.agents[T]!.codenameRevealedUntil = r + CODENAME_REVEAL_ROUNDS - 1;
        said.push(`${who(T)}'s codename is revealed`);
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
        said.push(`${who(T)} is bugged`);
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
        // IP and gadgets are private: the amount and the gadget stay unsaid.
        said.push(`${by()} stole half of ${who(T)}'s IP and one gadget, if any`);
        break;
      }
      case 'stealGadget': {
        const g = s.agents[T]!.gadgets;
        if (g.length) s.agents[A]!.gadgets.push(...g.splice(rnd.int(0, g.length - 1), 1));
        break;
      }
      case 'delayedIp2':
        s.agents[A]!.pendingIp += 2;
        said.push(`${who(T)} was fed false intel: ${by()} +2 IP next round`);
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
          said.push(`${who(pact.a)} and ${who(pact.b)}'s pact is cut (${who(T)} keeps every asset)`);
        } else {
          const held = assetsOf(s, T).sort((x, y) => ASSET_SPECS[y].yield - ASSET_SPECS[x].yield);
          if (held[0]) {
            transferAsset(s, held[0], A);
            // The new controller is public (the asset board), so the taker is named.
            const taken = `${who(A)} took the ${ASSET_SPECS[held[0]].name} from ${who(T)}`;
            events.push({
              type: 'asset',
              text: atLeast3(s) ? taken : `${ASSET_SPECS[held[0]].name} changes hands`,
            });
            said.push(taken);
          } else said.push(`${who(T)} had no pact to cut and no asset to take`);
        }
        break;
      }
      case 'denyBonuses':
        s.agents[T]!.noBonusesRound = r + 1;
        said.push(`${who(T)} gets no asset or pact bonuses next round`);
        break;
      case 'breakPact': {
        const pact = pactBetween(s, T, a.target2!);
        if (pact) {
          pact.until = r - 1;
          for (const d of defenders)
            s.agents[d]!.cards = s.agents[d]!.cards.filter((c) => c.sharedVia !== pact.id);
          events.push({ type: 'pact', text: `${s.names[T]} and ${s.names[a.target2!]}'s pact is disrupted` });
          said.push(`${who(T)} and ${who(a.target2!)}'s pact is broken`);
        }
        break;
      }
      case 'frame': {
        const x = a.target2!;
        ctx.exposed.add(x);
        addIp(s, x, -1, 'framed');
        said.push(`${who(x)} is framed for it (Exposed, -1 IP)`);
        note(s, T, `${s.names[x]} attacked you`, events);
        break;
      }
      case 'destroySurveillanceGadget':
        removeGadget(s, A, 'listeningDevices');
        break;
    }
  }
  if (success && atLeast3(s)) {
    if (o.ipChangeOffender > 0) said.push(`+${o.ipChangeOffender} IP to ${by()}`);
    a.shown.effect = said.filter(Boolean).join('; ');
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
