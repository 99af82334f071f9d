/** The client's game registry against the shared one: every game playable, none the server lacks. */
import { describe, expect, it, jest } from '@jest/globals';
import { games } from '@parlor/shared/games/index';
import { gameIds, loadedGame, loadGame } from '.';

// The game's chunk (scene, Phaser) stands in for itself: only the registry is under test here.
const mockTacticalRisk = { id: 'tactical-risk', title: 'Tactical Risk' };
jest.mock('./tactical-risk', () => ({ tacticalRiskClient: mockTacticalRisk }));

describe('client game registry', () => {
  it('has a client for every game in the shared registry, and no other', () => {
    expect([...gameIds].sort()).toEqual(games.map((g) => g.id).sort());
  });

  it('ids are kebab-case, as in URLs, file names and the docs', () => {
    for (const id of gameIds) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('knows no game before its chunk is loaded', () => {
    expect(loadedGame(gameIds[0]!)).toBeUndefined();
    expect(loadedGame('tactical_risk')).toBeUndefined();
    expect(loadedGame('chess')).toBeUndefined();
  });

  it('loads a game by its former id (a replay or link from before the id changed)', async () => {
    const game = await loadGame('tactical_risk');
    expect(game).toBe(mockTacticalRisk);
    expect(loadedGame('tactical-risk')).toBe(mockTacticalRisk);
    expect(loadedGame('tactical_risk')).toBe(mockTacticalRisk);
    await expect(loadGame('chess')).resolves.toBeUndefined();
    await expect(loadGame('constructor')).resolves.toBeUndefined();
  });
});
