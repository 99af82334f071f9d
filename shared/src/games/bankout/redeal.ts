/**
 * Deals afresh what no seat has seen (issue 31): the deck's order and the future draws. Hand cards
 * stay: each was seen by its holder. The discard pile was seen as it was made (its order matters
 * only when Bankout mode reshuffles it, from the rng). The public unseen counts by rank and every
 * bust risk are counts, so no view changes.
 */
import { Random, type Seed, seedRng } from '../../core/rng';
import type { BankoutState } from './types';

export function redeal(s: BankoutState, seed: Seed): BankoutState {
  const random = new Random(seedRng(seed));
  const deck = random.shuffle(s.deck);
  return { ...s, deck, rng: random.state };
}
