/**
 * Activating a Power (Device Regulations). The owner names the Device, the Power, and any parameter
 * (X) or targets. Everything is validated before anything changes: the Clock is On, the owner
 * activates, the Device is not Tapped, parameters and targets are complete and valid; then the Costs
 * are performed in order, then the Game Actions, then the Power resolves and Tap / Sacrifice apply.
 * If any step cannot be done the whole activation is refused (the caller's copy is discarded).
 */
import type { RuleError } from '../core/contract';
import type { DevicesRefusal } from '../games/devices/refusals';
import { EngineErr, Rule, ruleError } from './errors';
import type { EngineCtx } from './market';
import { findDevice, nameOf, removeDevice } from './market';
import { needs, printPower } from './powerText';
import type { Amount, EngineState } from './types';
import { MAX_AMOUNT } from './types';
import { money, score } from './units';

export interface Activation {
  device: number;
  power: string;
  /** The value of X, when the Power uses X. */
  x?: number;
  /** The target Player, when the Power has one. */
  player?: number;
  /** The target Device id, when the Power has one. */
  target?: number;
}

/** Whether a Power may be activated now and with these inputs, without changing anything. */
export function checkActivation(
  e: EngineState,
  seat: number,
  a: Activation,
  clockOn: boolean,
  ctx: EngineCtx,
): RuleError | null {
  return perform(draftOf(e), seat, a, clockOn, { ...ctx, events: [] });
}

/** Activates a Power: all or nothing (on refusal `e` is unchanged and no event is added). */
export function activate(
  e: EngineState,
  seat: number,
  a: Activation,
  clockOn: boolean,
  ctx: EngineCtx,
): RuleError | null {
  const draft = draftOf(e);
  const events: EngineCtx['events'] = [];
  const err = perform(draft, seat, a, clockOn, { ...ctx, events });
  if (err) return err;
  Object.assign(e, draft);
  ctx.events.push(...events);
  return null;
}

/**
 * A copy deep enough for `perform`, which only changes wallets, a Device's Tapped flag, and replaces
 * (never edits) the device and offer arrays. Cheap, so legal-action lists can try every activation.
 */
function draftOf(e: EngineState): EngineState {
  return {
    ...e,
    wallets: e.wallets.map((w) => ({ ...w })),
    devices: e.devices.map((d) => ({ ...d })),
    offers: e.offers.slice(),
  };
}

/** Performs the activation on `e`, which the caller discards on refusal. */
function perform(
  e: EngineState,
  seat: number,
  a: Activation,
  clockOn: boolean,
  ctx: EngineCtx,
): RuleError | null {
  if (!clockOn)
    return ruleError(EngineErr.CLOCK_OFF, Rule.CLOCK, 'Powers cannot be activated while the Clock is Off.');
  const d = findDevice(e, a.device);
  if (!d) return ruleError(EngineErr.NO_SUCH_DEVICE, Rule.ACTIVATION, `There is no Device #${a.device}.`);
  if (d.owner !== seat)
    return ruleError(
      EngineErr.NOT_OWNER,
      Rule.OWNER_ONLY,
      `Only the owner of ${d.name} #${d.id} may activate its Powers.`,
    );
  if (d.tapped)
    return ruleError(EngineErr.TAPPED, Rule.TAPPED, `${d.name} #${d.id} is Tapped until Breakday.`);
  const power = d.powers.find((p) => p.name === a.power);
  if (!power)
    return ruleError(EngineErr.NO_SUCH_POWER, Rule.ACTIVATION, `${d.name} has no Power named ${a.power}.`);
  const need = needs(power);
  const bad = (code: DevicesRefusal, m: string) => ruleError(code, Rule.ACTIVATION, m);
  if (need.x) {
    if (a.x === undefined) return bad(EngineErr.PARAM_MISSING, `${power.name} needs a value for X.`);
    if (!Number.isInteger(a.x) || a.x < 0 || a.x > MAX_AMOUNT)
      return bad(EngineErr.PARAM_INVALID, `X is a whole number from 0 to ${MAX_AMOUNT}.`);
  } else if (a.x !== undefined) return bad(EngineErr.PARAM_INVALID, `${power.name} takes no X.`);
  if (need.player) {
    if (a.player === undefined) return bad(EngineErr.TARGET_MISSING, `${power.name} needs a target Player.`);
    if (!Number.isInteger(a.player) || a.player < 0 || a.player >= e.wallets.length || a.player === seat)
      return bad(EngineErr.TARGET_INVALID, 'The target Player is another player at the table.');
  } else if (a.player !== undefined)
    return bad(EngineErr.TARGET_INVALID, `${power.name} takes no target Player.`);
  if (need.device) {
    if (a.target === undefined) return bad(EngineErr.TARGET_MISSING, `${power.name} needs a target Device.`);
    if (!findDevice(e, a.target)) return bad(EngineErr.TARGET_INVALID, `There is no Device #${a.target}.`);
  } else if (a.target !== undefined)
    return bad(EngineErr.TARGET_INVALID, `${power.name} takes no target Device.`);

  const n = (amount: Amount): number => (amount === 'X' ? a.x! : amount);
  const me = e.wallets[seat]!;
  const who = nameOf(ctx, seat);
  for (const c of power.costs) {
    const cost = (m: string) => ruleError(EngineErr.COST_UNPAYABLE, Rule.COSTS, m);
    if (c.kind === 'spend') {
      if (me.money < n(c.amount))
        return cost(`Spend ${money(ctx.units, n(c.amount))}: ${who} has ${money(ctx.units, me.money)}.`);
      me.money -= n(c.amount);
    } else if (c.kind === 'lose') {
      if (me.score < n(c.amount))
        return cost(`Lose ${n(c.amount)}: ${who} has ${score(ctx.units, me.score)}.`);
      me.score -= n(c.amount);
    } else if (c.kind === 'requires') {
      if (!e.devices.some((x) => x.owner === seat && x.name === c.device))
        return cost(`Requires ${c.device}: ${who} owns none.`);
    }
  }
  for (const eff of power.effects) {
    const impossible = (m: string) => ruleError(EngineErr.ACTION_IMPOSSIBLE, Rule.RESOLUTION, m);
    switch (eff.kind) {
      case 'gain':
        me.money += n(eff.amount);
        break;
      case 'score':
        me.score += n(eff.amount);
        break;
      case 'everyoneGains':
        for (const w of e.wallets) w.money += n(eff.amount);
        break;
      case 'pay': {
        const amount = n(eff.amount);
        if (me.money < amount)
          return impossible(`Pay ${money(ctx.units, amount)}: ${who} has ${money(ctx.units, me.money)}.`);
        me.money -= amount;
        e.wallets[a.player!]!.money += amount;
        break;
      }
      case 'take': {
        const amount = n(eff.amount);
        const them = e.wallets[a.player!]!;
        if (them.money < amount)
          return impossible(
            `Take ${money(ctx.units, amount)}: ${nameOf(ctx, a.player!)} has ${money(ctx.units, them.money)}.`,
          );
        them.money -= amount;
        me.money += amount;
        break;
      }
      case 'tapDevice':
      case 'untapDevice':
      case 'destroyDevice': {
        const t = findDevice(e, a.target!);
        if (!t) return impossible(`Device #${a.target} no longer exists.`);
        if (eff.kind === 'destroyDevice') removeDevice(e, t.id);
        else t.tapped = eff.kind === 'tapDevice';
        break;
      }
    }
  }
  // Resolved. Tap and Sacrifice apply now, if the Device still exists.
  const self = findDevice(e, d.id);
  if (self && power.costs.some((c) => c.kind === 'tap')) self.tapped = true;
  if (self && power.costs.some((c) => c.kind === 'sacrifice')) removeDevice(e, d.id);
  const params = [
    need.x ? `X = ${a.x}` : '',
    need.player ? `target ${nameOf(ctx, a.player!)}` : '',
    need.device ? `target Device #${a.target}` : '',
  ].filter(Boolean);
  ctx.events.push({
    type: 'activated',
    text: `${who} activates ${d.name} #${d.id}: ${printPower(power, ctx.units)}${params.length ? ` (${params.join(', ')})` : ''}`,
    seat,
    data: { device: d.id, power: power.name },
  });
  return null;
}
