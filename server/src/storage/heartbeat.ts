/**
 * The process heartbeat: every second the time is written to DATA_DIR/heartbeat (a temporary file
 * renamed over it), and on a graceful stop the exact stop time. After a crash the next start reads
 * the last beat as "when the server stopped", so a timer resumes with the time it had left then.
 *
 * The running beats are written off the event loop: on a busy disk a rename can wait hundreds of
 * milliseconds behind the file system's journal, and every table would wait with it. A beat still
 * on its way when the next one is due makes that one skip. The first beat and the stop beat are
 * written at once; a running beat that lands after the stop beat is followed by the stop beat again.
 */
import type { MatchStore } from './MatchStore';

export interface Heartbeat {
  /** Writes the stop time (graceful shutdown) and stops beating. */
  stop(): void;
}

export function startHeartbeat(store: MatchStore, intervalMs = 1000, now = () => Date.now()): Heartbeat {
  const warn = (e: unknown) => console.warn(`  storage: heartbeat not written: ${(e as Error).message}`);
  let stopBeat: number | null = null;
  let inFlight = false;
  const writeStop = () => {
    try {
      store.writeHeartbeat({ at: stopBeat!, stopped: true });
    } catch (e) {
      warn(e);
    }
  };
  const beat = () => {
    if (inFlight || stopBeat !== null) return;
    inFlight = true;
    store
      .writeHeartbeatAsync({ at: now(), stopped: false })
      .catch(warn)
      .finally(() => {
        inFlight = false;
        // Landed after the stop beat: put the stop beat back over it.
        if (stopBeat !== null) writeStop();
      });
  };
  try {
    store.writeHeartbeat({ at: now(), stopped: false });
  } catch (e) {
    warn(e);
  }
  const timer = setInterval(beat, intervalMs);
  timer.unref();
  return {
    stop() {
      if (stopBeat !== null) return;
      stopBeat = now();
      clearInterval(timer);
      writeStop();
    },
  };
}
