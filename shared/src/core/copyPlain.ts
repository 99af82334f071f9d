/**
 * A deep copy of plain data (what a game's state is: JSON-like objects, arrays and primitives, with
 * `undefined` allowed): every object and array copied, keys in the same order. For a rules module's
 * "apply never changes the state it was given": several times faster than `structuredClone` on a
 * game state, which goes through the serializer. Unlike `structuredClone` it does not keep two
 * references to one object as one (a state holds none), nor copy Maps, Sets, Dates or typed arrays
 * (a state holds none: records and saves are JSON).
 */
export function copyPlain<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyPlain(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copyPlain((value as Record<string, unknown>)[key]);
  return out as T;
}
