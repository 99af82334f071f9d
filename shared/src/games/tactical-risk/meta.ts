/** Tactical Risk's name, line and seats: what the lobby and the client's shell show without the rules. */
import type { GameMeta } from '../../core/contract';

export const tacticalRiskMeta: GameMeta = {
  id: 'tactical-risk',
  title: 'Tactical Risk',
  tagline: 'World war on a Risk map: buy armies, take continents, capture capitals.',
  seats: { min: 2, max: 5 },
  handOver: true,
};
