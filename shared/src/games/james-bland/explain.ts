/**
 * A hint's words for a James Bland action (core/hint.ts): what the plan or purchase is, and one or
 * two plain sentences of why, from the seat's view alone (the public agents, assets, pacts and last
 * reveal, and the seat's own IP, cards and Master Plan). The reasons are the ones bot.ts weighs.
 */
import type { GameView, HintWords } from '../../core/contract';
import { missingFacts, threat } from './bot';
import {
  ASSET_SPECS,
  DEFENSE_SPECS,
  GADGET_SPECS,
  NPC_SPECS,
  OFFENSE_SPECS,
  RECOVER_COST,
  type DefenseChoice,
  type OffenseChoice,
} from './data';
import type { JamesBlandAction, JamesBlandPrivate, JamesBlandPublic, Plan } from './types';

type View = GameView<JamesBlandPublic, JamesBlandPrivate>;

const inPlay = (status: string) => status === 'active' || status === 'compromised' || status === 'burned';
const offenseName = (o: OffenseChoice) => (o === 'safeTurn' ? 'Safe Turn' : OFFENSE_SPECS[o].name);
const defenseName = (d: DefenseChoice) => (d === 'none' ? 'no defense' : DEFENSE_SPECS[d].name);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function explainJamesBland(view: View, action: JamesBlandAction): HintWords {
  const pub = view.public;
  const priv = view.private;
  const who = (seat: number | undefined) =>
    seat === undefined
      ? 'nobody'
      : seat === priv?.seat
        ? 'you'
        : (pub.agents[seat]?.name ?? `Agent ${seat + 1}`);
  switch (action.type) {
    case 'plan':
      return explainPlan(view, action.plan, who);
    case 'buyAsset': {
      const a = ASSET_SPECS[action.asset];
      return {
        label: `Buy the ${a.name} (${a.cost} IP)`,
        why:
          `It pays ${a.yield} IP every round` +
          (pub.mode === 'full' ? ', and three assets held for a round win by Network Control.' : '.'),
      };
    }
    case 'bribe': {
      const npc = NPC_SPECS[action.npc];
      return {
        label: `Bribe the ${npc.name} (${npc.cost} IP)`,
        why:
          action.npc === 'mailman'
            ? `You lack ${plural(totalMissing(view), 'secret')}: its card brings you closer to Intelligence Supremacy.`
            : npc.text,
      };
    }
    case 'buyGadget': {
      const g = GADGET_SPECS[action.gadget];
      return { label: `Buy ${g.name} (${g.cost} IP)`, why: `You have IP to spare. ${g.text}` };
    }
    case 'recharge':
      return {
        label: `Recharge ${GADGET_SPECS[action.gadget].name} (1 IP)`,
        why: 'A tapped gadget does nothing until it is recharged.',
      };
    case 'recover': {
      const status = pub.agents[priv?.seat ?? -1]?.status ?? 'compromised';
      return {
        label: `Recover (${RECOVER_COST[status] ?? 0} IP)`,
        why: `A ${status} agent earns less income each round; Active again, you earn it all.`,
      };
    }
    case 'offerPact':
      return {
        label: `Offer ${who(action.to)} a pact`,
        why: 'Partners share the intel they draw and rarely attack each other: two against the leader.',
      };
    case 'acceptPact':
      return {
        label: `Accept ${who(action.from)}'s pact (2 IP)`,
        why: `${who(action.from)} is no threat yet (under two assets) and a partner shares intel with you.`,
      };
    case 'extendPact':
      return {
        label: `Extend your pact with ${who(action.partner)}`,
        why: 'Your partner keeps sharing intel.',
      };
    case 'breakPact':
      return { label: `Break your pact with ${who(action.partner)}`, why: 'They are close to winning.' };
    case 'offerCoordination':
      return {
        label: `Propose a Coordinated Operation on ${who(action.target)} to ${who(action.to)}`,
        why: `${who(action.target)} leads the table: two partners hitting the same agent can bring them down.`,
      };
    case 'acceptCoordination':
      return {
        label: `Join ${who(action.from)}'s Coordinated Operation`,
        why: 'Your partner asked, and you have the IP to make the joint attack count.',
      };
    case 'escape':
      return { label: 'Escape', why: 'Captured, you skip rounds: escaping puts you back in the game.' };
    case 'haunt':
      return {
        label: `Haunt ${who(action.target)}`,
        why: `${who(action.target)} is the agent closest to winning.`,
      };
    case 'aimCamera':
      return {
        label: `Aim your camera at ${who(action.target)}`,
        why: 'You will see their defense next Planning.',
      };
    case 'banner':
      return action.believe
        ? { label: 'Believe the banner', why: 'It sends you to the agent you fear most anyway.' }
        : { label: 'Ignore the banner', why: 'It points away from the agent you fear most.' };
    case 'showdown':
      return {
        label: `Showdown: ${action.choice}`,
        why: 'It is the stronger of the two choices in a Final Showdown.',
      };
    case 'ready':
      return { label: 'Ready', why: 'Nothing else here is worth your IP this round.' };
    case 'timeUp':
      return { label: 'Time up', why: 'The round moves on.' };
  }
}

/** `seat` is the agent `view`'s seat fears most among the others in play. */
function strongest(view: View, seat: number): boolean {
  const pub = view.public;
  const me = view.private?.seat ?? -1;
  return pub.agents.every(
    (a, i) => i === me || i === seat || !inPlay(a.status) || threat(pub, i) <= threat(pub, seat),
  );
}

function totalMissing(view: View): number {
  return view.private ? [...missingFacts(view).values()].reduce((a, b) => a + b, 0) : 0;
}

/** "Network Attack on Bo + Underground", and why each half (the same reasons bot.ts scores). */
function explainPlan(view: View, p: Plan, who: (seat: number | undefined) => string): HintWords {
  const off =
    p.offense === 'safeTurn'
      ? 'Safe Turn'
      : `${offenseName(p.offense)} on ${who(p.target)}${p.enhance ? ` (+${p.enhance} IP)` : ''}`;
  const gadget = p.useGadget ? ` with your ${GADGET_SPECS[p.useGadget].name}` : '';
  const label = `${off}${gadget} + ${defenseName(p.defense)}`;
  return { label, why: `${offenseWhy(view, p, who)} ${defenseWhy(view, p, who)}` };
}

function offenseWhy(view: View, p: Plan, who: (seat: number | undefined) => string): string {
  const pub = view.public;
  const priv = view.private;
  const ip = priv?.ip ?? 0;
  if (p.offense === 'safeTurn') {
    const missing = totalMissing(view);
    if (missing > 0 && missing <= ip + 1)
      return `Safe Turn keeps your IP: ${plural(missing, 'secret')} from Supremacy.`;
    return ip <= 1 ? 'Safe Turn: +1 IP when you cannot afford an attack.' : 'Safe Turn: +1 IP with no risk.';
  }
  const t = p.target;
  const target = t === undefined ? undefined : pub.agents[t];
  const name = who(t);
  const lastDefense = pub.reveal?.defenses.find((d) => d.seat === t)?.defense;
  const co = priv?.coordination;
  if (co && co.round === pub.round && t === co.target)
    return `${name} is your Coordinated Operation's target.`;
  switch (p.offense) {
    case 'networkAttack': {
      const n = target?.assets.length ?? 0;
      const through =
        p.enhance && lastDefense === 'underground' ? ` +${p.enhance} IP beats their Underground.` : '';
      const pact = pub.pacts.some((x) => x.a === t || x.b === t);
      if (pact) return `It cuts one of ${name}'s pacts.${through}`;
      if (n >= 2) return `${name} holds ${n} assets: take one before they win.${through}`;
      if (n === 1)
        return `It takes ${name}'s ${ASSET_SPECS[target!.assets[0]!].name.replace('ACME ', '')}.${through}`;
      return `${offenseName(p.offense)} on ${name}.`;
    }
    case 'capture':
      return `${name} is Burned: a capture takes them out of the next round.`;
    case 'assassination':
      return t !== undefined && strongest(view, t)
        ? `${name} is the rival to fear (${plural(target?.assets.length ?? 0, 'asset')}): a hit costs them 3 IP.`
        : `Free: a hit costs ${name} 3 IP and gives you 3.`;
    case 'sabotage':
      return `Free: it halves ${name}'s next income (${plural(target?.assets.length ?? 0, 'asset')}).`;
    case 'infiltration':
      return `You still lack secrets about ${name}: bugging them brings a card every round.`;
    case 'surveillance':
      return `It draws an Intel Card; guessing ${name}'s ${p.defenseGuess ? defenseName(p.defenseGuess) : 'defense'} adds 2 IP.`;
    case 'misinformation':
      return `No roll: +2 IP next round unless ${name} counters it.`;
    case 'exposure':
      return `It shows ${name}'s codename to all and draws you an Intel Card.`;
    case 'assetTheft':
      return `It steals half of ${name}'s IP and a gadget.`;
    default:
      return `${offenseName(p.offense)} on ${name} is the best attack on offer.`;
  }
}

function defenseWhy(view: View, p: Plan, who: (seat: number | undefined) => string): string {
  const pub = view.public;
  const me = view.private?.seat ?? -1;
  const mine = pub.agents[me];
  const hits = pub.reveal?.offenses.filter((o) => o.target === me).length ?? 0;
  const others = pub.agents.flatMap((a, i) => (i !== me && inPlay(a.status) ? [i] : []));
  // The likeliest target: the agent the table fears most (bot.ts's `threat`: assets, then status).
  const likeliest = others.length > 0 && others.every((i) => threat(pub, i) < threat(pub, me));
  const heldOrHit =
    mine && mine.assets.length > 0
      ? `you hold ${plural(mine.assets.length, 'asset')}`
      : hits > 0
        ? `hit ${hits === 1 ? 'once' : `${hits} times`} last round`
        : '';
  switch (p.defense) {
    case 'underground':
      return `Underground (${likeliest ? 'you are the likeliest target' : heldOrHit || '1 IP'}) stops all but a 3-IP Network Attack.`;
    case 'safeHouse':
      return 'Safe House: free, it stops Assassination and Sabotage.';
    case 'mobileOperations':
      return 'Mobile Operations: attacks on you roll -2 unless they guess your spot.';
    case 'sweepAndClear':
      return 'Sweep & Clear: a rival is close to your secrets; it stops their Surveillance or Infiltration.';
    case 'preemptiveStrike':
      return `Preemptive Strike on ${who(p.suspect)}, who attacked you last round.`;
    case 'honeypot':
      return `Honeypot: ${plural(hits, 'agent')} hit you last round; it catches them.`;
    case 'informationWarfare':
      return `Your banner sends attackers to ${who(p.banner?.redirect)}, the leader.`;
    case 'allianceBuilding':
      return `Alliance Building renews your pact with ${who(p.partners?.[0])} before it ends.`;
    case 'disinformation':
      return 'Disinformation: several attacked you; next round their attacks misfire half the time.';
    case 'none':
      return 'No defense: keep your IP.';
    default:
      return `${defenseName(p.defense)}.`;
  }
}
