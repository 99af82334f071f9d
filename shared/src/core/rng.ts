/**
 * Seeded randomness kept in the game state. A match is fully defined by (game, options, seed, actions):
 * every random draw comes from a generator whose state is a plain number array stored in the game
 * state, so replays, persistence and tests are deterministic. The state never reaches a client.
 *
 * Two generators, told apart by the seed's (and the state's) shape:
 * - a match seed is a 256-bit key (64 hex digits) taken from a cryptographic source by the platform:
 *   the draws are the ChaCha20 keystream under that key. Seeing any number of a match's draws tells
 *   nothing about the others, and 2^256 keys cannot be searched.
 * - a number is a legacy seed (every match recorded before the keys, and tests): xoroshiro128+,
 *   exactly as those records were played, so they still replay. Never used for a new match: its 31
 *   bits can be searched in minutes and the generator is linear (see issue 20).
 *
 * No node import here: rules also run in the browser (the offline build). The platform hands in the
 * key bytes (`seedFromKey`); `freshSeed` uses the Web Crypto API that browsers and node both have.
 */
import { chacha20 } from '@noble/ciphers/chacha';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { JumpableRandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';
import { z } from 'zod';

/**
 * xoroshiro128+: its 4 state words. ChaCha20: the 8 key words (little-endian, as ChaCha loads a
 * key), the number of the block holding the next word, and that word's index in it (0..15).
 */
export type RngState = readonly number[];
/** A match seed: a 64-hex-digit key (every new match), or a legacy number (older records, tests). */
export type Seed = string | number;

/** Bytes of a match key. */
export const SEED_KEY_BYTES = 32;
const KEY_HEX = /^[0-9a-f]{64}$/;
const LEGACY_STATE_LENGTH = 4;
const CHACHA_STATE_LENGTH = 10;
const WORDS_PER_BLOCK = 16;
/** The largest ChaCha20 block counter (32 bits): 256 GiB of draws per match, never reached. */
const MAX_BLOCK = 0xffffffff;

/** How a record or a file spells a seed: a legacy number, or a key as 64 lowercase hex digits. */
export const SeedSchema = z.union([z.number().finite(), z.string().regex(KEY_HEX, 'not a 256-bit key')]);

/** True for a key seed (every match made since issue 20); false for a legacy number. */
export function isKeySeed(seed: Seed): seed is string {
  return typeof seed === 'string';
}

/** The seed of a 256-bit key (the platform draws the bytes from its cryptographic source). */
export function seedFromKey(key: Uint8Array): string {
  if (key.length !== SEED_KEY_BYTES)
    throw new Error(`a match key is ${SEED_KEY_BYTES} bytes, not ${key.length}`);
  let hex = '';
  for (const b of key) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** The generator state for a seed: a key starts its keystream at block 0; a number seeds xoroshiro. */
export function seedRng(seed: Seed): RngState {
  if (typeof seed === 'number') return xoroshiro128plus(seed | 0).getState();
  if (!KEY_HEX.test(seed)) throw new Error('a match seed is a number or 64 hex digits');
  const words: number[] = [];
  for (let i = 0; i < 8; i++) {
    // Little-endian words of the key bytes, as ChaCha20 reads its key.
    const byte = (j: number) => parseInt(seed.slice((i * 4 + j) * 2, (i * 4 + j) * 2 + 2), 16);
    words.push((byte(0) | (byte(1) << 8) | (byte(2) << 16) | (byte(3) << 24)) >>> 0);
  }
  return [...words, 0, 0];
}

/** A 32-bit word source with a serialisable position. */
interface WordSource {
  /** The next word, an unsigned 32-bit integer. */
  next(): number;
  state(): RngState;
}

const ZERO_NONCE = new Uint8Array(12);
/** Keystream = ChaCha20 of zeros; one buffer per size, never written. */
const zeros = new Map<number, Uint8Array>();
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * The ChaCha20 keystream as words, from (key, block, index). Nothing is computed until the first
 * draw (most actions draw nothing); then one block, and four at a time after that (a shuffle).
 */
class KeystreamWords implements WordSource {
  private block: number;
  private index: number;
  /** Words of blocks `block`, `block + 1`, ... as generated; null until the first draw. */
  private words: Uint32Array | null = null;
  /** Position of `block`'s first word in `words`. */
  private offset = 0;
  private drawn = false;

  constructor(private readonly from: RngState) {
    this.block = from[8]!;
    this.index = from[9]!;
    if (!Number.isInteger(this.block) || this.block < 0 || this.block > MAX_BLOCK)
      throw new Error('bad keystream block');
    if (!Number.isInteger(this.index) || this.index < 0 || this.index >= WORDS_PER_BLOCK)
      throw new Error('bad keystream index');
  }

  next(): number {
    let at = this.offset + this.index;
    if (!this.words || at >= this.words.length) {
      this.fill(this.words ? 4 : 1);
      at = this.index;
    }
    this.drawn = true;
    const word = this.words![at]!;
    if (++this.index === WORDS_PER_BLOCK) {
      this.index = 0;
      this.block++;
      this.offset += WORDS_PER_BLOCK;
    }
    return word;
  }

  /** Generates `blocks` blocks from `block` on. */
  private fill(blocks: number): void {
    if (this.block + blocks - 1 > MAX_BLOCK) throw new Error('the match keystream is used up');
    const size = blocks * WORDS_PER_BLOCK * 4;
    let zero = zeros.get(size);
    if (!zero) zeros.set(size, (zero = new Uint8Array(size)));
    const key = new Uint8Array(SEED_KEY_BYTES);
    for (let i = 0; i < 8; i++) {
      const w = this.from[i]!;
      key[i * 4] = w & 0xff;
      key[i * 4 + 1] = (w >>> 8) & 0xff;
      key[i * 4 + 2] = (w >>> 16) & 0xff;
      key[i * 4 + 3] = (w >>> 24) & 0xff;
    }
    const bytes = chacha20(key, ZERO_NONCE, zero, new Uint8Array(size), this.block);
    let words: Uint32Array;
    if (LITTLE_ENDIAN) words = new Uint32Array(bytes.buffer, bytes.byteOffset, size / 4);
    else {
      words = new Uint32Array(size / 4);
      for (let i = 0; i < words.length; i++) {
        const b = i * 4;
        words[i] = (bytes[b]! | (bytes[b + 1]! << 8) | (bytes[b + 2]! << 16) | (bytes[b + 3]! << 24)) >>> 0;
      }
    }
    this.words = words;
    this.offset = 0;
  }

  /** Unchanged when nothing was drawn (states are replaced, never changed in place). */
  state(): RngState {
    if (!this.drawn) return this.from;
    const s = this.from.slice(0, 8);
    s.push(this.block, this.index);
    return s;
  }
}

const TWO_32 = 0x100000000;

/** Uniform integer in [0, n) from 32-bit words, without bias (rejection sampling). */
function below(words: WordSource, n: number): number {
  if (n <= TWO_32) {
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const w = words.next();
      if (w < limit) return w % n;
    }
  }
  // Wider than 32 bits (never needed by the games): 53 bits from two words, still rejection-sampled.
  const TWO_53 = 2 ** 53;
  const limit = TWO_53 - (TWO_53 % n);
  for (;;) {
    const w = (words.next() >>> 11) * TWO_32 + words.next();
    if (w < limit) return w % n;
  }
}

/** A mutable cursor over an RngState: create one inside `apply`, draw, then store `.state` back. */
export class Random {
  private readonly legacy: JumpableRandomGenerator | null = null;
  private readonly words: KeystreamWords | null = null;

  constructor(state: RngState) {
    if (state.length === CHACHA_STATE_LENGTH) this.words = new KeystreamWords(state);
    else if (state.length === LEGACY_STATE_LENGTH) this.legacy = xoroshiro128plusFromState(state);
    else throw new Error(`not a generator state (${state.length} words)`);
  }

  /** Uniform integer in [from, to], both included. */
  int(from: number, to: number): number {
    if (this.legacy) return uniformInt(this.legacy, from, to);
    if (to < from) throw new Error(`Random.int: empty range [${from}, ${to}]`);
    return from + below(this.words!, to - from + 1);
  }

  /** Uniform float in [0, 1). */
  float(): number {
    if (this.legacy) return uniformInt(this.legacy, 0, 0x3fffffff) / 0x40000000;
    return this.words!.next() / TWO_32;
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
    return this.legacy ? this.legacy.getState() : this.words!.state();
  }
}

/**
 * A fresh match seed: 256 bits from the Web Crypto API (browsers; node has it as globalThis.crypto).
 * The server draws its keys with node's crypto.randomBytes and `seedFromKey` instead.
 */
export function freshSeed(): string {
  const webCrypto = (globalThis as { crypto?: { getRandomValues?: (a: Uint8Array) => Uint8Array } }).crypto;
  if (!webCrypto?.getRandomValues) throw new Error('no cryptographic random source for a match seed');
  return seedFromKey(webCrypto.getRandomValues(new Uint8Array(SEED_KEY_BYTES)));
}

/**
 * A 256-bit key seed drawn from `random` (a bot's own shuffles and rollouts): a number seed's first
 * draws are alike for nearby numbers, a key's are not.
 */
export function keySeedFrom(random: () => number): string {
  let hex = '';
  for (let i = 0; i < 8; i++)
    hex += Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  return hex;
}
