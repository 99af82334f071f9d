/** Refusals name the rule that refused them: a stable code, then a sentence ending in the rule. */
import type { RuleError } from '../core/contract';

export const EngineErr = {
  NO_SUCH_BLUEPRINT: 'NO_SUCH_BLUEPRINT',
  NO_SUCH_DEVICE: 'NO_SUCH_DEVICE',
  NO_SUCH_OFFER: 'NO_SUCH_OFFER',
  NO_SUCH_POWER: 'NO_SUCH_POWER',
  NO_SUCH_PLAYER: 'NO_SUCH_PLAYER',
  BIDDABLE: 'BIDDABLE',
  NOT_BIDDABLE: 'NOT_BIDDABLE',
  BIDDING_CLOSED: 'BIDDING_CLOSED',
  BID_TOO_LOW: 'BID_TOO_LOW',
  CANNOT_AFFORD: 'CANNOT_AFFORD',
  UNIQUENESS: 'UNIQUENESS',
  NOT_OWNER: 'NOT_OWNER',
  NOT_RECEIVER: 'NOT_RECEIVER',
  SELF_OFFER: 'SELF_OFFER',
  CLOCK_OFF: 'CLOCK_OFF',
  TAPPED: 'TAPPED',
  COST_UNPAYABLE: 'COST_UNPAYABLE',
  PARAM_MISSING: 'PARAM_MISSING',
  PARAM_INVALID: 'PARAM_INVALID',
  TARGET_MISSING: 'TARGET_MISSING',
  TARGET_INVALID: 'TARGET_INVALID',
  ACTION_IMPOSSIBLE: 'ACTION_IMPOSSIBLE',
  BAD_BLUEPRINT: 'BAD_BLUEPRINT',
  NAME_TAKEN: 'NAME_TAKEN',
  POWER_SYNTAX: 'POWER_SYNTAX',
  POWER_PROHIBITED: 'POWER_PROHIBITED',
} as const;

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

export function ruleError(code: string, rule: string, message: string): RuleError {
  return { code, message: `${message} (${rule})` };
}
