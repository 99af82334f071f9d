/**
 * Request bodies read with ceilings, each enforced before anything is buffered past it:
 *
 * - the request's own limit: a declared Content-Length over it is refused at once (nothing read),
 *   a body that grows past it while arriving (chunked) is refused at that byte (413 TOO_LARGE);
 * - a budget of bytes in flight (BodyBudget), per client and in total: the bytes of every body
 *   being received or still held by its request. A body that would take its client past the
 *   client's share is refused (429 BODIES_IN_FLIGHT), one that would take the server past the total
 *   is refused (503 SERVER_BUSY); a declared length is reserved whole before the first byte is
 *   read, a chunked body as it arrives;
 * - a deadline (408 TOO_SLOW), so a body held open never finished does not keep its share.
 *
 * Every refusal is answered, the connection is closed (the rest of the body is never read) and the
 * bytes already received are dropped. A body's reservation goes back when its response is over
 * (sent, or the client gone).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Refusal, sendRefusal } from './clientLimits';

/** A body refused before it was read whole. */
export class BodyRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

export class BodyTooLarge extends BodyRefused {
  constructor(readonly limit: number) {
    super(tooLarge(limit));
  }
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} kB`;
  return `${n} bytes`;
}

export function tooLarge(limit: number): Refusal {
  return {
    status: 413,
    code: 'TOO_LARGE',
    message: `The request body is larger than this server takes here (${formatBytes(limit)}).`,
  };
}

/** How long a body may take to arrive: a 2 MB file over a poor Wi-Fi takes a few seconds. */
export const BODY_DEADLINE_MS = 30_000;

/** Bytes in flight: per client and in total (0: no limit). */
export interface BodyBudgetLimits {
  perClient: number;
  total: number;
}

export const DEFAULT_BODY_BUDGET: BodyBudgetLimits = { perClient: 5 * 1024 * 1024, total: 32 * 1024 * 1024 };

/** One body's share of a BodyBudget: grown as the body arrives, given back once. */
export interface BodyReservation {
  /** Makes the reservation at least `bytes`; a refusal (and nothing reserved more) if over budget. */
  ensure(bytes: number): Refusal | null;
  release(): void;
}

/** The bytes of request bodies in flight, per client and in total. */
export class BodyBudget {
  private readonly byClient = new Map<string, number>();
  private used = 0;

  constructor(readonly limits: BodyBudgetLimits = DEFAULT_BODY_BUDGET) {}

  /** Bytes reserved now, by everyone. */
  get inFlight(): number {
    return this.used;
  }

  /** Bytes reserved now by `client`. */
  inFlightOf(client: string): number {
    return this.byClient.get(client) ?? 0;
  }

  /** Clients with bytes reserved now (entries are dropped at zero). */
  get clients(): number {
    return this.byClient.size;
  }

  open(client: string): BodyReservation {
    let held = 0;
    let released = false;
    return {
      ensure: (bytes) => {
        if (released || bytes <= held) return null;
        const more = bytes - held;
        const mine = this.inFlightOf(client);
        const { perClient, total } = this.limits;
        if (perClient > 0 && mine + more > perClient)
          return {
            status: 429,
            code: 'BODIES_IN_FLIGHT',
            message: `You are already sending this server as much as it takes from one client at once (${formatBytes(perClient)}): wait for that to finish.`,
            retryAfter: 5,
          };
        if (total > 0 && this.used + more > total)
          return {
            status: 503,
            code: 'SERVER_BUSY',
            message: 'The server is receiving too much at once: try again in a moment.',
            retryAfter: 5,
          };
        held = bytes;
        this.used += more;
        this.byClient.set(client, mine + more);
        return null;
      },
      release: () => {
        if (released) return;
        released = true;
        this.used -= held;
        const left = this.inFlightOf(client) - held;
        if (left > 0) this.byClient.set(client, left);
        else this.byClient.delete(client);
        held = 0;
      },
    };
  }
}

/** The declared length, or undefined (chunked, or none). */
function declaredLength(req: IncomingMessage): number | undefined {
  const declared = Number(req.headers['content-length']);
  return req.headers['content-length'] !== undefined && Number.isFinite(declared) ? declared : undefined;
}

/** True when the declared length is over `limit` (then nothing needs reading). */
export function declaredTooLarge(req: IncomingMessage, limit: number): boolean {
  const declared = declaredLength(req);
  return declared !== undefined && declared > limit;
}

export interface BodyOptions {
  /** The request's own ceiling. */
  limit: number;
  /** The shared budget, and the client (clientKey) whose share this body takes. */
  budget?: BodyBudget;
  client?: string;
  deadlineMs?: number;
}

/**
 * The whole body, or a BodyRefused as soon as one of the ceilings is passed (reading stops
 * there, what was received is dropped). `reservation` receives the body's share of the budget,
 * which the caller gives back once the body is no longer needed (readBodyOrRefuse does so when the
 * response is over); on a refusal or an abort it is given back here.
 */
export function readBody(
  req: IncomingMessage,
  options: BodyOptions | number,
  reservation?: (r: BodyReservation) => void,
): Promise<Buffer> {
  const {
    limit,
    budget,
    client,
    deadlineMs = BODY_DEADLINE_MS,
  } = typeof options === 'number' ? { limit: options } : options;
  const declared = declaredLength(req);
  if (declared !== undefined && declared > limit) return refuseUnread(req, new BodyTooLarge(limit));
  const share = budget?.open(client ?? 'unknown');
  // A declared length is reserved whole before anything is read.
  const upFront = share?.ensure(declared ?? 0);
  if (upFront) return refuseUnread(req, new BodyRefused(upFront));
  if (share) reservation?.(share);
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onClose);
      req.off('close', onClose);
    };
    const fail = (err: Error) => {
      cleanup();
      chunks = []; // nothing keeps what was received
      share?.release();
      if (!req.destroyed) req.pause();
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return fail(new BodyTooLarge(limit));
      const over = share?.ensure(size);
      if (over) return fail(new BodyRefused(over));
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      const body = Buffer.concat(chunks, size);
      chunks = [];
      resolve(body);
    };
    const onError = (err: Error) => fail(err);
    // Closed before its end: the client gave up (or was cut off).
    const onClose = () => fail(new Error('The request was aborted.'));
    // Declared after the handlers that clear it; none runs before the listeners are added below.
    const timer = setTimeout(
      () =>
        fail(
          new BodyRefused({
            status: 408,
            code: 'TOO_SLOW',
            message: 'The request body took too long to arrive.',
          }),
        ),
      deadlineMs,
    );
    timer.unref();
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onClose);
    req.on('close', onClose);
  });
}

/** A refusal before the first byte is read: the stream stays paused, the answer closes it. */
function refuseUnread(req: IncomingMessage, err: BodyRefused): Promise<Buffer> {
  req.pause();
  return Promise.reject(err);
}

/**
 * readBody, answering the refusal itself: resolves null once it has been sent (or, for a broken
 * upload, nothing: the client is gone). The body's share of the budget goes back when the
 * response is over.
 */
export async function readBodyOrRefuse(
  req: IncomingMessage,
  res: ServerResponse,
  options: BodyOptions | number,
): Promise<Buffer | null> {
  try {
    return await readBody(req, options, (share) => res.once('close', share.release));
  } catch (e) {
    if (e instanceof BodyRefused) sendRefusal(res, e.refusal, true);
    else res.destroy();
    return null;
  }
}
