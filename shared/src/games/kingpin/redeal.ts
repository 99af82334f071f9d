/**
 * Deals afresh what no seat has seen (issue 31): the Draw Pile's order below any card an Informant's
 * deck look shows a seat (those stay on top, in order, until the next card bought from the pile
 * clears every look), and the randomness of future refills and random hand picks. Hands and Bosses
 * stay: each was seen by its holder; the Reserve and the Discard Pile are public.
 */
import { Random, type Seed, seedRng } from '../../core/rng';
import type { KingpinState } from './types';

export function redeal(s: KingpinState, seed: Seed): KingpinState {
  const random = new Random(seedRng(seed));
  const seen = Math.max(0, ...s.players.map((p) => p.deckLook?.cards.length ?? 0));
  const drawPile = [...s.drawPile.slice(0, seen), ...random.shuffle(s.drawPile.slice(seen))];
  return { ...s, drawPile, rng: random.state };
}
