/**
 * The process heartbeat: every second the time is written to DATA_DIR/heartbeat (a temporary file
 * renamed over it), and on a graceful stop the exact stop time. After a crash the next start reads
 * the last beat as "when the server stopped", so a timer resumes with the time it had left then.
 */
import type { MatchStore } from './MatchStore';

export interface Heartbeat {
  /** Writes the stop time (graceful shutdown) and stops beating. */
  stop(): void;
}

export function startHeartbeat(store: MatchStore, intervalMs = 1000, now = () => Date.now()): Heartbeat {
  const beat = (stopped: boolean) => {
    try {
      store.writeHeartbeat({ at: now(), stopped });
    } catch (e) {
      console.warn(`  storage: heartbeat not written: ${(e as Error).message}`);
    }
  };
  beat(false);
  const timer = setInterval(() => beat(false), intervalMs);
  timer.unref();
  let stopped = false;
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      beat(true);
    },
  };
}
