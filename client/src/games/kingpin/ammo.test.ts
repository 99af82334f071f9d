import { describe, expect, test } from '@jest/globals';
import { type DamagePreview, leastAmmo } from './preview';

/** A preview whose attack of `base` destroys a target of `hp` (only `total` and `kills` matter here). */
const previewFor = (base: number, hp: number) => (ammo: number) =>
  ({ total: base + ammo, kills: base + ammo >= hp }) as DamagePreview;
const amounts = (max: number) => Array.from({ length: max + 1 }, (_, amount) => ({ amount }));

describe('the ammunition an attack starts at', () => {
  test('the least that destroys the target', () => {
    expect(leastAmmo(amounts(12), previewFor(5, 8))).toBe(3);
    expect(leastAmmo(amounts(12), previewFor(9, 8))).toBe(0);
  });

  test('none when no amount destroys it (never what a previous attack spent)', () => {
    expect(leastAmmo(amounts(4), previewFor(5, 40))).toBe(0);
    expect(leastAmmo([], undefined)).toBe(0);
  });
});
