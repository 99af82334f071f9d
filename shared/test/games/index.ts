/**
 * Games that exist only for tests, each with its test plan (core/testPlan.ts). Registering one here
 * gives it every platform check the product's games get: the contract suite
 * (shared/test/contract.test.ts), the server's view round trip and leak test (server/test/rooms/).
 */
import type { AnyGameDefinition } from '../../src/core/contract';
import type { GameTestPlan } from '../../src/core/testPlan';
import { coins, coinsTestPlan } from './coins';
import { peek, peekTestPlan } from './peek';

export const testGames: readonly AnyGameDefinition[] = [peek, coins];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const testGamePlans: Readonly<Record<string, GameTestPlan<any, any, any>>> = {
  peek: peekTestPlan,
  coins: coinsTestPlan,
};
