/**
 * The match file (`format: 'parlor-match'`, v 1): what the history exports for a finished match and
 * what `save` once gave for one being played (`outcome: null`). Saved games now keep their seed and
 * actions sealed (rooms/savedGames.ts) and are checked there, replayed with `verifyMatchFile`; the
 * history import takes finished files only.
 */
import {
  type AnyGameDefinition,
  DEALER_SEAT,
  SeedSchema,
  gameById,
  parseRecordedOptions,
} from '@parlor/shared';
import { z } from 'zod';
import { rebuildState } from './replay';

/** The largest match file taken (a long card game match is about 60 kB). */
export const MATCH_FILE_LIMIT_BYTES = 2 * 1024 * 1024;

const num = z.number().finite();

/**
 * One recorded action. `seat` -1 is the clock: a window several seats share ends with the rules'
 * own action for it (a shared planning timeout, say), recorded under SPECTATOR; -2 is the
 * dealer (DEALER_SEAT), whose only action is the redeal of a loaded save (applyRecorded judges it).
 */
export const MatchActionSchema = z.object({
  seat: z.number().int().min(DEALER_SEAT).max(15),
  action: z.record(z.string(), z.unknown()).refine((a) => typeof a.type === 'string', 'no type'),
  at: num,
});

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
  actions: z.array(MatchActionSchema).max(100_000),
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

export const SAVED_NOT_FINISHED =
  'This is a game saved in progress, not a finished match: use “Load saved game” to play it on.';

export type Checked<T> = ({ ok: true } & T) | { ok: false; message: string };

/** The file's shape (no rules yet). */
export function parseMatchFile(raw: unknown): Checked<{ file: MatchFileInput }> {
  // A game saved in progress keeps its seed and actions sealed: nothing here can replay it.
  if (raw && typeof raw === 'object' && 'sealed' in raw && (raw as { outcome?: unknown }).outcome === null)
    return { ok: false, message: SAVED_NOT_FINISHED };
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
  const options = parseRecordedOptions(def, file.options);
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
