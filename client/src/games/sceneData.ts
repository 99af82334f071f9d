/** What the table shell hands to a game scene when it starts it. */
import type { TableConnection } from '../net/TableConnection';

export interface GameSceneData {
  conn: TableConnection;
  dom: {
    /** The strip under the board for the game's buttons. */
    actions: HTMLElement;
    /** A layer over the board for the game's prompts. */
    overlay: HTMLElement;
  };
  /** Party mode's table screen (a TV, a spectator seen from across the room): the whole board. */
  screen?: boolean;
}
