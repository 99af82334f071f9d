/**
 * Match files out of a room and back in: what the history keeps of a finished match, what the
 * host's `save` gives of one being played, and the check a saved game passes before a new table
 * carries it on (create with `load`). See docs/protocol.md, "Saved games".
 *
 * A finished match's file holds its seed and actions in clear (the match is over: a replay shows
 * everything). A saved game's do not: they would tell its holder every hidden card, future draw and
 * opponent's secret move. They are sealed (AES-256-GCM) with this server's save key
 * (storage/saveKey.ts), the clear part authenticated with them, so only this server opens the file,
 * nobody can edit it, and nobody can hand in a seed of their choosing. The sealed part also holds
 * the sha256 of each person's seat's claim code (issue 31): the codes themselves go to each seat
 * alone (claims.ts), so the file gives its holder no seat but their own, and nobody can search the
 * hashes for a code.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import {
  type AnyGameDefinition,
  type MatchAction,
  type JoinErrorCode,
  type MatchRecord,
  type SavedMatch,
  SeedSchema,
  canonicalGameId,
} from '@parlor/shared';
import { z } from 'zod';
import { MATCH_FILE_LIMIT_BYTES, MatchActionSchema, verifyMatchFile } from '../storage/matchFile';
import type { SaveKey } from '../storage/saveKey';
import { takeCheckedLoad } from '../uploads/prechecked';
import type { LoadedGame } from './loadedGame';

export type { LoadedGame };

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

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

type ClearPart = Omit<SavedMatch, 'sealed'>;

/** The associated data: the clear part, as canonical JSON (keys sorted), so that no field can change. */
function associatedData(clear: ClearPart): Buffer {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return Buffer.from(JSON.stringify(canonical({ ...clear, sealedBy: 'parlor saved game v1' })));
}

/** What a save keeps of its seats' claims: the match's lineage and each seat's code hash (null: a bot's). */
export interface SaveClaims {
  lineage: string;
  hashes: (string | null)[];
}

/**
 * The match being played as the host downloads it: the seed, the actions and the seats' claim
 * hashes sealed for `key`'s server.
 */
export function savedMatchOf(
  place: MatchPlace,
  record: MatchRecord,
  key: SaveKey,
  claims: SaveClaims,
): SavedMatch {
  const clear: ClearPart = {
    format: 'parlor-match',
    v: 1,
    id: `${place.roomId}-${place.matchNumber}`,
    lineage: claims.lineage,
    roomId: place.roomId,
    game: record.game,
    tableName: place.tableName,
    options: record.options,
    seats: record.seats.map((s) => ({ name: s.name, bot: s.bot })),
    moves: record.actions.length,
    outcome: null,
    startedAt: record.startedAt,
    finishedAt: null,
    savedAt: Date.now(),
  };
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, nonce);
  cipher.setAAD(associatedData(clear));
  const secret = JSON.stringify({ seed: record.seed, actions: record.actions, claims: claims.hashes });
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const data = Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
  return { ...clear, sealed: { v: 2, key: key.id, data } };
}

const num = z.number().finite();

/** A saved game's file: its clear part and the sealed secret. */
const SavedMatchSchema = z.object({
  format: z.literal('parlor-match'),
  v: z.literal(1),
  id: z.string().max(100),
  lineage: z.string().max(100),
  roomId: z.string().max(64),
  game: z.string().min(1).max(40),
  tableName: z.string().max(80),
  options: z.unknown(),
  seats: z
    .array(z.object({ name: z.string().max(40), bot: z.boolean() }).strict())
    .min(1)
    .max(16),
  moves: z.number().int().min(0).max(100_000),
  outcome: z.null(),
  startedAt: num,
  finishedAt: z.null(),
  savedAt: num,
  sealed: z.object({
    v: z.literal(2),
    key: z.string().regex(/^[0-9a-f]{16}$/),
    data: z.string().regex(/^[\w-]*$/),
  }),
});

/** What the sealed part holds. */
const SecretSchema = z.object({
  seed: SeedSchema,
  actions: z.array(MatchActionSchema).max(100_000),
  claims: z
    .array(
      z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .nullable(),
    )
    .max(16),
});

/** A save of the first sealed format: its clear part handed out every seat's claim code. */
function isFirstSealedFormat(raw: unknown): boolean {
  const sealed = (raw as { sealed?: { v?: unknown } }).sealed;
  return !!sealed && typeof sealed === 'object' && sealed.v === 1;
}

const notLoadable = (code: keyof typeof JoinErrorCode, message: string): LoadedGame => ({
  ok: false,
  code,
  message,
});

/** True for an object that looks like a saved game (sealed), whatever else it holds. */
export function isSealedSave(raw: unknown): boolean {
  return !!raw && typeof raw === 'object' && 'sealed' in raw;
}

/**
 * A saved game to carry on at a table of `def`: a file this server sealed (`key`), of that game,
 * unfinished, that replays with the rules move by move, with a seat for at least one person.
 */
export function checkSavedGame(def: AnyGameDefinition, raw: unknown, key: SaveKey): LoadedGame {
  // Checked already off the event loop (uploads/prechecked.ts).
  const checked = takeCheckedLoad(raw);
  if (checked && canonicalGameId(checked.record.game) === def.id) return checked;
  if (JSON.stringify(raw ?? null).length > MATCH_FILE_LIMIT_BYTES)
    return notLoadable('BAD_SAVE', 'The file is too large.');
  const looksLikeMatch =
    !!raw && typeof raw === 'object' && (raw as { format?: unknown }).format === 'parlor-match';
  if (looksLikeMatch && !isSealedSave(raw)) {
    if ((raw as { outcome?: unknown }).outcome != null)
      return notLoadable('BAD_SAVE', 'This match is over: import it in the history to replay it.');
    return notLoadable(
      'UNSEALED_SAVE',
      'This saved game has no secret sealed by a Parlor server (a save from an older version, or a file ' +
        'made by hand), so nothing proves its seed was dealt fairly: it cannot be loaded.',
    );
  }
  if (looksLikeMatch && isFirstSealedFormat(raw))
    return notLoadable(
      'BAD_SAVE',
      'This game was saved by an older version of Parlor whose files held every seat’s claim code: ' +
        'it cannot be loaded.',
    );
  const parsed = SavedMatchSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'file';
    return notLoadable('BAD_SAVE', `Not a Parlor saved game (${where}: ${issue?.message ?? 'invalid'}).`);
  }
  const file = parsed.data;
  if (canonicalGameId(file.game) !== def.id)
    return notLoadable('BAD_SAVE', `This saved game is not a ${def.title} match ("${file.game}").`);
  if (file.sealed.key !== key.id)
    return notLoadable(
      'FOREIGN_SAVE',
      'This game was saved on another Parlor server (or this server’s save key has changed): only the ' +
        'server it was saved on can carry it on.',
    );
  const secret = unseal(file, key);
  if (!secret)
    return notLoadable('BAD_SAVE', 'The file was changed after it was saved: it cannot be loaded.');
  if (secret.actions.length !== file.moves) return notLoadable('BAD_SAVE', 'The file’s move count is wrong.');
  if (file.seats.every((s) => s.bot)) return notLoadable('BAD_SAVE', 'No seat of this game is a person’s.');
  if (
    secret.claims.length !== file.seats.length ||
    file.seats.some((s, i) => (secret.claims[i] === null) !== s.bot)
  )
    return notLoadable('BAD_SAVE', 'The file’s seat codes do not match its seats.');
  const seats = file.seats.map((s) => ({ name: s.name, bot: s.bot }));
  const verified = verifyMatchFile({
    ...file,
    seed: secret.seed,
    seats,
    actions: secret.actions,
    outcome: null,
  });
  if (!verified.ok) return notLoadable('BAD_SAVE', verified.message);
  return {
    ok: true,
    tableName: file.tableName,
    lineage: file.lineage,
    claims: secret.claims,
    record: {
      game: def.id,
      options: verified.options,
      seats,
      seed: secret.seed,
      actions: secret.actions as unknown as MatchAction[],
      startedAt: file.startedAt,
    },
  };
}

/** The sealed secret, or null when it does not authenticate (a wrong key, or an edited file). */
function unseal(file: z.infer<typeof SavedMatchSchema>, key: SaveKey): z.infer<typeof SecretSchema> | null {
  const { sealed, ...clear } = file;
  const bytes = Buffer.from(sealed.data, 'base64url');
  if (bytes.length < NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, bytes.subarray(0, NONCE_BYTES));
    decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    decipher.setAAD(associatedData(clear as ClearPart));
    const text = Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]);
    const secret = SecretSchema.safeParse(JSON.parse(text.toString('utf8')));
    return secret.success ? secret.data : null;
  } catch {
    return null;
  }
}
