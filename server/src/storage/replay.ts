/**
 * Rebuilding a match from its match record: the game's setup() from the seed, then every accepted action
 * through applyRecorded() (the dealer's redeal of a loaded save too, with its recorded key), in order.
 * The rules are deterministic, so this gives back the exact state.
 */
import { type AnyGameDefinition, type MatchAction, type MatchRecord, applyRecorded } from '@parlor/shared';
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
  // A loaded saved game the upload worker rebuilt already (uploads/prechecked.ts), up to the
  // dealer's redeal appended since.
  const rebuilt = upTo === match.actions.length ? takeRebuiltState(match, upTo) : undefined;
  let state: unknown = rebuilt ? rebuilt.state : def.setup(match.options, match.seats, match.seed);
  for (let i = rebuilt?.actions ?? 0; i < upTo; i++) {
    const { seat, action } = match.actions[i]!;
    const result = applyRecorded(def, state, seat, action);
    if (!result.ok) {
      throw new Error(
        `recorded action ${i + 1} (seat ${seat}, ${JSON.stringify(action)}) was refused on replay: ${result.error.code}`,
      );
    }
    state = result.state;
  }
  return state;
}
