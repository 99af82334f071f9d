/**
 * Rebuilding a match from its match record: the game's setup() from the seed, then every accepted action
 * through apply(), in order. The rules are deterministic, so this gives back the exact state.
 */
import type { AnyGameDefinition, MatchAction, MatchRecord } from '@parlor/shared';
import { takeRebuiltState } from '../uploads/prechecked';

/** What a replay needs of a match record (the game is the caller's; times are not needed). */
export type ReplayInput = Pick<MatchRecord, 'options' | 'seats' | 'seed'> & {
  actions: readonly Pick<MatchAction, 'seat' | 'action'>[];
};

/** The state after `upTo` actions (all by default). Throws if the rules refuse a recorded action. */
export function rebuildState(
  def: AnyGameDefinition,
  match: ReplayInput,
  upTo = match.actions.length,
): unknown {
  // A loaded saved game the upload worker rebuilt already (uploads/prechecked.ts).
  const rebuilt = upTo === match.actions.length ? takeRebuiltState(match, upTo) : undefined;
  if (rebuilt) return rebuilt.state;
  let state: unknown = def.setup(match.options, match.seats, match.seed);
  for (let i = 0; i < upTo; i++) {
    const { seat, action } = match.actions[i]!;
    const result = def.apply(state, seat, action);
    if (!result.ok) {
      throw new Error(
        `recorded action ${i + 1} (seat ${seat}, ${JSON.stringify(action)}) was refused on replay: ${result.error.code}`,
      );
    }
    state = result.state;
  }
  return state;
}
