/** The server's HTTP API, typed: games, this server's info, discovered peers, join codes. */
import type { OptionField } from '@parlor/shared/core/contract';
import type { ServerInfo, TableMetadata } from '@parlor/shared/core/protocol';
import { getJson, getJsonRetrying, type RetryProgress } from './client';

export interface GameInfo {
  id: string;
  title: string;
  tagline: string;
  seats: { min: number; max: number };
  optionFields: OptionField[];
  /** The options a table gets when the dialog changes nothing (the rules' option defaults). */
  defaults: Record<string, unknown>;
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

/** The lobby's list, once it has it: later readers (the waiting room) need not ask again. */
export function primeGames(games: GameInfo[]): void {
  gamesCache = Promise.resolve(games);
}

/** The game list, retried (with backoff) until the server answers: a slow server is not an error. */
export function fetchGames(): Promise<GameInfo[]> {
  if (!gamesCache) {
    gamesCache = getJsonRetrying<GameInfo[]>(
      '/api/games',
      () => undefined,
      () => false,
    ).catch((err: unknown) => {
      gamesCache = null;
      throw err;
    });
  }
  return gamesCache;
}

export function fetchInfo(): Promise<ServerListing> {
  return getJson<ServerListing>('/api/info');
}

export function fetchDiscovery(timeoutMs?: number): Promise<Discovery> {
  return getJson<Discovery>('/api/discovery', timeoutMs);
}

/** Retried while the server does not answer; a 404 (no such code) rejects with an HttpError. */
export function lookupCode(
  code: string,
  onProgress: (p: RetryProgress) => void,
  stopped: () => boolean,
): Promise<{ roomId: string; game: string }> {
  return getJsonRetrying<{ roomId: string; game: string }>(
    `/api/tables/code/${encodeURIComponent(code.trim().toUpperCase())}`,
    onProgress,
    stopped,
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
