/**
 * Saved games already checked by the upload process (create with `load`, see http/matchmake.ts),
 * so the room does not replay them again on the event loop: the `load` object of the create
 * request's options is the key (Colyseus hands the room the same object), the room's check takes
 * the worker's answer, and the replay when the match carries on takes the state the worker rebuilt.
 * Only the server puts entries here (object identity cannot come from a client); each is taken once.
 */
import type { LoadedGame } from '../rooms/loadedGame';

const checkedLoads = new WeakMap<object, LoadedGame & { ok: true }>();
const rebuiltStates = new WeakMap<object, { actions: number; state: unknown }>();

export function rememberCheckedLoad(load: object, loaded: LoadedGame & { ok: true }, state: unknown): void {
  checkedLoads.set(load, loaded);
  rebuiltStates.set(loaded.record, { actions: loaded.record.actions.length, state });
}

/** The worker's verdict on this very `load` object, if it gave one. */
export function takeCheckedLoad(load: unknown): (LoadedGame & { ok: true }) | undefined {
  if (load === null || typeof load !== 'object') return undefined;
  const loaded = checkedLoads.get(load);
  checkedLoads.delete(load);
  return loaded;
}

/**
 * The state the worker rebuilt for this match record and after how many of its actions, if the
 * record still has at least that many (the room appends the dealer's redeal when the game carries on).
 */
export function takeRebuiltState(
  record: object,
  actions: number,
): { state: unknown; actions: number } | undefined {
  const rebuilt = rebuiltStates.get(record);
  rebuiltStates.delete(record);
  return rebuilt && rebuilt.actions <= actions ? rebuilt : undefined;
}
