/** GET <baseUrl>/api/info with a short timeout: how a peer is confirmed and refreshed. */
import { parseServerInfo } from './serverInfoSchema';
import type { ServerInfoWithTables } from './types';

export type FetchServerInfo = (baseUrl: string) => Promise<ServerInfoWithTables>;

export function httpServerInfoFetcher(timeoutMs = 1500): FetchServerInfo {
  return async (baseUrl) => {
    const res = await fetch(`${baseUrl}/api/info`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`${baseUrl}/api/info answered ${res.status}`);
    return parseServerInfo(await res.json());
  };
}
