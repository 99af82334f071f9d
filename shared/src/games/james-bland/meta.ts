/** James Bland: ACME Edition's name, line and seats: what the lobby and the client's shell show without the rules. */
import type { GameMeta } from '../../core/contract';

export const jamesBlandMeta: GameMeta = {
  id: 'james-bland',
  title: 'James Bland: ACME Edition',
  tagline: 'Slapstick espionage for 2-6 agents: plan in secret, reveal together, dodge the piano.',
  seats: { min: 2, max: 6 },
};
