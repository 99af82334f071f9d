/**
 * Which stored tables this process restores when several share Redis. Each process records the
 * tables it hosts in its own DATA_DIR and restores exactly those at its next start (with the same
 * room ids), so no table is ever restored twice: the table files are not shared, and nothing else in
 * the cluster can take a process's tables over while it is down. As a guard against two processes
 * pointed at the same directory (or a copied one), a table file whose room is already hosted by
 * another live process is left alone, with a warning, instead of becoming a second room.
 */
import { matchMaker } from '@colyseus/core';
import type { MatchStore } from '../storage/MatchStore';
import { liveProcessIds } from './cluster';

/** Room ids hosted right now by other processes that still answer on Redis. */
export async function roomsHostedElsewhere(): Promise<Set<string>> {
  const [live, rooms] = await Promise.all([liveProcessIds(), matchMaker.query({})]);
  return new Set(
    rooms.filter((r) => r.processId !== matchMaker.processId && live.has(r.processId)).map((r) => r.roomId),
  );
}

/**
 * `store` whose listUnfinished() leaves out the tables in `skip`, telling `onSkip` about each
 * (everything else is the store itself).
 */
export function storeWithout(
  store: MatchStore,
  skip: ReadonlySet<string>,
  onSkip: (roomId: string) => void = () => undefined,
): MatchStore {
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'listUnfinished')
        return () =>
          target.listUnfinished().filter((t) => {
            if (!skip.has(t.header.roomId)) return true;
            onSkip(t.header.roomId);
            return false;
          });
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The store to restore from: all of it alone; with Redis, without the tables live elsewhere. */
export async function restorableStore(store: MatchStore, clustered: boolean): Promise<MatchStore> {
  if (!clustered) return store;
  const elsewhere = await roomsHostedElsewhere();
  if (elsewhere.size === 0) return store;
  return storeWithout(store, elsewhere, (roomId) =>
    console.warn(
      `  Table ${roomId} is recorded in this DATA_DIR but already hosted by another process: ` +
        'not restored here. Give every process its own DATA_DIR.',
    ),
  );
}
