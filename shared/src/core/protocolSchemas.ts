/**
 * How the server checks what clients send (zod schemas of the join options and the host's and
 * seats' messages). Apart from the wire names and limits in protocol.ts, so that a page that only
 * needs those (the lobby) does not load zod; the server gets both through the package's root.
 */
import { z } from 'zod';
import { BOT_LEVELS } from './contract';
import { Limits } from './protocol';

const name = z.string().trim().min(1).max(Limits.nameLength);

/** Options a client passes to create or join a game room. Game options ride along in `options`. */
export const JoinOptionsSchema = z.object({
  name: name.catch('Guest'),
  spectator: z.boolean().optional(),
  seatToken: z.string().max(100).optional(),
  /** Create only: the table's name, privacy and game options. */
  tableName: z.string().trim().max(Limits.tableNameLength).optional(),
  private: z.boolean().optional(),
  /** Create only: a competitive table, where nobody may ask for a hint. */
  competitive: z.boolean().optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  /** Create only: fill every other seat with bots at once. */
  vsBots: z.boolean().optional(),
  /** Create only: how many seats (within the game's min..max; default max). */
  seats: z.number().int().min(1).max(16).optional(),
  /** Join or create: the seat to take when it is free (else the usual choice). */
  seat: z.number().int().min(0).max(15).optional(),
  /** Join a loaded saved game: the claim code of the player's saved seat (see SeatClaim). */
  claim: z.string().trim().max(20).optional(),
  /** Create only: a SavedMatch to carry on (checked by replaying it; see docs/protocol.md). */
  load: z.unknown().optional(),
  /**
   * Create only: this table follows the table `roomId`, where the creator holds a seat (its seat
   * token proves it): that table tells its spectators (a table screen) this one's id (`nextTable`).
   */
  after: z.object({ roomId: z.string().min(1).max(40), seatToken: z.string().min(1).max(100) }).optional(),
});
export type JoinOptions = z.infer<typeof JoinOptionsSchema>;

export const ChatSchema = z.object({ text: z.string().min(1) });
export const SeatArgSchema = z.object({ seat: z.number().int().min(0) });
export const AddBotSchema = z.object({ seat: z.number().int().min(0).optional() }).optional();
export const SetBotLevelSchema = z.object({ seat: z.number().int().min(0), level: z.enum(BOT_LEVELS) });
/** `claim`: the seat's claim code, to take a loaded saved game's seat (the host needs none). */
export const SitSchema = z.object({
  seat: z.number().int().min(0),
  claim: z.string().trim().max(20).optional(),
});
export const SetOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });
