/**
 * A hint's words for a Devices action (core/hint.ts): the action as its button says it, and one or
 * two plain sentences of why in the bot's own terms (bot.ts's value model): a Device is worth the
 * Points it scores at each Thirnight left plus what its best Power earns each nweek, against its
 * price. Read from the seat's view alone: the public market, players, offers and proposals.
 */
import type { GameView, HintWords } from '../../core/contract';
import {
  activationValue,
  deviceWorth,
  inMackerel,
  modelOf,
  type Model,
  parsed,
  powerYield,
  wantsEnd,
  wantsProposal,
  worth,
} from './bot';
import { POINTS_PER_DEVICE } from './calendar';
import type { DevicesAction, DevicesPrivate, DevicesPublic, PowerView } from './types';

type View = GameView<DevicesPublic, DevicesPrivate>;

const m = (n: number): string => `m${Math.round(n)}`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "1 Point at each of the 3 Thirnights left (m6 a Point) + about m4 a nweek from its Powers". */
function earns(model: Model, powers: PowerView[]): string {
  let perWeek = 0;
  for (const p of powers) {
    const x = parsed(p);
    if (x && !x.costs.some((c) => c.kind === 'sacrifice'))
      perWeek = Math.max(perWeek, inMackerel(model, powerYield(model, x)));
  }
  const point = plural(POINTS_PER_DEVICE, 'Point');
  const points =
    model.weeksLeft <= 1
      ? `${point} at the last Thirnight (Points decide now)`
      : `${point} at each of the ${model.weeksLeft} Thirnights left (${m(inMackerel(model, model.pv))} a Point)`;
  return perWeek > 0 ? `${points} + about ${m(perWeek)} a nweek from its Powers` : points;
}

/** What a Point is worth to the bot now, in mackerel. */
const pointWorth = (model: Model) =>
  model.weeksLeft <= 1
    ? 'in the last nweek Points decide the game'
    : `a Point is worth about ${m(inMackerel(model, model.pv))}`;

export function explainDevices(view: View, action: DevicesAction): HintWords {
  const pub = view.public;
  const me = view.private?.seat ?? 0;
  const model = modelOf(view, me, 1);
  const who = (seat: number | undefined) =>
    seat === undefined ? 'nobody' : seat === me ? 'you' : (pub.players[seat]?.name ?? `Player ${seat + 1}`);
  const device = (id: number | undefined) => pub.devices.find((d) => d.id === id);

  switch (action.type) {
    case 'purchase': {
      const b = pub.blueprints.find((x) => x.name === action.blueprint);
      if (!b) return { label: `Buy ${action.blueprint}`, why: 'It is worth more to you than its price.' };
      return {
        label: `Buy ${b.name} for ${m(b.price)}`,
        why: `Worth about ${m(inMackerel(model, worth(model, b.powers)))} to you, more than its price: ${earns(model, b.powers)}.`,
      };
    }
    case 'bid': {
      const b = pub.blueprints.find((x) => x.name === action.blueprint);
      const value = b ? inMackerel(model, worth(model, b.powers)) : 0;
      return {
        label: `Bid ${m(action.amount)} on ${action.blueprint}`,
        why: `Worth about ${m(value)} to you (you can pay ${m(action.amount)}): ${b ? earns(model, b.powers) : 'Points'}.`,
      };
    }
    case 'activate': {
      const d = device(action.device);
      const target = device(action.target);
      const gain = activationValue(model, action);
      const aim =
        target && target.owner !== me
          ? ` on ${who(target.owner)}'s ${target.name}`
          : action.player !== undefined && action.player !== me
            ? ` on ${who(action.player)}`
            : '';
      return {
        label: `Use ${d?.name ?? 'your Device'}: ${action.power}${aim}${action.x !== undefined ? ` (X = ${action.x})` : ''}`,
        why:
          gain > 0
            ? `It gains you about ${m(inMackerel(model, gain))} more than it costs${aim && action.player === model.leader ? `, against the leader` : ''}.`
            : 'Its cost is small against what it does.',
      };
    }
    case 'accept': {
      const o = pub.offers.find((x) => x.id === action.offer);
      const d = device(o?.device);
      const price = o
        ? [o.money ? m(o.money) : '', o.points ? plural(o.points, 'Point') : '']
            .filter(Boolean)
            .join(' and ') || 'nothing'
        : 'nothing';
      return {
        label: `Accept ${who(o?.from)}'s ${d?.name ?? 'Device'} for ${price}`,
        why: d
          ? `Worth about ${m(inMackerel(model, deviceWorth(model, d)))} to you, more than its price: ${earns(model, d.powers)}.`
          : 'It is worth more to you than its price.',
      };
    }
    case 'decline':
      return { label: 'Decline the offer', why: 'The Device is worth less to you than its price.' };
    case 'offer':
      return {
        label: `Offer your ${device(action.device)?.name ?? 'Device'} to ${who(action.to)}`,
        why: 'The price you ask is worth more to you than keeping it.',
      };
    case 'destroy':
      return {
        label: `Destroy ${device(action.device)?.name ?? 'a Device'}`,
        why: 'It costs you more than it earns.',
      };
    case 'convert':
      return {
        label: `Convert ${plural(action.points, 'Point')} into money`,
        why: `You need the money now, and ${pointWorth(model)}.`,
      };
    case 'draft':
      return {
        label: `Draft a proposal: ${action.spec.name} at ${m(action.spec.price)}`,
        why: `Of the Blueprints you could propose it is worth the most to you (about ${m(
          inMackerel(
            model,
            worth(
              model,
              action.spec.powers.map((text) => ({ name: '', text })),
            ),
          ),
        )}).`,
      };
    case 'submit':
      return {
        label: 'Submit your proposal',
        why: 'It goes to the vote on Ballotday; a new Blueprint you want.',
      };
    case 'vote': {
      const p = pub.proposals.find((x) => x.id === action.proposal);
      const label = `Vote ${action.yes ? 'yes' : 'no'} on ${p?.spec.name ?? 'the proposal'}`;
      if (!p) return { label, why: 'Your vote counts on Ballotday.' };
      if (p.author === me) return { label, why: 'It is your own proposal.' };
      const lead = pub.players[p.author]!.points - pub.players[me]!.points;
      const value = inMackerel(
        model,
        worth(
          model,
          p.spec.powers.map((text) => ({ name: '', text })),
        ),
      );
      return {
        label,
        why: wantsProposal(model, p.id)
          ? `Worth about ${m(value)} to you against its ${m(p.spec.price)} price: you could buy one too.`
          : lead >= 3
            ? `${who(p.author)} leads you by ${plural(lead, 'Point')}: they would buy it first.`
            : `Worth about ${m(value)} to you, not more than its ${m(p.spec.price)} price.`,
      };
    }
    case 'emergencyVote':
      return {
        label: `Vote to ${action.choice === 'rollback' ? 'roll back the nweek' : action.choice === 'end' ? 'end the game' : 'resume'}`,
        why:
          action.choice === 'end'
            ? 'You lead on Points: ending now wins.'
            : wantsEnd(model)
              ? 'The game goes on.'
              : 'You do not lead on Points enough: ending now would lose.',
      };
    case 'panic':
      return action.on
        ? {
            label: 'Press your Panic Button',
            why: 'You lead on Points: an emergency vote to end the game is good for you.',
          }
        : { label: 'Let go of your Panic Button', why: 'An emergency now is not good for you.' };
    case 'pass':
      return {
        label: 'Pass this nday',
        why: 'Nothing on the market is worth more to you than its price right now.',
      };
    case 'startClock':
      return { label: 'Start the Clock', why: 'Everyone is ready: the nweek begins.' };
    case 'tick':
      return { label: 'Wait', why: 'Time passes.' };
  }
}
