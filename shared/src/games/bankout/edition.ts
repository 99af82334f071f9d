/**
 * Rules editions of Bankout. Edition 1 is the rules matches were recorded under before every
 * round-3 swap opened a counter window and before the clock's `timeUp` action (see
 * docs/rules/bankout.md, "Editions"). Its states carry no `edition` in their options, so they replay
 * to the very same states.
 */
import type { BankoutOptions, BankoutState } from './types';

/** The newest edition: what new tables get. */
export const LATEST_EDITION = 2;

/** Whether this match keeps the edition-1 rules (its options carry no edition). */
export function isLegacy(s: BankoutState): boolean {
  return (s.options.edition ?? 1) < LATEST_EDITION;
}

/** The options a new state keeps: edition 1 keeps exactly the options it had (no edition). */
export function stateOptions(options: BankoutOptions): BankoutOptions {
  const edition = options.edition ?? LATEST_EDITION;
  if (edition >= LATEST_EDITION) return { ...options, edition };
  const { edition: _edition, ...kept } = options;
  return kept;
}
