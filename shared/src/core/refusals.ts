/**
 * Refusal codes, typed: the platform's, which every game's rules may return, and a game's own,
 * declared once in its folder (`games/<id>/refusals.ts`). A rules module refuses through its game's
 * helpers, so a misspelt code fails `tsc`. docs/protocol.md lists the platform's codes.
 */
import type { RuleError } from './contract';

export const PLATFORM_REFUSALS = [
  /** The seat is not due to act now. */
  'NOT_YOUR_TURN',
  /** The match is over. */
  'GAME_OVER',
  /** No such seat (a seat number outside the table). */
  'NOT_A_SEAT',
  /** The action belongs to another phase. */
  'WRONG_PHASE',
  /** Not an action the rules allow now (not in the seat's legal list). */
  'BAD_ACTION',
  /** An action only the clock applies (TableHabits.clockOnly), sent by a seat. */
  'CLOCK_ONLY',
  /** An action of the dealer's (core/redeal.ts) other than a redeal. */
  'BAD_DEALER_ACTION',
  /** The rules threw: a bug, reported as a refusal instead of a crash. */
  'INTERNAL',
] as const;
export type PlatformRefusal = (typeof PLATFORM_REFUSALS)[number];

/** A game's refusal helpers over the platform's codes and its own (`own`). */
export interface GameRefusals<Code extends string> {
  /** Every code by name: `Err.NOT_YOUR_TURN`. */
  Err: { readonly [K in Code]: K };
  /** A refusal as a value (what a rules step returns). */
  err(code: Code, message: string): RuleError;
  /** A refusal as `apply`'s result. */
  refuse(code: Code, message: string): { ok: false; error: RuleError };
}

export function gameRefusals<const Own extends readonly string[]>(
  own: Own,
): GameRefusals<PlatformRefusal | Own[number]> {
  const Err = Object.fromEntries([...PLATFORM_REFUSALS, ...own].map((c) => [c, c]));
  return {
    Err: Err as GameRefusals<PlatformRefusal | Own[number]>['Err'],
    err: (code, message) => ({ code, message }),
    refuse: (code, message) => ({ ok: false, error: { code, message } }),
  };
}
