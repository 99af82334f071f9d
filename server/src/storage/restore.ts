/**
 * At start, before the server listens: every table the previous run left in DATA_DIR becomes a
 * room again, with the same id (GameRoom.restoreTable does the rebuilding). A table file that cannot
 * be restored (unknown game, refused replay, unreadable) is set aside with a warning; start-up
 * goes on.
 */
import { matchMaker } from '@colyseus/core';
import { canonicalGameId } from '@parlor/shared';
import type { MatchStore } from './MatchStore';
import { issueRestoreTicket } from './restoreTickets';

export interface RestoreReport {
  restored: string[];
  failed: { roomId: string; reason: string }[];
}

export async function restoreTables(store: MatchStore): Promise<RestoreReport> {
  const report: RestoreReport = { restored: [], failed: [] };
  const beat = store.readHeartbeat();
  for (const table of store.listUnfinished()) {
    const { roomId, roomName } = table.header;
    try {
      // Without a heartbeat, the table's own last line is the best "last alive" there is.
      const stoppedAt = Math.max(beat?.at ?? 0, table.lastAt);
      // A table recorded under a game's former id opens in the room of its id now.
      await matchMaker.createRoom(canonicalGameId(roomName), issueRestoreTicket({ table, stoppedAt }));
      report.restored.push(roomId);
    } catch (e) {
      const reason = (e as Error).message ?? String(e);
      report.failed.push({ roomId, reason });
      store.setAside(roomId, `not restored: ${reason}`);
    }
  }
  return report;
}
