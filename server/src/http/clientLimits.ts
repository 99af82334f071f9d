/**
 * Per-client limits for the HTTP side (a client is its IP address as the socket sees it: headers
 * such as X-Forwarded-For are anyone's to write). Each keeps a bounded amount of memory however
 * many addresses come by: idle entries are forgotten.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TokenBucket } from '../rooms/tokenBucket';

/** The client's address ("::ffff:1.2.3.4" and "1.2.3.4" are one client). */
export function clientIp(req: IncomingMessage): string {
  const ip = req.socket.remoteAddress ?? 'unknown';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

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

/** A token bucket per client: `burst` at once, then `perMinute`. */
export class ClientRate {
  private readonly buckets = new Map<string, { bucket: TokenBucket; used: number }>();

  constructor(
    readonly burst: number,
    readonly perMinute: number,
    private readonly maxClients = 10_000,
  ) {}

  /** Takes one token of `client`'s; false when it has none left. */
  take(client: string, now = Date.now()): boolean {
    let entry = this.buckets.get(client);
    if (!entry) {
      if (this.buckets.size >= this.maxClients) this.forgetIdle(now);
      entry = { bucket: new TokenBucket(this.burst, this.perMinute / 60, now), used: now };
      this.buckets.set(client, entry);
    }
    entry.used = now;
    return entry.bucket.take(now);
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
