/**
 * The checks an uploaded match file passes, as pure functions: what the upload processes run
 * (uploadWorker.ts), off the event loop. A replay of a long match costs seconds of CPU; on the
 * event loop it would stop every table for that long.
 */
import { createHash } from 'node:crypto';
import {
  type AnyGameDefinition,
  type GameAction,
  gameById,
  isRedeal,
  parseRecordedOptions,
} from '@parlor/shared';
import { checkSavedGame, type LoadedGame } from '../rooms/savedGames';
import { matchFingerprint, matchQuickKey, stableJson } from '../storage/matchFingerprint';
import { parseMatchFile, type MatchFileInput, verifyMatchFile } from '../storage/matchFile';
import { rebuildState } from '../storage/replay';

/**
 * The most actions an uploaded match may have. The longest legal matches (a map game between
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
  /** Seconds to wait before trying again (Retry-After). */
  retryAfter?: number;
}

/** A finished match file's fields but its moves and those the history sets (format, v, id). */
export type ImportHead = Omit<MatchFileInput, 'actions' | 'format' | 'v' | 'id'> & {
  outcome: NonNullable<MatchFileInput['outcome']>;
  finishedAt: number;
};

/**
 * An import that passed, as the history takes it (storage/matchHistory.ts `finishImport`): its
 * head, its number of moves, and the canonical file as JSON bytes (without format, v, id, roomId),
 * so that the event loop never builds, nor serialises, a match of 2 MB.
 */
export type ImportChecked =
  | { ok: true; head: ImportHead; actions: number; body: Uint8Array; fingerprint: string; quickKey: string }
  | UploadRefusal;
/**
 * An upload's content, known before it is replayed: `key` is one for every file that gets the same
 * answer (the upload pool's verdicts and joined jobs), `actions` what its replay costs. An import
 * also gives its match's fingerprint, for the history's duplicate check.
 */
export type Identified =
  { ok: true; key: string; actions: number; fingerprint?: string; quickKey?: string } | UploadRefusal;

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

/** A finished match file, read as the game reads it (not replayed yet): its canonical content. */
type ReadImport = { ok: true; file: MatchFileInput } | UploadRefusal;

/**
 * A recorded action as the game reads it: a seat's move through the game's action schema; one no
 * seat may send (the clock's own: `timeBank`, `timeUp`...) is its type alone, all the clock's
 * actions carry; the dealer's redeal keeps its key. (One that needed more would not replay so:
 * refused, never stored wrong.)
 */
function canonicalAction(
  def: AnyGameDefinition,
  seat: number,
  action: Record<string, unknown>,
): Record<string, unknown> {
  // The dealer's redeal (a loaded saved game, core/redeal.ts) is its type and its key.
  if (isRedeal(seat, action as unknown as GameAction)) return { type: action.type, seed: action.seed };
  const parsed = def.actionSchema.safeParse(action);
  return parsed.success ? (parsed.data as unknown as Record<string, unknown>) : { type: action.type };
}

/**
 * JSON, a match file, finished, not too long, of a game this server has, with options of that game.
 * The file comes back in canonical form (matchFingerprint.ts): options parsed with their defaults
 * and edition, each action as canonicalAction reads it (fields the rules never read are dropped),
 * so what is replayed, fingerprinted and stored is one and the same.
 */
function readImport(body: Uint8Array): ReadImport {
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
  const def = gameById(file.game);
  if (!def) return uploadRefusal(422, 'BAD_MATCH', `This server does not have the game "${file.game}".`);
  const options = parseRecordedOptions(def, file.options);
  if (!options.success)
    return uploadRefusal(422, 'BAD_MATCH', 'The match options are not valid for this game.');
  const actions = file.actions.map((a) => ({
    seat: a.seat,
    action: canonicalAction(def, a.seat, a.action),
    at: a.at,
  }));
  return { ok: true, file: { ...file, options: options.data, actions } };
}

/** What the match's content is, before any replay: what the upload pool deduplicates by. */
export function identifyUpload(job: UploadJob): Identified {
  if (job.kind === 'load') {
    // A saved game is sealed (its moves are secret until the check opens it): its bytes are its content.
    const key = createHash('sha256')
      .update(stableJson([job.game, job.key.id, job.load]))
      .digest('hex');
    return { ok: true, key: `load:${key}`, actions: actionCount(job.load) };
  }
  const read = readImport(job.body);
  if (!read.ok) return read;
  const { file } = read;
  const fingerprint = matchFingerprint(file);
  // What the check answers also depends on the outcome the file claims: it is part of the verdict.
  const claimed = stableJson([...file.outcome!.winners].sort((a, b) => a - b));
  return {
    ok: true,
    key: `import:${fingerprint}:${claimed}`,
    actions: file.actions.length,
    fingerprint,
    quickKey: matchQuickKey(file),
  };
}

/** A finished match for the history: readable (readImport) and it replays to its outcome. */
export function checkImport(body: Uint8Array): ImportChecked {
  const read = readImport(body);
  if (!read.ok) return read;
  const { file } = read;
  const verified = verifyMatchFile(file);
  if (!verified.ok) return uploadRefusal(422, 'BAD_MATCH', verified.message);
  const { format: _format, v: _v, id: _id, roomId, actions, ...rest } = file;
  const head = { ...rest, outcome: file.outcome!, finishedAt: file.finishedAt!, roomId };
  return {
    ok: true,
    head,
    actions: actions.length,
    // Bytes, not a string: the event loop receives them as one copy and writes them as they are.
    body: Buffer.from(JSON.stringify({ ...rest, actions })),
    fingerprint: matchFingerprint(file),
    quickKey: matchQuickKey(file),
  };
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

/** What the upload process is asked: a job's content first (cheap), then, if need be, its check. */
export type UploadTask = { step: 'identify'; job: UploadJob } | { step: 'check'; job: UploadJob };

export function runUploadTask(task: UploadTask): Identified | ImportChecked | LoadChecked {
  return task.step === 'identify' ? identifyUpload(task.job) : runUploadJob(task.job);
}
