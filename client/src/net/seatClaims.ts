/**
 * The claim codes this browser received for its seats of saved games (ServerMsg.claim), kept in
 * localStorage by the match's lineage: loading a save of that match, or joining a table that
 * loaded one, takes the seat with it without anyone typing it. Each code is this seat's alone; the
 * server never sends anyone another seat's.
 */
import type { SeatClaim } from '@parlor/shared/core/protocol';
import { prefs } from '../ui/storage';

const KEY = 'seatClaims';
/** Codes kept at most (the oldest go first). */
const KEPT = 50;

interface Kept {
  seat: number;
  code: string;
  game: string;
  tableName: string;
  at: number;
}

function all(): Record<string, Kept> {
  const stored = prefs.getJson<Record<string, Kept>>(KEY);
  return stored && typeof stored === 'object' ? stored : {};
}

export function rememberSeatClaim(claim: SeatClaim): void {
  const kept = all();
  // Later than every code kept, even within one millisecond: the oldest go first.
  const at = Math.max(Date.now(), ...Object.values(kept).map((k) => (Number(k.at) || 0) + 1));
  kept[claim.lineage] = {
    seat: claim.seat,
    code: claim.code,
    game: claim.game,
    tableName: claim.tableName,
    at,
  };
  const newest = Object.entries(kept)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, KEPT);
  prefs.setJson(KEY, Object.fromEntries(newest));
}

/** This browser's seat and code for saves of the match `lineage`, if it has one. */
export function seatClaimOf(lineage: string | undefined): { seat: number; code: string } | undefined {
  if (!lineage) return undefined;
  const kept = all()[lineage];
  return kept && typeof kept.code === 'string' && Number.isInteger(kept.seat)
    ? { seat: kept.seat, code: kept.code }
    : undefined;
}

/** A code as people read it: two groups of four. */
export function spacedCode(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)} ${code.slice(4)}` : code;
}
