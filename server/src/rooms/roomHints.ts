/**
 * "What would you do?" at a table: a seated player whose turn it is asks (`hint`), and gets, to that
 * client alone, what the normal bot would play from its seat's view, with its words (the rules'
 * side is shared/src/core/hint.ts). Refused to spectators, at a competitive table, outside a match
 * and off turn. A hint changes nothing: it draws no randomness of the match, and the same position
 * gives the same hint, so it is kept per seat until the match moves on (asking again costs nothing).
 * The bot thinks in a bot thread as the table's bots do (bots/botPool.ts), off the game loop; the
 * hint goes out when it comes back (with the number of moves it is for: the client tells a stale one).
 */
import type { Client } from '@colyseus/core';
import {
  type AnyGameDefinition,
  DEFAULT_BOT_LEVEL,
  ErrorCode,
  type HintMessage,
  type MatchRecord,
  type RuleError,
  ServerMsg,
  refuse,
} from '@parlor/shared';
import { type Hint, hintFromView, hintQuestion } from '@parlor/shared/core/hint';
import type { BotPool } from '../bots/botPool';
import type { Member } from './connections';
import type { MessageRoom } from './roomMessages';

export type SeatHint = { ok: true; hint: HintMessage } | { ok: false; error: RuleError };

/** The hint of each seat at the current position, computed once. */
export class SeatHints {
  private readonly kept = new Map<number, { record: MatchRecord; moves: number; hint: Promise<SeatHint> }>();

  /** Whether `seat`'s hint at this position is already known (it costs no bot run). */
  known(match: { record: MatchRecord }, seat: number): boolean {
    const k = this.kept.get(seat);
    return k !== undefined && k.record === match.record && k.moves === match.record.actions.length;
  }

  /** The seat's hint at this position (a question already asked shares its answer). */
  hint(
    def: AnyGameDefinition,
    match: { state: unknown; record: MatchRecord },
    seat: number,
    pool: BotPool | null,
  ): Promise<SeatHint> {
    const moves = match.record.actions.length;
    if (this.known(match, seat)) return this.kept.get(seat)!.hint;
    const q = hintQuestion(def, match.state, seat);
    const hint: Promise<SeatHint> = q.ok
      ? workOut(def, q.view, q.legal, pool).then((h): SeatHint => {
          if (h.ok) return { ok: true, hint: { ...h.hint, moves } };
          // A thread that failed or ran out of time: the next ask tries again.
          if (this.kept.get(seat)?.hint === hint) this.kept.delete(seat);
          return h;
        })
      : Promise.resolve(q);
    this.kept.set(seat, { record: match.record, moves, hint });
    return hint;
  }
}

/** The hint in a bot thread when the pool takes the game's normal bot; in process otherwise, or when none can. */
async function workOut(
  def: AnyGameDefinition,
  view: Parameters<typeof hintFromView>[1],
  legal: Parameters<typeof hintFromView>[2],
  pool: BotPool | null,
): Promise<{ ok: true; hint: Hint } | { ok: false; error: RuleError }> {
  if (pool?.wants(def.id, DEFAULT_BOT_LEVEL)) {
    const answer = await pool.hint({ game: def.id, view, legal: [...legal] });
    if (answer.ok) return { ok: true, hint: answer.hint };
    if (answer.reason !== 'unavailable')
      return { ok: false, error: { code: ErrorCode.INTERNAL, message: 'No hint could be worked out.' } };
  }
  const before = process.threadCpuUsage();
  const hint = hintFromView(def, view, legal);
  const used = process.threadCpuUsage(before);
  pool?.hintedInline(def.id, (used.user + used.system) / 1000);
  return { ok: true, hint };
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
  void room.hint(member.seat).then((r) => {
    // Gone meanwhile (left, or cut off): nobody to tell.
    if (!room.holdsSession(client)) return;
    if (r.ok) client.send(ServerMsg.hint, r.hint);
    else room.sendError(client, r.error);
  });
  return null;
}
