/**
 * Client text without lone UTF-16 surrogates. A schema string field goes over the wire as UTF-8,
 * and @colyseus/schema 3 writes a lone surrogate (half of an emoji, or a "\ud83d" in a JSON join
 * request) in a way its own decoder does not read back: every client decoding that patch loses
 * its place in it, and their state no longer matches the server's. So every string a client sends
 * (messages and join options) has each lone surrogate replaced with U+FFFD before anything reads it.
 */

/** Deeper than any payload a handler accepts: what lies below is refused by the shapes anyway. */
const MAX_DEPTH = 16;
const SURROGATE = /[\uD800-\uDFFF]/;

interface WellFormedString {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

function isWellFormed(s: string): boolean {
  return !SURROGATE.test(s) || (s as unknown as WellFormedString).isWellFormed();
}

/** Whether `value` holds a string with a lone surrogate (no allocation: the common answer is no). */
function needsCleaning(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return !isWellFormed(value);
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((v) => needsCleaning(v, depth + 1));
  for (const [k, v] of Object.entries(value)) {
    if (!isWellFormed(k) || needsCleaning(v, depth + 1)) return true;
  }
  return false;
}

function clean(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return (value as unknown as WellFormedString).toWellFormed();
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1));
  // fromEntries defines own properties: a "__proto__" key stays a plain key.
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      (k as unknown as WellFormedString).toWellFormed(),
      clean(v, depth + 1),
    ]),
  );
}

/** `value` itself when every string in it is well formed, else a copy with U+FFFD in their place. */
export function wellFormedDeep<T>(value: T): T {
  return needsCleaning(value, 0) ? (clean(value, 0) as T) : value;
}

/** How deep and how large a client's object may be (join options, a loaded saved game). */
export interface ShapeBound {
  depth: number;
  nodes: number;
}

/**
 * Whether `value` nests no deeper than `bound.depth` and holds at most `bound.nodes` values.
 * Iterative (a 50,000-deep object must not overflow the stack here), and it stops at the first
 * value past either bound. Colyseus copies join options with JSON.stringify after the room is
 * created and listed: an object too deep for that throws there and leaves an orphan table, so
 * onCreate refuses it first.
 */
export function withinShape(value: unknown, bound: ShapeBound): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  let nodes = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (++nodes > bound.nodes) return false;
    if (v === null || typeof v !== 'object') continue;
    if (depth > bound.depth) return false;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
      else if (++nodes > bound.nodes) return false;
    }
  }
  return true;
}
