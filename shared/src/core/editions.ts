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
