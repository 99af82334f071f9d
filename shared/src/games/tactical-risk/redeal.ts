/**
 * Deals afresh what no seat has seen (issue 31): the dice to come, that is the rng. The board, the
 * treasuries and the units are all known to some seat (with fog of war, each unit to its owner).
 * The undo snapshot gets the same new rng, so an undo cannot bring back the old key's dice.
 */
import { type Seed, seedRng } from '../../core/rng';
import type { TacticalRiskState } from './types';

export function redeal(s: TacticalRiskState, seed: Seed): TacticalRiskState {
  const rng = seedRng(seed);
  return { ...s, rng, prev: s.prev && { ...s.prev, rng } };
}
