/**
 * The Colyseus client for this page's own origin (the server that served the page), plus small
 * helpers for the HTTP API. Never a hard-coded host: a peer's table is opened on the peer's origin.
 */
import { Client } from '@colyseus/sdk';
import { JoinErrorCode } from '@parlor/shared/core/protocol';

let client: Client | null = null;

export function colyseus(): Client {
  if (!client) client = new Client(location.origin.replace(/^http/, 'ws'));
  return client;
}

export async function getJson<T>(path: string, timeoutMs = 4000): Promise<T> {
  const ctrl = new AbortController();
  const timer = window.setTimeout(() => ctrl.abort(), timeoutMs);
  try {
    const res = await fetch(path, { signal: ctrl.signal, headers: { Accept: 'application/json' } });
    if (!res.ok) throw new HttpError(res.status, `${path}: HTTP ${res.status}`);
    return (await res.json()) as T;
  } finally {
    window.clearTimeout(timer);
  }
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A readable sentence from whatever a failed join/create threw. */
export function describeError(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  if (typeof err === 'string') return err;
  if (err && typeof err === 'object' && 'message' in err)
    return String((err as { message: unknown }).message);
  return 'Something went wrong';
}

/** True when a join was refused because a loaded saved game's seats take their claim codes. */
export function isClaimNeeded(err: unknown): boolean {
  const code = err && typeof err === 'object' && 'code' in err ? (err as { code: unknown }).code : undefined;
  return code === JoinErrorCode.CLAIM_NEEDED;
}

/** True when a join was refused because every seat is taken or the match is running. */
export function isTableFull(err: unknown): boolean {
  // Our server refuses with JoinErrorCode.TABLE_FULL; Colyseus itself says "locked" for a room that
  // is full by its own count.
  const code = err && typeof err === 'object' && 'code' in err ? (err as { code: unknown }).code : undefined;
  if (code === JoinErrorCode.TABLE_FULL) return true;
  return /locked/i.test(describeError(err));
}
