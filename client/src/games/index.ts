/** The client's game registry: one line per game. The shell, lobby and router never name a game. */
import { bankoutClient } from './bankout';
import { devicesClient } from './devices';
import { jamesBlandClient } from './james-bland';
import { kingpinClient } from './kingpin';
import { tacticalRiskClient } from './tactical-risk';
import type { ClientGame } from './types';

export const clientGames: readonly ClientGame[] = [
  bankoutClient,
  kingpinClient,
  devicesClient,
  tacticalRiskClient,
  jamesBlandClient,
];

export function gameById(id: string): ClientGame | undefined {
  return clientGames.find((g) => g.id === id);
}
