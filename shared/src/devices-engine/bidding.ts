/**
 * Bidding (RFC): opens at the start of Breakday with the Price set to the Starting Price; bids are
 * non-retractable and must exceed the Price, and the highest becomes the Price; bidding ends at the
 * start of Ballotday; at the end of Thirnight the winner's Device is Produced, converting Points to
 * money one at a time if short, and if still short their money is set to zero and nothing is made.
 */
import type { RuleError } from '../core/contract';
import { findBlueprint } from './blueprints';
import { EngineErr, Rule, ruleError } from './errors';
import type { EngineCtx } from './market';
import { nameOf, produce, uniquenessBreach } from './market';
import type { EngineState } from './types';
import { MAX_AMOUNT } from './types';
import { money, score } from './units';

export function openBidding(e: EngineState, ctx: EngineCtx): void {
  for (const b of e.blueprints) {
    if (!b.biddable) continue;
    b.biddingOpen = true;
    b.price = b.startingPrice ?? b.price;
    b.highBid = null;
    b.winner = null;
    ctx.events.push({
      type: 'biddingOpen',
      text: `Bidding opens on ${b.name} at ${money(ctx.units, b.price)}`,
      data: { blueprint: b.name, price: b.price },
    });
  }
}

export function bid(
  e: EngineState,
  seat: number,
  blueprint: string,
  amount: number,
  ctx: EngineCtx,
): RuleError | null {
  const b = findBlueprint(e, blueprint);
  if (!b)
    return ruleError(EngineErr.NO_SUCH_BLUEPRINT, Rule.BIDDING, `There is no Blueprint named ${blueprint}.`);
  if (!b.biddable)
    return ruleError(EngineErr.NOT_BIDDABLE, Rule.BIDDING, `${b.name} is not Biddable: purchase it.`);
  if (!b.biddingOpen)
    return ruleError(
      EngineErr.BIDDING_CLOSED,
      Rule.BIDDING,
      `Bidding on ${b.name} is open from Breakday to Ballotday.`,
    );
  if (!Number.isInteger(amount) || amount <= b.price || amount > MAX_AMOUNT)
    return ruleError(
      EngineErr.BID_TOO_LOW,
      Rule.BIDDING,
      `A bid on ${b.name} must exceed ${money(ctx.units, b.price)}.`,
    );
  const breach = uniquenessBreach(e, b.name, b.uniqueness, seat);
  if (breach) return breach;
  b.price = amount;
  b.highBid = { seat, amount };
  ctx.events.push({
    type: 'bid',
    text: `${nameOf(ctx, seat)} bids ${money(ctx.units, amount)} on ${b.name}`,
    seat,
    data: { blueprint: b.name, amount },
  });
  return null;
}

export function closeBidding(e: EngineState, ctx: EngineCtx): void {
  for (const b of e.blueprints) {
    if (!b.biddingOpen) continue;
    b.biddingOpen = false;
    b.winner = b.highBid;
    b.highBid = null;
    ctx.events.push({
      type: 'biddingClosed',
      text: b.winner
        ? `Bidding on ${b.name} closes: ${nameOf(ctx, b.winner.seat)} wins at ${money(ctx.units, b.winner.amount)}`
        : `Bidding on ${b.name} closes without a bid`,
      data: { blueprint: b.name, winner: b.winner?.seat ?? null },
    });
  }
}

/** End of Thirnight: produce each won Device, with the automatic conversion and the shortfall rule. */
export function settleAuctions(e: EngineState, ctx: EngineCtx): void {
  for (const name of e.blueprints.filter((b) => b.winner).map((b) => b.name)) {
    const b = findBlueprint(e, name)!;
    const { seat } = b.winner!;
    b.winner = null;
    const w = e.wallets[seat]!;
    const who = nameOf(ctx, seat);
    const breach = uniquenessBreach(e, b.name, b.uniqueness, seat);
    if (breach) {
      ctx.events.push({
        type: 'auctionVoid',
        text: `${who} cannot receive ${b.name}: ${breach.message}`,
        seat,
      });
      continue;
    }
    let converted = 0;
    while (w.money < b.price && w.score > 0) {
      w.score -= 1;
      w.money += ctx.units.pointValue;
      converted++;
    }
    if (converted > 0)
      ctx.events.push({
        type: 'converted',
        text: `${who} converts ${score(ctx.units, converted)} to ${money(ctx.units, converted * ctx.units.pointValue)} to pay for ${b.name}`,
        seat,
        data: { points: converted },
      });
    if (w.money >= b.price) {
      produce(e, b, seat, ctx);
    } else {
      ctx.events.push({
        type: 'shortfall',
        text: `${who} cannot pay ${money(ctx.units, b.price)} for ${b.name}: their ${ctx.units.moneyName} is set to zero`,
        seat,
        data: { blueprint: b.name },
      });
      w.money = 0;
    }
  }
}
