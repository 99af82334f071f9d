/** One id convention, and the former ids still finding their games. */
import { FORMER_GAME_IDS, canonicalGameId, gameById, games } from './index';

describe('game ids', () => {
  test('are kebab-case (room names, URLs, file names)', () => {
    for (const g of games) expect(g.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  test('former ids lead to the game that had them', () => {
    expect(canonicalGameId('tactical_risk')).toBe('tactical-risk');
    expect(gameById('tactical_risk')?.title).toBe('Tactical Risk');
    expect(gameById('tactical-risk')).toBe(gameById('tactical_risk'));
    for (const [former, current] of Object.entries(FORMER_GAME_IDS)) {
      expect(gameById(current)).toBeDefined();
      expect(gameById(former)).toBe(gameById(current));
      expect(games.some((g) => g.id === former)).toBe(false);
    }
  });

  test('other ids are left as they are', () => {
    expect(canonicalGameId('bankout')).toBe('bankout');
    expect(canonicalGameId('toString')).toBe('toString');
    expect(gameById('chess')).toBeUndefined();
    expect(gameById('constructor')).toBeUndefined();
  });
});
