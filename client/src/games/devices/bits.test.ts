/** How a Power's text is shown: a Cost that loses Points says so. */
import { describe, expect, it } from '@jest/globals';
import { powerDisplay } from './bits';

describe('powerDisplay', () => {
  it('says what "Lose 1" loses', () => {
    expect(powerDisplay('Sell (Lose 1): Gain m8')).toBe('Sell (Lose 1 Point): Gain m8');
    expect(powerDisplay('Melt (Tap, Lose 2): Gain m20')).toBe('Melt (Tap, Lose 2 Points): Gain m20');
    expect(powerDisplay('Sell (Lose 1 Point): Gain m8')).toBe('Sell (Lose 1 Point): Gain m8');
    expect(powerDisplay('Admire (Tap): Gain 3 Points')).toBe('Admire (Tap): Gain 3 Points');
  });
});
