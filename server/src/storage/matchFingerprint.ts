/**
 * What makes two match files the same match: the game, its options, the seed, the number of seats
 * and every move in order (who made it and what it was). Not the seats' names or bot flags, the
 * table's name, the ids nor any clock time: anyone can edit those, and a copy with other names is
 * still the same match (issue 31: 70 renamed copies filled the imports' budget). The history refuses
 * to import a match it already has (http/historyApi.ts).
 *
 * The content is taken as the game reads it (uploads/uploadCheck.ts `readImport`: options parsed
 * with their defaults and edition, each action through the game's action schema, which drops
 * fields the rules never read), and that canonical form is what an import stores: so a stored
 * match and a new file compare here without parsing anything again.
 */
import { createHash } from 'node:crypto';
import { canonicalGameId } from '@parlor/shared';

/** The part of a match its fingerprint reads (already in canonical form, see above). */
export interface MatchContent {
  game: string;
  options?: unknown;
  seed: unknown;
  seats: readonly unknown[];
  actions: readonly { seat: number; action: unknown }[];
}

/** JSON with every object's keys sorted: one spelling for one value (for parsed JSON data). */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + stableJson(value[i]);
    return `${out}]`;
  }
  const o = value as Record<string, unknown>;
  let out = '{';
  for (const k of Object.keys(o).sort()) {
    if (o[k] === undefined) continue;
    out += `${out.length > 1 ? ',' : ''}${JSON.stringify(k)}:${stableJson(o[k])}`;
  }
  return `${out}}`;
}

/** A legacy number seed as the generator reads it (rng.ts: `seed | 0`); a key as it is. */
function canonicalSeed(seed: unknown): unknown {
  return typeof seed === 'number' ? seed | 0 : seed;
}

export function matchFingerprint(m: MatchContent): string {
  const hash = createHash('sha256');
  hash.update(
    stableJson([canonicalGameId(m.game), m.options ?? null, canonicalSeed(m.seed), m.seats.length]),
  );
  for (const a of m.actions) hash.update(`\n${a.seat}:${stableJson(a.action)}`);
  return hash.digest('hex');
}

/** A cheap key that two files of one match share (and few others do): only those are fingerprinted. */
export function matchQuickKey(m: { game: string; seed: unknown; actions: { length: number } }): string {
  return JSON.stringify([canonicalGameId(m.game), canonicalSeed(m.seed), m.actions.length]);
}
