/**
 * Per-client limits for the HTTP side. A client is its address as the socket sees it (headers
 * such as X-Forwarded-For are anyone's to write), keyed by clientKey: an IPv4 address, or an IPv6
 * address's /64 (one home's LAN or one device's privacy addresses: a guest picks any address of it
 * for free). Each limit keeps a bounded amount of memory however many addresses come by: idle
 * entries are forgotten. Limits may also hold a total across all clients (ClientRate's `total`),
 * since a guest can use many addresses.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TokenBucket } from '../rooms/tokenBucket';
import { clientKeyOf } from './ipAddress';

export { clientKeyOf };

/** The key of the client that sent `req` (clientKeyOf its socket's address). */
export function clientKey(req: IncomingMessage): string {
  return clientKeyOf(req.socket.remoteAddress ?? 'unknown');
}

/** @deprecated The same as clientKey (a client is no longer one whole IPv6 address). */
export const clientIp = clientKey;

/** The refusal every limit answers with: a status, a code and a sentence (JSON). */
export interface Refusal {
  status: number;
  code: string;
  message: string;
  /** Seconds to wait before trying again (sent as Retry-After). */
  retryAfter?: number;
}

/**
 * Writes a refusal as JSON. `error` repeats the message for colyseus.js, which shows that field of
 * a matchmaking answer. `close`: the connection goes once this is sent (an unread body stays unread).
 */
export function sendRefusal(res: ServerResponse, refusal: Refusal, close = false): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ code: refusal.code, message: refusal.message, error: refusal.message });
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  };
  if (refusal.retryAfter !== undefined) headers['Retry-After'] = Math.max(1, Math.ceil(refusal.retryAfter));
  if (close) headers.Connection = 'close';
  res.writeHead(refusal.status, headers);
  res.end(body);
  if (close) res.once('finish', () => res.req?.destroy());
}

/** A total across all clients, on top of each client's own bucket. */
export interface TotalRate {
  burst: number;
  perMinute: number;
}

/** Which bucket refused: the client's own, or the total across clients. */
export type RateVerdict = 'ok' | 'client' | 'total';

/** A token bucket per client: `burst` at once, then `perMinute`; optionally a total as well. */
export class ClientRate {
  private readonly buckets = new Map<string, { bucket: TokenBucket; used: number }>();
  private readonly totalBucket: TokenBucket | null;
  private readonly maxClients: number;
  readonly total: TotalRate | undefined;

  constructor(
    readonly burst: number,
    readonly perMinute: number,
    { maxClients = 10_000, total }: { maxClients?: number; total?: TotalRate } = {},
  ) {
    this.maxClients = maxClients;
    this.total = total;
    this.totalBucket = total ? new TokenBucket(total.burst, total.perMinute / 60) : null;
  }

  /** Takes one token of `client`'s; false when it has none left (or the total has none). */
  take(client: string, now = Date.now()): boolean {
    return this.check(client, now) === 'ok';
  }

  /**
   * Takes one token of `client`'s and one of the total, or neither: 'client' when the client has
   * none left, 'total' when the clients together have used them all.
   */
  check(client: string, now = Date.now()): RateVerdict {
    let entry = this.buckets.get(client);
    if (!entry) {
      if (this.buckets.size >= this.maxClients) this.forgetIdle(now);
      entry = { bucket: new TokenBucket(this.burst, this.perMinute / 60, now), used: now };
      this.buckets.set(client, entry);
    }
    entry.used = now;
    if (!entry.bucket.has(now)) return 'client';
    if (this.totalBucket && !this.totalBucket.take(now)) return 'total';
    entry.bucket.take(now);
    return 'ok';
  }

  /** Seconds until the total has one more token: what Retry-After says for 'total'. */
  get secondsPerTotalToken(): number {
    return this.total ? 60 / this.total.perMinute : 0;
  }

  /** Whether `client` has no token left now (nothing taken). */
  exhausted(client: string, now = Date.now()): boolean {
    const entry = this.buckets.get(client);
    return entry !== undefined && !entry.bucket.has(now);
  }

  /** Seconds until one more token: what Retry-After says. */
  get secondsPerToken(): number {
    return 60 / this.perMinute;
  }

  /** Drops clients whose bucket has refilled (they are as good as new), or the oldest half. */
  private forgetIdle(now: number): void {
    const full = (this.burst / this.perMinute) * 60_000;
    for (const [k, e] of this.buckets) if (now - e.used > full) this.buckets.delete(k);
    if (this.buckets.size < this.maxClients) return;
    const keys = [...this.buckets.keys()];
    for (const k of keys.slice(0, keys.length / 2)) this.buckets.delete(k);
  }
}

/** One thing at a time per client (an upload being checked). */
export class OnePerClient {
  private readonly busy = new Set<string>();

  /** Claims the client's slot; the returned release frees it. null: one is already under way. */
  claim(client: string): (() => void) | null {
    if (this.busy.has(client)) return null;
    this.busy.add(client);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.busy.delete(client);
    };
  }
}
