/** The server clock estimate: shortest round trip wins, the welcome is a first guess, old samples expire. */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ClockSync, msLeft, secondsLeft } from './clock';

const T0 = 1_700_000_000_000;

/** When each ping was sent, by id. */
const sentAt = new Map<number, number>();

/** A ClockSync whose pings are recorded, with the offsets it announced. */
function rig() {
  const pings: number[] = [];
  const changes: number[] = [];
  const clock = new ClockSync(
    (id) => (pings.push(id), sentAt.set(id, Date.now())),
    (offset) => changes.push(offset),
  );
  return { clock, pings, changes };
}

/**
 * The answer to ping `id` arrives `rtt` ms after it was sent; the server's clock is `offset` ahead
 * and read it at mid-trip (`skew`: a lopsided trip moves the reading off the midpoint).
 */
function answer(clock: ClockSync, id: number, rtt: number, offset: number, skew = 0): void {
  const sent = sentAt.get(id)!;
  expect(sent + rtt).toBeGreaterThanOrEqual(Date.now());
  jest.advanceTimersByTime(sent + rtt - Date.now());
  clock.pong({ type: 'pong', id, serverTime: sent + rtt / 2 + offset + skew } as never);
}

describe('ClockSync', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: T0 });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('starts at 0 and takes the welcome as a first guess', () => {
    const { clock, changes } = rig();
    expect(clock.offset).toBe(0);
    expect(clock.bestRtt).toBe(Infinity);
    clock.welcome(T0 + 5000);
    expect(clock.offset).toBe(5000);
    expect(changes).toEqual([5000]);
    clock.welcome(0); // no serverTime: ignored
    expect(clock.offset).toBe(5000);
  });

  it('estimates offset = serverTime - midpoint of the round trip', () => {
    const { clock, pings } = rig();
    clock.start();
    expect(pings).toEqual([1]);
    answer(clock, 1, 200, 3000);
    expect(clock.offset).toBe(3000);
    expect(clock.bestRtt).toBe(200);
    clock.stop();
  });

  it('a ping answer replaces the welcome guess', () => {
    const { clock, pings } = rig();
    clock.welcome(T0 + 9000);
    clock.start();
    answer(clock, pings[0]!, 100, -2000);
    expect(clock.offset).toBe(-2000);
    clock.stop();
  });

  it('keeps the sample with the shortest round trip', () => {
    const { clock, pings } = rig();
    clock.start();
    // A slow answer whose midpoint guess is 400 ms off (the delay was all on the way back).
    answer(clock, pings[0]!, 800, 1000, 400);
    expect(clock.offset).toBe(1400);
    // The burst's next pings (at 0.5 and 1 s); the one sent at 1 s comes back quickly.
    jest.advanceTimersToNextTimer();
    expect(pings).toHaveLength(3);
    answer(clock, pings.at(-1)!, 40, 1000);
    expect(clock.offset).toBe(1000);
    expect(clock.bestRtt).toBe(40);
    // A later, slower answer does not replace it.
    jest.advanceTimersByTime(1000);
    answer(clock, pings.at(-1)!, 600, 1000, -250);
    expect(clock.offset).toBe(1000);
    clock.stop();
  });

  it('pings in a burst after start, then every 15 s', () => {
    const { clock, pings } = rig();
    clock.start();
    jest.advanceTimersByTime(6000);
    expect(pings).toHaveLength(6); // at 0, 0.5, 1, 2, 3.5 and 6 s
    jest.advanceTimersByTime(14_999);
    expect(pings).toHaveLength(6);
    jest.advanceTimersByTime(1);
    expect(pings).toHaveLength(7);
    clock.stop();
    jest.advanceTimersByTime(60_000);
    expect(pings).toHaveLength(7);
  });

  it('ignores unknown, repeated and malformed answers', () => {
    const { clock, pings, changes } = rig();
    clock.start();
    clock.pong({ type: 'pong', id: 99, serverTime: T0 + 50_000 } as never);
    clock.pong({ type: 'pong', id: pings[0]!, serverTime: 'soon' } as never);
    expect(changes).toEqual([]);
    answer(clock, pings[0]!, 100, 700);
    clock.pong({ type: 'pong', id: pings[0]!, serverTime: Date.now() + 90_000 } as never); // answered already
    expect(clock.offset).toBe(700);
    clock.stop();
  });

  it('does not announce changes smaller than 20 ms', () => {
    const { clock, pings, changes } = rig();
    clock.start();
    answer(clock, pings[0]!, 100, 500);
    jest.advanceTimersToNextTimer();
    answer(clock, pings.at(-1)!, 50, 510);
    expect(clock.offset).toBe(500);
    jest.advanceTimersToNextTimer();
    answer(clock, pings.at(-1)!, 20, 560);
    expect(clock.offset).toBe(560);
    expect(changes).toEqual([500, 560]);
    clock.stop();
  });

  it('forgets samples older than three minutes', () => {
    const { clock, pings } = rig();
    clock.start();
    answer(clock, pings[0]!, 10, 100); // very good, but it will age out
    jest.advanceTimersByTime(186_000 - 10); // to the ping at 6 s + 12 periods of 15 s
    answer(clock, pings.at(-1)!, 300, 2000);
    expect(clock.offset).toBe(2000);
    expect(clock.bestRtt).toBe(300);
    clock.stop();
  });
});

describe('msLeft and secondsLeft', () => {
  it('counts down to a deadline, never below 0; 0 means no deadline', () => {
    expect(msLeft(10_500, 10_000)).toBe(500);
    expect(msLeft(9_000, 10_000)).toBe(0);
    expect(msLeft(0, 10_000)).toBe(0);
    expect(secondsLeft(10_001, 10_000)).toBe(1);
    expect(secondsLeft(12_000, 10_000)).toBe(2);
    expect(secondsLeft(12_001, 10_000)).toBe(3);
    expect(secondsLeft(0, 10_000)).toBe(0);
  });
});
