import { describe, expect, test } from '@jest/globals';
import { printNumber, starPoints, wrapWords } from './cardCanvas';

/** A monospace measure: 10 px a character. */
const mono = (t: string) => t.length * 10;

describe('the shared canvas helpers', () => {
  test('wrapWords breaks at spaces so each line fits, and keeps every word in order', () => {
    const text = 'Deals one damage to each card in the target row';
    const lines = wrapWords(text, 120, mono);
    expect(lines.join(' ')).toBe(text);
    for (const l of lines) expect(mono(l)).toBeLessThanOrEqual(120);
    expect(lines.length).toBeGreaterThan(3);
  });

  test('a word longer than the width keeps a line of its own', () => {
    expect(wrapWords('a Counterintelligence b', 60, mono)).toEqual(['a', 'Counterintelligence', 'b']);
    expect(wrapWords('', 60, mono)).toEqual([]);
    expect(wrapWords('  spaced   out ', 200, mono)).toEqual(['spaced out']);
  });

  test('a star has ten corners alternating between the two radii, the first straight up', () => {
    const pts = starPoints(50, 50, 20, 8);
    expect(pts).toHaveLength(10);
    expect(pts[0]![0]).toBeCloseTo(50);
    expect(pts[0]![1]).toBeCloseTo(30);
    pts.forEach(([x, y], i) => expect(Math.hypot(x - 50, y - 50)).toBeCloseTo(i % 2 ? 8 : 20));
  });

  test('numbers print whole, or rounded to two decimals', () => {
    expect(printNumber(3)).toBe('3');
    expect(printNumber(1.5)).toBe('1.5');
    expect(printNumber(0.333333)).toBe('0.33');
    expect(printNumber(2.001)).toBe('2');
  });
});
