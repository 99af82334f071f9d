/**
 * The games this server hosts: every game of the shared registry, its schema classes and projection
 * derived from its table spec (GameDefinition.table). A new game needs nothing here.
 */
import { games } from '@parlor/shared';
import type { AnyGameAdapter } from '../rooms/GameAdapter';
import { tableAdapter } from '../rooms/viewSchema';

export const gameAdapters: readonly AnyGameAdapter[] = games.map((def) => tableAdapter(def));

/** One game's adapter by its id (tests and tools). */
export function gameAdapter(id: string): AnyGameAdapter {
  const found = gameAdapters.find((a) => a.definition.id === id);
  if (!found) throw new Error(`no game "${id}"`);
  return found;
}
