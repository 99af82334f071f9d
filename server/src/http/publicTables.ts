/** The public game tables of this server, read from the matchmaker's room listing. */
import { matchMaker } from '@colyseus/core';
import type { TableMetadata } from '@parlor/shared';
import type { TableListing } from '../discovery/types';

function isTableMetadata(m: unknown): m is TableMetadata {
  return typeof m === 'object' && m !== null && typeof (m as { game?: unknown }).game === 'string';
}

/**
 * This process's rooms that carry game metadata (the lobby has none) and are neither private nor
 * unlisted. With Redis every process sees every room; each lists only its own, so a lobby never
 * shows one table under two servers.
 */
export async function listPublicTables(): Promise<TableListing[]> {
  const rooms = await matchMaker.query({});
  const tables: TableListing[] = [];
  for (const room of rooms) {
    const meta: unknown = room.metadata;
    if (room.processId !== matchMaker.processId) continue;
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
