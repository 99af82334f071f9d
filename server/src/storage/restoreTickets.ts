/**
 * How the restore at start hands a stored table to the room Colyseus creates for it. Room options
 * can come from any client (`client.create(game, options)`), so they carry only a random ticket;
 * the table itself never leaves the server, and a ticket works once.
 */
import { randomBytes } from 'node:crypto';
import type { StoredTable } from './tableFile';

/** The room option that carries a ticket. */
export const RESTORE_OPTION = '__parlorRestore';

export interface RestoreTicket {
  table: StoredTable;
  /** When the previous run was last known alive (its heartbeat, or its graceful stop). */
  stoppedAt: number;
}

const tickets = new Map<string, RestoreTicket>();

export function issueRestoreTicket(ticket: RestoreTicket): Record<string, string> {
  const id = randomBytes(24).toString('base64url');
  tickets.set(id, ticket);
  return { [RESTORE_OPTION]: id };
}

/** The ticket these room options carry, if any (consumed). */
export function takeRestoreTicket(options: unknown): RestoreTicket | null {
  if (!options || typeof options !== 'object') return null;
  const id = (options as Record<string, unknown>)[RESTORE_OPTION];
  if (typeof id !== 'string') return null;
  const ticket = tickets.get(id) ?? null;
  tickets.delete(id);
  return ticket;
}
