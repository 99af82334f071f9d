/**
 * What happens on SIGTERM/SIGINT before Colyseus closes the rooms: every player is told (so the
 * client can say "the server is restarting" and reconnect later instead of showing a bare drop),
 * the stop time is recorded, and discovery says goodbye. Each step is bounded so a stuck one cannot
 * hold the exit. Then Colyseus calls each room's onBeforeShutdown, where GameRoom flushes its
 * table file and stops writing, so the next start resumes every table as it was. Once every room is
 * closed, the store's writes still under way off the event loop (history files) are waited for,
 * briefly (afterShutdown): one that does not land is written again at the next start from the
 * table file.
 *
 * The whole stop is bounded too (STOP_DEADLINE_MS): Colyseus's own steps wait on Redis and on every
 * room closing, without a limit, so with Redis gone a SIGTERM never ended the process. Past the
 * deadline every open table's file is flushed and the process exits. And a log nobody reads any
 * more (the pipe of a parent that died) must not turn into a busy loop (ignoreClosedOutput).
 */
import { matchMaker } from '@colyseus/core';
import { ServerMsg } from '@parlor/shared';
import { flushOpenTables } from '../rooms/persistence';

export const SHUTDOWN_REASON = 'The server is restarting or shutting down.';

/** Broadcast ServerMsg.shutdown in every room of this process. Returns how many rooms were told. */
export async function announceShutdown(reason = SHUTDOWN_REASON): Promise<number> {
  const rooms = await matchMaker.query({ processId: matchMaker.processId });
  let told = 0;
  for (const cached of rooms) {
    try {
      const room = matchMaker.getLocalRoomById(cached.roomId);
      if (!room) continue;
      room.broadcast(ServerMsg.shutdown, { reason });
      told += 1;
    } catch {
      // A room already disposing: nothing to tell.
    }
  }
  return told;
}

export function withTimeout(work: Promise<unknown>, ms: number): Promise<void> {
  return Promise.race([
    work.then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, ms).unref()),
  ]);
}

export interface ShutdownSteps {
  serverName: string;
  /** Stops mDNS advertising (goodbye packets); absent when discovery is off. */
  stopDiscovery?: () => Promise<void>;
  /** Records the stop time in DATA_DIR (each table flushes its own table file as its room closes). */
  recordStop?: () => void;
  /** Bounds the whole stop (the server: armStopDeadline with flushOpenTables), first thing. */
  armDeadline?: () => void;
}

/** The server's deadline: every open table's file flushed, then exit (see armStopDeadline). */
export const serverStopDeadline = (): void => armStopDeadline(flushOpenTables);

/**
 * How long a stop may take (under `docker stop`'s 10 s): then the tables still open are flushed
 * and the process exits, with 1 (it did not stop cleanly: Redis may still list its rooms).
 */
export const STOP_DEADLINE_MS = 8000;

/**
 * From now on the process ends within `ms`: past it, `flushTables` and exit(1). A second SIGTERM or
 * SIGINT (Colyseus listens for the first only) does the same at once.
 */
export function armStopDeadline(flushTables: () => void, ms = STOP_DEADLINE_MS): void {
  const exitNow = (why: string) => {
    try {
      console.error(`  ${why}: saving the open tables and exiting now.`);
      flushTables();
    } finally {
      process.exit(1);
    }
  };
  setTimeout(() => exitNow(`The server did not stop within ${ms / 1000} s`), ms).unref();
  const again = () => exitNow('Asked again to stop');
  process.once('SIGTERM', again).once('SIGINT', again);
}

/**
 * A write to a stdout or stderr nobody reads any more (the terminal closed, the pipe of a parent
 * that died) fails with EPIPE, which Node raises as an uncaught exception: Colyseus answers each by
 * starting a shutdown, whose first log line fails again, and so on, a busy loop that never exits.
 * Those writes are dropped instead: the server keeps serving, and still stops on SIGTERM.
 */
export function ignoreClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
}

/**
 * The callback for gameServer.onBeforeShutdown. Colyseus calls it again for every uncaught
 * exception until its own shutdown begins: the steps run once.
 */
export function beforeShutdown(steps: ShutdownSteps): () => Promise<void> {
  let stopping: Promise<void> | null = null;
  return () => (stopping ??= stop(steps));
}

async function stop(steps: ShutdownSteps): Promise<void> {
  steps.armDeadline?.();
  console.log(`\n  ${steps.serverName} is shutting down.`);
  await withTimeout(announceShutdown(), 1000);
  try {
    steps.recordStop?.();
  } catch (e) {
    console.error('  could not record the stop time:', e);
  }
  if (steps.stopDiscovery) await withTimeout(steps.stopDiscovery(), 1500);
}

/** How long the exit waits for the store's last writes (history files) to land. */
export const SETTLE_MS = 5000;

/** The callback for gameServer.onShutdown (every room is closed by then): waits for `settle`, bounded. */
export function afterShutdown(settle: () => Promise<void>, ms = SETTLE_MS): () => Promise<void> {
  return async () => {
    try {
      await withTimeout(settle(), ms);
    } catch (e) {
      console.error('  could not finish writing DATA_DIR:', e);
    }
  };
}
