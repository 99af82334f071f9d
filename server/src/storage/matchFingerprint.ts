/**
 * What makes two match files the same match: the game, its options, seats, seed and every move in
 * order, not the names of the table or file nor the clock times (anyone can edit those). The
 * history refuses to import a match it already has (http/historyApi.ts).
 */
import { createHash } from 'node:crypto';
import { canonicalGameId } from '@parlor/shared';

export function matchFingerprint(m: {
  game: string;
  options?: unknown;
  seed: unknown;
  seats: readonly { name: string; bot: boolean }[];
  actions: readonly { seat: number; action: unknown }[];
}): string {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify([canonicalGameId(m.game), m.options ?? null, m.seed, m.seats.map((s) => [s.name, s.bot])]),
  );
  for (const a of m.actions) hash.update(`\n${a.seat}:${JSON.stringify(a.action)}`);
  return hash.digest('hex');
}

/** A cheap key that two files of one match share (and few others do): only those are fingerprinted. */
export function matchQuickKey(m: { game: string; seed: unknown; actions: readonly unknown[] }): string {
  return JSON.stringify([canonicalGameId(m.game), m.seed, m.actions.length]);
}
