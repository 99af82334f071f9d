/**
 * The contract suite for every registered game: the product's (shared/src/games) and the test-only
 * ones (shared/test/games). A game registered in either gets every check; its test plan's
 * `contract` (core/testPlan.ts) only sizes the run (options that keep a match short, how many
 * matches) or names a known gap.
 * @heavy (a long file for its size: scripts/jest-sequencer.cjs runs it first on a fresh clone)
 */
import { contractSuite } from './contract.suite';
import { plannedGames } from './plans';

describe.each(plannedGames.map(({ def, plan }) => [def.id, def, plan] as const))('%s', (_id, def, plan) => {
  contractSuite(def, plan.contract);
});
