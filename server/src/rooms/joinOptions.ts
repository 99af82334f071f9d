/**
 * Reading a client's create and join options, and refusing a join: a refusal is a Colyseus
 * ServerError whose code the client shows (JoinErrorCode) and whose message starts with that code.
 */
import { ServerError } from '@colyseus/core';
import { JoinErrorCode, type JoinOptions, JoinOptionsSchema } from '@parlor/shared';
import { claimMatches } from './claims';
import { stripBidi } from './names';
import { type ShapeBound, wellFormedDeep, withinShape } from './wellFormed';

/** Join options nest a few levels (a saved game's actions); the game's own options hardly any. */
const JOIN_OPTIONS_SHAPE: ShapeBound = { depth: 24, nodes: 1_000_000 };
const GAME_OPTIONS_SHAPE: ShapeBound = { depth: 8, nodes: 1_000 };

export function joinError(code: keyof typeof JoinErrorCode, message: string): ServerError {
  return new ServerError(JoinErrorCode[code], `${code}: ${message}`);
}

/** Join/create options, or BAD_OPTIONS: refused unread when nested too deep or too large. */
export function parseJoinOptions(raw: unknown, what: string): JoinOptions {
  if (!withinShape(raw ?? {}, JOIN_OPTIONS_SHAPE))
    throw joinError('BAD_OPTIONS', `The ${what} are nested too deep or too large.`);
  const parsed = JoinOptionsSchema.safeParse(wellFormedDeep(raw ?? {}));
  if (!parsed.success) throw joinError('BAD_OPTIONS', `The ${what} are malformed.`);
  const options = parsed.data;
  // Names without bidirectional controls (a name is never empty: "Guest" then, as for a bad one).
  const name = stripBidi(options.name).trim() || 'Guest';
  const tableName = options.tableName === undefined ? undefined : stripBidi(options.tableName).trim();
  return { ...options, name, ...(tableName === undefined ? {} : { tableName }) };
}

/** The game's own options of a create request, refused unread when nested too deep or too large. */
export function checkGameOptionsShape(options: unknown): void {
  if (options !== undefined && !withinShape(options, GAME_OPTIONS_SHAPE))
    throw joinError('BAD_OPTIONS', 'The game options are nested too deep or too large.');
}

/** The creator of a saved game's table: `claim` opens seat `seat` (or, without one, some seat). */
export function opensASeat(
  claims: (string | null)[],
  seat: number | undefined,
  claim: string | undefined,
): boolean {
  const opens = (i: number) => claims[i] === null || (claim !== undefined && claimMatches(claim, claims[i]!));
  return seat !== undefined ? seat < claims.length && opens(seat) : claims.some((_, i) => opens(i));
}
