/** Reading a saved-game file before it is sent: what the page can tell without the server. */
import { describe, expect, it } from '@jest/globals';
import { knownClaim, readSavedGame, rememberClaims } from './LoadDialog';

const saved = {
  format: 'parlor-match',
  v: 1,
  id: 'm1',
  roomId: 'r1',
  game: 'bankout',
  tableName: "Ada's table",
  options: {},
  seats: [
    { name: 'Ada', bot: false, claim: 'K3Y1' },
    { name: 'Bot', bot: true },
  ],
  moves: 12,
  outcome: null,
  startedAt: 1,
  finishedAt: null,
  savedAt: 2,
  sealed: { v: 1, key: 'abc', data: 'xyz' },
};

describe('readSavedGame', () => {
  it('accepts a sealed, unfinished match file', () => {
    expect(readSavedGame(JSON.stringify(saved))).toEqual(saved);
  });
  it('says why anything else is refused', () => {
    expect(readSavedGame('{oops')).toMatch(/not JSON/);
    expect(readSavedGame('null')).toMatch(/not a Parlor match file/);
    expect(readSavedGame(JSON.stringify({ ...saved, format: 'other' }))).toMatch(/not a Parlor match file/);
    expect(readSavedGame(JSON.stringify({ ...saved, outcome: { winners: [0] } }))).toMatch(/finished/);
    const { sealed: _sealed, ...unsealed } = saved;
    expect(readSavedGame(JSON.stringify(unsealed))).toMatch(/older Parlor/);
  });
});

describe('claim codes of loaded tables', () => {
  it('are kept per table and seat', () => {
    rememberClaims('room-a', saved.seats);
    expect(knownClaim('room-a', 0)).toBe('K3Y1');
    expect(knownClaim('room-a', 1)).toBeUndefined();
    expect(knownClaim('room-b', 0)).toBeUndefined();
  });
});
