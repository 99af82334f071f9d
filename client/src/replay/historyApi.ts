/**
 * The history API of a Parlor server (this page's own, or a peer's: reading is open to every origin):
 * the list of finished matches, one match's record, and import (this server only: same origin).
 * Server side: server/src/http/historyApi.ts.
 */
import { getJson, HttpError } from '../net/client';
import type { HistoryEntry } from '@parlor/shared/core/protocol';
import type { ReplayRecord } from '@parlor/shared/core/replay';

export type { HistoryEntry };

/** `here` is this page's own server; anything else is a peer's base URL. */
export const HERE = 'here';

/** The origin to call for `server` ('' for this page's own), or null when it is no http(s) URL. */
export function serverBase(server: string): string | null {
  if (server === HERE) return '';
  try {
    const url = new URL(server);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

export async function fetchHistory(server: string): Promise<HistoryEntry[]> {
  const base = serverBase(server);
  if (base === null) throw new Error('Not a server address.');
  const { matches } = await getJson<{ matches: HistoryEntry[] }>(`${base}/api/history`);
  return Array.isArray(matches) ? matches : [];
}

/** The exported match file's address (a download: the server sends it as an attachment). */
export function exportUrl(server: string, id: string): string {
  return `${serverBase(server) ?? ''}/api/history/${encodeURIComponent(id)}`;
}

export async function fetchMatch(server: string, id: string): Promise<ReplayRecord> {
  const base = serverBase(server);
  if (base === null) throw new Error('Not a server address.');
  try {
    return await getJson<ReplayRecord>(`${base}/api/history/${encodeURIComponent(id)}`, 10_000);
  } catch (err) {
    if (err instanceof HttpError && err.status === 404)
      throw new Error('This match is not in the server’s history (it may have been removed).', {
        cause: err,
      });
    throw err;
  }
}

/** Sends a match file to this page's own server. Resolves with the id it got there. */
export async function importMatch(text: string): Promise<string> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error('That file is not a Parlor match (not JSON).');
  }
  const res = await fetch('/api/history/import', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({}))) as { id?: string; message?: string };
  if (!res.ok || !answer.id)
    throw new Error(answer.message ?? `The server refused the file (HTTP ${res.status}).`);
  return answer.id;
}
