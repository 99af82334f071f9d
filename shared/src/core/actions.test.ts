import { sameAction } from './actions';

describe('sameAction', () => {
  it('compares every field, nested ones included, whatever the key order', () => {
    expect(
      sameAction({ type: 'play', card: 'KH', choice: 'swap' }, { choice: 'swap', card: 'KH', type: 'play' }),
    ).toBe(true);
    expect(sameAction({ type: 'play', card: 'KH' }, { type: 'play', card: 'QH' })).toBe(false);
    expect(sameAction({ type: 'move', path: ['a', 'b'] }, { type: 'move', path: ['a', 'b'] })).toBe(true);
    expect(sameAction({ type: 'move', path: ['a', 'b'] }, { type: 'move', path: ['b', 'a'] })).toBe(false);
    expect(sameAction({ type: 'buy', units: { inf: 1 } }, { type: 'buy', units: { inf: 2 } })).toBe(false);
  });

  it('treats a key holding undefined as absent, and any other difference in keys as a difference', () => {
    expect(sameAction({ type: 'play', card: 'KH', choice: undefined }, { type: 'play', card: 'KH' })).toBe(
      true,
    );
    expect(sameAction({ type: 'play', card: 'KH', choice: 'king' }, { type: 'play', card: 'KH' })).toBe(
      false,
    );
    expect(sameAction({ type: 'counter', accept: false }, { type: 'counter' })).toBe(false);
    expect(sameAction({ type: 'x', n: 0 }, { type: 'x', n: null })).toBe(false);
  });
});
