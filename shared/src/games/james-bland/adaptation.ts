/**
 * The Adaptation Phase (design 2): simultaneous, each agent acts as often as it likes, then says
 * Ready. Buy and recharge gadgets, bribe NPCs, recover status, buy unowned assets, offer/accept/
 * extend/break pacts and Coordinated Operations, escape (Captured) and haunt (Eliminated).
 */
import type { GameEvent } from '../../core/contract';
import type { Random } from '../../core/rng';
import {
  ASSETS,
  ASSET_SPECS,
  BREAK_PACT_COST,
  COORDINATION_COST,
  ESCAPE_CARDS,
  GADGETS,
  GADGET_SPECS,
  HAUNT_CARDS,
  NPCS,
  NPC_SPECS,
  PACT_COST,
  PACT_ROUNDS,
  RECHARGE_COST,
  RECOVER_COST,
} from './data';
import { formPact } from './pacts';
import { addIp, drawCard, inPlay, pactBetween, spendCards } from './state';
import type { JamesBlandAction, JamesBlandState } from './types';
import { atLeast4, isLegacy } from './edition';
import { barredFromAlliances } from './planning';

export type AdaptationAction = Exclude<JamesBlandAction, { type: 'plan' | 'timeUp' | 'banner' | 'showdown' }>;

export function tunnelHubCost(s: JamesBlandState, seat: number): number {
  return Math.max(1, ASSET_SPECS.tunnelHub.cost - s.agents[seat]!.tunnelMaps);
}

/** Why the action is not allowed now (null = allowed). */
/**
 * In a duel (edition 4) the Mailman calls on an agent every other round: not in the round after a
 * delivery. His three secrets then take five rounds, and a duel is more than a three-round race.
 */
export function mailmanResting(s: JamesBlandState, seat: number): boolean {
  const last = s.agents[seat]!.mailmanRound ?? 0;
  return s.mode === '1v1' && atLeast4(s) && last > 0 && last === s.round - 1;
}

export function adaptationProblem(s: JamesBlandState, seat: number, act: AdaptationAction): string | null {
  const me = s.agents[seat]!;
  const live = inPlay(me.status);
  const other = (x: number) => x !== seat && x >= 0 && x < s.agents.length;
  const afford = (n: number) => (me.ip >= n ? null : `costs ${n} IP; you have ${me.ip}`);
  if (me.ready) return 'already ready';
  switch (act.type) {
    case 'ready':
      return null;
    case 'buyGadget': {
      const spec = GADGET_SPECS[act.gadget];
      if (!live) return 'not in play';
      if (me.status === 'burned') return 'Burned agents cannot buy gadgets';
      if (spec.use !== 'oneTime' && me.gadgets.some((g) => g.id === act.gadget)) return 'you already own one';
      if (spec.requires.some((req) => !me.gadgets.some((g) => g.id === req)))
        return `requires ${spec.requires.join(' and ')}`;
      return afford(spec.cost);
    }
    case 'recharge':
      if (!me.gadgets.some((g) => g.id === act.gadget && g.tapped)) return 'nothing to recharge';
      return afford(RECHARGE_COST);
    case 'bribe':
      if (!live) return 'not in play';
      if (!Object.hasOwn(NPC_SPECS, act.npc)) return 'no such NPC';
      // Each NPC takes one bribe a round from each agent (see docs/rules/james-bland.md).
      if (isLegacy(s)) return afford(NPC_SPECS[act.npc].cost);
      if (act.npc === 'mailman' && me.mailmanRound === s.round) return 'the Mailman has been by this round';
      if (act.npc === 'mailman' && mailmanResting(s, seat))
        return 'in a duel the Mailman calls every other round: he was here last round';
      if (act.npc === 'guardDog' && me.guardDogRound === s.round + 1) return 'the Guard Dog is already yours';
      return afford(NPC_SPECS[act.npc].cost);
    case 'recover': {
      const cost = RECOVER_COST[me.status];
      return cost === undefined ? 'nothing to recover from' : afford(cost);
    }
    case 'buyAsset':
      if (!live) return 'not in play';
      if (s.assets[act.asset] !== null) return 'already controlled';
      return afford(act.asset === 'tunnelHub' ? tunnelHubCost(s, seat) : ASSET_SPECS[act.asset].cost);
    case 'offerPact':
    case 'offerCoordination': {
      if (s.mode === '1v1') return 'no alliances in the 1v1 variant';
      if (!live || !other(act.to) || !inPlay(s.agents[act.to]!.status)) return 'both must be in play';
      if (barredFromAlliances(s, seat)) return 'barred from alliances after a betrayal';
      if (
        s.offers.some(
          (o) =>
            o.from === seat &&
            o.to === act.to &&
            o.kind === (act.type === 'offerPact' ? 'pact' : 'coordination'),
        )
      )
        return 'already offered';
      if (act.type === 'offerPact') {
        if (pactBetween(s, seat, act.to, s.round + 1)) return 'already partners';
        return afford(PACT_COST);
      }
      if (!other(act.target) || act.target === act.to || !inPlay(s.agents[act.target]!.status))
        return 'name a third agent in play';
      return afford(COORDINATION_COST);
    }
    case 'acceptPact':
    case 'acceptCoordination': {
      const kind = act.type === 'acceptPact' ? 'pact' : 'coordination';
      const offer = s.offers.find((o) => o.kind === kind && o.from === act.from && o.to === seat);
      if (!offer) return 'no such offer';
      const cost = kind === 'pact' ? PACT_COST : COORDINATION_COST;
      if (s.agents[act.from]!.ip < cost) return 'the offering agent can no longer pay';
      if (barredFromAlliances(s, seat)) return 'barred from alliances after a betrayal';
      return afford(cost);
    }
    case 'extendPact':
      if (!pactBetween(s, seat, act.partner, s.round + 1)) return 'no such pact';
      return afford(PACT_COST);
    case 'breakPact':
      if (!pactBetween(s, seat, act.partner, s.round + 1)) return 'no such pact';
      return afford(BREAK_PACT_COST);
    case 'escape':
      if (me.status !== 'captured') return 'not captured';
      return me.cards.length >= ESCAPE_CARDS ? null : `needs ${ESCAPE_CARDS} Intel Cards`;
    case 'haunt':
      if (me.status !== 'eliminated') return 'only ghosts haunt';
      if (!other(act.target) || !inPlay(s.agents[act.target]!.status)) return 'haunt an agent in play';
      return me.cards.length >= HAUNT_CARDS ? null : `needs ${HAUNT_CARDS} Intel Cards`;
    case 'aimCamera':
      if (!me.gadgets.some((g) => g.id === 'cameraNetworks')) return 'no Camera Networks';
      if (me.cameraTarget === act.target) return 'already aimed there';
      return other(act.target) ? null : 'aim at another agent';
  }
}

export function applyAdaptation(
  s: JamesBlandState,
  seat: number,
  act: AdaptationAction,
  rnd: Random,
  events: GameEvent[],
): void {
  const me = s.agents[seat]!;
  const name = s.names[seat]!;
  switch (act.type) {
    case 'ready':
      me.ready = true;
      return;
    case 'buyGadget': {
      const spec = GADGET_SPECS[act.gadget];
      addIp(s, seat, -spec.cost, 'gadget');
      // Camera Networks take one full Planning Phase to assemble.
      const readyRound = act.gadget === 'cameraNetworks' ? s.round + 2 : s.round + 1;
      me.gadgets.push({ uid: s.nextUid++, id: act.gadget, tapped: false, readyRound });
      return;
    }
    case 'recharge':
      addIp(s, seat, -RECHARGE_COST, 'recharge');
      me.gadgets.find((g) => g.id === act.gadget && g.tapped)!.tapped = false;
      return;
    case 'bribe':
      addIp(s, seat, -NPC_SPECS[act.npc].cost, 'bribe');
      if (act.npc === 'guardDog') me.guardDogRound = s.round + 1;
      else {
        if (!isLegacy(s)) me.mailmanRound = s.round;
        drawCard(s, seat, rnd, events);
      }
      return;
    case 'recover':
      addIp(s, seat, -RECOVER_COST[me.status]!, 'rumor mill');
      me.status = 'active';
      events.push({ type: 'status', seat, text: `${name} bribes the ACME Rumor Mill: Active again` });
      return;
    case 'buyAsset': {
      const cost = act.asset === 'tunnelHub' ? tunnelHubCost(s, seat) : ASSET_SPECS[act.asset].cost;
      if (act.asset === 'tunnelHub')
        me.tunnelMaps = Math.max(0, me.tunnelMaps - (ASSET_SPECS.tunnelHub.cost - cost));
      addIp(s, seat, -cost, 'asset');
      s.assets[act.asset] = seat;
      events.push({ type: 'asset', seat, text: `${name} takes control of ${ASSET_SPECS[act.asset].name}` });
      return;
    }
    case 'offerPact':
      s.offers.push({ kind: 'pact', from: seat, to: act.to });
      events.push({ type: 'offer', seat, text: `${name} offers ${s.names[act.to]} a Non-Aggression Pact` });
      return;
    case 'offerCoordination':
      s.offers.push({ kind: 'coordination', from: seat, to: act.to, target: act.target });
      events.push({
        type: 'offer',
        seat,
        to: act.to,
        text: `${name} proposes a Coordinated Operation against ${s.names[act.target]}`,
      });
      return;
    case 'acceptPact':
      s.offers = s.offers.filter((o) => !(o.kind === 'pact' && o.from === act.from && o.to === seat));
      addIp(s, seat, -PACT_COST, 'pact');
      addIp(s, act.from, -PACT_COST, 'pact');
      formPact(s, act.from, seat, s.round + PACT_ROUNDS, events);
      return;
    case 'acceptCoordination': {
      const offer = s.offers.find((o) => o.kind === 'coordination' && o.from === act.from && o.to === seat)!;
      s.offers = s.offers.filter((o) => o !== offer);
      addIp(s, seat, -COORDINATION_COST, 'coordination');
      addIp(s, act.from, -COORDINATION_COST, 'coordination');
      s.coordinations.push({ a: act.from, b: seat, target: offer.target!, round: s.round + 1 });
      events.push({
        type: 'coordination',
        seat,
        to: act.from,
        text: `${name} joins your Coordinated Operation`,
      });
      return;
    }
    case 'extendPact':
      addIp(s, seat, -PACT_COST, 'pact');
      pactBetween(s, seat, act.partner, s.round + 1)!.until += PACT_ROUNDS;
      events.push({ type: 'pact', seat, text: `${name} extends the pact with ${s.names[act.partner]}` });
      return;
    case 'breakPact':
      addIp(s, seat, -BREAK_PACT_COST, 'pact broken');
      pactBetween(s, seat, act.partner, s.round + 1)!.until = s.round;
      events.push({ type: 'pact', seat, text: `${name} tears up the pact with ${s.names[act.partner]}` });
      return;
    case 'escape':
      spendCards(s, seat, ESCAPE_CARDS);
      me.status = 'burned';
      me.capturedRound = null;
      events.push({ type: 'status', seat, text: `${name} bribes the ACME Jailbreak and escapes, Burned` });
      return;
    case 'haunt':
      spendCards(s, seat, HAUNT_CARDS);
      addIp(s, act.target, -1, 'haunted');
      events.push({ type: 'haunt', seat, text: `${name}'s ghost haunts ${s.names[act.target]} (-1 IP)` });
      return;
    case 'aimCamera':
      me.cameraTarget = act.target;
      return;
  }
}

/** The adaptation actions a seat may take now (for bots and the client's menus). */
export function legalAdaptation(s: JamesBlandState, seat: number): AdaptationAction[] {
  const n = s.agents.length;
  const seats = [...Array(n).keys()].filter((i) => i !== seat);
  const candidates: AdaptationAction[] = [
    { type: 'ready' },
    ...GADGETS.map((gadget) => ({ type: 'buyGadget' as const, gadget })),
    ...GADGETS.map((gadget) => ({ type: 'recharge' as const, gadget })),
    ...NPCS.map((npc) => ({ type: 'bribe' as const, npc })),
    { type: 'recover' },
    ...ASSETS.map((asset) => ({ type: 'buyAsset' as const, asset })),
    ...seats.map((to) => ({ type: 'offerPact' as const, to })),
    ...seats.map((from) => ({ type: 'acceptPact' as const, from })),
    ...seats.map((partner) => ({ type: 'extendPact' as const, partner })),
    ...seats.map((partner) => ({ type: 'breakPact' as const, partner })),
    ...seats.flatMap((to) =>
      seats.filter((t) => t !== to).map((target) => ({ type: 'offerCoordination' as const, to, target })),
    ),
    ...seats.map((from) => ({ type: 'acceptCoordination' as const, from })),
    { type: 'escape' },
    ...seats.map((target) => ({ type: 'haunt' as const, target })),
    ...seats.map((target) => ({ type: 'aimCamera' as const, target })),
  ];
  return candidates.filter((a) => adaptationProblem(s, seat, a) === null);
}
