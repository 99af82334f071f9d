/**
 * The connections of a game room: each client's member entry and message budgets, and the
 * server ending a connection itself (a flooder, or a client that does not read its messages).
 */
import { type Client, type ClientPrivate, ClientState } from '@colyseus/core';
import { CloseCode, Limits } from '@parlor/shared';
import { FloodGuard, TokenBucket } from './tokenBucket';

/** One connected client: a seat holder or a spectator (seat -1). */
export interface Member {
  seat: number;
  name: string;
  rate: TokenBucket;
  chat: TokenBucket;
  save: TokenBucket;
  /** `hint` has its own bucket: each new hint runs the game's bot. */
  hint: TokenBucket;
  /** What its refused messages get: an answer at most once a second, then a disconnection. */
  flood: FloodGuard;
  /** The connection's network address: the socket's own, never a header a client may write. */
  address: string;
  /** The host removed this person from the table: they may watch, never sit. */
  barred: boolean;
  /** The server is closing this connection (cutOff()): its messages are ignored meanwhile. */
  closing: boolean;
  /**
   * Since when (epoch ms) its unsent backlog has been over the bound without shrinking (0 = it is
   * not over), and how large it was then.
   */
  backlogSince: number;
  backlogMark: number;
}

/** The per-client message budgets (protocol Limits by default). */
export interface RoomLimits {
  rateBurst: number;
  ratePerSecond: number;
  chatBurst: number;
  chatPerSecond: number;
  /** The `hint` bucket (default: Limits.hintBurst, Limits.hintPerSecond). */
  hintBurst?: number;
  hintPerSecond?: number;
  /**
   * Refused messages a client may send before it is disconnected (CloseCode.FLOOD), refilled at
   * floodPerSecond. Default: 3 x rateBurst, refilled at ratePerSecond, so a client is cut off only
   * when it keeps sending at more than twice its budget.
   */
  floodBurst?: number;
  floodPerSecond?: number;
  /**
   * A client whose unsent bytes stay over backlogBytes for backlogGraceMs, or pass
   * backlogHardBytes at any time, is disconnected (CloseCode.BACKLOG): it does not read.
   */
  backlogBytes?: number;
  backlogGraceMs?: number;
  backlogHardBytes?: number;
}

export const DEFAULT_ROOM_LIMITS: RoomLimits = {
  rateBurst: Limits.rateBurst,
  ratePerSecond: Limits.ratePerSecond,
  chatBurst: Limits.chatBurst,
  chatPerSecond: Limits.chatPerSecond,
};

/** Far above what a table sends a reading client at once (the largest game's whole state is ~10 KB). */
const BACKLOG_BYTES = 1024 * 1024;
const BACKLOG_GRACE_MS = 5000;
/** Above the largest single message (a long match's saved file, about 1.5 MB for 27,000 actions). */
const BACKLOG_HARD_BYTES = 16 * 1024 * 1024;
/** A connection the server closes is cut this long after the close frame, answered or not. */
const CLOSE_GRACE_MS = 1000;

export function newMember(name: string, address: string, barred: boolean, limits: RoomLimits): Member {
  return {
    seat: -1,
    name,
    rate: new TokenBucket(limits.rateBurst, limits.ratePerSecond),
    chat: new TokenBucket(limits.chatBurst, limits.chatPerSecond),
    save: new TokenBucket(Limits.saveBurst, Limits.savePerSecond),
    hint: new TokenBucket(limits.hintBurst ?? Limits.hintBurst, limits.hintPerSecond ?? Limits.hintPerSecond),
    flood: newFloodGuard(limits),
    address,
    barred,
    closing: false,
    backlogSince: 0,
    backlogMark: 0,
  };
}

/** The member is back on a new connection: it starts with a clean slate (see cutOff()). */
export function memberReconnected(member: Member, client: Client, limits: RoomLimits): void {
  member.address = addressOf(client) || member.address;
  member.closing = false;
  member.backlogSince = 0;
  member.backlogMark = 0;
  member.flood = newFloodGuard(limits);
}

function newFloodGuard(limits: RoomLimits): FloodGuard {
  const { rateBurst, ratePerSecond, floodBurst, floodPerSecond } = limits;
  return new FloodGuard(floodBurst ?? 3 * rateBurst, floodPerSecond ?? ratePerSecond);
}

/** What ending connections needs from the room. */
export interface ConnectionsHost {
  readonly members: Map<string, Member>;
  readonly limits: RoomLimits;
  /** Names the room in the server's console output. */
  readonly label: string;
  /** Whether this client still holds its session in the room. */
  holdsSession(client: Client): boolean;
  /** Ends the session of a client that never acknowledged its join, as a leave. */
  endSession(client: Client, code: number): void;
}

/** Checks every client's backlog (after each patch, and the safety interval's every second). */
export function checkBacklogs(host: ConnectionsHost, clients: Iterable<Client>): void {
  const now = Date.now();
  for (const client of clients) checkBacklog(host, client, now);
}

/**
 * What the server queued for a client and the network has not taken grows only when the client
 * stops reading (a paused or malicious socket), or reads slower than the table talks. Over the
 * bound without shrinking for a few seconds (a slow reader draining a large message shrinks it),
 * or far over it at once, the client is disconnected and its buffers go with the connection; a
 * seated player keeps the seat for the reconnection window, as after any drop.
 */
export function checkBacklog(host: ConnectionsHost, client: Client, now: number): void {
  const member = host.members.get(client.sessionId);
  if (!member || member.closing) return;
  const { limits } = host;
  const bytes = backlogOf(client);
  if (bytes <= (limits.backlogBytes ?? BACKLOG_BYTES)) {
    member.backlogSince = 0;
    return;
  }
  if (!member.backlogSince || bytes < member.backlogMark) {
    member.backlogSince = now;
    member.backlogMark = bytes;
  }
  const grace = limits.backlogGraceMs ?? BACKLOG_GRACE_MS;
  if (bytes > (limits.backlogHardBytes ?? BACKLOG_HARD_BYTES) || now - member.backlogSince >= grace)
    cutOff(host, client, CloseCode.BACKLOG, `${bytes} bytes unread`);
}

/**
 * Ends a connection from the server's side with a close code (CloseCode). Not a kick: the
 * member's leave goes the usual way (a seat waits for its player to reconnect). A client that
 * does not read never answers the close frame, so the socket is cut a moment later, freeing
 * what was queued for it.
 */
export function cutOff(host: ConnectionsHost, client: Client, code: number, why: string): void {
  const member = host.members.get(client.sessionId);
  if (member) {
    if (member.closing) return;
    member.closing = true;
  }
  console.warn(`[${host.label}] disconnecting ${client.sessionId} (${code}): ${why}`);
  client.leave(code);
  // Until the socket closes, Colyseus neither queues nor sends it anything (a client that has
  // not acknowledged its join would otherwise keep queueing) and reads none of its messages;
  // the socket reads nothing more either (a flooder's frames would be parsed until the cut).
  const c = client as unknown as ClientPrivate & { state: ClientState };
  const joined = c.state === ClientState.JOINED;
  c.state = ClientState.LEAVING;
  // Colyseus 0.18 queues for any client not joined (LEAVING included) while the queue exists.
  delete c._enqueuedMessages;
  const ws = (client as unknown as { ref?: { terminate?(): void; _socket?: { pause?(): void } } }).ref;
  ws?._socket?.pause?.();
  setTimeout(() => {
    ws?.terminate?.();
    // Colyseus 0.18 ends the session of a client that never acknowledged its join only once it
    // does: end it here, as a leave (a seat still waits for its player).
    if (!joined && host.holdsSession(client)) host.endSession(client, code);
  }, CLOSE_GRACE_MS).unref();
}

/**
 * The peer's address as the socket knows it (IPv4-mapped IPv6 written as IPv4). Not the
 * X-Forwarded-For / X-Real-IP headers Colyseus would read: any client can write those.
 */
export function addressOf(client: Client): string {
  const socket = (client as unknown as { ref?: { _socket?: { remoteAddress?: string } } }).ref?._socket;
  return (socket?.remoteAddress ?? '').replace(/^::ffff:/, '');
}

/**
 * Bytes queued for a client that the network has not taken: the ws socket's own count, plus the
 * messages Colyseus keeps for a client that has not finished joining (it never sends them if the
 * client never acknowledges the join).
 */
function backlogOf(client: Client): number {
  const c = client as unknown as {
    ref?: { bufferedAmount?: number };
    _enqueuedMessages?: ArrayLike<number>[];
  };
  let bytes = typeof c.ref?.bufferedAmount === 'number' ? c.ref.bufferedAmount : 0;
  if (c._enqueuedMessages) for (const m of c._enqueuedMessages) bytes += m.length;
  return bytes;
}
