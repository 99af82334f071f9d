/**
 * Every registered game on the server with its test plan: the product's games (server/src/games)
 * and the test-only ones (shared/test/games, their adapters derived here from their table specs as
 * every game's are). The room tests that run "each game" read this list and nothing else per game.
 */
import type { AnyGameAdapter } from '../../src/rooms/GameAdapter';
import { tableAdapter } from '../../src/rooms/viewSchema';
import { gameAdapters } from '../../src/games';
import { type AnyTestPlan, plannedGames } from '../../../shared/test/plans';

export interface PlannedAdapter {
  adapter: AnyGameAdapter;
  plan: AnyTestPlan;
}

export const plannedAdapters: readonly PlannedAdapter[] = plannedGames.map(({ def, plan, testOnly }) => ({
  adapter: testOnly ? tableAdapter(def) : gameAdapters.find((a) => a.definition.id === def.id)!,
  plan,
}));
