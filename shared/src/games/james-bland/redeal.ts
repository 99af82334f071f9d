/**
 * Deals afresh what no seat has seen (issue 31): the Intel deck's order and the randomness of
 * everything to come (gadget draws, the reveal's order of ties, refills). Every card held stays with
 * its holder; the discard pile goes back into the deck only through a shuffle from the rng.
 */
import { Random, type Seed, seedRng } from '../../core/rng';
import type { JamesBlandState } from './types';

export function redeal(s: JamesBlandState, seed: Seed): JamesBlandState {
  const random = new Random(seedRng(seed));
  const deck = random.shuffle(s.deck);
  return { ...s, deck, rng: random.state };
}
