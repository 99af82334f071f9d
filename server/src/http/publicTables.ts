/** The public game tables of this server, read from the matchmaker's room listing. */
import { matchMaker } from '@colyseus/core';
import type { TableMetadata } from '@parlor/shared';
import type { TableListing } from '../discovery/types';

function isTableMetadata(m: unknown): m is TableMetadata {
  return typeof m === 'object' && m !== null && typeof (m as { game?: unknown }).game === 'string';
}

/**
 * The rooms that carry game metadata (the lobby has none) and are neither private nor unlisted.
 * With Redis (REDIS_URL) that is every process's tables, as in the LobbyRoom listing: each is
 * joinable through any process. /api/discovery shows a table under one server only.
 */
export async function listPublicTables(): Promise<TableListing[]> {
  const rooms = await matchMaker.query({});
  const tables: TableListing[] = [];
  for (const room of rooms) {
    const meta: unknown = room.metadata;
    if (!isTableMetadata(meta) || room.private || room.unlisted || meta.private) continue;
    tables.push({
      roomId: room.roomId,
      game: meta.game,
      tableName: meta.tableName,
      host: meta.host,
      seatsTaken: meta.seatsTaken,
      seatsTotal: meta.seatsTotal,
      status: meta.status,
      spectators: meta.spectators,
      private: false,
      code: meta.code,
    });
  }
  return tables;
}
