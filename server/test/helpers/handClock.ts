/**
 * A hand-driven clock and timer queue for the TurnScheduler: its decisions, not the machine's speed.
 * `Date.now()` reads the hand clock until `restore()`.
 */
export interface HandClock {
  timers: { setTimeout(run: () => void, ms: number): { clear(): void } };
  now(): number;
  /** Runs every timer due by `end`, in order, moving the clock to each; then the clock reads `end`. */
  runUntil(end: number): void;
  restore(): void;
}

export function handClock(start = 1_000_000): HandClock {
  let now = start;
  const queue: { at: number; run: () => void; live: boolean }[] = [];
  const spy = jest.spyOn(Date, 'now').mockImplementation(() => now);
  return {
    timers: {
      setTimeout(run, ms) {
        const t = { at: now + ms, run, live: true };
        queue.push(t);
        return { clear: () => (t.live = false) };
      },
    },
    now: () => now,
    runUntil(end) {
      for (;;) {
        const next = queue.filter((t) => t.live).sort((a, b) => a.at - b.at)[0];
        if (!next || next.at > end) break;
        next.live = false;
        now = next.at;
        next.run();
      }
      now = end;
    },
    restore: () => spy.mockRestore(),
  };
}
