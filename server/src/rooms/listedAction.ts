/**
 * A player's payload that is one of its seat's listed legal actions, exactly, needs no shape check:
 * the listed action itself is what the game's schema would have handed on. This skips zod on the
 * common path (a client sends what its `legal` list offers), and only there:
 *
 * - exactly: the same keys in the same order, every value the same by `Object.is` (so -0 is not 0,
 *   and a NaN only matches a NaN), nested plain objects and arrays likewise; anything else (an
 *   extra or missing key, keys in another order, a Map or a Date) goes through the schema as before;
 * - the listed action was run through the schema once, in this process, and came out accepted and
 *   identical to itself (no field dropped, defaulted, transformed or reordered); that verdict is
 *   kept only for a deep-frozen action, which cannot change afterwards. A listed action that is
 *   not frozen (a game that builds its list afresh each time) is never skipped.
 *
 * So a payload taken here is one the schema accepts and turns into this very value: the refusals
 * (codes and messages) and what is recorded are those of the schema path. The contract suite checks
 * every game's legal actions against its schema too (shared/test/contract.suite.ts).
 */
import type { GameAction } from '@parlor/shared';
import type { z } from 'zod';

/** Per frozen listed action: whether its schema gives it back unchanged. */
const passesAsIs = new WeakMap<object, boolean>();

/** The action in `legal` that `payload` is exactly, when its schema may be skipped; else null. */
export function listedAction(
  schema: z.ZodType,
  legal: readonly GameAction[],
  payload: Record<string, unknown>,
): GameAction | null {
  const type = payload.type;
  for (let i = 0; i < legal.length; i++) {
    const listed = legal[i]!;
    if (listed.type !== type || !identical(listed, payload)) continue;
    return schemaGivesBack(schema, listed) ? listed : null;
  }
  return null;
}

function schemaGivesBack(schema: z.ZodType, listed: GameAction): boolean {
  const known = passesAsIs.get(listed);
  if (known !== undefined) return known;
  if (!deepFrozen(listed)) return false;
  const parsed = schema.safeParse(listed);
  const verdict = parsed.success && identical(parsed.data, listed);
  passesAsIs.set(listed, verdict);
  return verdict;
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Same structure, key order and values (`Object.is`), over plain objects and arrays only. */
export function identical(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Object.is(a, b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!identical(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlain(a) || !isPlain(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || !identical(ra[k], rb[k])) return false;
  }
  return true;
}

function deepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (!Object.isFrozen(value)) return false;
  for (const v of Object.values(value)) if (!deepFrozen(v)) return false;
  return true;
}
