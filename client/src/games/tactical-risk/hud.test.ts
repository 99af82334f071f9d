/** The status bar while a phone's turn summary hides the turn's own card. */
import { expect, test } from '@jest/globals';
import { summaryHidesTurn } from './hud';

test('a phone’s summary holds back the phase’s end only while it hides the turn’s own card', () => {
  const o = { phone: true, open: true, folded: false, myTurn: true, phase: 'purchase' };
  expect(summaryHidesTurn(o)).toBe(true);
  expect(summaryHidesTurn({ ...o, phase: 'place' })).toBe(true);
  // A desktop's column shows both; a closed or folded summary hides nothing; the others' turn has no card.
  expect(summaryHidesTurn({ ...o, phone: false })).toBe(false);
  expect(summaryHidesTurn({ ...o, open: false })).toBe(false);
  expect(summaryHidesTurn({ ...o, folded: true })).toBe(false);
  expect(summaryHidesTurn({ ...o, myTurn: false })).toBe(false);
  // A move phase's card shows once a territory is picked, which closes a phone's summary.
  expect(summaryHidesTurn({ ...o, phase: 'combatMove' })).toBe(false);
});
