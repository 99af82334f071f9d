/** Reading a saved-game file before it is sent: what the page can tell without the server. */
import { describe, expect, it } from '@jest/globals';
import { lineageOf, readSavedGame } from './LoadDialog';

const saved = {
  format: 'parlor-match',
  v: 1,
  id: 'm1',
  lineage: 'r0-1',
  roomId: 'r1',
  game: 'bankout',
  tableName: "Ada's table",
  options: {},
  seats: [
    { name: 'Ada', bot: false },
    { name: 'Bot', bot: true },
  ],
  moves: 12,
  outcome: null,
  startedAt: 1,
  finishedAt: null,
  savedAt: 2,
  sealed: { v: 2, key: 'abc', data: 'xyz' },
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

describe('the lineage of a saved game', () => {
  it('is the file’s, or its id for a file from before lineages', () => {
    const file = readSavedGame(JSON.stringify(saved));
    if (typeof file === 'string') throw new Error(file);
    expect(lineageOf(file)).toBe('r0-1');
    expect(lineageOf({ ...file, lineage: undefined as unknown as string })).toBe('m1');
  });
});
