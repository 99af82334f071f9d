/**
 * A scripted path to a single-click action, for a game whose first action-strip button is not one:
 * the test ids to try in order, and how many clicks to time. One file per game in this folder,
 * named by the game's id; latency.test.ts reads them all.
 */
export interface SingleClick {
  /** The game's name as printed. */
  name: string;
  ids: readonly string[];
  clicks: number;
}
