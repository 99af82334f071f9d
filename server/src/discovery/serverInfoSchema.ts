/**
 * A peer's /api/info is input from the network: validate it and cap every string before it is
 * shown to anyone's browser.
 */
import { z } from 'zod';
import type { ServerInfoWithTables } from './types';

const text = (max: number) => z.string().max(max);
const count = z.number().int().min(0).max(10_000);

const TableListingSchema = z.object({
  roomId: text(40).min(1),
  game: text(40),
  tableName: text(80),
  host: text(60),
  seatsTaken: count,
  seatsTotal: count,
  status: z.enum(['waiting', 'playing', 'finished']),
  spectators: count,
  private: z.boolean(),
  code: text(20),
});

export const ServerInfoSchema = z.object({
  id: text(64).min(1),
  name: text(80).min(1),
  url: text(200),
  version: text(40),
  games: z.array(text(40)).max(64),
  tables: z.array(TableListingSchema).max(500).catch([]),
});

export function parseServerInfo(body: unknown): ServerInfoWithTables {
  return ServerInfoSchema.parse(body);
}
