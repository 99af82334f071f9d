/** A table's line in the lobby listing (TableMetadata), rebuilt only when something it shows changed. */
import type { TableMetadata } from '@parlor/shared';
import type { GameRoomState } from './schema';
import type { SeatBook } from './SeatBook';
import { itemsOf } from './sync';

export class LobbyListing {
  private last: TableMetadata | null = null;

  /**
   * The table's new listing line, or null when it shows the same as the last one. Runs on every
   * touch: compares field by field, and allocates only on a change.
   */
  changed(game: string, state: GameRoomState, seatBook: SeatBook): TableMetadata | null {
    const host = state.host < 0 ? '' : (itemsOf(state.seats)[state.host]?.name ?? '');
    const seatsTaken = seatBook.occupiedCount();
    const last = this.last;
    if (
      last &&
      last.tableName === state.tableName &&
      last.host === host &&
      last.seatsTaken === seatsTaken &&
      last.seatsTotal === seatBook.count &&
      last.status === state.status &&
      last.spectators === state.spectators &&
      last.private === state.isPrivate &&
      last.code === state.code
    )
      return null;
    return (this.last = {
      game,
      tableName: state.tableName,
      host,
      seatsTaken,
      seatsTotal: seatBook.count,
      status: state.status,
      spectators: state.spectators,
      private: state.isPrivate,
      code: state.code,
    });
  }
}
