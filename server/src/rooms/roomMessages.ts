/**
 * Every client -> server message of a game room: rate limit, shape validation, permission, then
 * the room does the work. Each handler returns null or the refusal sent back to that client alone.
 */
import type { Client } from '@colyseus/core';
import {
  AddBotSchema,
  type ChatLine,
  ChatSchema,
  ClientMsg,
  ErrorCode,
  type ErrorMessage,
  Limits,
  SeatArgSchema,
  ServerMsg,
  SetOptionsSchema,
  SitSchema,
} from '@parlor/shared';
import { type GameRoom, type Member, botName } from './GameRoom';
import { parseAction, parseWith } from './payloads';
import { wellFormedDeep } from './wellFormed';

type Handler = (room: GameRoom, client: Client, member: Member, payload: unknown) => ErrorMessage | null;

const refuse = (code: string, message: string): ErrorMessage => ({ code, message });

export function registerRoomMessages(room: GameRoom): void {
  const on = (type: string, handler: Handler) =>
    room.onMessage(type, (client, payload: unknown) => dispatch(room, client, payload, handler));
  on(ClientMsg.action, onAction);
  on(ClientMsg.chat, onChat);
  on(ClientMsg.start, hostOnly(onStart));
  on(ClientMsg.addBot, hostOnly(onAddBot));
  on(ClientMsg.removeBot, hostOnly(onRemoveBot));
  on(ClientMsg.kick, hostOnly(onKick));
  on(ClientMsg.setOptions, hostOnly(onSetOptions));
  on(ClientMsg.rematch, hostOnly(onRematch));
  on(ClientMsg.save, hostOnly(onSave));
  on(ClientMsg.sit, onSit);
  on(ClientMsg.ping, onPing);
  room.onMessage('*', (client, type) =>
    dispatch(room, client, undefined, () =>
      refuse(ErrorCode.UNKNOWN_MESSAGE, `Unknown message type "${String(type).slice(0, 40)}".`),
    ),
  );
}

function dispatch(room: GameRoom, client: Client, raw: unknown, handler: Handler): void {
  const member = room.members.get(client.sessionId);
  if (!member) return;
  if (!member.rate.take()) {
    room.sendError(client, refuse(ErrorCode.RATE_LIMITED, 'Too many messages: slow down.'));
    return;
  }
  const error = handler(room, client, member, wellFormedDeep(raw));
  if (error) room.sendError(client, error);
}

function hostOnly(handler: Handler): Handler {
  return (room, client, member, payload) => {
    if (member.seat < 0) return refuse(ErrorCode.SPECTATOR, 'Spectators cannot run the table.');
    if (member.seat !== room.state.host) return refuse(ErrorCode.NOT_HOST, 'Only the host can do that.');
    return handler(room, client, member, payload);
  };
}

function requireWaiting(room: GameRoom): ErrorMessage | null {
  return room.state.status === 'waiting'
    ? null
    : refuse(ErrorCode.NOT_WAITING, 'Only possible before the match starts.');
}

const onAction: Handler = (room, _client, member, payload) => {
  if (member.seat < 0) return refuse(ErrorCode.SPECTATOR, 'Spectators cannot play.');
  const parsed = parseAction(room.def.actionSchema, payload);
  if (!parsed.ok) return parsed.error;
  return room.applyFor(member.seat, parsed.value, 'player');
};

/** Clock sync: the server's time, at once. Costs a token like any message (a client pings rarely). */
const onPing: Handler = (_room, client, _member, payload) => {
  const id = (payload as { id?: unknown } | null)?.id;
  if (typeof id !== 'number' || !Number.isFinite(id))
    return refuse(ErrorCode.BAD_MESSAGE, 'ping: { id } must be a number.');
  client.send(ServerMsg.pong, { id, serverTime: Date.now() });
  return null;
};

const onChat: Handler = (room, _client, member, payload) => {
  if (!member.chat.take()) return refuse(ErrorCode.RATE_LIMITED, 'You are chatting too fast.');
  const parsed = parseWith(ChatSchema, payload, 'chat');
  if (!parsed.ok) return parsed.error;
  const text = parsed.value.text.trim();
  if (!text) return refuse(ErrorCode.BAD_MESSAGE, 'Empty chat line.');
  if (text.length > Limits.chatLength) {
    return refuse(ErrorCode.CHAT_TOO_LONG, `Chat lines are at most ${Limits.chatLength} characters.`);
  }
  const line: ChatLine = {
    from: member.seat >= 0 ? room.seatName(member.seat) : member.name,
    seat: member.seat,
    text,
    at: Date.now(),
  };
  room.broadcast(ServerMsg.chat, line);
  return null;
};

const onStart: Handler = (room) => {
  const notWaiting = requireWaiting(room);
  if (notWaiting) return notWaiting;
  if (!room.seatBook.allOccupied() || room.seatBook.occupiedCount() < room.def.seats.min) {
    return refuse(ErrorCode.NOT_ENOUGH_PLAYERS, 'Every seat needs a player or a bot first.');
  }
  return room.startMatch();
};

const onAddBot: Handler = (room, _client, _member, payload) => {
  const parsed = parseWith(AddBotSchema, payload, 'addBot');
  if (!parsed.ok) return parsed.error;
  const notWaiting = requireWaiting(room);
  if (notWaiting) return notWaiting;
  const seat = parsed.value?.seat ?? room.seatBook.firstFree();
  if (seat < 0) return refuse(ErrorCode.TABLE_FULL, 'Every seat is taken.');
  const seatState = room.seatBook.seat(seat);
  if (!seatState) return refuse(ErrorCode.NO_SUCH_SEAT, `There is no seat ${seat}.`);
  if (seatState.occupied) return refuse(ErrorCode.SEAT_TAKEN, `Seat ${seat + 1} is taken.`);
  room.seatBook.seatBot(seat, botName(seat));
  room.log(seat, `${room.seatName(seat)} sits down`);
  room.touch();
  return null;
};

const onRemoveBot: Handler = (room, _client, _member, payload) => {
  const parsed = parseWith(SeatArgSchema, payload, 'removeBot');
  if (!parsed.ok) return parsed.error;
  const notWaiting = requireWaiting(room);
  if (notWaiting) return notWaiting;
  const seat = parsed.value.seat;
  if (!room.seatBook.seat(seat)?.bot)
    return refuse(ErrorCode.NO_SUCH_SEAT, `No bot sits at seat ${seat + 1}.`);
  room.log(seat, `${room.seatName(seat)} leaves`);
  room.seatBook.free(seat);
  room.touch();
  return null;
};

const onKick: Handler = (room, _client, member, payload) => {
  const parsed = parseWith(SeatArgSchema, payload, 'kick');
  if (!parsed.ok) return parsed.error;
  const seat = parsed.value.seat;
  const seatState = room.seatBook.seat(seat);
  if (!seatState?.occupied || seatState.bot) {
    return refuse(ErrorCode.NO_SUCH_SEAT, `No person sits at seat ${seat + 1} (remove bots with removeBot).`);
  }
  if (seat === member.seat) return refuse(ErrorCode.NO_SUCH_SEAT, 'You cannot kick yourself.');
  const kicked = room.clientOfSeat(seat);
  const name = room.seatName(seat);
  room.cancelReconnection(seat);
  if (room.state.status === 'waiting') room.seatBook.free(seat);
  else room.seatBook.handToBot(seat);
  if (kicked) {
    room.dropMember(kicked);
    kicked.send(ServerMsg.kicked, { reason: 'The host removed you from the table.' });
    kicked.leave();
  }
  room.log(
    seat,
    room.state.status === 'waiting' ? `${name} was removed` : `${name} was removed: a bot plays on`,
  );
  room.refreshPlay();
  return null;
};

const onSetOptions: Handler = (room, _client, _member, payload) => {
  const parsed = parseWith(SetOptionsSchema, payload, 'setOptions');
  if (!parsed.ok) return parsed.error;
  const notWaiting = requireWaiting(room);
  if (notWaiting) return notWaiting;
  if (room.state.savedGame) return refuse(ErrorCode.BAD_OPTIONS, 'A saved game keeps its options.');
  const options = room.def.optionsSchema.safeParse(parsed.value.options);
  if (!options.success)
    return refuse(ErrorCode.BAD_OPTIONS, `Bad options: ${options.error.issues[0]?.message}`);
  room.gameOptions = options.data;
  room.state.options = JSON.stringify(options.data);
  room.touch();
  return null;
};

const onRematch: Handler = (room) => {
  if (room.state.status !== 'finished') return refuse(ErrorCode.NOT_FINISHED, 'The match is not over yet.');
  return room.startMatch();
};

/** The match so far, to the host alone: its seed reveals every hidden card, so nobody else gets it. */
const onSave: Handler = (room, client, member) => {
  const file = room.savedMatch();
  if (!file) return refuse(ErrorCode.NOT_PLAYING, 'No match is being played: there is nothing to save.');
  if (!member.save.take()) return refuse(ErrorCode.RATE_LIMITED, 'Just saved: wait a few seconds.');
  client.send(ServerMsg.saved, file);
  return null;
};

const onSit: Handler = (room, client, member, payload) => {
  const parsed = parseWith(SitSchema, payload, 'sit');
  if (!parsed.ok) return parsed.error;
  const notWaiting = requireWaiting(room);
  if (notWaiting) return notWaiting;
  return room.sit(client, member, parsed.value.seat);
};
