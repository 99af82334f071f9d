/**
 * The market: uniqueness, Production, Purchase, destroying one's own Device, offers and acceptance.
 * Every function checks first and changes nothing when it refuses (callers work on a copy anyway).
 */
import type { GameEvent, RuleError } from '../core/contract';
import { findBlueprint, settleCount } from './blueprints';
import { EngineErr, Rule, ruleError } from './errors';
import type { Blueprint, Device, EngineState, Uniqueness, Units } from './types';
import { money } from './units';

/** Context for engine operations: how to write amounts, who the players are, where events go. */
export interface EngineCtx {
  units: Units;
  names: readonly string[];
  events: GameEvent[];
}

export function nameOf(ctx: EngineCtx, seat: number): string {
  return ctx.names[seat] ?? `Player ${seat + 1}`;
}

/**
 * Whether `owner` may hold one more Device called `name` with this uniqueness, not counting the
 * device `except` (the one changing hands). Game: no two Devices share the name; Player: no two
 * share name and owner. A unique Device already held also blocks a Non-Unique one of the same name.
 */
export function uniquenessBreach(
  e: EngineState,
  name: string,
  uniqueness: Uniqueness,
  owner: number,
  except = -1,
): RuleError | null {
  for (const d of e.devices) {
    if (d.id === except || d.name !== name) continue;
    const strictest =
      d.uniqueness === 'Game' || uniqueness === 'Game'
        ? 'Game'
        : d.uniqueness === 'Player' || uniqueness === 'Player'
          ? 'Player'
          : 'Non-Unique';
    if (strictest === 'Game')
      return ruleError(EngineErr.UNIQUENESS, Rule.DEVICE, `${name} is Game-unique and one already exists.`);
    if (strictest === 'Player' && d.owner === owner)
      return ruleError(
        EngineErr.UNIQUENESS,
        Rule.DEVICE,
        `${name} is Player-unique and that player already owns one.`,
      );
  }
  return null;
}

/**
 * Produces a Device from a Blueprint for a player: the Price is subtracted, the Device takes the
 * Blueprint's name and uniqueness and its Additional Device Definition, the count drops by one
 * unless Infinite, then the count rules apply. Checks money and uniqueness first.
 */
export function produce(e: EngineState, b: Blueprint, seat: number, ctx: EngineCtx): RuleError | null {
  const wallet = e.wallets[seat];
  if (!wallet) return ruleError(EngineErr.NO_SUCH_PLAYER, Rule.PRODUCTION, `There is no player ${seat}.`);
  if (wallet.money < b.price)
    return ruleError(
      EngineErr.CANNOT_AFFORD,
      Rule.PURCHASE,
      `${b.name} costs ${money(ctx.units, b.price)}; ${nameOf(ctx, seat)} has ${money(ctx.units, wallet.money)}.`,
    );
  const breach = uniquenessBreach(e, b.name, b.uniqueness, seat);
  if (breach) return breach;
  wallet.money -= b.price;
  const device: Device = {
    id: e.nextId++,
    name: b.name,
    owner: seat,
    uniqueness: b.uniqueness,
    tapped: false,
    attributes: { ...b.definition.attributes },
    properties: [...b.definition.properties],
    powers: structuredClone(b.definition.powers),
  };
  e.devices.push(device);
  if (b.count !== 'Infinite') b.count -= 1;
  ctx.events.push({
    type: 'produced',
    text: `A ${b.name} is produced for ${nameOf(ctx, seat)} for ${money(ctx.units, b.price)}`,
    seat,
    data: { blueprint: b.name, device: device.id, price: b.price },
  });
  settleCount(e, b.name, ctx.units, ctx.events);
  return null;
}

/** Purchase: a sufficient amount of money, and the Blueprint must not be Biddable. */
export function purchase(e: EngineState, seat: number, blueprint: string, ctx: EngineCtx): RuleError | null {
  const b = findBlueprint(e, blueprint);
  if (!b)
    return ruleError(EngineErr.NO_SUCH_BLUEPRINT, Rule.PURCHASE, `There is no Blueprint named ${blueprint}.`);
  if (b.biddable)
    return ruleError(
      EngineErr.BIDDABLE,
      Rule.PURCHASE,
      `${b.name} is Biddable: it can only be won by bidding.`,
    );
  return produce(e, b, seat, ctx);
}

export function findDevice(e: EngineState, id: number): Device | undefined {
  return e.devices.find((d) => d.id === id);
}

/** Removes a Device and every offer of it. */
export function removeDevice(e: EngineState, id: number): void {
  e.devices = e.devices.filter((d) => d.id !== id);
  e.offers = e.offers.filter((o) => o.device !== id);
}

/** A player destroys a Device they own; it ceases to exist. */
export function destroyOwn(e: EngineState, seat: number, id: number, ctx: EngineCtx): RuleError | null {
  const d = findDevice(e, id);
  if (!d) return ruleError(EngineErr.NO_SUCH_DEVICE, Rule.TRADE, `There is no Device #${id}.`);
  if (d.owner !== seat) return ruleError(EngineErr.NOT_OWNER, Rule.TRADE, `You do not own ${d.name} #${id}.`);
  removeDevice(e, id);
  ctx.events.push({
    type: 'destroyed',
    text: `${nameOf(ctx, seat)} destroys their ${d.name} #${id}`,
    seat,
    data: { device: id },
  });
  return null;
}

/** A player offers a Device they own to another player (who must accept). */
export function offer(
  e: EngineState,
  seat: number,
  id: number,
  to: number,
  ctx: EngineCtx,
): RuleError | null {
  const d = findDevice(e, id);
  if (!d) return ruleError(EngineErr.NO_SUCH_DEVICE, Rule.TRADE, `There is no Device #${id}.`);
  if (d.owner !== seat) return ruleError(EngineErr.NOT_OWNER, Rule.TRADE, `You do not own ${d.name} #${id}.`);
  if (!Number.isInteger(to) || to < 0 || to >= e.wallets.length)
    return ruleError(EngineErr.NO_SUCH_PLAYER, Rule.TRADE, 'Offer to a player at the table.');
  if (to === seat)
    return ruleError(EngineErr.SELF_OFFER, Rule.TRADE, 'A Device is offered to another player.');
  if (e.offers.some((o) => o.device === id && o.to === to))
    return ruleError(EngineErr.SELF_OFFER, Rule.TRADE, `${d.name} #${id} is already offered to that player.`);
  const o = { id: e.nextId++, device: id, from: seat, to };
  e.offers.push(o);
  ctx.events.push({
    type: 'offered',
    text: `${nameOf(ctx, seat)} offers ${d.name} #${id} to ${nameOf(ctx, to)}`,
    seat,
    data: { offer: o.id, device: id, to },
  });
  return null;
}

/** The receiver accepts: the Device changes owner (tapped or not), if uniqueness allows. */
export function accept(e: EngineState, seat: number, offerId: number, ctx: EngineCtx): RuleError | null {
  const o = e.offers.find((x) => x.id === offerId);
  if (!o) return ruleError(EngineErr.NO_SUCH_OFFER, Rule.TRADE, `There is no offer #${offerId}.`);
  if (o.to !== seat)
    return ruleError(EngineErr.NOT_RECEIVER, Rule.TRADE, 'Only the receiver can accept an offer.');
  const d = findDevice(e, o.device)!;
  const breach = uniquenessBreach(e, d.name, d.uniqueness, seat, d.id);
  if (breach) return breach;
  d.owner = seat;
  e.offers = e.offers.filter((x) => x.device !== d.id);
  ctx.events.push({
    type: 'accepted',
    text: `${nameOf(ctx, seat)} accepts ${d.name} #${d.id} from ${nameOf(ctx, o.from)}`,
    seat,
    data: { offer: o.id, device: d.id },
  });
  return null;
}

/** The receiver declines (or the giver withdraws) an offer. */
export function decline(e: EngineState, seat: number, offerId: number, ctx: EngineCtx): RuleError | null {
  const o = e.offers.find((x) => x.id === offerId);
  if (!o) return ruleError(EngineErr.NO_SUCH_OFFER, Rule.TRADE, `There is no offer #${offerId}.`);
  if (o.to !== seat && o.from !== seat)
    return ruleError(EngineErr.NOT_RECEIVER, Rule.TRADE, 'Only the two players of an offer can cancel it.');
  e.offers = e.offers.filter((x) => x.id !== offerId);
  ctx.events.push({
    type: 'declined',
    text: `${nameOf(ctx, seat)} cancels the offer of Device #${o.device}`,
    seat,
    data: { offer: o.id },
  });
  return null;
}

/** All Devices lose the Tapped Property (Devices: the start of Breakday; other games: their round start). */
export function untapAll(e: EngineState): void {
  for (const d of e.devices) d.tapped = false;
}
