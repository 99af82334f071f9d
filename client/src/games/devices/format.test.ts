/** Devices' words and clocks: money, Points, countdowns and the time left to bid. */
import { describe, expect, it } from '@jest/globals';
import { BALLOTDAY, CLOCK_OFF_MS } from '@parlor/shared/games/devices/calendar';
import type { DevicesPublic } from '@parlor/shared/games/devices/types';
import { clockText, countLabel, money, msToBallotday, points, priceWords, shortNday } from './format';

describe('formats', () => {
  it('writes money, Points, prices and counts', () => {
    expect(money(1250)).toBe('m1,250');
    expect(points(1)).toBe('1 Point');
    expect(points(3)).toBe('3 Points');
    expect(priceWords(12, 1)).toBe('m12 and 1 Point');
    expect(priceWords(0, 2)).toBe('2 Points');
    expect(priceWords(0, 0)).toBe('');
    expect(countLabel('Infinite')).toBe('∞');
    expect(countLabel(4)).toBe('4');
  });

  it('counts down in minutes and seconds, rounding up, never below zero', () => {
    expect(clockText(0)).toBe('0:00');
    expect(clockText(-500)).toBe('0:00');
    expect(clockText(1)).toBe('0:01');
    expect(clockText(61_000)).toBe('1:01');
    expect(clockText(600_000)).toBe('10:00');
  });

  it('shortens nday names to three letters', () => {
    expect(shortNday(1)).toBe('Bre');
    expect(shortNday(9)).toBe('Bal');
    expect(shortNday(99)).toBe('');
  });
});

describe('msToBallotday', () => {
  const pub = (nday: number, clockOn: boolean) => ({ nday, clockOn, ndaySeconds: 30 }) as DevicesPublic;

  it('is the time left in this nday plus the whole ndays before Ballotday', () => {
    const now = 1_000_000;
    // Clock running, 10 s left of nday 1: 10 s + 7 whole ndays of 30 s before Ballotday (nday 9).
    expect(msToBallotday(pub(1, true), now + 10_000, now)).toBe(10_000 + (BALLOTDAY - 2) * 30_000);
    expect(msToBallotday(pub(BALLOTDAY - 1, true), now + 5_000, now)).toBe(5_000);
  });

  it('with the Clock Off, counts the pause and the next nday in full', () => {
    const now = 1_000_000;
    expect(msToBallotday(pub(BALLOTDAY - 1, false), 0, now)).toBe(CLOCK_OFF_MS + 30_000);
  });

  it('is null from Ballotday on', () => {
    expect(msToBallotday(pub(BALLOTDAY, true), 0, 0)).toBeNull();
    expect(msToBallotday(pub(BALLOTDAY + 2, true), 0, 0)).toBeNull();
  });
});
