/**
 * The reducer. `apply` validates the shape, refuses what the phase forbids, then performs the action
 * on a copy; every refusal names the rule. `legalActions` (legal.ts) lists only actions `apply`
 * accepts; the property tests hold the two together.
 */
import type { ApplyResult, RuleError, SeatIndex } from '../../core/contract';
import * as engine from '../../devices-engine';
import { ruleError } from '../../devices-engine';
import { actionSchema } from './actions';
import { isLegacy, legacySpec } from './edition';
import { choicesOpen, emergencyTimeUp, emergencyVote, setPanic } from './emergency';
import { Rules as ProposalRules, checkDraft, checkSubmit, checkVote, submit } from './proposals';
import type { Events } from './state';
import { cloneState, ctxOf, priceOf, stamp } from './state';
import { endNday, startClock } from './time';
import type { DevicesAction, DevicesState, TradePrice } from './types';
import { Err, type DevicesRefusal } from './refusals';

export const Rules = {
  ...ProposalRules,
  TIME: 'Devices rules: ndays and the Clock',
  PANIC: 'Devices rules: Panic Buttons and the emergency',
  CONVERT: 'Devices rules: Points and mackerel',
  TRADE: 'Devices rules: trades have a price the receiver pays on accepting',
  END: 'Devices rules: the end of the game',
  PLAYERS: 'Devices rules: 2 to 8 players',
  ACTIONS: 'Devices rules: Game Actions',
};

/**
 * Seats expected to act: players who have not passed; emergency voters. Nobody while the Clock is
 * Off: the table's host (the room knows who that is) or the timer starts it.
 */
export function toAct(s: DevicesState): SeatIndex[] {
  if (s.phase === 'finished') return [];
  const seats = s.names.map((_, i) => i);
  if (s.phase === 'emergency') return seats.filter((i) => s.emergency!.votes[i] === null);
  // Edition 1 waited for seat 0 to start the Clock.
  if (!s.clockOn) return isLegacy(s) ? [0] : [];
  return seats.filter((i) => !s.passed[i]);
}

export function phaseOf(s: DevicesState): string {
  if (s.phase === 'running' && !s.clockOn) return 'clockOff';
  return s.phase;
}

const EMERGENCY_ACTIONS: ReadonlySet<DevicesAction['type']> = new Set(['panic', 'emergencyVote', 'tick']);

function perform(s: DevicesState, seat: number, a: DevicesAction, events: Events): RuleError | null {
  const ctx = ctxOf(s, events);
  const e = s.engine;
  switch (a.type) {
    case 'purchase':
      return engine.purchase(e, seat, a.blueprint, ctx);
    case 'bid':
      return engine.bid(e, seat, a.blueprint, a.amount, ctx);
    case 'activate': {
      const { type: _type, ...activation } = a;
      return engine.activate(e, seat, activation, s.clockOn, ctx);
    }
    case 'destroy':
      return engine.destroyOwn(e, seat, a.device, ctx);
    case 'offer': {
      // Edition 1's offers are gifts (its action had no price).
      if (isLegacy(s)) return engine.offer(e, seat, a.device, a.to, ctx);
      const before = e.nextId;
      const err = engine.offer(e, seat, a.device, a.to, ctx);
      if (err) return err;
      const price = { money: a.money ?? 0, points: a.points ?? 0 };
      const made = e.offers.find((o) => o.id >= before)!;
      s.offerPrices = { ...s.offerPrices, [made.id]: price };
      const said = priceText(price);
      const event = events.at(-1);
      if (event?.type === 'offered') event.text += said ? ` for ${said}` : ' as a gift';
      return null;
    }
    case 'accept':
      if (isLegacy(s)) return engine.accept(e, seat, a.offer, ctx);
      return acceptOffer(s, seat, a.offer, events);
    case 'decline':
      return engine.decline(e, seat, a.offer, ctx);
    case 'convert': {
      const w = e.wallets[seat]!;
      if (w.score < a.points)
        return ruleError(Err.NOT_ENOUGH_POINTS, Rules.CONVERT, `You have ${w.score} Points.`);
      w.score -= a.points;
      w.money += a.points * ctx.units.pointValue;
      events.push({
        type: 'converted',
        text: `${s.names[seat]} converts ${a.points} Point${a.points === 1 ? '' : 's'} to m${a.points * ctx.units.pointValue}`,
        seat,
      });
      return null;
    }
    case 'draft': {
      const spec = isLegacy(s) ? legacySpec(a.spec) : a.spec;
      const err = checkDraft(s, spec);
      if (err) return err;
      s.drafts[seat] = structuredClone(spec);
      events.push({ type: 'draft', text: `Draft saved: ${spec.name}`, seat, to: seat });
      return null;
    }
    case 'submit': {
      const err = checkSubmit(s, seat);
      if (err) return err;
      submit(s, seat, events);
      return null;
    }
    case 'vote': {
      const err = checkVote(s, seat, a.proposal);
      if (err) return err;
      const p = s.proposals.find((x) => x.id === a.proposal)!;
      p.votes[seat] = a.yes;
      events.push({
        type: 'vote',
        text: `${s.names[seat]} votes ${a.yes ? 'for' : 'against'} proposal #${p.id} (${p.spec.name})`,
        seat,
      });
      return null;
    }
    case 'pass': {
      if (!s.clockOn)
        return ruleError(Err.CLOCK_OFF, Rules.TIME, 'The Clock is Off: there is no nday to pass.');
      if (s.passed[seat])
        return ruleError(Err.ALREADY_PASSED, Rules.TIME, 'You have already passed this nday.');
      s.passed[seat] = true;
      events.push({ type: 'pass', text: `${s.names[seat]} passes`, seat });
      if (s.passed.every(Boolean)) endNday(s, events);
      return null;
    }
    case 'panic':
      if (s.panic[seat] === a.on)
        return ruleError(
          Err.PANIC_UNCHANGED,
          Rules.PANIC,
          `Your Panic Button is already ${a.on ? 'On' : 'Off'}.`,
        );
      setPanic(s, seat, a.on, events);
      return null;
    case 'emergencyVote':
      if (s.phase !== 'emergency') return ruleError(Err.NO_EMERGENCY, Rules.PANIC, 'There is no emergency.');
      if (!choicesOpen(s).includes(a.choice))
        return ruleError(Err.ROLLBACK_USED, Rules.PANIC, 'This nweek has already been rolled back once.');
      emergencyVote(s, seat, a.choice, events);
      return null;
    case 'startClock':
      // The room lets only the table's host send it (the rules cannot know who hosts: the host can
      // change during a match); edition 1 gave it to seat 0.
      if (isLegacy(s) && seat !== 0)
        return ruleError(Err.HOST_ONLY, Rules.TIME, 'Only the host seat starts the Clock.');
      if (s.clockOn) return ruleError(Err.CLOCK_ON, Rules.TIME, 'The Clock is already On.');
      startClock(s, events);
      return null;
    case 'tick':
      // Edition 1 let only seat 0 (or the timer) move time: its records hold seat 0's ticks.
      if (isLegacy(s) && seat !== 0)
        return ruleError(Err.HOST_ONLY, Rules.TIME, 'Only the timer (or the host seat) moves time.');
      // The server's timer's action: the room refuses it from every client (TableHabits.clockOnly).
      if (a.window !== s.window)
        return ruleError(Err.STALE_TICK, Rules.TIME, 'That time window is already over.');
      if (s.phase === 'emergency') emergencyTimeUp(s, events);
      else if (!s.clockOn) startClock(s, events);
      else endNday(s, events);
      return null;
  }
}

/** "m10 and 2 Points", "" for a gift. */
export function priceText(p: TradePrice): string {
  const parts = [
    p.money > 0 ? `m${p.money}` : '',
    p.points > 0 ? `${p.points} Point${p.points === 1 ? '' : 's'}` : '',
  ];
  return parts.filter(Boolean).join(' and ');
}

/** Why this seat cannot pay this price now, or null if it can. */
export function cannotPay(s: DevicesState, seat: number, p: TradePrice): RuleError | null {
  const w = s.engine.wallets[seat]!;
  if (w.money < p.money)
    return ruleError(Err.NOT_ENOUGH_MONEY, Rules.TRADE, `The price is m${p.money}; you have m${w.money}.`);
  if (w.score < p.points)
    return ruleError(
      Err.NOT_ENOUGH_POINTS,
      Rules.TRADE,
      `The price is ${p.points} Points; you have ${w.score}.`,
    );
  return null;
}

/** The receiver accepts: the Device changes hands and the price goes to the giver, or nothing happens. */
function acceptOffer(s: DevicesState, seat: number, offerId: number, events: Events): RuleError | null {
  const o = s.engine.offers.find((x) => x.id === offerId);
  const price = priceOf(s, offerId);
  if (o && o.to === seat) {
    const broke = cannotPay(s, seat, price);
    if (broke) return broke;
  }
  const err = engine.accept(s.engine, seat, offerId, ctxOf(s, events));
  if (err || !o) return err;
  const buyer = s.engine.wallets[seat]!;
  const seller = s.engine.wallets[o.from]!;
  buyer.money -= price.money;
  seller.money += price.money;
  buyer.score -= price.points;
  seller.score += price.points;
  const said = priceText(price);
  const event = events.at(-1);
  if (event?.type === 'accepted' && said) event.text += ` and pays ${said}`;
  return null;
}

/** Market actions count against a bot's budget for the nday; votes, passes and panic do not. */
const BUDGETED: ReadonlySet<string> = new Set<DevicesAction['type']>([
  'purchase',
  'bid',
  'activate',
  'destroy',
  'offer',
  'accept',
  'decline',
  'convert',
  'draft',
  'submit',
]);

/** Whether an action spends the bot's market budget: the rules count it, the bot keeps to it. */
export function isBudgeted(action: { type: string }): boolean {
  return BUDGETED.has(action.type);
}

export function apply(
  state: DevicesState,
  seat: SeatIndex,
  action: DevicesAction,
): ApplyResult<DevicesState> {
  const no = (code: DevicesRefusal, rule: string, message: string) => ({
    ok: false as const,
    error: ruleError(code, rule, message),
  });
  if (state.phase === 'finished') return no(Err.GAME_OVER, Rules.END, 'The game is over.');
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.names.length)
    return no(Err.NOT_A_SEAT, Rules.PLAYERS, 'Only the players can act.');
  const parsed = actionSchema.safeParse(action);
  if (!parsed.success) return no(Err.BAD_ACTION, Rules.ACTIONS, 'That is not a Devices action.');
  const a = parsed.data;
  if (state.phase === 'emergency' && !EMERGENCY_ACTIONS.has(a.type))
    return {
      ok: false,
      error: ruleError(
        Err.EMERGENCY,
        Rules.PANIC,
        'During an emergency only Panic Buttons and the emergency vote count.',
      ),
    };
  const s = cloneState(state);
  const events: Events = [];
  const err = perform(s, seat, a, events);
  if (err) return { ok: false, error: err };
  if (isBudgeted(a) && s.acted) s.acted[seat] = (s.acted[seat] ?? 0) + 1;
  // Prices of offers that are gone (accepted, declined, the Device traded or destroyed).
  const open = s.engine.offers;
  if (s.offerPrices && Object.keys(s.offerPrices).length > open.length)
    s.offerPrices = Object.fromEntries(open.map((o) => [o.id, priceOf(s, o.id)]));
  stamp(s, events);
  return { ok: true, state: s, events };
}
