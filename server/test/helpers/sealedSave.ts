/**
 * A saved game sealed as the host's Save makes it, without a table: each person's seat gets a claim
 * code (returned beside the file, as the server sends each to its seat alone; the file seals only
 * their hashes).
 */
import type { MatchRecord, SavedMatch } from '@parlor/shared';
import { claimHash, newClaimCode } from '../../src/rooms/claims';
import { type MatchPlace, savedMatchOf } from '../../src/rooms/savedGames';
import type { SaveKey } from '../../src/storage/saveKey';

export function sealedSave(
  place: MatchPlace,
  record: MatchRecord,
  key: SaveKey,
  lineage = `${place.roomId}-${place.matchNumber}`,
): { file: SavedMatch; codes: (string | null)[] } {
  const codes = record.seats.map((s) => (s.bot ? null : newClaimCode()));
  const hashes = codes.map((c) => (c === null ? null : claimHash(c)));
  return { file: savedMatchOf(place, record, key, { lineage, hashes }), codes };
}
