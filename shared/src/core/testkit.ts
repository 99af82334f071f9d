/** Helpers every game's tests share (each game's `testkit.ts` builds on them). */
import type { ApplyResult, GameEvent, SeatIndex } from './contract';

/** A state after an accepted action, and the events it sent. */
export interface Step<S> {
  state: S;
  events: GameEvent[];
}

/** An `act` for a game's tests: applies an action that must be accepted (a refusal throws, naming it). */
export function accepting<S, A>(
  apply: (state: S, seat: SeatIndex, action: A) => ApplyResult<S>,
): (state: S, seat: SeatIndex, action: A) => Step<S> {
  return (state, seat, action) => {
    const r = apply(state, seat, action);
    if (!r.ok)
      throw new Error(`refused ${JSON.stringify(action)} for ${seat}: ${r.error.code} ${r.error.message}`);
    return { state: r.state, events: r.events };
  };
}
