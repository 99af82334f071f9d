/**
 * Every client -> server message of a game room: rate limit, shape validation, permission, then
 * the room does the work. Each handler returns null or the refusal sent back to that client alone.
 * Handlers see the room through MessageRoom only.
 */
import type { Client, Room } from '@colyseus/core';
import {
  AddBotSchema,
  type AnyGameDefinition,
  type BotLevel,
  type ChatLine,
  ChatSchema,
  ClientMsg,
  CloseCode,
  ErrorCode,
  type GameAction,
  Limits,
  type RuleError,
  type SavedMatch,
  SeatArgSchema,
  ServerMsg,
  SetOptionsSchema,
  SitSchema,
  TAKE_OVER,
  DEALER_SEAT,
  parseNewTableOptions,
  refuse,
} from '@parlor/shared';
import { onSetBotLevel } from './botLevels';
import { onHint, type SeatHint } from './roomHints';
import type { Member } from './connections';
import type { ApplySource } from './MatchFlow';
import { distinctName, stripBidi } from './names';
import { isPlainObject, parseAction, parseWith } from './payloads';
import type { GameRoomState } from './schema';
import type { SeatBook } from './SeatBook';
import { wellFormedDeep } from './wellFormed';

/** What message handlers may read of a room and ask it to do. */
export interface MessageRoom {
  readonly state: GameRoomState;
  readonly def: AnyGameDefinition;
  readonly seatBook: SeatBook;
  readonly members: ReadonlyMap<string, Member>;
  onMessage: Room['onMessage'];
  sendError(client: Client, error: RuleError): void;
  /** Ends a connection from the server's side (see connections.ts). */
  cutOff(client: Client, code: number, why: string): void;
  /** Whether only the table's host may send this action (GameAdapter.hostOnly). */
  hostOnlyAction(action: GameAction): boolean;
  /** Whether only the server's timer applies this action (GameAdapter.clockOnly). */
  clockOnlyAction(action: GameAction): boolean;
  applyFor(seat: number, action: GameAction, source: ApplySource): RuleError | null;
  /** `payload` as the seat's listed legal action, when the action schema need not check it. */
  listedAction(seat: number, payload: Record<string, unknown>): GameAction | null;
  /** The rules' state of the match being played (read only; null when none is). */
  flowState(): unknown;
  seatName(seat: number): string;
  broadcastChat(line: ChatLine): void;
  startMatch(): RuleError | null;
  addBot(seat: number): void;
  removeBot(seat: number): void;
  setBotLevel(seat: number, level: BotLevel): void;
  kick(seat: number): void;
  setOptions(options: unknown): void;
  /** The match being played as the host's saved file (null when none is). */
  savedMatch(): SavedMatch | null;
  /** Each person's seat gets its own claim code for the saves of this match (never in the file). */
  handOutClaims(): void;
  sit(client: Client, member: Member, seat: number, claim?: string): RuleError | null;
  /** The seat's hint now, from its view alone (roomHints.ts, in a bot thread), or why there is none. */
  hint(seat: number): Promise<SeatHint>;
  /** Whether this client still holds its session here (an answer that comes later checks it). */
  holdsSession(client: Client): boolean;
  /** Whether that hint is already known (asking again costs no bot run, and no hint token). */
  hintKnown(seat: number): boolean;
  /** A bot plays the seat while its person watches (handOver), or the person plays it again (takeBack). */
  handOver(seat: number): void;
  takeBack(seat: number): void;
}

/** A refusal for this client alone: the rules' own shape ({ ok: false, error }). */
type Refused = ReturnType<typeof refuse>;
export type Handler = (room: MessageRoom, client: Client, member: Member, payload: unknown) => Refused | null;

/** A room's answer (a refusal or null) as a handler's. */
const refusedBy = (error: RuleError | null): Refused | null => error && { ok: false, error };

export function registerRoomMessages(room: MessageRoom): void {
  const on = (type: string, handler: Handler) =>
    room.onMessage(type, (client: Client, payload: unknown) => dispatch(room, client, payload, handler));
  on(ClientMsg.action, onAction);
  on(ClientMsg.chat, onChat);
  on(ClientMsg.start, hostOnly(onStart));
  on(ClientMsg.addBot, hostOnly(onAddBot));
  on(ClientMsg.removeBot, hostOnly(onRemoveBot));
  on(ClientMsg.setBotLevel, hostOnly(onSetBotLevel));
  on(ClientMsg.kick, hostOnly(onKick));
  on(ClientMsg.setOptions, hostOnly(onSetOptions));
  on(ClientMsg.rematch, hostOnly(onRematch));
  on(ClientMsg.save, hostOnly(onSave));
  on(ClientMsg.sit, onSit);
  on(ClientMsg.ping, onPing);
  on(ClientMsg.hint, onHint);
  on(ClientMsg.handOver, onHandOver);
  on(ClientMsg.takeBack, onTakeBack);
  on(ClientMsg.takeOver, onTakeOver);
  room.onMessage('*', (client: Client, type: string | number) =>
    dispatch(room, client, undefined, () =>
      refuse(ErrorCode.UNKNOWN_MESSAGE, `Unknown message type "${String(type).slice(0, 40)}".`),
    ),
  );
}

function dispatch(room: MessageRoom, client: Client, raw: unknown, handler: Handler): void {
  const member = room.members.get(client.sessionId);
  if (!member || member.closing) return;
  if (!member.rate.take()) {
    // Told once a second at most; a client that keeps on far past its budget is cut off.
    const refusal = member.flood.refused();
    if (refusal === 'answer')
      room.sendError(client, refuse(ErrorCode.RATE_LIMITED, 'Too many messages: slow down.').error);
    else if (refusal === 'disconnect') room.cutOff(client, CloseCode.FLOOD, 'kept sending past its budget');
    return;
  }
  const refused = handler(room, client, member, wellFormedDeep(raw));
  if (refused) room.sendError(client, refused.error);
}

function hostOnly(handler: Handler): Handler {
  return (room, client, member, payload) => {
    if (member.seat < 0) return refuse(ErrorCode.SPECTATOR, 'Spectators cannot run the table.');
    if (member.seat !== room.state.host) return refuse(ErrorCode.NOT_HOST, 'Only the host can do that.');
    return handler(room, client, member, payload);
  };
}

function requireWaiting(room: MessageRoom): Refused | null {
  return room.state.status === 'waiting'
    ? null
    : refuse(ErrorCode.NOT_WAITING, 'Only possible before the match starts.');
}

const onAction: Handler = (room, _client, member, payload) => {
  if (member.seat < 0) return refuse(ErrorCode.SPECTATOR, 'Spectators cannot play.');
  // Judged before its shape: a game's action schema may not even know the clock's actions.
  if (
    isPlainObject(payload) &&
    typeof payload.type === 'string' &&
    room.clockOnlyAction({ ...payload, type: payload.type })
  )
    return refuse(ErrorCode.CLOCK_ONLY, 'Only the table’s timer does that: no player sends it.');
  if (room.seatBook.isHandedOver(member.seat))
    return refuse(ErrorCode.BOT_CONTROLLED, 'The AI plays your seat: take it back to play.');
  // A listed action sent as listed is what the schema would give back (listedAction.ts).
  const listed = isPlainObject(payload) ? room.listedAction(member.seat, payload) : null;
  const parsed = listed ? { ok: true as const, value: listed } : parseAction(room.def.actionSchema, payload);
  if (!parsed.ok) return parsed;
  if (room.hostOnlyAction(parsed.value) && member.seat !== room.state.host)
    return refuse(ErrorCode.NOT_HOST, "Only the table's host can do that.");
  return refusedBy(room.applyFor(member.seat, parsed.value, 'player'));
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
  if (!parsed.ok) return parsed;
  const text = stripBidi(parsed.value.text).trim();
  if (!text) return refuse(ErrorCode.BAD_MESSAGE, 'Empty chat line.');
  if (text.length > Limits.chatLength) {
    return refuse(ErrorCode.CHAT_TOO_LONG, `Chat lines are at most ${Limits.chatLength} characters.`);
  }
  const spectator = member.seat < 0;
  const line: ChatLine = {
    from: spectator ? spectatorName(room, member.name) : room.seatName(member.seat),
    seat: member.seat,
    spectator,
    text,
    at: Date.now(),
  };
  room.broadcastChat(line);
  return null;
};

/**
 * A spectator's chat name, never one a seat shows, nor one that looks like it (see names.ts):
 * "Ada" watching beside a seated "Ada" chats as "Ada 2" (and the line is flagged `spectator`,
 * which clients show as "(watching)").
 */
function spectatorName(room: MessageRoom, name: string): string {
  return distinctName(
    name,
    room.state.seats.map((s) => s.name).filter((n) => n !== ''),
  );
}

const onStart: Handler = (room) => {
  const notWaiting = requireWaiting(room);
  if (notWaiting) return notWaiting;
  if (!room.seatBook.allOccupied() || room.seatBook.occupiedCount() < room.def.seats.min) {
    return refuse(ErrorCode.NOT_ENOUGH_PLAYERS, 'Every seat needs a player or a bot first.');
  }
  return refusedBy(room.startMatch());
};

const onAddBot: Handler = (room, _client, _member, payload) => {
  const parsed = parseWith(AddBotSchema, payload, 'addBot');
  if (!parsed.ok) return parsed;
  const notWaiting = requireWaiting(room);
  if (notWaiting) return notWaiting;
  const seat = parsed.value?.seat ?? room.seatBook.firstFree();
  if (seat < 0) return refuse(ErrorCode.TABLE_FULL, 'Every seat is taken.');
  const seatState = room.seatBook.seat(seat);
  if (!seatState) return refuse(ErrorCode.NO_SUCH_SEAT, `There is no seat ${seat}.`);
  if (seatState.occupied) return refuse(ErrorCode.SEAT_TAKEN, `Seat ${seat + 1} is taken.`);
  room.addBot(seat);
  return null;
};

const onRemoveBot: Handler = (room, _client, _member, payload) => {
  const parsed = parseWith(SeatArgSchema, payload, 'removeBot');
  if (!parsed.ok) return parsed;
  const notWaiting = requireWaiting(room);
  if (notWaiting) return notWaiting;
  const seat = parsed.value.seat;
  if (!room.seatBook.seat(seat)?.bot)
    return refuse(ErrorCode.NO_SUCH_SEAT, `No bot sits at seat ${seat + 1}.`);
  room.removeBot(seat);
  return null;
};

const onKick: Handler = (room, _client, member, payload) => {
  const parsed = parseWith(SeatArgSchema, payload, 'kick');
  if (!parsed.ok) return parsed;
  const seat = parsed.value.seat;
  const seatState = room.seatBook.seat(seat);
  if (!seatState?.occupied || seatState.bot) {
    return refuse(ErrorCode.NO_SUCH_SEAT, `No person sits at seat ${seat + 1} (remove bots with removeBot).`);
  }
  if (seat === member.seat) return refuse(ErrorCode.NO_SUCH_SEAT, 'You cannot kick yourself.');
  room.kick(seat);
  return null;
};

const onSetOptions: Handler = (room, _client, _member, payload) => {
  const parsed = parseWith(SetOptionsSchema, payload, 'setOptions');
  if (!parsed.ok) return parsed;
  const notWaiting = requireWaiting(room);
  if (notWaiting) return notWaiting;
  if (room.state.savedGame) return refuse(ErrorCode.BAD_OPTIONS, 'A saved game keeps its options.');
  const options = parseNewTableOptions(room.def, parsed.value.options);
  if (!options.ok) return refuse(ErrorCode.BAD_OPTIONS, options.message);
  room.setOptions(options.options);
  return null;
};

const onRematch: Handler = (room) => {
  if (room.state.status !== 'finished') return refuse(ErrorCode.NOT_FINISHED, 'The match is not over yet.');
  return refusedBy(room.startMatch());
};

/** The match so far, to the host alone: its seed reveals every hidden card, so nobody else gets it. */
const onSave: Handler = (room, client, member) => {
  const file = room.savedMatch();
  if (!file) return refuse(ErrorCode.NOT_PLAYING, 'No match is being played: there is nothing to save.');
  if (!member.save.take()) return refuse(ErrorCode.RATE_LIMITED, 'Just saved: wait a few seconds.');
  client.send(ServerMsg.saved, file);
  room.handOutClaims();
  return null;
};

const onSit: Handler = (room, client, member, payload) => {
  const parsed = parseWith(SitSchema, payload, 'sit');
  if (!parsed.ok) return parsed;
  if (member.barred || room.seatBook.isBarred(undefined, member.address))
    return refuse(ErrorCode.KICKED, 'The host removed you from this table: you can watch, not sit.');
  const notWaiting = requireWaiting(room);
  if (notWaiting) return notWaiting;
  return refusedBy(room.sit(client, member, parsed.value.seat, parsed.value.claim));
};

/** The seat's person, while playing, at a game that offers it (GameMeta.handOver): a refusal or null. */
function handOverRefusal(room: MessageRoom, member: Member): Refused | null {
  if (member.seat < 0) return refuse(ErrorCode.SPECTATOR, 'Spectators have no seat to hand over.');
  if (!room.def.handOver) return refuse(ErrorCode.NO_HAND_OVER, 'This game cannot hand a seat to the AI.');
  if (room.state.status !== 'playing')
    return refuse(ErrorCode.NOT_PLAYING, 'Only during a match can the AI play your seat.');
  return null;
}

const onHandOver: Handler = (room, _client, member) => {
  const refused = handOverRefusal(room, member);
  if (refused) return refused;
  if (room.seatBook.isHandedOver(member.seat))
    return refuse(ErrorCode.BOT_CONTROLLED, 'The AI already plays your seat.');
  room.handOver(member.seat);
  return null;
};

const onTakeBack: Handler = (room, _client, member) => {
  const refused = handOverRefusal(room, member);
  if (refused) return refused;
  if (!room.seatBook.isHandedOver(member.seat))
    return refuse(ErrorCode.NOT_HANDED_OVER, 'You play your seat yourself: there is nothing to take back.');
  room.takeBack(member.seat);
  return null;
};

/**
 * A seated person takes over a part the AI plays (GameDefinition.takeOver): the room judges who plays
 * it (a bot, or a seat handed to the AI), the rules the rest (the side, the match's end), through
 * the dealer's-seat action a replay applies the same way.
 */
const onTakeOver: Handler = (room, _client, member, payload) => {
  if (member.seat < 0) return refuse(ErrorCode.SPECTATOR, 'Spectators cannot take over anything.');
  const spec = room.def.takeOver;
  if (!spec) return refuse(ErrorCode.NO_TAKE_OVER, 'This game has nothing to take over.');
  if (room.state.status !== 'playing') return refuse(ErrorCode.NOT_PLAYING, 'No match is being played.');
  const parsed = parseWith(spec.payload, payload, 'takeOver');
  if (!parsed.ok) return parsed;
  const holder = room.state.seats[spec.holder(room.flowState(), parsed.value)];
  if (!holder || (!holder.bot && !holder.botControlled))
    return refuse(ErrorCode.NOT_AI_PLAYED, 'Only what the AI plays can be taken over.');
  const action = { ...parsed.value, type: TAKE_OVER, seat: member.seat };
  return refusedBy(room.applyFor(DEALER_SEAT, action, 'room'));
};
