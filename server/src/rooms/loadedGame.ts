/** The answer of checking a saved game to carry on (savedGames.ts), shared with the upload worker's cache. */
import type { JoinErrorCode, MatchRecord } from '@parlor/shared';

export type LoadedGame =
  | {
      ok: true;
      record: MatchRecord;
      tableName: string;
      /** The match's lineage (one live table per lineage: liveMatches.ts). */
      lineage: string;
      /** Per seat, the sha256 of its claim code (null: a bot's seat). */
      claims: (string | null)[];
    }
  | { ok: false; code: keyof typeof JoinErrorCode; message: string };
