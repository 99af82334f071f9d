/** "Your turn" alerts: when the seat becomes due, not on every patch nor on the first one. */
import { describe, expect, it } from '@jest/globals';
import { isDue, shouldAlert } from './turnAlert';

const snap = (o: Partial<Parameters<typeof isDue>[0]>) =>
  ({ status: 'playing', mySeat: 0, toAct: [0], legal: [{ type: 'draw' }], ...o }) as Parameters<
    typeof isDue
  >[0];

describe('turn alerts', () => {
  it('a seat is due when it is to act and has something to do, in play', () => {
    expect(isDue(snap({}))).toBe(true);
    expect(isDue(snap({ toAct: [1] }))).toBe(false);
    expect(isDue(snap({ legal: [] }))).toBe(false);
    expect(isDue(snap({ status: 'finished' }))).toBe(false);
    expect(isDue(snap({ mySeat: -1, toAct: [-1] }))).toBe(false);
  });
  it('alerts on becoming due only, never on the first snapshot', () => {
    expect(shouldAlert(null, true)).toBe(false);
    expect(shouldAlert(false, true)).toBe(true);
    expect(shouldAlert(true, true)).toBe(false);
    expect(shouldAlert(true, false)).toBe(false);
  });
});
