/** The server's HTTP API, typed: games, this server's info, discovered peers, join codes. */
import type { OptionField } from '@parlor/shared/core/contract';
import type { ServerInfo, TableMetadata } from '@parlor/shared/core/protocol';
import { getJson } from './client';

export interface GameInfo {
  id: string;
  title: string;
  tagline: string;
  seats: { min: number; max: number };
  optionFields: OptionField[];
}

export type TableListing = { roomId: string } & TableMetadata;

export interface ServerListing extends ServerInfo {
  tables: TableListing[];
}

export interface Discovery {
  self: ServerInfo;
  servers: ServerListing[];
}

let gamesCache: Promise<GameInfo[]> | null = null;

export function fetchGames(): Promise<GameInfo[]> {
  if (!gamesCache) {
    gamesCache = getJson<GameInfo[]>('/api/games').catch((err: unknown) => {
      gamesCache = null;
      throw err;
    });
  }
  return gamesCache;
}

export function fetchInfo(): Promise<ServerListing> {
  return getJson<ServerListing>('/api/info');
}

export function fetchDiscovery(): Promise<Discovery> {
  return getJson<Discovery>('/api/discovery');
}

export function lookupCode(code: string): Promise<{ roomId: string; game: string }> {
  return getJson<{ roomId: string; game: string }>(
    `/api/tables/code/${encodeURIComponent(code.trim().toUpperCase())}`,
  );
}

/** The base URL to share: the server's advertised LAN address, else this page's origin. */
let shareBase: string | null = null;
export async function shareBaseUrl(): Promise<string> {
  if (shareBase) return shareBase;
  try {
    const info = await fetchInfo();
    shareBase = (info.url || location.origin).replace(/\/+$/, '');
  } catch {
    return location.origin;
  }
  return shareBase;
}
