/** The registry of games. Adding a game: one line here (and one in server/ and client/). */
import type { AnyGameDefinition } from '../core/contract';
import { bankout } from './bankout';
import { devices } from './devices';
import { jamesBland } from './james-bland';
import { kingpin } from './kingpin';
import { tacticalRisk } from './tactical-risk';
import { canonicalGameId } from './ids';

export { canonicalGameId, FORMER_GAME_IDS } from './ids';

export const games: readonly AnyGameDefinition[] = [bankout, kingpin, devices, tacticalRisk, jamesBland];

/** The game with this id, or with this former id (`tactical_risk`: see ids.ts). */
export function gameById(id: string): AnyGameDefinition | undefined {
  const current = canonicalGameId(id);
  return games.find((g) => g.id === current);
}
