/**
 * The checks an uploaded match file passes, as pure functions: what the upload worker runs
 * (uploadWorker.ts), off the event loop. A replay of a long match costs seconds of CPU; on the
 * event loop it would stop every table for that long.
 */
import { gameById } from '@parlor/shared';
import { checkSavedGame, type LoadedGame } from '../rooms/savedGames';
import { matchFingerprint, matchQuickKey } from '../storage/matchFingerprint';
import { parseMatchFile, type MatchFileInput, verifyMatchFile } from '../storage/matchFile';
import { rebuildState } from '../storage/replay';

/**
 * The most actions an uploaded match may have. The longest legal matches (Tactical Risk between
 * five bots, about 30,000 actions) fit; replaying this many takes a few seconds of the worker.
 */
export const UPLOAD_ACTIONS_LIMIT = 40_000;

/** A saved game comes with this server's save key (hex): only a file it sealed opens. */
export type UploadJob =
  | { kind: 'import'; body: Uint8Array }
  | { kind: 'load'; game: string; load: unknown; key: { hex: string; id: string } };

export interface UploadRefusal {
  ok: false;
  status: number;
  code: string;
  message: string;
}

export type ImportChecked =
  { ok: true; file: MatchFileInput; fingerprint: string; quickKey: string } | UploadRefusal;
export type LoadChecked = { ok: true; loaded: LoadedGame & { ok: true }; state: unknown } | UploadRefusal;

const uploadRefusal = (status: number, code: string, message: string): UploadRefusal => ({
  ok: false,
  status,
  code,
  message,
});

const tooManyActions = (n: number) =>
  uploadRefusal(
    413,
    'TOO_MANY_ACTIONS',
    `This match has ${n} moves; this server takes files of at most ${UPLOAD_ACTIONS_LIMIT}.`,
  );

/** A finished match for the history: JSON, a match file, finished, not too long, and it replays to its outcome. */
export function checkImport(body: Uint8Array): ImportChecked {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch {
    return uploadRefusal(400, 'BAD_MATCH', 'That file is not a Parlor match (not JSON).');
  }
  const count = actionCount(raw);
  if (count > UPLOAD_ACTIONS_LIMIT) return tooManyActions(count);
  const parsed = parseMatchFile(raw);
  if (!parsed.ok) return uploadRefusal(400, 'BAD_MATCH', parsed.message);
  const { file } = parsed;
  if (file.outcome === null || file.finishedAt === null)
    return uploadRefusal(
      400,
      'BAD_MATCH',
      'This is a game saved in progress, not a finished match: use “Load saved game” to play it on.',
    );
  const verified = verifyMatchFile(file);
  if (!verified.ok) return uploadRefusal(422, 'BAD_MATCH', verified.message);
  return { ok: true, file, fingerprint: matchFingerprint(file), quickKey: matchQuickKey(file) };
}

/** A saved game to carry on at a new table of `game`: the room's own check, and the state it rebuilds to. */
export function checkLoad(game: string, load: unknown, key: { hex: string; id: string }): LoadChecked {
  const def = gameById(game);
  if (!def) return uploadRefusal(400, 'BAD_SAVE', `This server does not have the game "${game}".`);
  const count = actionCount(load);
  if (count > UPLOAD_ACTIONS_LIMIT) return tooManyActions(count);
  const loaded = checkSavedGame(def, load, { key: Buffer.from(key.hex, 'hex'), id: key.id });
  if (!loaded.ok) return uploadRefusal(400, loaded.code, loaded.message);
  // The room rebuilds this when the match carries on: built here, it is not rebuilt there.
  const state = rebuildState(def, loaded.record);
  return { ok: true, loaded, state };
}

function actionCount(raw: unknown): number {
  const actions = (raw as { actions?: unknown } | null)?.actions;
  return Array.isArray(actions) ? actions.length : 0;
}

export function runUploadJob(job: UploadJob): ImportChecked | LoadChecked {
  return job.kind === 'import' ? checkImport(job.body) : checkLoad(job.game, job.load, job.key);
}
