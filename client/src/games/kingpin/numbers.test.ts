import { describe, expect, test } from '@jest/globals';
import { quarters } from './numbers';

describe("Kingpin's number format (badges and floats alike)", () => {
  test('quarter points as fraction glyphs, whole numbers plain', () => {
    expect(quarters(16.25)).toBe('16¼');
    expect(quarters(5.75)).toBe('5¾');
    expect(quarters(0.5)).toBe('½');
    expect(quarters(7)).toBe('7');
    expect(quarters(0)).toBe('0');
    expect(quarters(-1.25)).toBe('-1¼');
  });

  test('a number that is not a quarter keeps two decimals', () => {
    expect(quarters(1 / 3)).toBe('0.33');
  });
});
