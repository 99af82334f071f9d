/**
 * An action has one source: its game's zod schema. The type is inferred from it (`z.infer`), and two
 * actions are compared structurally here, over the plain JSON a parsed action is: no game writes
 * its own equality.
 */
import type { GameAction } from './contract';

/** Two actions are the same move: equal field by field (a key holding `undefined` counts as absent). */
export function sameAction<A extends GameAction>(a: A, b: A): boolean {
  return sameJson(a, b);
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameJson(x, b[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = (r: Record<string, unknown>) => Object.keys(r).filter((k) => r[k] !== undefined);
  const ka = keys(ra);
  return ka.length === keys(rb).length && ka.every((k) => sameJson(ra[k], rb[k]));
}
