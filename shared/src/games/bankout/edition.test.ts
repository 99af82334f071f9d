/** Edition 1 (matches recorded before every round-3 swap asked for a counter): its rules stay as they were. */
import { withRecordedEdition } from '../../core/editions';
import { optionsSchema } from './options';
import { apply, legalActions } from './rules';
import { DRAW, newMatch, run, stackDeck } from './testkit';
import { timeout } from './timeouts';
import type { BankoutState, CardId } from './types';

const legacy = (options: object = {}) => newMatch(optionsSchema.parse(withRecordedEdition(options)));
/** Round 3, Ada ($100) to draw a 9 with a Joker in hand, Bo ($600) holding `defender`. */
const swapDeal = (s: BankoutState, defender: CardId) =>
  stackDeck(s, { round: 3, top: ['9H'], hands: [['X1'], [defender]], banks: [100, 600], turn: 0 });

describe('edition 1', () => {
  test('options recorded without an edition are edition 1, kept without one in the state', () => {
    expect(legacy().options).toEqual({ mode: 'bankout', jokers: true, turnSeconds: 0 });
    expect(newMatch().options.edition).toBe(2);
  });

  test('a round-3 swap against a defender without a Joker happens at once', () => {
    const s = swapDeal(legacy(), 'KD');
    const { state, events } = run(s, 0, [DRAW, { type: 'play', card: 'X1', choice: 'swap' }]);
    expect(state.phase).toBe('turn');
    expect(state.prompt).toBeNull();
    expect(state.players.map((p) => p.bank)).toEqual([600, 100]);
    expect(state.turn).toBe(1);
    expect(events.map((e) => e.text)).toContain('Ada used the Joker to swap banks with Bo!');
    // Edition 2 asks the same defender (who can only let it through).
    const now = swapDeal(newMatch(), 'KD');
    expect(run(now, 0, [DRAW, { type: 'play', card: 'X1', choice: 'swap' }]).state.phase).toBe('counter');
  });

  test('a defender holding a Joker is still asked, and declining says so as before', () => {
    const s = swapDeal(legacy(), 'X2');
    const declared = run(s, 0, [DRAW, { type: 'play', card: 'X1', choice: 'swap' }]).state;
    expect(declared.phase).toBe('counter');
    const { state, events } = run(declared, 1, [{ type: 'counter', accept: false }]);
    expect(state.players.map((p) => p.bank)).toEqual([600, 100]);
    expect(events[0]!.text).toBe('Bo does not counter the swap.');
  });

  test('the turn clock banks with `bank`; `timeUp` is refused', () => {
    const s = legacy({ turnSeconds: 30 });
    expect(timeout(s)!.action).toEqual({ type: 'bank' });
    const r = apply(s, s.turn, { type: 'timeUp' });
    expect(r.ok ? null : r.error.code).toBe('BAD_ACTION');
    expect(legalActions(s, s.turn)).not.toContainEqual({ type: 'timeUp' });
    expect(timeout(newMatch({ turnSeconds: 30 }))!.action).toEqual({ type: 'timeUp' });
  });
});
