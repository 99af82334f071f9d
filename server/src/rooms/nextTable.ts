/**
 * A next table (party mode): a person seated at table A creates table B with `after: { roomId: A,
 * seatToken }`. B asks A (through the matchmaker, so across processes too) to tell A's spectators
 * B's id and code: a table screen watching A follows B even when B is private (never listed). A
 * checks the token is one of its people's seats; nothing else is sent, and only to its spectators.
 */
import { type Client, matchMaker } from '@colyseus/core';
import { type NextTableMessage, ServerMsg } from '@parlor/shared';
import type { Member } from './connections';

/** The method B calls on A through the matchmaker. */
export const NEXT_TABLE_CALL = 'nextTableOpened';

/** B, once created: tell A (a failure, A gone or not a table, changes nothing for B). */
export function tellFormerTable(after: { roomId: string; seatToken: string }, next: NextTableMessage): void {
  // Only a listed room is asked (a gone one would hold the call until the matchmaker's timeout).
  matchMaker
    .query({ roomId: after.roomId })
    .then(([room]) =>
      room ? matchMaker.remoteRoomCall(after.roomId, NEXT_TABLE_CALL, [after.seatToken, next]) : null,
    )
    .catch(() => undefined);
}

/** What a table needs to hear of its next one. */
export interface NextTableHost {
  seatOfToken(token: string): number;
  members: ReadonlyMap<string, Member>;
  clientById(sessionId: string): Client | undefined;
}

/** A's side: remembers the latest next table its people opened, and tells its spectators. */
export class NextTableNotice {
  private next: NextTableMessage | null = null;

  constructor(private readonly host: NextTableHost) {}

  /** B's call: true when the token is a seat's here and the spectators were told. */
  opened(seatToken: unknown, next: unknown): boolean {
    if (typeof seatToken !== 'string' || !seatToken || this.host.seatOfToken(seatToken) < 0) return false;
    const n = next as Partial<NextTableMessage> | null;
    if (!n || typeof n.roomId !== 'string' || typeof n.code !== 'string') return false;
    this.next = { roomId: n.roomId.slice(0, 40), code: n.code.slice(0, 20) };
    for (const [sessionId, member] of this.host.members) {
      if (member.seat < 0) this.host.clientById(sessionId)?.send(ServerMsg.nextTable, this.next);
    }
    return true;
  }

  /** A spectator joining later hears of it too. */
  joined(client: Client, seat: number): void {
    if (seat < 0 && this.next) client.send(ServerMsg.nextTable, this.next);
  }
}
