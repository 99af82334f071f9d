/** Refusals name the rule that refused them: a stable code, then a sentence ending in the rule. */
import type { RuleError } from '../core/contract';
import type { DevicesRefusal } from '../games/devices/refusals';

export const ENGINE_REFUSALS = [
  'NO_SUCH_BLUEPRINT',
  'NO_SUCH_DEVICE',
  'NO_SUCH_OFFER',
  'NO_SUCH_POWER',
  'NO_SUCH_PLAYER',
  'BIDDABLE',
  'NOT_BIDDABLE',
  'BIDDING_CLOSED',
  'BID_TOO_LOW',
  'CANNOT_AFFORD',
  'UNIQUENESS',
  'NOT_OWNER',
  'NOT_RECEIVER',
  'SELF_OFFER',
  'CLOCK_OFF',
  'TAPPED',
  'COST_UNPAYABLE',
  'PARAM_MISSING',
  'PARAM_INVALID',
  'TARGET_MISSING',
  'TARGET_INVALID',
  'ACTION_IMPOSSIBLE',
  'BAD_BLUEPRINT',
  'NAME_TAKEN',
  'POWER_SYNTAX',
  'POWER_PROHIBITED',
] as const;

export type EngineRefusal = (typeof ENGINE_REFUSALS)[number];

export const EngineErr = Object.fromEntries(ENGINE_REFUSALS.map((c) => [c, c])) as {
  readonly [K in EngineRefusal]: K;
};

/** The RFC paragraphs and regulations, as cited in refusals and tests. */
export const Rule = {
  DEVICE: 'RFC: Device attributes and uniqueness',
  POWERS: 'RFC: Powers and their prohibitions',
  BLUEPRINT: 'RFC: Blueprint attributes',
  BIDDABLE: 'RFC: Biddable and Starting Price',
  NAMES: 'RFC: Blueprint names, counts one and zero',
  PURCHASE: 'RFC: Purchase',
  PRODUCTION: 'RFC: Production',
  BIDDING: 'RFC: Bidding',
  TRADE: 'RFC: Destroy, offer and accept',
  OWNER_ONLY: 'Device Regulations: owners only',
  POWER_FORM: 'Device Regulations: the Power format',
  ACTIVATION: 'Device Regulations: activation',
  RESOLUTION: 'Device Regulations: costs, actions, resolve',
  COSTS: 'Device Regulations: Costs',
  CLOCK: 'Device Regulations: the Clock',
  TAPPED: 'Device Regulations: Tapped',
} as const;

export function ruleError(code: DevicesRefusal, rule: string, message: string): RuleError {
  return { code, message: `${message} (${rule})` };
}
