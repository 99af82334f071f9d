/**
 * Forgetting a crashed process's tables. A process that stops gracefully takes its rooms out of
 * the shared listing itself; one that is killed leaves them in Redis, where every lobby would keep
 * listing them (Colyseus only notices when someone tries to join one). Every 4 s each process
 * looks for registered processes that no longer listen on Redis; one still silent at the next
 * pass is checked by Colyseus (a 2 s health check), which removes its rooms if it does not answer,
 * and every lobby is told to re-read those rooms. A killed process's tables go within 4-10 s.
 */
import { matchMaker } from '@colyseus/core';
import { liveProcessIds } from './cluster';

/** Colyseus's lobby channel: "<roomId>,0" makes every LobbyRoom re-read that room from the driver. */
const LOBBY_CHANNEL = '$lobby';

/**
 * One pass; returns the ids of the processes found dead. `suspected` carries over between passes:
 * a process is only checked the second pass in a row it is registered without listening, because
 * a starting process registers (restoring its tables) a moment before it listens on Redis, and
 * must not be mistaken for a dead one.
 */
export async function sweepDeadProcesses(suspected: Set<string> = new Set()): Promise<string[]> {
  const self = matchMaker.processId;
  const [registered, live] = await Promise.all([matchMaker.presence.hgetall('roomcount'), liveProcessIds()]);
  const silent = Object.keys(registered ?? {}).filter((id) => id !== self && !live.has(id));
  const suspects = silent.filter((id) => suspected.has(id));
  suspected.clear();
  for (const id of silent) if (!suspects.includes(id)) suspected.add(id);
  const dead: string[] = [];
  for (const processId of suspects) {
    const rooms = await matchMaker.query({ processId });
    const alive = (await matchMaker.healthCheckProcessId(processId)) as boolean;
    if (alive) continue;
    dead.push(processId);
    // "re-read", not "removed": a restarted process may already have restored the same room id.
    for (const room of rooms) await matchMaker.presence.publish(LOBBY_CHANNEL, `${room.roomId},0`);
  }
  return dead;
}

export interface Sweeper {
  stop(): void;
}

export function startSweeper(intervalMs = 4000): Sweeper {
  let running = false;
  const suspected = new Set<string>();
  const timer = setInterval(() => {
    if (running || matchMaker.state !== matchMaker.MatchMakerState.READY) return;
    running = true;
    sweepDeadProcesses(suspected)
      .then((dead) => {
        if (dead.length)
          console.warn(`  Redis: forgot the tables of ${dead.length} process(es) that stopped.`);
      })
      .catch((e: unknown) => console.warn(`  Redis: sweep failed: ${(e as Error).message}`))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
