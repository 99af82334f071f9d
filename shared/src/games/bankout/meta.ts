/** Bankout's name, line and seats: what the lobby and the client's shell show without the rules. */
import type { GameMeta } from '../../core/contract';

export const bankoutMeta: GameMeta = {
  id: 'bankout',
  title: 'Bankout',
  tagline: 'Push your luck in a two-player bank heist: draw, bank, or bust.',
  seats: { min: 2, max: 2 },
};
