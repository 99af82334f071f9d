/**
 * The match generator: a ChaCha20 keystream under a 256-bit key (checked against RFC 8439's test
 * vector), whose state is a plain array that can be stored and resumed at any point, and the legacy
 * xoroshiro128+ path for numeric seeds, unchanged (old records replay with it).
 */
import fc from 'fast-check';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { Random, SEED_KEY_BYTES, SeedSchema, freshSeed, isKeySeed, seedFromKey, seedRng } from './rng';

const ZERO_KEY = '0'.repeat(64);
const keyArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(seedFromKey);

/** The raw 32-bit words: float() is word / 2^32. */
const words = (r: Random, n: number) => Array.from({ length: n }, () => Math.round(r.float() * 2 ** 32));

test('a key seed draws the ChaCha20 keystream (RFC 8439, A.1 test vector 1: zero key, zero nonce)', () => {
  const r = new Random(seedRng(ZERO_KEY));
  // Keystream bytes 76 b8 e0 ad a0 f1 3d 90 40 5d 6a e5 53 86 bd 28 ..., read as little-endian words.
  expect(words(r, 4)).toEqual([0xade0b876, 0x903df1a0, 0xe56a5d40, 0x28bd8653]);
  expect(r.state).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 4]);
});

test('the stored state resumes the stream exactly, across blocks, however the draws are split', () => {
  fc.assert(
    fc.property(keyArb, fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 8 }), (seed, splits) => {
      const total = splits.reduce((a, b) => a + b, 0);
      const whole = words(new Random(seedRng(seed)), total);
      let state = seedRng(seed);
      const pieces: number[] = [];
      for (const n of splits) {
        const r = new Random(state);
        pieces.push(...words(r, n));
        // Stored as JSON in a record and read back: still the same stream.
        state = JSON.parse(JSON.stringify(r.state)) as number[];
      }
      expect(pieces).toEqual(whole);
      expect(state[8]! * 16 + state[9]!).toBe(total);
    }),
    { numRuns: 200 },
  );
});

test('int is uniform in its range and never leaves it; shuffle permutes', () => {
  const r = new Random(seedRng(freshSeed()));
  const counts = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < 60_000; i++) counts[r.int(1, 6) - 1]++;
  // 10,000 expected per face; 5 standard deviations is about 460.
  for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(460);
  fc.assert(
    fc.property(
      keyArb,
      fc.integer({ min: -50, max: 50 }),
      fc.integer({ min: 0, max: 2 ** 40 }),
      (seed, from, w) => {
        const x = new Random(seedRng(seed)).int(from, from + w);
        expect(Number.isInteger(x) && x >= from && x <= from + w).toBe(true);
      },
    ),
  );
  const deck = Array.from({ length: 54 }, (_, i) => i);
  const shuffled = r.shuffle(deck);
  expect([...shuffled].sort((a, b) => a - b)).toEqual(deck);
  expect(shuffled).not.toEqual(deck);
});

test('two keys share nothing: different keys give unrelated streams, even keys one bit apart', () => {
  const a = seedRng(ZERO_KEY);
  const b = seedRng(`01${'0'.repeat(62)}`);
  const wa = words(new Random(a), 64);
  const wb = words(new Random(b), 64);
  const same = wa.filter((w, i) => w === wb[i]).length;
  expect(same).toBe(0);
  // About half the bits differ (avalanche): 64 words = 2048 bits.
  let diff = 0;
  for (let i = 0; i < 64; i++) diff += ((wa[i]! ^ wb[i]!) >>> 0).toString(2).replace(/0/g, '').length;
  expect(diff).toBeGreaterThan(900);
  expect(diff).toBeLessThan(1150);
});

test('fresh seeds are 256-bit keys from the Web Crypto source, never the same twice', () => {
  const seeds = Array.from({ length: 100 }, () => freshSeed());
  expect(new Set(seeds).size).toBe(100);
  for (const s of seeds) {
    expect(s).toMatch(/^[0-9a-f]{64}$/);
    expect(isKeySeed(s)).toBe(true);
    expect(SeedSchema.safeParse(s).success).toBe(true);
  }
  expect(SEED_KEY_BYTES * 8).toBe(256);
  expect(() => seedFromKey(new Uint8Array(16))).toThrow(/32 bytes/);
});

test('a legacy numeric seed still gives xoroshiro128+, exactly as older records were played', () => {
  for (const seed of [0, 1, 7, 123_456_789, 0x7ffffffe]) {
    const state = seedRng(seed);
    expect(state).toHaveLength(4);
    expect(isKeySeed(seed)).toBe(false);
    const ref = xoroshiro128plus(seed | 0);
    const r = new Random(state);
    for (let i = 0; i < 50; i++) expect(r.int(0, 51)).toBe(uniformInt(ref, 0, 51));
    expect(r.state).toEqual(ref.getState());
  }
});

test('malformed seeds and states are refused', () => {
  for (const bad of ['abc', 'AB'.repeat(32), `${ZERO_KEY}0`, ''])
    expect(SeedSchema.safeParse(bad).success).toBe(false);
  expect(() => seedRng('xyz')).toThrow();
  expect(() => new Random([1, 2, 3])).toThrow(/not a generator state/);
  expect(() => new Random([0, 0, 0, 0, 0, 0, 0, 0, 0, 16])).toThrow(/index/);
  expect(() => new Random([0, 0, 0, 0, 0, 0, 0, 0, -1, 0])).toThrow(/block/);
});
