/**
 * A payload skips the action schema only when it is exactly a listed action that the schema gives
 * back unchanged (server/src/rooms/listedAction.ts): every other payload is the schema's to judge.
 */
import { z } from 'zod';
import { identical, listedAction } from '../../src/rooms/listedAction';

const schema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('draw') }),
  z.object({ type: z.literal('bet'), amount: z.number().int().min(0) }),
  z.object({ type: z.literal('pick'), cards: z.array(z.string()) }),
]);
const freeze = <T extends object>(a: T): T => Object.freeze(a);
const DRAW = freeze({ type: 'draw' });
const BET0 = freeze({ type: 'bet', amount: 0 });
const PICK = freeze({ type: 'pick', cards: freeze(['A', 'B']) });
const legal = [DRAW, BET0, PICK];

describe('listedAction', () => {
  test('a payload equal to a listed action gives the listed object itself', () => {
    expect(listedAction(schema, legal, { type: 'draw' })).toBe(DRAW);
    expect(listedAction(schema, legal, { type: 'bet', amount: 0 })).toBe(BET0);
    expect(listedAction(schema, legal, { type: 'pick', cards: ['A', 'B'] })).toBe(PICK);
  });

  test('anything not exactly listed is left to the schema', () => {
    expect(listedAction(schema, legal, { type: 'bet', amount: -0 })).toBeNull();
    expect(listedAction(schema, legal, { type: 'bet', amount: NaN })).toBeNull();
    expect(listedAction(schema, legal, { type: 'bet', amount: 1 })).toBeNull();
    expect(listedAction(schema, legal, { type: 'bet', amount: '0' })).toBeNull();
    expect(listedAction(schema, legal, { type: 'draw', extra: 1 })).toBeNull();
    expect(listedAction(schema, legal, { type: 'draw', extra: undefined })).toBeNull();
    expect(listedAction(schema, legal, { amount: 0, type: 'bet' })).toBeNull();
    expect(listedAction(schema, legal, { type: 'pick', cards: ['A'] })).toBeNull();
    expect(listedAction(schema, legal, { type: 'pick', cards: { 0: 'A', 1: 'B' } })).toBeNull();
    expect(listedAction(schema, legal, { type: 'pick', cards: ['A', 'B', 'C'] })).toBeNull();
  });

  test('a listed action the schema refuses, changes or that is not frozen is never skipped', () => {
    const refused = freeze({ type: 'bet', amount: -1 });
    expect(listedAction(schema, [refused], { type: 'bet', amount: -1 })).toBeNull();
    const defaulted = z.object({ type: z.literal('go'), speed: z.number().default(1) });
    const go = freeze({ type: 'go' });
    expect(listedAction(defaulted, [go], { type: 'go' })).toBeNull();
    const stripped = freeze({ type: 'draw', note: 'x' });
    expect(listedAction(schema, [stripped], { type: 'draw', note: 'x' })).toBeNull();
    // Not frozen: it could change after a verdict, so none is kept and nothing is skipped.
    expect(listedAction(schema, [{ type: 'draw' }], { type: 'draw' })).toBeNull();
    const shallow = freeze({ type: 'pick', cards: ['A'] });
    expect(listedAction(schema, [shallow], { type: 'pick', cards: ['A'] })).toBeNull();
  });

  test('identical: key order, -0, NaN and plain objects', () => {
    expect(identical({ a: 1, b: [2, { c: 3 }] }, { a: 1, b: [2, { c: 3 }] })).toBe(true);
    expect(identical({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(identical(0, -0)).toBe(false);
    expect(identical(NaN, NaN)).toBe(true);
    expect(identical([1], { 0: 1 })).toBe(false);
    expect(identical(new Date(0), new Date(0))).toBe(false);
    expect(identical({ a: undefined }, {})).toBe(false);
  });
});
