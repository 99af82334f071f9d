/**
 * One live table per match (issue 31): a match's lineage (its id at the table it began at, kept
 * through saves of tables that loaded it) is held by the one table playing it, or holding a loaded
 * save of it for its players. A save of a held lineage does not load: its holder could otherwise
 * play a copy ahead of the live table, or two copies at once.
 *
 * Two layers: this process's own map, checked and set in one step (two loads racing in one process
 * cannot both pass); and the presence (Redis with REDIS_URL, else this process's own), so that a
 * table on another process holds its lineage too. The presence is a check, not a lock: two loads on
 * two processes within the same few milliseconds could both pass, and an entry whose room is gone
 * (its process died for good) is taken over. A table restored after a restart holds its lineage again.
 */
import { type Presence, matchMaker } from '@colyseus/core';

/** Lineage -> the id of the room holding it, in this process. */
const held = new Map<string, string>();

/** The presence's hash of lineage -> the id of the room holding it, on any process. */
const SHARED_KEY = 'parlor:lineages';

/** What the shared layer needs: the presence, and whether a room exists on any process. */
export interface SharedHolds {
  presence: Presence;
  roomExists(roomId: string): Promise<boolean>;
}

/** What a load of a held lineage is told (by the room, or by the matchmaking entry first). */
export const SAVE_IN_PLAY_MESSAGE =
  'This match is being played right now (at its own table, or at another one that loaded a save of ' +
  'it): a save of it loads once that table has closed or its match is over.';

/** The shared layer through `presence` (the matchmaker's, or a room's: the same one). */
export function sharedHolds(presence: Presence): SharedHolds {
  return { presence, roomExists: async (roomId) => (await matchMaker.query({ roomId })).length > 0 };
}

/** `roomId` holds `lineage` in this process; false (nothing changes) when another room holds it. */
export function holdLineage(lineage: string, roomId: string): boolean {
  const holder = held.get(lineage);
  if (holder !== undefined && holder !== roomId) return false;
  held.set(lineage, roomId);
  return true;
}

/** `roomId` lets `lineage` go in this process (nothing happens if it does not hold it). */
export function releaseLineage(lineage: string, roomId: string): void {
  if (held.get(lineage) === roomId) held.delete(lineage);
}

/** Whether a room other than `roomId`, on any process, holds `lineage` (and still exists). */
export async function heldElsewhere(shared: SharedHolds, lineage: string, roomId: string): Promise<boolean> {
  const holder = (await shared.presence.hget(SHARED_KEY, lineage)) as string | null;
  return !!holder && holder !== roomId && (await shared.roomExists(holder));
}

/** Tells every process that `roomId` holds `lineage` (a failure only weakens the check elsewhere). */
export function announceLineage(shared: SharedHolds, lineage: string, roomId: string): void {
  Promise.resolve(shared.presence.hset(SHARED_KEY, lineage, roomId)).catch((e: unknown) =>
    console.warn(`lineage ${lineage}: could not announce it`, e),
  );
}

/** Tells every process that `roomId` no longer holds `lineage`. */
export function withdrawLineage(shared: SharedHolds, lineage: string, roomId: string): void {
  Promise.resolve(shared.presence.hget(SHARED_KEY, lineage))
    .then((holder) => (holder === roomId ? shared.presence.hdel(SHARED_KEY, lineage) : undefined))
    .catch((e: unknown) => console.warn(`lineage ${lineage}: could not withdraw it`, e));
}

/**
 * Whether any table, in this process or another, holds `lineage` now: the matchmaking entry asks
 * this before a create is handed to whichever process Colyseus picks (a refusal thrown by a room
 * created for another process reaches the client without its code). The room's own check stands.
 */
export async function lineageInPlay(shared: SharedHolds, lineage: string): Promise<boolean> {
  return held.has(lineage) || (await heldElsewhere(shared, lineage, ''));
}
