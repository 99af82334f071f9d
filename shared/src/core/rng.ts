/**
 * Seeded randomness kept in the game state. A match is fully defined by (game, options, seed, actions):
 * every random draw comes from a generator whose state is a plain number array stored in the game
 * state, so replays, persistence and tests are deterministic. The state never reaches a client.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { JumpableRandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';

export type RngState = readonly number[];

/** The generator state for a seed (any 32-bit integer; larger numbers are folded). */
export function seedRng(seed: number): RngState {
  return xoroshiro128plus(seed | 0).getState();
}

/** A mutable cursor over an RngState: create one inside `apply`, draw, then store `.state` back. */
export class Random {
  private readonly gen: JumpableRandomGenerator;

  constructor(state: RngState) {
    this.gen = xoroshiro128plusFromState(state);
  }

  /** Uniform integer in [from, to], both included. */
  int(from: number, to: number): number {
    return uniformInt(this.gen, from, to);
  }

  /** Uniform float in [0, 1). */
  float(): number {
    return uniformInt(this.gen, 0, 0x3fffffff) / 0x40000000;
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Random.pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  get state(): RngState {
    return this.gen.getState();
  }
}

/** A fresh seed for a new match, taken from a non-deterministic source (platform code only). */
export function freshSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}
