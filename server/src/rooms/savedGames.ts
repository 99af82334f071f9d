/**
 * Match files out of a room and back in: what the history keeps of a finished match, what the
 * host's `save` gives of one being played (`outcome: null`), and the check a saved game passes
 * before a new table carries it on (create with `load`). See docs/protocol.md, "Saved games".
 */
import type { AnyGameDefinition, SavedMatch } from '@parlor/shared';
import { MATCH_FILE_LIMIT_BYTES, parseMatchFile, verifyMatchFile } from '../storage/matchFile';
import { takeCheckedLoad } from '../uploads/prechecked';
import type { MatchRecord } from './MatchFlow';

/** Where a match was played: names its file. */
export interface MatchPlace {
  roomId: string;
  tableName: string;
  matchNumber: number;
}

/** The fields every match file has, finished or not. */
export function matchFileOf(place: MatchPlace, record: MatchRecord) {
  return {
    format: 'parlor-match' as const,
    v: 1 as const,
    id: `${place.roomId}-${place.matchNumber}`,
    roomId: place.roomId,
    game: record.game,
    tableName: place.tableName,
    options: record.options,
    seed: record.seed,
    seats: record.seats,
    actions: [...record.actions],
    startedAt: record.startedAt,
  };
}

/** The match so far, as the host downloads it. */
export function savedMatchOf(place: MatchPlace, record: MatchRecord): SavedMatch {
  return { ...matchFileOf(place, record), outcome: null, finishedAt: null, savedAt: Date.now() };
}

export type LoadedGame =
  { ok: true; record: MatchRecord; tableName: string } | { ok: false; message: string };

/**
 * A saved game to carry on at a table of `def`: a match file of that game, unfinished, that
 * replays with the rules move by move, with a seat for at least one person.
 */
export function checkSavedGame(def: AnyGameDefinition, raw: unknown): LoadedGame {
  // Checked already off the event loop (uploads/prechecked.ts).
  const checked = takeCheckedLoad(raw);
  if (checked && checked.record.game === def.id) return checked;
  if (JSON.stringify(raw ?? null).length > MATCH_FILE_LIMIT_BYTES)
    return { ok: false, message: 'The file is too large.' };
  const parsed = parseMatchFile(raw);
  if (!parsed.ok) return parsed;
  const { file } = parsed;
  if (file.game !== def.id)
    return { ok: false, message: `This saved game is not a ${def.title} match ("${file.game}").` };
  if (file.outcome !== null)
    return { ok: false, message: 'This match is over: import it in the history to replay it.' };
  if (file.seats.every((s) => s.bot)) return { ok: false, message: 'No seat of this game is a person’s.' };
  const verified = verifyMatchFile(file);
  if (!verified.ok) return verified;
  return {
    ok: true,
    tableName: file.tableName,
    record: {
      game: def.id,
      options: verified.options,
      seats: file.seats,
      seed: file.seed,
      actions: file.actions as unknown as MatchRecord['actions'],
      startedAt: file.startedAt,
    },
  };
}
