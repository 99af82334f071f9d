/**
 * Deals afresh what no seat has seen (issue 31). Everything in the RFC is public and a draft is its
 * seat's own: nothing is face down, and the rules draw no randomness after setup. Only the rng is
 * replaced, so that any randomness a later edition draws comes from the new key.
 */
import { type Seed, seedRng } from '../../core/rng';
import type { DevicesState } from './types';

export function redeal(s: DevicesState, seed: Seed): DevicesState {
  return { ...s, rng: seedRng(seed) };
}
