/** A game's opening events (dealing.ts) come from the very deal its setup makes, and are public and worded. */
import { games } from '../games';
import { dealing } from './dealing';

const seatsOf = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Seat ${i + 1}`, bot: false }));

test('dealing: setup gets the state, openingEvents what the same deal reported', () => {
  const made: unknown[] = [];
  const deal = (
    o: { n: number },
    seats: { name: string }[],
    seed: unknown,
    events: { type: string; text: string }[],
  ) => {
    events.push({ type: 'turn', text: `${seats[o.n]!.name}'s turn (seed ${String(seed)}).` });
    const s = { first: o.n };
    made.push(s);
    return s;
  };
  const { setup, openingEvents } = dealing(deal);
  expect(setup({ n: 1 }, seatsOf(2), 7)).toEqual({ first: 1 });
  expect(openingEvents({ n: 0 }, seatsOf(2), 9)).toEqual([{ type: 'turn', text: "Seat 1's turn (seed 9)." }]);
  expect(made).toHaveLength(2);
});

const withOpening = games.filter((def) => def.openingEvents);

test('at least the turn-based card games log their opening', () => {
  expect(withOpening.length).toBeGreaterThanOrEqual(3);
});

test.each(withOpening.map((def) => [def.id, def] as const))(
  '%s: its opening events are public, worded lines, and its setup stays deterministic',
  (_id, def) => {
    const options = def.optionsSchema.parse({});
    const seats = seatsOf(def.seats.min);
    const seed = 'ab'.repeat(32);
    const events = def.openingEvents!(options, seats, seed);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      expect(e.to).toBeUndefined();
      expect(e.text).toMatch(/\S/);
    }
    // The deal is deterministic: the same arguments, the same state with or without the events asked.
    expect(def.setup(options, seats, seed)).toEqual(def.setup(options, seats, seed));
  },
);
