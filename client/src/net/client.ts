/**
 * Small helpers for the HTTP API and for telling failures apart. The Colyseus client itself is in
 * colyseus.ts (a chunk of its own, fetched once the lobby has shown).
 */
import { JoinErrorCode } from '@parlor/shared/core/protocol';

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

/** Backoff between attempts: 0.5, 1, 2, 4, then every 8 s. */
export function backoffMs(attempt: number): number {
  return Math.min(500 * 2 ** Math.min(Math.max(attempt - 1, 0), 4), 8000);
}

export interface RetryProgress {
  /** The attempt about to start (1 = the first). */
  attempt: number;
  /** Why the previous attempt failed ('' before the first). */
  lastError: string;
}

/**
 * `getJson` until it answers: each attempt waits longer for a slow server (4, 8, 16, then 30 s)
 * and failures are retried with backoff. Answers that will not change by retrying (4xx) reject at
 * once. `stopped()` ends the loop (the screen went away): the promise then never settles.
 */
export async function getJsonRetrying<T>(
  path: string,
  onProgress: (p: RetryProgress) => void,
  stopped: () => boolean,
): Promise<T> {
  let lastError = '';
  for (let attempt = 1; ; attempt++) {
    if (stopped()) return new Promise<T>(() => undefined);
    onProgress({ attempt, lastError });
    try {
      return await getJson<T>(path, Math.min(4000 * 2 ** (attempt - 1), 30_000));
    } catch (err) {
      if (err instanceof HttpError && err.status >= 400 && err.status < 500 && err.status !== 429) throw err;
      lastError =
        err instanceof DOMException && err.name === 'AbortError' ? 'no answer yet' : describeError(err);
    }
    await new Promise((r) => window.setTimeout(r, backoffMs(attempt)));
  }
}

/** A failed request that did not reach the server or got no answer (not a refusal by it). */
export function isUnreachable(err: unknown): boolean {
  if (err instanceof HttpError) return err.status >= 500 || err.status === 429;
  return true;
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

/** True when a join was refused because the host removed this person from the table (they may watch). */
export function isKicked(err: unknown): boolean {
  const code = err && typeof err === 'object' && 'code' in err ? (err as { code: unknown }).code : undefined;
  return code === JoinErrorCode.KICKED;
}

/** True when a join was refused because every seat is taken or the match is running. */
export function isTableFull(err: unknown): boolean {
  // Our server refuses with JoinErrorCode.TABLE_FULL; Colyseus itself says "locked" for a room that
  // is full by its own count.
  const code = err && typeof err === 'object' && 'code' in err ? (err as { code: unknown }).code : undefined;
  if (code === JoinErrorCode.TABLE_FULL) return true;
  return /locked/i.test(describeError(err));
}
