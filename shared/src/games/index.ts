/** The registry of games. Adding a game: one line here (and one in server/ and client/). */
import type { AnyGameDefinition } from '../core/contract';
import { bankout } from './bankout';
import { devices } from './devices';
import { jamesBland } from './james-bland';
import { kingpin } from './kingpin';
import { tacticalRisk } from './tactical-risk';

export const games: readonly AnyGameDefinition[] = [bankout, kingpin, devices, tacticalRisk, jamesBland];

export function gameById(id: string): AnyGameDefinition | undefined {
  return games.find((g) => g.id === id);
}
