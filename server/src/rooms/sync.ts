/**
 * Write plain values into schema collections, touching only the entries that differ, so a patch
 * carries the change and nothing else.
 */
import type { ArraySchema, MapSchema } from '@colyseus/schema';

export function syncArray<T extends string | number | boolean>(
  target: ArraySchema<T>,
  values: readonly T[],
): void {
  // Trim from the end with pop(): shift() is unreliable on arrays under a @view child.
  while (target.length > values.length) target.pop();
  values.forEach((value, i) => {
    if (i >= target.length) target.push(value);
    else if (target[i] !== value) target[i] = value;
  });
}

export function syncMap<T extends string | number | boolean>(
  target: MapSchema<T>,
  values: Readonly<Record<string, T | undefined>>,
): void {
  for (const key of Array.from(target.keys())) {
    if (values[key] === undefined) target.delete(key);
  }
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && target.get(key) !== value) target.set(key, value);
  }
}

/** Assign only when different: schema setters mark a field changed even for an equal value. */
export function assignChanged<T extends object>(target: T, values: Partial<T>): void {
  for (const key of Object.keys(values) as (keyof T)[]) {
    const value = values[key];
    if (value !== undefined && target[key] !== value) target[key] = value as T[keyof T];
  }
}
