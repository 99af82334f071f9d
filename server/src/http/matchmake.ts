/**
 * Colyseus's matchmaking routes (`POST /matchmake/<method>/<room>`), answered here instead of by
 * Colyseus's own handler (Server.handleMatchMakeRequest), which buffers a body of any size and
 * echoes any Origin with credentials. Same answers (the reservation, or `{ code, error }`), plus:
 *
 * - bodies are limited before they are buffered: a few kB, except `create`, which may carry a
 *   saved game (`load`) up to the upload limit;
 * - a saved game is checked by the upload processes (uploads/), off the event loop, one per client
 *   at a time;
 * - every body takes its share of the server's BodyBudget (bytes in flight per client and in
 *   total, bodyLimit.ts) before it is read;
 * - a client (clientKey: an IPv4 address, an IPv6 /64) has at most `tablesPerClient` live tables
 *   it created, and creates at most a few a minute (neither when `tablesPerClient` is 0);
 * - the server has at most `tablesTotal` live tables, and all clients together create at most a
 *   few dozen a minute (neither when `tablesTotal` is 0): many addresses are no more tables.
 *
 * Refusals are answered as Colyseus answers its own (see answerAsColyseus), but a body over the
 * limit gets a 413 and the connection closed.
 *
 * requestGate.ts has already checked the Host and the Origin.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getBearerToken, matchMaker } from '@colyseus/core';
import { JoinErrorCode, LOBBY_ROOM, gameById } from '@parlor/shared';
import { MATCH_FILE_LIMIT_BYTES } from '../storage/matchFile';
import type { SaveKey } from '../storage/saveKey';
import { SAVE_IN_PLAY_MESSAGE, lineageInPlay, sharedHolds } from '../rooms/liveMatches';
import { rememberCheckedLoad } from '../uploads/prechecked';
import type { UploadPool } from '../uploads/uploadPool';
import { TokenBucket } from '../rooms/tokenBucket';
import { type BodyBudget, readBodyOrRefuse } from './bodyLimit';
import { ClientRate, OnePerClient, type Refusal, clientKey } from './clientLimits';

/** Every matchmaking body but a create's: join options are a name, a seat, a token. */
export const MATCHMAKE_BODY_LIMIT = 8 * 1024;
/** A create may carry a saved game. */
export const CREATE_BODY_LIMIT = MATCH_FILE_LIMIT_BYTES + 64 * 1024;

export interface MatchmakeLimits {
  /** Live tables one client may have created; 0: no limit. */
  tablesPerClient: number;
  /** New tables per client: a burst, then this many a minute. */
  createBurst?: number;
  createsPerMinute?: number;
  /** Live tables on the server, whoever created them; 0: no limit (and no total rate). */
  tablesTotal?: number;
  /** New tables by all clients together: a burst, then this many a minute. */
  totalCreateBurst?: number;
  totalCreatesPerMinute?: number;
  /** Request bodies in flight (shared with the other routes that read bodies). */
  bodies?: BodyBudget;
}

/** The rooms that are tables (a game's metadata; the lobby has none). */
function isTable(room: { metadata?: unknown }): boolean {
  const meta = room.metadata as { game?: unknown } | undefined;
  return typeof meta?.game === 'string';
}

/** The methods that may create a room. */
const CREATING = new Set(['create', 'joinOrCreate']);

/**
 * A refusal the way Colyseus 0.18 answers its own: the code as the HTTP status, `{ code, error }`
 * (@colyseus/sdk rejects with a MatchMakeError whose code is the status and whose message is the
 * body's `message`, else its `error`).
 */
function answerAsColyseus(res: ServerResponse, refusal: Refusal): void {
  // The room's own refusals (BAD_SAVE...) keep the room's shape: its number, "CODE: message".
  const known = (JoinErrorCode as Record<string, number>)[refusal.code];
  const body =
    known === undefined
      ? { code: refusal.code, error: refusal.message, message: refusal.message }
      : {
          code: known,
          error: `${refusal.code}: ${refusal.message}`,
          message: `${refusal.code}: ${refusal.message}`,
        };
  res.writeHead(httpStatus(known ?? refusal.status), {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
  });
  res.end(JSON.stringify(body));
}

/** The request's headers as the Headers object Colyseus 0.18's auth context holds. */
function fetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** A code usable as an HTTP status (Colyseus's own are 520-526, the rooms' 470-477), else 500. */
function httpStatus(code: unknown): number {
  return typeof code === 'number' && Number.isInteger(code) && code >= 400 && code <= 599 ? code : 500;
}

export function matchmakeHandler(limits: MatchmakeLimits, uploads: () => UploadPool, saveKey: () => SaveKey) {
  const creates = new ClientRate(limits.createBurst ?? 10, limits.createsPerMinute ?? 30);
  const tablesTotal = limits.tablesTotal ?? 0;
  const totalCreatesPerMinute = limits.totalCreatesPerMinute ?? 60;
  const totalCreates = new TokenBucket(limits.totalCreateBurst ?? 30, totalCreatesPerMinute / 60);
  const loading = new OnePerClient();
  /** Creations admitted whose room does not exist yet (they count toward the total). */
  let pendingCreates = 0;
  /** The tables each client created (pruned of the gone ones at each check). */
  const created = new Map<string, Set<string>>();

  async function liveTablesOf(ip: string): Promise<Set<string>> {
    const mine = created.get(ip);
    if (!mine || mine.size === 0) return new Set();
    const live = new Set((await matchMaker.query({})).map((r) => r.roomId));
    for (const id of mine) if (!live.has(id)) mine.delete(id);
    if (mine.size === 0) created.delete(ip);
    return mine;
  }

  async function refuseCreation(ip: string): Promise<Refusal | null> {
    // TABLES_PER_CLIENT=0 turns the client's cap and rate off (tests, benchmarks, one address for
    // everyone), TABLES_TOTAL=0 the server's.
    const perClient = limits.tablesPerClient > 0;
    const total = tablesTotal > 0;
    if (perClient && (await liveTablesOf(ip)).size >= limits.tablesPerClient)
      return {
        status: 429,
        code: 'TOO_MANY_TABLES',
        message: `You already have ${limits.tablesPerClient} open tables on this server: close one (or let it empty) first.`,
      };
    if (total && (await matchMaker.query({})).filter(isTable).length + pendingCreates >= tablesTotal)
      return {
        status: 429,
        code: 'TOO_MANY_TABLES',
        message: `This server already has ${tablesTotal} open tables, its most: join one, or wait for one to close.`,
      };
    if (perClient && creates.exhausted(ip))
      return {
        status: 429,
        code: 'TOO_MANY_TABLES',
        message: 'You are creating tables too fast: wait a moment.',
        retryAfter: creates.secondsPerToken,
      };
    if (total && !totalCreates.take())
      return {
        status: 429,
        code: 'TOO_MANY_TABLES',
        message: 'Tables are being created too fast on this server: wait a moment.',
        retryAfter: 60 / totalCreatesPerMinute,
      };
    if (perClient) creates.take(ip);
    if (total) pendingCreates++; // no await since the count: concurrent creations see it
    return null;
  }

  /** A saved game in a create: checked by the worker; null once a refusal has been sent. */
  async function precheckLoad(
    ip: string,
    roomName: string,
    options: { load?: unknown },
  ): Promise<Refusal | null> {
    if (options.load === undefined || options.load === null || typeof options.load !== 'object') return null;
    // Only the rooms named after their game (every room but tests' fixtures): the others check it themselves.
    if (!gameById(roomName)) return null;
    const release = loading.claim(ip);
    if (!release)
      return { status: 429, code: 'UPLOAD_BUSY', message: 'Your previous file is still being checked.' };
    try {
      const { key, id } = saveKey();
      const checked = await uploads().check(
        { kind: 'load', game: roomName, load: options.load, key: { hex: key.toString('hex'), id } },
        ip,
      );
      if (!checked.ok) return checked;
      // Asked here too: a refusal thrown by a room Colyseus creates for another process loses its code.
      if (
        checked.loaded.ok &&
        (await lineageInPlay(sharedHolds(matchMaker.presence), checked.loaded.lineage))
      )
        return { status: 409, code: 'SAVE_IN_PLAY', message: SAVE_IN_PLAY_MESSAGE };
      rememberCheckedLoad(options.load, checked.loaded, checked.state);
      return null;
    } finally {
      release();
    }
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) {
      res.writeHead(503, {});
      res.end();
      return;
    }
    // Same origin only by now (requestGate.ts): no CORS headers are needed, none are sent.
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {});
      res.end();
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(404, {});
      res.end();
      return;
    }
    const parts: string[] = (req.url ?? '').match(matchMaker.controller.allowedRoomNameChars) ?? [];
    const at = parts.indexOf(matchMaker.controller.matchmakeRoute);
    const method = parts[at + 1] ?? '';
    const roomName = parts[at + 2] ?? '';
    const ip = clientKey(req);
    const body = await readBodyOrRefuse(req, res, {
      limit: method === 'create' ? CREATE_BODY_LIMIT : MATCHMAKE_BODY_LIMIT,
      budget: limits.bodies,
      client: ip,
    });
    if (!body) return;
    let options: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(body.toString('utf8'));
      options =
        parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
          ? (parsed as Record<string, unknown>)
          : {};
    } catch {
      answerAsColyseus(res, { status: 400, code: 'BAD_REQUEST', message: 'The request body is not JSON.' });
      return;
    }
    const creating = CREATING.has(method) && roomName !== LOBBY_ROOM;
    const tooMany = creating ? await refuseCreation(ip) : null;
    // An admitted creation counts toward the total until its room exists (or failed).
    const pending = creating && !tooMany && tablesTotal > 0;
    let answer: string;
    let status = 200;
    try {
      const refused = tooMany ?? (method === 'create' ? await precheckLoad(ip, roomName, options) : null);
      if (refused) {
        answerAsColyseus(res, refused);
        return;
      }
      try {
        const response = (await matchMaker.controller.invokeMethod(method, roomName, options, {
          token: getBearerToken(req.headers.authorization ?? ''),
          headers: fetchHeaders(req),
          ip,
          req,
        })) as { roomId?: string; protocol?: string };
        if (creating && response.roomId) {
          const mine = created.get(ip) ?? new Set<string>();
          mine.add(response.roomId);
          created.set(ip, mine);
        }
        answer = JSON.stringify(response);
      } catch (e) {
        const err = e as { code?: unknown; message?: string };
        answer = JSON.stringify({ code: err.code, error: err.message });
        status = httpStatus(err.code);
      }
    } finally {
      if (pending) pendingCreates--;
    }
    if (res.destroyed) return;
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(answer);
  };
}
