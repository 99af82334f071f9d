/**
 * The Planning Phase: what a plan may contain for a seat (costs, valid targets, status
 * restrictions, variant restrictions) and the menus the legal-action list and the bots build from.
 */
import type { DefenseChoice, OffenseId } from './data';
import { ASSET_SPECS, BANNER_MAX, DEFENSES, DEFENSE_SPECS, OFFENSES, OFFENSE_SPECS, PACT_COST } from './data';
import { inPlay, pactBetween, activePacts } from './state';
import { atLeast3, isLegacy } from './edition';
import type { JamesBlandState, Plan } from './types';

export const SAFE_TURN_PLAN: Plan = {
  offense: 'safeTurn',
  enhance: 0,
  defense: 'none',
  counterMisinformation: false,
  predictions: [],
  fortress: false,
};

/** Agents that plan this round: in play (Captured agents skip the Planning Phase). */
export function plans(s: JamesBlandState, seat: number): boolean {
  return inPlay(s.agents[seat]!.status);
}

export function offenseAllowed(s: JamesBlandState, off: OffenseId): boolean {
  return !(s.mode === '1v1' && OFFENSE_SPECS[off].allianceOnly);
}

export function defenseAllowed(s: JamesBlandState, seat: number, d: DefenseChoice): string | null {
  if (d === 'none') return null;
  const spec = DEFENSE_SPECS[d];
  const a = s.agents[seat]!;
  if (s.mode === '1v1' && spec.allianceOnly) return 'not in the 1v1 variant';
  if (spec.forbiddenFor.includes(a.status)) return `not while ${a.status}`;
  if (d === 'counterSurveillance' && a.counterSurveillanceRound === s.round - 1)
    return 'usable every other round';
  if (d === 'bodyguardDetail' && !hasGadget(s, seat, 'duckAmmo')) return 'needs Duck Ammo';
  if (d === 'allianceBuilding' && barredFromAlliances(s, seat))
    return 'barred from alliances after a betrayal';
  return null;
}

/**
 * A betrayal in round r bars the betrayer from forming alliances (Alliance Building, pact and
 * Coordinated Operation offers and acceptances) "for 3 rounds" (design 6.5): for the rest of round r
 * and rounds r+1 to r+3, in Planning and in Adaptation alike; from round r+4 on it may ally again.
 */
export function barredFromAlliances(s: JamesBlandState, seat: number): boolean {
  return s.agents[seat]!.noAlliancesUntil >= s.round;
}

export function hasGadget(s: JamesBlandState, seat: number, id: string, ready = true): boolean {
  return s.agents[seat]!.gadgets.some(
    (g) => g.id === id && (!ready || (!g.tapped && g.readyRound <= s.round)),
  );
}

export function validTarget(
  s: JamesBlandState,
  seat: number,
  off: OffenseId,
  target: number | undefined,
): boolean {
  if (target === undefined || target === seat || !s.agents[target]) return false;
  return OFFENSE_SPECS[off].targets.includes(s.agents[target].status);
}

/** The IP a plan costs when revealed (False Identity's conditional charge excluded). */
export function planCost(p: Plan): number {
  let cost = p.enhance + (p.counterMisinformation ? 1 : 0);
  if (p.offense !== 'safeTurn') cost += OFFENSE_SPECS[p.offense].cost;
  if (p.defense !== 'none') {
    cost +=
      p.defense === 'allianceBuilding'
        ? PACT_COST * (p.partners?.length ?? 0)
        : DEFENSE_SPECS[p.defense].cost;
  }
  return cost;
}

/**
 * What a plan takes from the seat's IP at the reveal (edition 3): its cost, the income a Mobile
 * Fortress forfeits (ruling 4) and an asset claim's price. Edition 2 left the forfeit out of the
 * check, so a Fortress plan could end below 0 IP.
 */
export function planPrice(s: JamesBlandState, seat: number, p: Plan): number {
  return planCost(p) + claimCost(p) + (p.fortress ? fortressForfeit(s, seat) : 0);
}

/**
 * The IP an ACME Mobile Fortress in this round's plan gives back on top of the plan's cost: this
 * round's income (ruling 4), counted in the price from edition 3 (ruling 10). The seat sees it in
 * its private view, so the planning form's cost line can count it.
 */
export function fortressForfeit(s: JamesBlandState, seat: number): number {
  return atLeast3(s) ? (s.agents[seat]!.incomeThisRound ?? 0) : 0;
}

/** What claiming an asset through Alliance Building pays its controller (its control cost). */
export function claimCost(p: Plan): number {
  return p.claimAsset ? ASSET_SPECS[p.claimAsset].cost : 0;
}

const otherSeat = (s: JamesBlandState, seat: number, x: number | undefined) =>
  x !== undefined && x !== seat && x >= 0 && x < s.agents.length;

/** Why a plan is not allowed now, or null when it is. */
export function planProblem(s: JamesBlandState, seat: number, p: Plan): string | null {
  const a = s.agents[seat]!;
  if (p.offense !== 'safeTurn') {
    const off = p.offense;
    const spec = OFFENSE_SPECS[off];
    if (!offenseAllowed(s, off)) return `${spec.name} is not in the 1v1 variant`;
    if (a.stuckRound === s.round) return 'stuck in a bear trap: no offense this round';
    if (off === 'allianceDisruption') {
      if (!otherSeat(s, seat, p.target) || !otherSeat(s, seat, p.target2)) return 'name two other agents';
      if (!pactBetween(s, p.target!, p.target2!)) return 'those two agents share no pact';
    } else if (!validTarget(s, seat, off, p.target)) return `not a valid target for ${spec.name}`;
    if (
      off === 'falseFlag' &&
      (!otherSeat(s, seat, p.target2) || p.target2 === p.target || !inPlay(s.agents[p.target2!]!.status))
    )
      return 'False Flag needs another agent in play to frame';
    if (off !== 'falseFlag' && off !== 'allianceDisruption' && p.target2 !== undefined)
      return 'only one target';
    if (p.useGadget === 'explosivesBox' && off !== 'sabotage') return 'the Explosives Box is for Sabotage';
    if (p.useGadget === 'anvilDrone' && off !== 'assassination')
      return 'the Anvil Drone is for Assassination';
    if (p.defenseGuess !== undefined && off !== 'surveillance')
      return 'a defense guess goes with Surveillance';
    if (spec.threshold === null && p.enhance > 0) return `${spec.name} has no roll to enhance`;
  } else if (p.target !== undefined || p.target2 !== undefined || p.useGadget || p.enhance > 0) {
    return 'a Safe Turn has no target';
  }
  if (!Number.isInteger(p.enhance) || p.enhance < 0 || p.enhance > 2) return 'enhance with 0 to 2 IP';
  if (p.useGadget && !hasGadget(s, seat, p.useGadget)) return 'you do not have that gadget ready';
  if (p.fortress && !hasGadget(s, seat, 'mobileFortress')) return 'no ACME Mobile Fortress ready';
  const why = defenseAllowed(s, seat, p.defense);
  if (why) return why;
  if (p.defense === 'preemptiveStrike' && !otherSeat(s, seat, p.suspect)) return 'name a suspect';
  if (p.defense === 'allianceBuilding') {
    const ps = p.partners ?? [];
    if (ps.length === 0 || new Set(ps).size !== ps.length) return 'name one or more partners';
    if (ps.some((x) => !otherSeat(s, seat, x) || !inPlay(s.agents[x]!.status)))
      return 'partners must be agents in play';
    if (p.claimAsset !== undefined && isLegacy(s)) return 'no asset claims in this edition of the rules';
    if (p.claimAsset !== undefined) {
      const owner = s.assets[p.claimAsset];
      if (owner === null || !ps.includes(owner)) return 'claim an asset that one of your partners controls';
      if (planPrice(s, seat, p) > a.ip)
        return `this plan and the claim cost ${planPrice(s, seat, p)} IP; you have ${a.ip}`;
    }
  } else if (p.partners !== undefined) return 'partners go with Alliance Building';
  else if (p.claimAsset !== undefined) return 'an asset claim goes with Alliance Building';
  if (p.defense === 'informationWarfare') {
    if (!p.banner || p.banner.text.length > BANNER_MAX) return `a banner of at most ${BANNER_MAX} characters`;
    if (!otherSeat(s, seat, p.banner.redirect)) return 'the banner redirects to another agent';
  } else if (p.banner !== undefined) return 'a banner needs Information Warfare';
  if (p.defense === 'mobileOperations' && p.position === undefined) return 'choose a position';
  if (p.predictions.length !== 0 && p.predictions.length !== 2) return 'predict two agents or none';
  if (p.predictions.length === 2) {
    const [x, y] = p.predictions;
    if (!otherSeat(s, seat, x!.seat) || !otherSeat(s, seat, y!.seat) || x!.seat === y!.seat)
      return 'predict two different other agents';
  }
  const cost = planCost(p);
  if (cost > 0 && cost > a.ip) return `this plan costs ${cost} IP; you have ${a.ip}`;
  const price = planPrice(s, seat, p);
  if (price > cost && price > a.ip)
    return `this plan costs ${cost} IP and the Mobile Fortress gives back this round's ${price - cost} IP of income; you have ${a.ip}`;
  return null;
}

type OffenseHalf = Pick<Plan, 'offense' | 'target' | 'target2' | 'enhance' | 'useGadget' | 'defenseGuess'>;
type DefenseHalf = Pick<Plan, 'defense' | 'position' | 'suspect' | 'partners' | 'banner'>;

/**
 * The offense halves of plans a seat may choose: every offense and target with enhance 0 (the first
 * framing choice for False Flag), then a few variants worth listing because they change what the
 * offense does: a Network Attack with 1 IP enhancing (3 IP spent gets through Underground), an
 * attack with the Explosives Box or Anvil Drone the seat has ready, and a Surveillance that guesses
 * the defense the target showed at the last reveal. Other parameters (enhancements, spot guesses,
 * any defense guess) are the planning panel's to set; the rules accept them in any plan.
 */
export function offenseMenu(s: JamesBlandState, seat: number): OffenseHalf[] {
  const out: OffenseHalf[] = [{ offense: 'safeTurn', enhance: 0 }];
  if (s.agents[seat]!.stuckRound === s.round) return out;
  const others = s.agents.flatMap((_, i) => (i === seat ? [] : [i]));
  const extras: OffenseHalf[] = [];
  const explosives = hasGadget(s, seat, 'explosivesBox');
  const anvil = hasGadget(s, seat, 'anvilDrone');
  for (const off of OFFENSES) {
    if (!offenseAllowed(s, off)) continue;
    if (off === 'allianceDisruption') {
      for (const p of activePacts(s))
        if (p.a !== seat && p.b !== seat) out.push({ offense: off, target: p.a, target2: p.b, enhance: 0 });
      continue;
    }
    for (const t of others) {
      if (!validTarget(s, seat, off, t)) continue;
      if (off === 'falseFlag') {
        const x = others.find((o) => o !== t && inPlay(s.agents[o]!.status));
        if (x !== undefined) out.push({ offense: off, target: t, target2: x, enhance: 0 });
        continue;
      }
      out.push({ offense: off, target: t, enhance: 0 });
      if (off === 'networkAttack') extras.push({ offense: off, target: t, enhance: 1 });
      if (off === 'sabotage' && explosives)
        extras.push({ offense: off, target: t, enhance: 0, useGadget: 'explosivesBox' });
      if (off === 'assassination' && anvil)
        extras.push({ offense: off, target: t, enhance: 0, useGadget: 'anvilDrone' });
      const last = s.reveal?.defenses.find((d) => d.seat === t)?.defense;
      if (off === 'surveillance' && last !== undefined)
        extras.push({ offense: off, target: t, enhance: 0, defenseGuess: last });
    }
  }
  return [...out, ...extras];
}

/** A banner line for the listed Information Warfare choices (the panel lets a person write any). */
export const bannerLine = (s: JamesBlandState, redirect: number) =>
  `${s.names[redirect]} did it!`.slice(0, BANNER_MAX);

/**
 * The defense halves of plans a seat may choose: each defense with its parameters (each spot for
 * Mobile Operations, each suspect, each single partner, a banner pointing at each other agent).
 */
export function defenseMenu(s: JamesBlandState, seat: number): DefenseHalf[] {
  const out: DefenseHalf[] = [{ defense: 'none' }];
  const others = s.agents.flatMap((a, i) => (i !== seat && inPlay(a.status) ? [i] : []));
  for (const d of DEFENSES) {
    if (defenseAllowed(s, seat, d)) continue;
    if (d === 'mobileOperations')
      for (const position of [1, 2, 3] as const) out.push({ defense: d, position });
    else if (d === 'preemptiveStrike') for (const t of others) out.push({ defense: d, suspect: t });
    else if (d === 'allianceBuilding') for (const t of others) out.push({ defense: d, partners: [t] });
    else if (d === 'informationWarfare') {
      if (others.length >= 2)
        for (const redirect of others)
          out.push({ defense: d, banner: { text: bannerLine(s, redirect), redirect } });
    } else out.push({ defense: d });
  }
  return out;
}

/** Listed plans share one frozen empty predictions array (`apply` stores a copy of a plan). */
const NO_PREDICTIONS = Object.freeze([]) as unknown as Plan['predictions'];

/** A whole plan from an offense half and a defense half, built in one shape (fast to make and copy). */
function joinHalves(o: OffenseHalf, d: DefenseHalf): Plan {
  const p: Plan = {
    offense: o.offense,
    enhance: o.enhance,
    defense: d.defense,
    counterMisinformation: false,
    predictions: NO_PREDICTIONS,
    fortress: false,
  };
  if (o.target !== undefined) p.target = o.target;
  if (o.target2 !== undefined) p.target2 = o.target2;
  if (o.useGadget !== undefined) p.useGadget = o.useGadget;
  if (o.defenseGuess !== undefined) p.defenseGuess = o.defenseGuess;
  if (d.position !== undefined) p.position = d.position;
  if (d.suspect !== undefined) p.suspect = d.suspect;
  if (d.partners !== undefined) p.partners = d.partners.slice();
  if (d.banner !== undefined) p.banner = { ...d.banner };
  return p;
}

/** Every menu combination the seat can afford (the legal plans list; see the two menus). */
export function legalPlans(s: JamesBlandState, seat: number): Plan[] {
  // Offense and defense halves are checked apart (their rules do not interact); a plan's cost is
  // the sum of its halves' costs, so the combinations only check that sum.
  const half = (h: Partial<Plan>) => {
    const plan = { ...SAFE_TURN_PLAN, ...h };
    return planProblem(s, seat, plan) ? null : planCost(plan);
  };
  const offs = offenseMenu(s, seat).flatMap((o) => {
    const cost = half(o);
    return cost === null ? [] : [{ o, cost }];
  });
  const defs = defenseMenu(s, seat).flatMap((d) => {
    const cost = half(d);
    return cost === null ? [] : [{ d, cost }];
  });
  const ip = s.agents[seat]!.ip;
  const out: Plan[] = [];
  for (const o of offs)
    for (const d of defs) {
      const cost = o.cost + d.cost;
      if (cost === 0 || cost <= ip) out.push(joinHalves(o.o, d.d));
    }
  return out;
}
