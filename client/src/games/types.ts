/**
 * What the client needs to know about one game. One entry per game in games/index.ts. The id, title,
 * seats and option fields are the shared definition's (its meta.ts and options.ts), not copies.
 */
import type Phaser from 'phaser';
import type { GameMeta, GameView, OptionField } from '@parlor/shared/core/contract';
import type { TableSnapshot } from '../net/TableConnection';
import type { TextureJob } from '../scenes/textures';
import type { TableConnection } from '../net/TableConnection';
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
  /** The table in words for assistive technology (the game's `words.ts`); absent: none. */
  words?: GameWords;
  /**
   * A seat's name on the results screen with what it played (its public view `pub`), e.g. "Bot 2
   * (Germans)"; absent: the name alone.
   */
  seatLabel?(pub: unknown, seat: number, name: string): string;
  /** Party mode (the table screen on a TV, the hand view on a phone): the game's own pieces. */
  party?: PartyPieces;
}

/** The board as one seat reads it, in words (for a screen reader). */
export interface BoardWords {
  /** What a sighted player of this seat reads off the board: figures, counts, whose turn, the hand. */
  lines: string[];
  /** The decision this seat (or the table) waits for now, in one short line; null when none. */
  prompt: string | null;
}

/**
 * A game's words for its table, from the snapshot of this screen's seat only: nothing in them can
 * tell more than that seat's view holds.
 */
export interface GameWords {
  board(s: TableSnapshot): BoardWords;
  /** Lines for this seat alone about a change (the card it drew face down), read with the log. */
  news?(prev: TableSnapshot | null, next: TableSnapshot): string[];
}

/**
 * A game several people play on one screen with no server (`#/hotseat/<id>`): its setup form, then
 * the local table everyone at the screen plays. Fetched only when a hot seat opens.
 */
export interface HotSeatModule<Setup = never> {
  hotSeatDialog(onStart: (setup: Setup) => void, onCancel: () => void): HTMLElement;
  hotSeatTable(setup: Setup, botDelayMs: number): TableConnection;
}
