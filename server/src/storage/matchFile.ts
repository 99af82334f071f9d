/**
 * The match file (`format: 'parlor-match'`, v 1): what the history exports for a finished match and
 * what `save` gives for one being played (`outcome: null`). One schema and one check for both: the
 * history import takes finished files, loading a saved game (GameRoom) takes unfinished ones.
 */
import { type AnyGameDefinition, SeedSchema, gameById } from '@parlor/shared';
import { z } from 'zod';
import { rebuildState } from './replay';

/** The largest match file taken (a long Bankout match is about 60 kB). */
export const MATCH_FILE_LIMIT_BYTES = 2 * 1024 * 1024;

const num = z.number().finite();

export const MatchFileSchema = z.object({
  format: z.literal('parlor-match'),
  v: z.literal(1),
  id: z.string().max(100).optional(),
  roomId: z.string().max(64).optional(),
  game: z.string().min(1).max(40),
  tableName: z.string().max(80).default(''),
  options: z.unknown(),
  seed: SeedSchema,
  seats: z
    .array(z.object({ name: z.string().max(40), bot: z.boolean() }))
    .min(1)
    .max(16),
  actions: z
    .array(
      z.object({
        seat: z.number().int().min(0).max(15),
        action: z.record(z.string(), z.unknown()).refine((a) => typeof a.type === 'string', 'no type'),
        at: num,
      }),
    )
    .max(100_000),
  /** null: a game saved while it was being played. */
  outcome: z
    .object({
      winners: z.array(z.number().int()),
      summary: z.string().max(300),
      scores: z.array(num).optional(),
    })
    .nullable(),
  startedAt: num,
  finishedAt: num.nullable(),
  savedAt: num.optional(),
});
export type MatchFileInput = z.infer<typeof MatchFileSchema>;

export type Checked<T> = ({ ok: true } & T) | { ok: false; message: string };

/** The file's shape (no rules yet). */
export function parseMatchFile(raw: unknown): Checked<{ file: MatchFileInput }> {
  const parsed = MatchFileSchema.safeParse(raw);
  if (parsed.success) return { ok: true, file: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') || 'file';
  return { ok: false, message: `Not a Parlor match file (${where}: ${issue?.message ?? 'invalid'}).` };
}

/**
 * Replays a match file with its game's rules: every action must be legal in turn, and the match
 * must end as the file says (a finished file with the same winners; a saved one not at all).
 */
export function verifyMatchFile(
  file: MatchFileInput,
): Checked<{ def: AnyGameDefinition; options: unknown; state: unknown }> {
  const def = gameById(file.game);
  if (!def) return { ok: false, message: `This server does not have the game "${file.game}".` };
  const options = def.optionsSchema.safeParse(file.options ?? {});
  if (!options.success) return { ok: false, message: 'The match options are not valid for this game.' };
  if (file.seats.length < def.seats.min || file.seats.length > def.seats.max)
    return { ok: false, message: 'The number of seats is not valid for this game.' };
  let state: unknown;
  try {
    state = rebuildState(def, { ...file, options: options.data, actions: file.actions as never });
  } catch (e) {
    return { ok: false, message: `The match does not replay: ${(e as Error).message}` };
  }
  const outcome = def.outcome(state);
  if (file.outcome === null) {
    if (outcome) return { ok: false, message: 'The saved game is already over: import it to replay it.' };
  } else {
    if (!outcome) return { ok: false, message: 'The match does not end where the file says it does.' };
    const sorted = (w: number[]) => JSON.stringify([...w].sort());
    if (sorted(outcome.winners) !== sorted(file.outcome.winners))
      return { ok: false, message: 'The replayed match has other winners than the file says.' };
  }
  return { ok: true, def, options: options.data, state };
}
