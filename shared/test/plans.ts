/**
 * Every registered game with its test plan: the product's games (shared/src/games, each plan found
 * as the optional `testPlan` export of `games/<id>/testPlan.ts`) and the test-only ones
 * (shared/test/games). The platform's checks run over this list and read nothing else per game.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AnyGameDefinition } from '../src/core/contract';
import type { GameTestPlan } from '../src/core/testPlan';
import { games } from '../src/games';
import { testGamePlans, testGames } from './games';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTestPlan = GameTestPlan<any, any, any>;

/** A product game's plan: `testPlan` from its folder's testPlan.ts, or none. */
function productPlan(id: string): AnyTestPlan {
  const file = path.join(__dirname, '..', 'src', 'games', id, 'testPlan.ts');
  if (!existsSync(file)) return {};
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const plan = (require(file) as { testPlan?: AnyTestPlan }).testPlan;
  if (!plan) throw new Error(`${file} exports no \`testPlan\``);
  return plan;
}

/** The plan of a registered game (product or test-only). */
export function testPlanOf(id: string): AnyTestPlan {
  return testGamePlans[id] ?? productPlan(id);
}

/** Every registered game, the product's first, each with its plan. */
export const plannedGames: readonly { def: AnyGameDefinition; plan: AnyTestPlan; testOnly: boolean }[] = [
  ...games.map((def) => ({ def, plan: productPlan(def.id), testOnly: false })),
  ...testGames.map((def) => ({ def, plan: testGamePlans[def.id] ?? {}, testOnly: true })),
];
