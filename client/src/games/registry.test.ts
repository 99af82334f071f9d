/** The client's game registry against the shared one: every game playable, none the server lacks. */
import { describe, expect, it } from '@jest/globals';
import { games } from '@parlor/shared/games';
import { gameIds, loadedGame } from '.';

describe('client game registry', () => {
  it('has a client for every game in the shared registry, and no other', () => {
    expect([...gameIds].sort()).toEqual(games.map((g) => g.id).sort());
  });

  it('knows no game before its chunk is loaded', () => {
    expect(loadedGame(gameIds[0]!)).toBeUndefined();
    expect(loadedGame('chess')).toBeUndefined();
  });
});
