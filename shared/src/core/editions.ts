/**
 * Rules editions: how a recorded match keeps the rules it was played under.
 *
 * A game whose rules change in a way that would alter a recorded match (a move refused, another
 * outcome) gives its options an `edition` field, defaulting to its newest edition, and keeps the
 * older behaviour for older editions. New tables get the newest edition by that default; their
 * records store it with the other options. Options recorded before a game had editions carry no
 * `edition` at all: they are edition 1. Every path that reads options back from a record (a
 * restart's restore, a saved game, the history import, the replay viewer) parses them here, so an
 * old match replays, restores and goes on under the rules it began with.
 */
import type { AnyGameDefinition } from './contract';

/** The edition of options recorded before a game had editions. */
export const FIRST_EDITION = 1;

/** A recorded options object with its edition made explicit (none recorded: the first). */
export function withRecordedEdition(raw: unknown): unknown {
  if (raw === undefined || raw === null) return { edition: FIRST_EDITION };
  if (typeof raw !== 'object' || Array.isArray(raw) || 'edition' in raw) return raw;
  return { ...raw, edition: FIRST_EDITION };
}

/** Parses options read back from a record (never a new table's: those take the newest edition). */
export function parseRecordedOptions(def: AnyGameDefinition, raw: unknown) {
  return def.optionsSchema.safeParse(withRecordedEdition(raw));
}

/** The edition an options object names (undefined for a game without editions). */
function editionOf(options: unknown): unknown {
  return options !== null && typeof options === 'object'
    ? (options as { edition?: unknown }).edition
    : undefined;
}

/** A new table's options, or why they are refused (a sentence for the BAD_OPTIONS answer). */
export type NewTableOptions = { ok: true; options: unknown } | { ok: false; message: string };

/**
 * Options a client sends for a new table (create, or the host's setOptions): the edition is the
 * server's, always the newest, whatever the client says. A client may repeat the newest edition
 * (the create dialog's defaults carry it) but never name another: older editions exist only so
 * that records, saved games and table files made under them replay.
 */
export function parseNewTableOptions(def: AnyGameDefinition, raw: unknown): NewTableOptions {
  const latest = editionOf(def.optionsSchema.safeParse({}).data);
  const asked = editionOf(raw);
  if (asked !== undefined && asked !== latest)
    return {
      ok: false,
      message: `The rules edition is the server's: a new table plays the newest (edition ${String(latest)}).`,
    };
  const parsed = def.optionsSchema.safeParse(raw ?? {});
  if (!parsed.success) return { ok: false, message: `Bad game options: ${parsed.error.issues[0]?.message}` };
  if (editionOf(parsed.data) !== latest)
    return { ok: false, message: 'A new table plays the newest rules edition.' };
  return { ok: true, options: parsed.data };
}
