/**
 * Game ids are kebab-case (`james-bland`, `tactical-risk`): room names, URLs, file names. Some games
 * had another id once; records, saved games, exported matches and links under it still open, read
 * through this one map (the registries look ids up with canonicalGameId). No imports: the lobby
 * bundle takes it without any rules code.
 */
export const FORMER_GAME_IDS: Readonly<Record<string, string>> = {
  tactical_risk: 'tactical-risk',
};

/** The id a game has now, for an id it has or had. */
export function canonicalGameId(id: string): string {
  return Object.hasOwn(FORMER_GAME_IDS, id) ? FORMER_GAME_IDS[id]! : id;
}
