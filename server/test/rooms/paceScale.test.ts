/**
 * TEST_PACE_SCALE, the test-only knob that lets browser tests run paced bots faster: read by
 * config.ts (1 unless set, within (0, 1]), applied by the TurnScheduler to every paced wait (think
 * times, gaps, reading windows, the reaction time) and to nothing else (turn deadlines keep their
 * length). jamesBlandPace.test.ts proves the real windows on a real server.
 */
import { ADAPTATION_READ_MS_ROUND1, JB_BOT_GAP_MS } from '@parlor/shared/games/james-bland/table';
import { loadConfig } from '../../src/config';
import type { GameRoomState } from '../../src/rooms/schema';
import { TurnScheduler } from '../../src/rooms/TurnScheduler';
import { handClock } from '../helpers/handClock';

test('config: 1 unless set; only a fraction of 1 is accepted', () => {
  expect(loadConfig({}).paceScale).toBe(1);
  expect(loadConfig({ TEST_PACE_SCALE: '0.1' }).paceScale).toBe(0.1);
  for (const bad of ['0', '2', 'fast'])
    expect(() => loadConfig({ TEST_PACE_SCALE: bad })).toThrow(/TEST_PACE_SCALE/);
});

/** Three bots in James Bland's round-1 Adaptation pace, each acting once: when each acts (ms after the window opened). */
function botMoves(scale: number): number[] {
  const clock = handClock();
  const opened = clock.now();
  const pace = {
    thinkMs: [2000, 10_000] as const,
    gapMs: JB_BOT_GAP_MS,
    readMs: ADAPTATION_READ_MS_ROUND1,
    window: 'round 1',
  };
  let due = [1, 2, 3];
  const acted: number[] = [];
  const scheduler = new TurnScheduler(
    clock.timers,
    0,
    {
      onDeadline: () => undefined,
      onBotTurn: (seat) => {
        acted.push(clock.now() - opened);
        due = due.filter((s) => s !== seat);
        scheduler.updateBots(due, pace);
      },
    },
    () => 0.5,
    scale,
  );
  scheduler.updateBots(due, pace);
  clock.runUntil(opened + 60_000);
  clock.restore();
  return acted;
}

test('the scheduler: every paced wait shrinks by the scale, in step', () => {
  const real = botMoves(1);
  const quick = botMoves(0.1);
  expect(real).toHaveLength(3);
  expect(real[0]).toBeGreaterThanOrEqual(ADAPTATION_READ_MS_ROUND1);
  for (let i = 1; i < 3; i++) expect(real[i]! - real[i - 1]!).toBeGreaterThanOrEqual(JB_BOT_GAP_MS);
  expect(quick).toHaveLength(3);
  // The same moves at a tenth of the times (timers round up to whole ms).
  quick.forEach((t, i) => expect(Math.abs(t - real[i]! / 10)).toBeLessThanOrEqual(3));
});

test('a turn deadline keeps its length whatever the scale', () => {
  const clock = handClock();
  const state = { serverTime: 0, deadline: 0, deadlineSeat: -1 } as unknown as GameRoomState;
  const fired: number[] = [];
  const scheduler = new TurnScheduler(
    clock.timers,
    0,
    { onDeadline: () => fired.push(clock.now()), onBotTurn: () => undefined },
    () => 0.5,
    0.1,
  );
  const start = clock.now();
  scheduler.updateDeadline(state, { key: 'turn 1', seat: 0, durationMs: 45_000, action: { type: 'timeUp' } });
  expect(state.deadline - start).toBe(45_000);
  clock.runUntil(start + 44_999);
  expect(fired).toEqual([]);
  clock.runUntil(start + 45_000);
  expect(fired).toEqual([start + 45_000]);
  clock.restore();
});
