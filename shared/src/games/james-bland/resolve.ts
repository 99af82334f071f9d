/**
 * Combat resolution and cascading effects (design 2, RULINGS 8-11). Runs once per round after the
 * reveal and the banner answers: plan costs, Alliance Building, Preemptive Strikes, banner redirects,
 * betrayals, then every attack in resolution order against the Interaction Matrix, then witness
 * bonuses, statuses (the worst wins), markers and Coordinated Operations. One attack:
 * attackResolution.ts; pacts as they form: pacts.ts.
 */
import type { GameEvent } from '../../core/contract';
import type { Random } from '../../core/rng';
import type { Status } from './data';
import {
  BETRAYAL_IP,
  BETRAYAL_LOCKOUT_ROUNDS,
  EXPOSED_ROUNDS,
  GADGET_SPECS,
  OFFENSE_SPECS,
  PACT_ROUNDS,
} from './data';
import { NEUTRALISE_IP } from './matrix';
import { isLegacy } from './edition';
import { hasGadget, planCost } from './planning';
import { addIp, compromised, isExposed, note, tapGadget, worse } from './state';
import type { JamesBlandState } from './types';
import type { Attack, Round } from './attackResolution';
import { resolveAttack } from './attackResolution';
import { claimThroughAlliance, formPact } from './pacts';

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
      tapGadget(s, seat, 'mobileFortress');
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
