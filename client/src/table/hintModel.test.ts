import { expect, test } from '@jest/globals';
import type { TableSnapshot } from '../net/TableConnection';
import { canAskHint, hintPosition } from './hintModel';

const base: TableSnapshot = {
  game: 'bankout',
  tableName: 't',
  status: 'playing',
  phase: 'turn',
  deadline: 0,
  deadlineSeat: -1,
  host: 0,
  code: 'ABCDE',
  isPrivate: false,
  competitive: false,
  options: {},
  seats: [],
  spectators: 0,
  log: [],
  result: null,
  toAct: [0],
  mySeat: 0,
  legal: [{ type: 'draw' }],
  view: null,
};

test('offered to a seated player due to act at a live, non-competitive online table', () => {
  expect(canAskHint(base, true)).toBe(true);
  expect(canAskHint(base, false)).toBe(false);
  expect(canAskHint({ ...base, competitive: true }, true)).toBe(false);
  expect(canAskHint({ ...base, mySeat: -1 }, true)).toBe(false);
  expect(canAskHint({ ...base, toAct: [1] }, true)).toBe(false);
  expect(canAskHint({ ...base, legal: [] }, true)).toBe(false);
  expect(canAskHint({ ...base, status: 'finished' }, true)).toBe(false);
  expect(canAskHint({ ...base, status: 'waiting' }, true)).toBe(false);
});

test('a hint shown answers one position: the view, the legal actions or the phase changing end it', () => {
  const at = hintPosition(base);
  expect(hintPosition({ ...base, log: [{ at: 1, seat: 0, text: 'x' }] })).toBe(at);
  expect(hintPosition({ ...base, legal: [{ type: 'bank' }] })).not.toBe(at);
  expect(hintPosition({ ...base, phase: 'joker' })).not.toBe(at);
  expect(hintPosition({ ...base, toAct: [0, 1] })).not.toBe(at);
  // A card drawn: the same choices, another position.
  expect(hintPosition({ ...base, view: { public: { loot: 7 }, private: null } })).not.toBe(at);
});
