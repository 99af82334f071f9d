/**
 * Bot levels at a table: the host's `setBotLevel` message (per bot seat, while waiting) and the
 * level a seat keeps in the table file. The level lives in the seat's synced state (`botLevel`), so
 * every client shows it; MatchFlow hands it to the game's bot; a rematch keeps the seats, and so
 * the levels; a freed seat goes back to normal (SeatBook).
 */
import type { Client } from '@colyseus/core';
import { type BotLevel, ErrorCode, refuse, SetBotLevelSchema } from '@parlor/shared';
import type { Member } from './connections';
import { parseWith } from './payloads';
import type { MessageRoom } from './roomMessages';
import type { SeatState } from './schema';

/** The host's choice of a bot seat's level (hostOnly has already checked the sender). */
export function onSetBotLevel(
  room: MessageRoom,
  _client: Client,
  _member: Member,
  payload: unknown,
): ReturnType<typeof refuse> | null {
  const parsed = parseWith(SetBotLevelSchema, payload, 'setBotLevel');
  if (!parsed.ok) return parsed;
  if (room.state.status !== 'waiting')
    return refuse(ErrorCode.NOT_WAITING, 'Bot levels are chosen before the match starts.');
  const { seat, level } = parsed.value;
  if (!room.seatBook.seat(seat)?.bot)
    return refuse(ErrorCode.NO_SUCH_SEAT, `No bot sits at seat ${seat + 1}: only a bot has a level.`);
  room.setBotLevel(seat, level);
  return null;
}

/** What the table file keeps of a seat's level: a bot's, nothing for people and empty seats. */
export function storedLevel(seat: Pick<SeatState, 'bot' | 'botLevel'>): BotLevel | undefined {
  return seat.bot ? seat.botLevel : undefined;
}
