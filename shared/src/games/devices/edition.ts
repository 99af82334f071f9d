/**
 * Rules editions of Devices. Edition 1 is the rules matches were recorded under before offers had
 * prices (see docs/rules/devices.md, "Editions"); its states carry no `edition` in their options and
 * none of the newer state fields (`acted`, `offerPrices`), so they replay to the very same states.
 */
import type { DevicesOptions, DevicesState, ProposalSpec } from './types';

/** The newest edition: what new tables get. */
export const LATEST_EDITION = 2;

/** Whether a state's options are edition 1's (they carry no edition). */
export function isLegacyOptions(options: DevicesOptions): boolean {
  return (options.edition ?? 1) < LATEST_EDITION;
}

/** Whether this match keeps the edition-1 rules. */
export function isLegacy(s: DevicesState): boolean {
  return isLegacyOptions(s.options);
}

/** The options a new state keeps: edition 1 keeps exactly the options it had (no edition, no bot pace). */
export function stateOptions(options: DevicesOptions): DevicesOptions {
  const edition = options.edition ?? LATEST_EDITION;
  if (edition >= LATEST_EDITION) return { ...options, edition };
  const { edition: _edition, botPace: _botPace, ...kept } = options;
  return kept;
}

/** A draft as edition 1 read it: its schema had no Attributes or Properties (zod dropped them). */
export function legacySpec(spec: ProposalSpec): ProposalSpec {
  const { attributes: _attributes, properties: _properties, ...kept } = spec;
  return kept;
}
