/** Redeal (issue 31): the dice to come (the rng) come from the new key, even after an undo. */
import { playout } from '../../core/playout';
import { seedRng } from '../../core/rng';
import { KEY_A, expectSameToEveryone } from '../../../test/redealKit';
import { deepFreeze } from '../../../test/contract.suite';
import { tacticalRisk } from './index';
import type { TacticalRiskState } from './types';

/** The first state of a match whose last action can be undone. */
function undoable(options: object, seats: number): TacticalRiskState {
  let found: TacticalRiskState | null = null;
  playout(tacticalRisk, tacticalRisk.optionsSchema.parse(options), 3, Array(seats).fill(tacticalRisk.bot), {
    maxActions: 300,
    atLimit: 'stop',
    onStep: ({ after }) => {
      if (!found && after.prev && !after.battle) found = after;
    },
  });
  if (!found) throw new Error('no undoable action in the match');
  return deepFreeze(found);
}

test.each([
  ['open', { roundLimit: 1 }, 2],
  ['fog of war', { roundLimit: 1, fogOfWar: true, mode: 'ffa' }, 3],
])("%s: only the rng changes, the undo snapshot's too; every view stays", (_name, options, seats) => {
  const s = undoable(options, seats);
  const r = tacticalRisk.redeal(s, KEY_A);
  expect(r.rng).toEqual(seedRng(KEY_A));
  expect(r.prev!.rng).toEqual(seedRng(KEY_A));
  expect({ ...r, rng: null, prev: { ...r.prev, rng: null } }).toEqual({
    ...s,
    rng: null,
    prev: { ...s.prev, rng: null },
  });
  expectSameToEveryone(tacticalRisk, s, r, seats);
  // An undo does not bring the old key's dice back.
  const seat = tacticalRisk.toAct(r)[0]!;
  const undone = tacticalRisk.apply(r, seat, { type: 'undo' });
  if (!undone.ok) throw new Error(undone.error.message);
  expect(undone.state.rng).toEqual(seedRng(KEY_A));
});
