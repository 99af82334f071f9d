/**
 * Every HTTP request and WebSocket upgrade passes here first, before Express and before Colyseus
 * (its matchmaking routes take requests ahead of Express, see matchmake.ts). Installed over the
 * http.Server's emit: Colyseus re-wires the server's "request" listeners when it attaches, so a
 * listener of ours could end up behind its own.
 *
 * - A Host that is no name of this server on a home network: 403 BAD_HOST (DNS rebinding).
 * - An Origin other than this server's own (originPolicy.ts): 403 CROSS_ORIGIN, except GETs,
 *   which go on without the Origin (so nothing echoes it with credentials); public listings and
 *   finished matches get `Access-Control-Allow-Origin: *`, as the peers' lobbies read them, and
 *   never with `Access-Control-Allow-Credentials` (Colyseus's own CORS headers are turned off:
 *   it would echo any Origin, or `*`, with credentials allowed).
 * - /matchmake/*: answered by matchmake.ts, with its body limits.
 * - Upgrades (the game WebSockets) from another Origin or Host: refused with a 403 before the
 *   WebSocket exists.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { matchMaker } from '@colyseus/core';
import { type Refusal, sendRefusal } from './clientLimits';
import type { OriginPolicy } from './originPolicy';

/** Read across origins by the lobbies and replays of other Parlor servers (no credentials). */
const PUBLIC_READS = /^\/api\/(info|discovery|games|history(\/[^/]+)?)\/?$/;
/** GETs that stay same-origin: the join code lookup (a private table's address) and the monitor. */
const OWN_PAGES_ONLY = /^\/(api\/tables\/|admin(\/|$))/;

export interface GateDeps {
  policy: OriginPolicy;
  /** Answers /matchmake/* (matchmake.ts). */
  matchmake(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

const badHost: Refusal = {
  status: 403,
  code: 'BAD_HOST',
  message:
    'This server does not answer to that host name. Use its address, or set ADVERTISE_HOST to the name you use.',
};
const crossOrigin: Refusal = {
  status: 403,
  code: 'CROSS_ORIGIN',
  message: 'Only this server’s own pages may do that.',
};

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/** What to do with a request: refuse it, or let it go on (to Express or Colyseus). */
export function admitRequest(
  req: IncomingMessage,
  res: ServerResponse,
  deps: GateDeps,
): 'refused' | 'matchmake' | 'next' {
  const { policy } = deps;
  if (!policy.hostAllowed(req.headers.host)) {
    sendRefusal(res, badHost, true);
    return 'refused';
  }
  const sameOrigin = policy.originAllowed(req.headers.origin, req.headers.host);
  // Colyseus takes every URL that contains "/matchmake": so does this.
  if ((req.url ?? '').includes('/matchmake')) {
    if (!sameOrigin) {
      sendRefusal(res, crossOrigin, true);
      return 'refused';
    }
    return 'matchmake';
  }
  if (sameOrigin) return 'next';
  const path = pathOf(req);
  if ((req.method === 'GET' || req.method === 'HEAD') && !OWN_PAGES_ONLY.test(path)) {
    delete req.headers.origin;
    if (PUBLIC_READS.test(path)) res.setHeader('Access-Control-Allow-Origin', '*');
    return 'next';
  }
  sendRefusal(res, crossOrigin, true);
  return 'refused';
}

/** A refused upgrade: an HTTP answer on the raw socket, then closed. */
function refuseUpgrade(socket: Duplex, refusal: Refusal): void {
  const body = JSON.stringify({ code: refusal.code, message: refusal.message });
  socket.end(
    `HTTP/1.1 ${refusal.status} Forbidden\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function admitUpgrade(req: IncomingMessage, socket: Duplex, { policy }: GateDeps): boolean {
  if (!policy.hostAllowed(req.headers.host)) refuseUpgrade(socket, badHost);
  else if (!policy.originAllowed(req.headers.origin, req.headers.host)) refuseUpgrade(socket, crossOrigin);
  else return true;
  return false;
}

/**
 * Colyseus sets its CORS headers on every request it is handed: `Access-Control-Allow-Origin` the
 * request's Origin (or `*`) with `Access-Control-Allow-Credentials: true`. The gate decides CORS
 * instead, so only the harmless ones are left (allowed headers and methods of a same-origin
 * preflight).
 */
export function withoutColyseusCors(): void {
  const { controller } = matchMaker;
  const headers: Record<string, string> = { ...controller.DEFAULT_CORS_HEADERS };
  delete headers['Access-Control-Allow-Credentials'];
  delete headers['Access-Control-Allow-Origin'];
  controller.DEFAULT_CORS_HEADERS = headers as typeof controller.DEFAULT_CORS_HEADERS;
  controller.getCorsHeaders = () => ({});
}

export function installRequestGate(server: Server, deps: GateDeps): void {
  withoutColyseusCors();
  const emit = server.emit.bind(server);
  server.emit = function gatedEmit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      const verdict = admitRequest(req, res, deps);
      if (verdict === 'matchmake') {
        deps.matchmake(req, res).catch((e: unknown) => {
          console.error('matchmaking request failed', e);
          sendRefusal(res, { status: 500, code: 'INTERNAL', message: 'The request failed.' }, true);
        });
        return true;
      }
      if (verdict === 'refused') return true;
    } else if (event === 'upgrade') {
      const [req, socket] = args as [IncomingMessage, Duplex];
      if (!admitUpgrade(req, socket, deps)) return true;
    }
    return emit(event as string, ...args);
  } as Server['emit'];
}
