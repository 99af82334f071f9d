/**
 * "What would you do?" at a table: a seated player whose turn it is asks (`hint`), and gets, to that
 * client alone, what the normal bot would play from its seat's view, with its words (the rules'
 * side is shared/src/core/hint.ts). Refused to spectators, at a competitive table, outside a match
 * and off turn. A hint changes nothing: it draws no randomness of the match, and the same position
 * gives the same hint, so it is kept per seat until the match moves on (asking again costs nothing).
 */
import type { Client } from '@colyseus/core';
import {
  type AnyGameDefinition,
  ErrorCode,
  type HintMessage,
  type MatchRecord,
  type RuleError,
  ServerMsg,
  refuse,
} from '@parlor/shared';
import { hintFor } from '@parlor/shared/core/hint';
import type { Member } from './connections';
import type { MessageRoom } from './roomMessages';

export type SeatHint = { ok: true; hint: HintMessage } | { ok: false; error: RuleError };

/** The hint of each seat at the current position, computed once. */
export class SeatHints {
  private readonly kept = new Map<number, { record: MatchRecord; moves: number; hint: SeatHint }>();

  /** Whether `seat`'s hint at this position is already known (it costs no bot run). */
  known(match: { record: MatchRecord }, seat: number): boolean {
    const k = this.kept.get(seat);
    return k !== undefined && k.record === match.record && k.moves === match.record.actions.length;
  }

  hint(def: AnyGameDefinition, match: { state: unknown; record: MatchRecord }, seat: number): SeatHint {
    const moves = match.record.actions.length;
    if (this.known(match, seat)) return this.kept.get(seat)!.hint;
    const r = hintFor(def, match.state, seat);
    const hint: SeatHint = r.ok ? { ok: true, hint: { ...r.hint, moves } } : r;
    this.kept.set(seat, { record: match.record, moves, hint });
    return hint;
  }
}

/** The `hint` message (see the header). */
export function onHint(room: MessageRoom, client: Client, member: Member): ReturnType<typeof refuse> | null {
  if (member.seat < 0) return refuse(ErrorCode.SPECTATOR, 'Hints are for the players: you are watching.');
  if (room.state.competitive) return refuse(ErrorCode.HINTS_OFF, 'This table is competitive: no hints here.');
  if (room.state.status !== 'playing')
    return refuse(
      ErrorCode.NOT_PLAYING,
      room.state.status === 'finished' ? 'The match is over.' : 'The match has not started yet.',
    );
  if (room.seatBook.isHandedOver(member.seat))
    return refuse(ErrorCode.BOT_CONTROLLED, 'The AI plays your seat: take it back to ask for a hint.');
  if (!room.state.toAct.includes(member.seat))
    return refuse(ErrorCode.NOT_YOUR_TURN, 'A hint is for when it is your turn.');
  if (!room.hintKnown(member.seat) && !member.hint.take())
    return refuse(ErrorCode.RATE_LIMITED, 'You asked for a hint just now: wait a few seconds.');
  const r = room.hint(member.seat);
  if (!r.ok) return r;
  client.send(ServerMsg.hint, r.hint);
  return null;
}
