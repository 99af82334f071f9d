/** The replay's clock: a move a second at 1x, faster or slower with the speed, stopping at the end. */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ReplayPlayer, STEP_MS } from './ReplayPlayer';
import type { ReplayTable } from './ReplayTable';

/** The part of a ReplayTable the player moves: a position within 0..length (seek clamps, as the real one). */
function table(length: number) {
  const t = {
    position: 0,
    viewer: -1,
    model: { length },
    seek(p: number) {
      t.position = Math.max(0, Math.min(length, Math.floor(p)));
    },
    setViewer(seat: number) {
      t.viewer = seat;
    },
  };
  return t;
}

/** A player over a fake table of `length` moves. */
function playerOver(length: number) {
  const t = table(length);
  return { t, player: new ReplayPlayer(t as unknown as ReplayTable) };
}

describe('ReplayPlayer', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('plays a move per step and stops at the end', () => {
    const { player } = playerOver(3);
    let changes = 0;
    player.on(() => changes++);
    player.play();
    expect(player.playing).toBe(true);
    jest.advanceTimersByTime(STEP_MS - 1);
    expect(player.position).toBe(0);
    jest.advanceTimersByTime(1);
    expect(player.position).toBe(1);
    jest.advanceTimersByTime(10 * STEP_MS);
    expect(player.position).toBe(3);
    expect(player.playing).toBe(false);
    expect(changes).toBeGreaterThanOrEqual(4);
    player.destroy();
  });

  it('plays from the start again when played at the end', () => {
    const { player } = playerOver(2);
    player.seek(2);
    player.play();
    expect(player.position).toBe(0);
    player.destroy();
  });

  it('goes faster at a higher speed, and refuses a speed of 0 or less', () => {
    const { player } = playerOver(20);
    player.setSpeed(4);
    player.play();
    jest.advanceTimersByTime(STEP_MS);
    expect(player.position).toBe(4);
    player.setSpeed(0);
    expect(player.speed).toBe(1);
    player.destroy();
  });

  it('a step pauses and moves one move, within the match', () => {
    const { player } = playerOver(5);
    player.play();
    player.step(1);
    expect(player.playing).toBe(false);
    expect(player.position).toBe(1);
    player.step(-3);
    expect(player.position).toBe(0);
    jest.advanceTimersByTime(5 * STEP_MS);
    expect(player.position).toBe(0); // paused: the clock does not move it
    player.destroy();
  });

  it('changes whose view is shown', () => {
    const { t, player } = playerOver(5);
    player.setViewer(1);
    expect(t.viewer).toBe(1);
    player.destroy();
  });
});
