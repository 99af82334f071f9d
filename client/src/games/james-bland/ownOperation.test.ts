import { describe, expect, it } from '@jest/globals';
import type { JamesBlandPrivate, RevealedOffense } from '@parlor/shared/games/james-bland/types';
import { ownOperation } from './ownOperation';

const op = (o: Partial<RevealedOffense>): RevealedOffense => ({
  offense: 'surveillance',
  target: 3,
  target2: null,
  attacker: null,
  result: 'success',
  roll: 5,
  ...o,
});
const me = (plan: Partial<NonNullable<JamesBlandPrivate['plan']>> | null) =>
  ({
    seat: 0,
    plan: plan && { offense: 'surveillance', target: 3, defense: 'underground', ...plan },
  }) as JamesBlandPrivate;

describe('the recap finds your own operation', () => {
  it('the one you are named in', () => {
    const ops = [op({ attacker: 1 }), op({ attacker: 0, offense: 'networkAttack' })];
    expect(ownOperation(ops, me({ offense: 'networkAttack' }))).toBe(ops[1]);
  });
  it("unnamed: the one entry with your plan's offense and target", () => {
    const ops = [op({ target: 2 }), op({}), op({ offense: 'assassination' })];
    expect(ownOperation(ops, me({}))).toBe(ops[1]);
  });
  it('none when two unnamed entries are alike, for a Safe Turn, or without a view', () => {
    expect(ownOperation([op({}), op({})], me({}))).toBeNull();
    expect(ownOperation([op({})], me({ offense: 'safeTurn', target: undefined }))).toBeNull();
    expect(ownOperation([op({})], null)).toBeNull();
    expect(ownOperation([op({ target: 2 })], me({}))).toBeNull();
  });
});
