/**
 * What a game gives party mode (`ClientGame.party`): the table screen's figures for each seat and
 * a line about the table, read from the public view alone, and the phone's hand view. Each game
 * keeps its pieces in its own folder (`client/src/games/<id>/party.ts`); nothing here names a game.
 */
import type { TableConnection, TableSnapshot } from '../net/TableConnection';

export interface PartyPieces {
  /**
   * A seat's public figures, most important first, each short ("$240 banked", "Safe $9"). The
   * screen shows them in large type beside the seat's name; it is given the public view only.
   */
  figures(pub: unknown, seat: number): string[];
  /** One line about the whole table ("Round 2 · 31 cards in the deck"), or '' for none. */
  tableLine?(pub: unknown): string;
  /**
   * The name of the phase when the seats act in it at once ("Planning", "Emergency vote"), '' when
   * one seat has the turn: the screen's header then says who is still to act, not whose turn it is.
   */
  together?(pub: unknown): string;
  /** The seat is out of the match (eliminated, captured): its row is dimmed. */
  out?(pub: unknown, seat: number): boolean;
  /**
   * How the table screen enlarges the game's board: the scene is laid out for about `height` scene
   * px high (never under `minWidth` wide) and scaled up at most `maxZoom` times to fill its box.
   * Absent: the screen's default (560, 720, 1.7), which suits a board drawn for a desk's screen.
   */
  board?: BoardZoom;
  /** The compact view of a seat's own hand, choices and status for a phone; absent: none. */
  hand?(host: HandHost): HandView;
}

/** Where a hand view lives: its element (below the top bar, the canvas hidden) and the table. */
export interface HandHost {
  el: HTMLElement;
  conn: TableConnection;
}

export interface HandView {
  update(s: TableSnapshot): void;
  destroy(): void;
}

export interface BoardZoom {
  height: number;
  minWidth: number;
  maxZoom: number;
}
