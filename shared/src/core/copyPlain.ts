/**
 * A deep copy of plain data (what a game's state is: JSON-like objects, arrays and primitives, with
 * `undefined` allowed): every object and array copied, keys in the same order. For a rules module's
 * "apply never changes the state it was given": several times faster than `structuredClone` on a
 * game state, which goes through the serializer. Unlike `structuredClone` it copies an object held
 * twice into two (use it only on a state whose rules never rely on two fields being one object), and
 * it copies no Maps, Sets, Dates or typed arrays (a state holds none: records and saves are JSON).
 */
export function copyPlain<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    // A slice keeps the array packed (filling `new Array(n)` would make it holey, slower to read).
    const out: unknown[] = value.slice();
    for (let i = 0; i < out.length; i++) {
      const x = out[i];
      if (typeof x === 'object' && x !== null) out[i] = copyPlain(x);
    }
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copyPlain((value as Record<string, unknown>)[key]);
  return out as T;
}
