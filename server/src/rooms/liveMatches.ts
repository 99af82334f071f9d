/**
 * One live table per match (issue 31): a match's lineage (its id at the table it began at, kept
 * through saves of tables that loaded it) is held by the one table playing it, or holding a loaded
 * save of it for its players. A save of a held lineage does not load: its holder could otherwise
 * play a copy ahead of the live table, or two copies at once.
 *
 * Per process: tables on other processes (several behind REDIS_URL) do not see each other's
 * holds (docs/operations.md says so). A table restored after a restart holds its lineage again.
 */

/** Lineage -> the id of the room holding it. */
const held = new Map<string, string>();

/** `roomId` holds `lineage`; false (nothing changes) when another room holds it already. */
export function holdLineage(lineage: string, roomId: string): boolean {
  const holder = held.get(lineage);
  if (holder !== undefined && holder !== roomId) return false;
  held.set(lineage, roomId);
  return true;
}

/** `roomId` lets `lineage` go (nothing happens if it does not hold it). */
export function releaseLineage(lineage: string, roomId: string): void {
  if (held.get(lineage) === roomId) held.delete(lineage);
}
