/** Devices's name, line and seats: what the lobby and the client's shell show without the rules. */
import type { GameMeta } from '../../core/contract';

export const devicesMeta: GameMeta = {
  id: 'devices',
  title: 'Devices',
  tagline: 'A real-time market of Spoon Devices: buy, bid, activate Powers and vote new Blueprints in.',
  seats: { min: 2, max: 8 },
};
