/**
 * The dealer: the platform's one seat of its own in a match record. When a saved game is loaded at a
 * new table, the server appends the dealer's `redeal` with a fresh 256-bit key (issue 31): the game's
 * `redeal` deals afresh whatever no seat has seen, so the holder of a save learns nothing of the
 * future by playing a copy ahead. The key is recorded, so a replay of the record stays exact.
 *
 * The room also records, at this seat, a person's take-over of a part the AI plays (TAKE_OVER).
 *
 * Every path that rebuilds a match from its record (the live table, restore, replay, file checks)
 * applies recorded actions through `applyRecorded`, never `def.apply` directly. No client and no bot
 * ever has the dealer's seat: the room gives clients seats 0..n-1 and spectators -1.
 */
import type { AnyGameDefinition, ApplyResult, GameAction, SeatIndex } from './contract';
import { type Seed, SeedSchema } from './rng';

/** The dealer's seat number in a match record (a spectator is -1, players 0..n-1). */
export const DEALER_SEAT = -2;

export interface RedealAction extends GameAction {
  type: 'redeal';
  seed: Seed;
}

/** The dealer's action that redeals the unseen part from `seed`. */
export function redealAction(seed: Seed): RedealAction {
  return { type: 'redeal', seed };
}

/** True for a recorded dealer's redeal (the seat and the action's shape both). */
export function isRedeal(seat: SeatIndex, action: GameAction): action is RedealAction {
  return (
    seat === DEALER_SEAT &&
    action.type === 'redeal' &&
    SeedSchema.safeParse((action as Partial<RedealAction>).seed).success
  );
}

/** The public log line of a redeal. */
export const REDEAL_TEXT = 'The game was loaded from a save: what no one has seen yet was dealt afresh.';

/** The platform's action that hands a part the AI plays to `seat` (GameDefinition.takeOver). */
export const TAKE_OVER = 'takeOver';

/**
 * Applies one recorded action: the dealer's redeal through the game's `redeal`, any other through
 * `apply`; at the dealer's seat, a take-over (GameDefinition.takeOver) through `apply` too, which
 * judges it. The dealer's seat with anything else is refused.
 */
export function applyRecorded<S>(
  def: AnyGameDefinition,
  state: S,
  seat: SeatIndex,
  action: GameAction,
): ApplyResult<S> {
  if (seat !== DEALER_SEAT) return def.apply(state, seat, action);
  if (def.takeOver && action.type === TAKE_OVER) return def.apply(state, seat, action);
  if (!isRedeal(seat, action))
    return { ok: false, error: { code: 'BAD_DEALER_ACTION', message: 'The dealer only redeals.' } };
  return {
    ok: true,
    state: def.redeal(state, action.seed) as S,
    events: [{ type: 'redeal', text: REDEAL_TEXT }],
  };
}
