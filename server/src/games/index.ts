/**
 * The games this server hosts: every game in the shared registry, its schema classes and projection
 * derived from its table spec (GameDefinition.table); a game without one brings its own adapter.
 */
import { games } from '@parlor/shared';
import type { AnyGameAdapter } from '../rooms/GameAdapter';
import { tableAdapter } from '../rooms/viewSchema';
import { tacticalRiskAdapter } from './tactical-risk/adapter';

/** Hand-written adapters of games not yet described by a table spec. */
const ownAdapters: Readonly<Record<string, AnyGameAdapter>> = {
  [tacticalRiskAdapter.definition.id]: tacticalRiskAdapter,
};

export const gameAdapters: readonly AnyGameAdapter[] = games.map((def) => {
  const own = ownAdapters[def.id];
  if (own) return own;
  return tableAdapter(def);
});

/** One game's adapter by its id (tests and tools). */
export function gameAdapter(id: string): AnyGameAdapter {
  const found = gameAdapters.find((a) => a.definition.id === id);
  if (!found) throw new Error(`no game "${id}"`);
  return found;
}
