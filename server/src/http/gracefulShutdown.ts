/**
 * What happens on SIGTERM/SIGINT before Colyseus closes the rooms: every player is told (so the
 * client can say "the server is restarting" and reconnect later instead of showing a bare drop),
 * the stop time is recorded, and discovery says goodbye. Each step is bounded so a stuck one cannot
 * hold the exit. Then Colyseus calls each room's onBeforeShutdown, where GameRoom flushes its
 * table file and stops writing, so the next start resumes every table as it was. Once every room is
 * closed, the store's writes still under way off the event loop (history files) are waited for,
 * briefly (afterShutdown): one that does not land is written again at the next start from the
 * table file.
 */
import { matchMaker } from '@colyseus/core';
import { ServerMsg } from '@parlor/shared';

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
}

/** The callback for gameServer.onBeforeShutdown. */
export function beforeShutdown(steps: ShutdownSteps): () => Promise<void> {
  return async () => {
    console.log(`\n  ${steps.serverName} is shutting down.`);
    await withTimeout(announceShutdown(), 1000);
    try {
      steps.recordStop?.();
    } catch (e) {
      console.error('  could not record the stop time:', e);
    }
    if (steps.stopDiscovery) await withTimeout(steps.stopDiscovery(), 1500);
  };
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
