/**
 * Fetches a finished match from a server's history and rebuilds it with this page's rules: the game's
 * GameDefinition from the shared registry, its scene from the client registry. Any game in both works.
 */
import { gameById as rulesById } from '@parlor/shared/games/index';
import { loadGame } from '../games';
import type { ClientGame } from '../games/types';
import { fetchMatch } from './historyApi';
import { ReplayModel } from '@parlor/shared/core/replay';

export async function loadReplay(
  server: string,
  id: string,
): Promise<{ model: ReplayModel; game: ClientGame }> {
  const record = await fetchMatch(server, id);
  const def = rulesById(record.game);
  const game = await loadGame(record.game);
  if (!def || !game) throw new Error(`This page does not have the game "${record.game}".`);
  return { model: ReplayModel.build(def, record), game };
}
