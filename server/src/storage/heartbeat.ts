/**
 * The process heartbeat: every second the time is written to DATA_DIR/heartbeat (a temporary file
 * renamed over it), and on a graceful stop the exact stop time. After a crash the next start reads
 * the last beat as "when the server stopped", so a timer resumes with the time it had left then.
 *
 * The running beats are written off the event loop: on a busy disk a rename can wait hundreds of
 * milliseconds behind the file system's journal, and every table would wait with it. A beat still
 * on its way when the next one is due makes that one skip. The first beat and the stop beat are
 * written at once; a running beat that lands after the stop beat is followed by the stop beat again.
 *
 * The beats also tell a starting server whether another one is still using the directory
 * (anotherServerBeats): its start would otherwise take over the journal that server is writing.
 */
import type { LastBeat, MatchStore } from './MatchStore';

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

/** A beat this recent, not a stop, may come from a server still running: watched before starting. */
const RECENT_BEATS = 5;
/** How many intervals after its last beat a live server has surely beaten again. */
const SURELY_BEATEN = 3;

/**
 * Whether another live server beats in this DATA_DIR. Nothing to wait for after a graceful stop or
 * a long silence; after a recent beat (another server, or one that crashed a moment ago, as a
 * restart policy brings it back), the answer comes once a live server would have beaten again,
 * up to SURELY_BEATEN intervals after that beat.
 */
export async function anotherServerBeats(
  read: () => LastBeat | null,
  options: {
    intervalMs?: number;
    now?: () => number;
    sleep?: (ms: number) => Promise<void>;
    /** Told how long the check will wait, when it has to. */
    onWait?: (ms: number) => void;
  } = {},
): Promise<boolean> {
  const intervalMs = options.intervalMs ?? 1000;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const last = read();
  if (!last || last.stopped) return false;
  const age = now() - last.at;
  if (age > RECENT_BEATS * intervalMs) return false;
  // Clamped: a beat "from the future" (the clock was set back, as a Raspberry Pi's is at boot
  // until NTP answers) waits no longer than a fresh one.
  const wait = Math.min(SURELY_BEATEN * intervalMs, Math.max(0, SURELY_BEATEN * intervalMs - age));
  options.onWait?.(wait);
  await sleep(wait);
  const next = read();
  return next !== null && next.at !== last.at;
}
