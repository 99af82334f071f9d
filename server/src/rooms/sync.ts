/**
 * Write plain values into schema collections, touching only the entries that differ, so a patch
 * carries the change and nothing else.
 */
import type { ArraySchema, MapSchema } from '@colyseus/schema';

/**
 * The plain array behind an ArraySchema. Every read through the ArraySchema itself (`length`,
 * `[i]`) goes through its Proxy, which parses the key as a number: this runs for every list of
 * every seat after every action, so reads use the array and writes still go through the schema.
 */
export function itemsOf<T>(target: ArraySchema<T>): readonly T[] {
  return (target as unknown as { items: T[] }).items;
}

export function syncArray<T extends string | number | boolean>(
  target: ArraySchema<T>,
  values: readonly T[],
): void {
  const items = itemsOf(target);
  // Trim from the end with pop(): shift() is unreliable on arrays under a @view child.
  while (items.length > values.length) target.pop();
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (i >= items.length) target.push(value);
    else if (items[i] !== value) target[i] = value;
  }
}

/**
 * Like syncArray for a list whose order does not matter: an entry still wanted keeps its slot, new
 * entries fill freed slots, and the list is trimmed by moving tail entries into the remaining holes.
 * A change then costs the entries that changed, where syncArray rewrites every slot after an insert.
 */
export function syncSet<T extends string | number>(target: ArraySchema<T>, values: readonly T[]): void {
  const wanted = new Set(values);
  const kept = new Set<T>();
  const free: number[] = [];
  for (let i = 0; i < target.length; i++) {
    const v = target[i] as T;
    if (wanted.has(v) && !kept.has(v)) kept.add(v);
    else free.push(i);
  }
  const fresh = [...wanted].filter((v) => !kept.has(v));
  let f = 0;
  for (const v of fresh) {
    if (f < free.length) target[free[f++]!] = v;
    else target.push(v);
  }
  const size = wanted.size;
  const vacant = new Set(free.slice(f));
  let tail = target.length - 1;
  for (const hole of free.slice(f)) {
    if (hole >= size) break;
    while (vacant.has(tail)) tail--;
    target[hole] = target[tail] as T;
    vacant.add(tail);
    tail--;
  }
  while (target.length > size) target.pop();
}

/**
 * `keys`, when given, lists every key `values` may hold (a description's `v.dict(keys)`): read in
 * that order instead of enumerating `values`, whose index-like keys ('2'..'10') enumerate slowly.
 */
export function syncMap<T extends string | number | boolean>(
  target: MapSchema<T>,
  values: Readonly<Record<string, T | undefined>>,
  keys?: readonly string[],
): void {
  // Runs after every action: no intermediate arrays, and the keys to delete are looked for only
  // when the map holds more entries than `values` (deleting during iteration of a Map is safe).
  let wanted = 0;
  if (keys) {
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const value = values[key];
      if (value === undefined) continue;
      wanted++;
      if (target.get(key) !== value) target.set(key, value);
    }
  } else {
    for (const key in values) {
      const value = values[key];
      if (value === undefined) continue;
      wanted++;
      if (target.get(key) !== value) target.set(key, value);
    }
  }
  if (target.size === wanted) return;
  for (const key of target.keys()) {
    if (values[key] === undefined) target.delete(key);
  }
}

/** Assign only when different: schema setters mark a field changed even for an equal value. */
export function assignChanged<T extends object>(target: T, values: Partial<T>): void {
  // for-in, not Object.keys: no array per call (values is a plain literal: nothing inherited).
  for (const key in values) {
    const value = values[key];
    if (value !== undefined && target[key] !== value) target[key] = value as T[typeof key];
  }
}
