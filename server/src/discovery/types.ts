/** What servers tell each other (and the lobby) about themselves: /api/info and /api/discovery. */
import type { ServerInfo, TableMetadata } from '@parlor/shared';

/** One public table of a server, as listed in /api/info and /api/discovery. */
export type TableListing = TableMetadata & { roomId: string };

/** The body of GET /api/info. */
export type ServerInfoWithTables = ServerInfo & { tables: TableListing[] };

/** A peer confirmed over HTTP; lastSeen is the epoch ms of its last successful answer. */
export type DiscoveredServer = ServerInfoWithTables & { lastSeen: number };

/** The body of GET /api/discovery: this server first (marked self), then every live peer. */
export interface DiscoveryResponse {
  self: DiscoveredServer & { self: true };
  servers: DiscoveredServer[];
}

/** Anything that knows the current peers (the PeerRegistry, or nothing when discovery is off). */
export interface PeerSource {
  peers(): DiscoveredServer[];
}
