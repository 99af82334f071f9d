/**
 * A game's `setup` and its optional `openingEvents` (contract.ts) from one function: the deal that
 * starts the first turn or round reports what it did as `apply` does, and the log keeps it instead
 * of the set-up throwing it away.
 */
import type { GameEvent, SeatSetup } from './contract';
import type { Seed } from './rng';

export type Deal<O, S> = (options: O, seats: SeatSetup[], seed: Seed, events: GameEvent[]) => S;

export function dealing<O, S>(
  deal: Deal<O, S>,
): {
  setup: (options: O, seats: SeatSetup[], seed: Seed) => S;
  openingEvents: (options: O, seats: SeatSetup[], seed: Seed) => GameEvent[];
} {
  return {
    setup: (options, seats, seed) => deal(options, seats, seed, []),
    openingEvents: (options, seats, seed) => {
      const events: GameEvent[] = [];
      deal(options, seats, seed, events);
      return events;
    },
  };
}
