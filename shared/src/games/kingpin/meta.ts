/** Kingpin's name, line and seats: what the lobby and the client's shell show without the rules. */
import type { GameMeta } from '../../core/contract';

export const kingpinMeta: GameMeta = {
  id: 'kingpin',
  title: 'Kingpin',
  tagline: 'Bribe, shield and strike: bring down the rival Boss.',
  seats: { min: 2, max: 3 },
  // Ruling of 29 Nov 2026 (docs/rules/kingpin.md): Easy plays like a newcomer who follows the screen.
  firstMatchLevel: {
    level: 'easy',
    why: 'it plays like a newcomer who follows the screen’s advice, so a first match stays close',
  },
};
