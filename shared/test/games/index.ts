/**
 * Games that exist only for tests. Registering one here gives it every platform check the product's
 * games get: the contract suite (shared/test/contract.test.ts) and the server's leak test
 * (server/test/rooms/leak.test.ts, with its server adapter in server/test/helpers/).
 */
import type { AnyGameDefinition } from '../../src/core/contract';
import { peek } from './peek';

export const testGames: readonly AnyGameDefinition[] = [peek];
