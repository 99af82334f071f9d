/**
 * What the client needs to know about one game. One entry per game in games/index.ts. The id, title,
 * seats and option fields are the shared definition's (its meta.ts and options.ts), not copies.
 */
import type Phaser from 'phaser';
import type { GameMeta, GameView, OptionField } from '@parlor/shared/core/contract';
import type { TextureJob } from '../scenes/textures';
import type { PartyPieces } from '../party/types';

export type PlainState = Record<string, unknown>;

export interface ClientGame extends GameMeta {
  /** Key of the Phaser scene that draws a table of this game; it is started with `{ conn }`. */
  sceneKey: string;
  sceneClass: new () => Phaser.Scene;
  /** Decoded room state (plain JSON) -> this game's view for `seat` (-1: spectator). */
  viewFromState(state: PlainState, seat: number): GameView<unknown, unknown>;
  /** The rules in brief, for the how-to-play dialog. */
  howToPlay(): HTMLElement;
  /** Textures the Boot scene draws before anything is shown. */
  textures(): TextureJob[];
  /** The create dialog's fields: the option summaries ("Mode: Blitz") are read from them. */
  optionFields: readonly OptionField[];
  /** How a score of the Outcome reads on the results screen ("2 rounds", "$1,240"). */
  formatScore(score: number, options: Record<string, unknown>): string;
  /** Party mode (the table screen on a TV, the hand view on a phone): the game's own pieces. */
  party?: PartyPieces;
}
