/**
 * Where every new match's seed comes from: 256 bits from node's cryptographic source, the key of
 * the match's ChaCha20 keystream (shared/src/core/rng.ts). Nobody can choose it or search it: a
 * client never sends a seed, and a saved game's seed travels sealed (savedGames.ts).
 */
import { randomBytes } from 'node:crypto';
import { Random, SEED_KEY_BYTES, seedFromKey, seedRng } from '@parlor/shared';

export function newMatchSeed(): string {
  return seedFromKey(randomBytes(SEED_KEY_BYTES));
}

/** A generator keyed from the same source (bots' choices among equals), for platform code. */
export function newPlatformRandom(): Random {
  return new Random(seedRng(newMatchSeed()));
}
