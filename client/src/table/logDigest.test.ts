import { describe, expect, test } from '@jest/globals';
import { digestLog, READ_WHOLE } from './logDigest';

const names = ['Ada', 'Bo'];

describe('the log as a screen reader hears it', () => {
  test('a short batch is read whole, repeats counted', () => {
    expect(
      digestLog(
        [
          { seat: 0, text: 'Ada draws 7♥' },
          { seat: 0, text: 'Ada banks $7' },
        ],
        names,
        'Ada',
      ),
    ).toEqual(['Ada draws 7♥', 'Ada banks $7']);
    expect(
      digestLog(
        [
          { seat: 1, text: 'Bo passes' },
          { seat: 1, text: 'Bo passes' },
        ],
        names,
      ),
    ).toEqual(['Bo passes ×2']);
  });

  test("a bot's long turn becomes its count of moves and its last line, keeping lines that name the player", () => {
    const turn = [
      { seat: 1, text: 'Bo buys a Trader' },
      { seat: 1, text: 'Bo flips $1 into a shield' },
      { seat: 1, text: 'Bo attacks Hacker of Ada for 5' },
      { seat: 1, text: 'Bo flips $1 into a shield on Boss' },
      { seat: 1, text: 'Bo moves a shield' },
      { seat: 1, text: 'Bo ends the turn' },
    ];
    expect(turn.length).toBeGreaterThan(READ_WHOLE);
    expect(digestLog(turn, names, 'Ada')).toEqual([
      'Bo: 6 moves.',
      'Bo attacks Hacker of Ada for 5',
      'Last: Bo ends the turn',
    ]);
    // A spectator hears the count and the last line only.
    expect(digestLog(turn, names)).toEqual(['Bo: 6 moves.', 'Last: Bo ends the turn']);
  });

  test('each seat that acted in a long batch has its own line', () => {
    const lines = [
      { seat: 1, text: 'Bo draws' },
      { seat: 1, text: 'Bo draws again' },
      { seat: 1, text: 'Bo banks' },
      { seat: 0, text: "Ada's turn" },
    ];
    expect(digestLog(lines, names, 'Ada')).toEqual(['Bo: 3 moves.', 'Last: Bo banks', "Ada's turn"]);
  });
});
