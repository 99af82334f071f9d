/** How match dates and lengths read in the history and the replay. */
import { describe, expect, it } from '@jest/globals';
import { formatDate, formatDuration } from './format';

describe('formatDate', () => {
  const now = new Date(2026, 10, 27, 15, 30).getTime();
  it('names today and yesterday, else the date, with the year only when it is not this one', () => {
    expect(formatDate(new Date(2026, 10, 27, 9, 5).getTime(), now)).toBe('Today 09:05');
    expect(formatDate(new Date(2026, 10, 26, 23, 59).getTime(), now)).toBe('Yesterday 23:59');
    expect(formatDate(new Date(2026, 10, 21, 14, 5).getTime(), now)).toBe('21 Nov 14:05');
    expect(formatDate(new Date(2025, 2, 3, 14, 5).getTime(), now)).toBe('3 Mar 2025 14:05');
  });
  it('knows yesterday across a month and a year boundary', () => {
    const newYear = new Date(2027, 0, 1, 8, 0).getTime();
    expect(formatDate(new Date(2026, 11, 31, 22, 0).getTime(), newYear)).toBe('Yesterday 22:00');
  });
});

describe('formatDuration', () => {
  it('reads in seconds, minutes, then hours and minutes', () => {
    expect(formatDuration(-5)).toBe('0 s');
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(59_400)).toBe('59 s');
    expect(formatDuration(12 * 60_000)).toBe('12 min');
    expect(formatDuration(65 * 60_000)).toBe('1 h 05 min');
  });
});
