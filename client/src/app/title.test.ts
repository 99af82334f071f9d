/** The page title: where the player is and whose turn it is. */
import { describe, expect, it } from '@jest/globals';
import { lobbyTitle, replayTitle, tableTitle } from './title';

const seats = [{ name: 'Ada' }, { name: 'Sam' }, { name: 'Bot' }] as never;

describe('page titles', () => {
  it('names the lobby and a replay', () => {
    expect(lobbyTitle()).toBe('Lobby · Parlor');
    expect(replayTitle('Kingpin')).toBe('Replay · Kingpin · Parlor');
  });
  it('says when it is this seat’s turn, or whose it is', () => {
    const t = (toAct: number[], mySeat: number): string =>
      tableTitle('Kingpin', { status: 'playing', toAct, mySeat, seats });
    expect(t([0], 0)).toBe('Your turn · Kingpin · Parlor');
    expect(t([1, 0], 0)).toBe('Your turn · Kingpin · Parlor');
    expect(t([1], 0)).toBe('Sam’s turn · Kingpin · Parlor');
    expect(t([2], -1)).toBe('Bot’s turn · Kingpin · Parlor');
    expect(t([1, 2], 0)).toBe('Kingpin · Parlor');
    expect(t([], 0)).toBe('Kingpin · Parlor');
  });
  it('tells the waiting room and the end of a game', () => {
    expect(tableTitle('Bankout', { status: 'waiting', toAct: [], mySeat: 0, seats })).toBe(
      'Waiting room · Bankout · Parlor',
    );
    expect(tableTitle('Bankout', { status: 'finished', toAct: [0], mySeat: 0, seats })).toBe(
      'Game over · Bankout · Parlor',
    );
  });
});
