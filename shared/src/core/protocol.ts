/**
 * The wire protocol shared by the server and every client: message names, payload shapes, error
 * codes and limits. No string literal for any of these appears anywhere else. See docs/protocol.md.
 */
import type { GameAction, MatchRecord, SeatSetup } from './contract';

/** Room name of the lobby listing (Colyseus LobbyRoom). Game rooms are named by their game id. */
export const LOBBY_ROOM = 'lobby';

/** Client -> server message types. */
export const ClientMsg = {
  action: 'action',
  chat: 'chat',
  start: 'start',
  addBot: 'addBot',
  removeBot: 'removeBot',
  /** Host, while waiting: a bot seat's level ({ seat, level }: easy, normal or hard). */
  setBotLevel: 'setBotLevel',
  kick: 'kick',
  setOptions: 'setOptions',
  rematch: 'rematch',
  /** Host, while playing: the match so far as a SavedMatch file, answered with `saved` to the host alone. */
  save: 'save',
  /** While waiting: take this free seat ({ seat }), as a spectator or moving from your own seat. */
  sit: 'sit',
  /**
   * Clock sync: { id } (a number), answered with `pong` { id, serverTime } to the sender alone.
   * Clients measure their clock offset from several of these, keeping the shortest round trip.
   */
  ping: 'ping',
  /**
   * "What would you do?": a seated player whose turn it is asks what the normal bot would play from
   * its seat's view (no payload), answered with `hint` to that client alone (see core/hint.ts).
   */
  hint: 'hint',
  /**
   * While playing, a seated person of a game that offers it (GameMeta.handOver): a bot plays the
   * seat from now on; the person stays, sees what the seat sees, and may `takeBack` the seat.
   */
  handOver: 'handOver',
  /** While playing: the person whose seat a bot plays since their `handOver` plays it again. */
  takeBack: 'takeBack',
  /**
   * While playing, a seated person of a game that offers it (GameDefinition.takeOver): play a part
   * the AI plays from now on (an alliance game: `{ faction }`, a country of the person's side).
   */
  takeOver: 'takeOver',
} as const;
export type ClientMsgType = (typeof ClientMsg)[keyof typeof ClientMsg];

/** Server -> client message types (besides schema patches). */
export const ServerMsg = {
  /** Sent once on join: { seat, seatToken, serverTime }. seat is -1 for spectators. */
  welcome: 'welcome',
  /** A refused message: { code, message }. Sent to the offending client only. */
  error: 'error',
  /**
   * The events of one accepted action, in order: GameEvent[]. One message per action (not one per
   * event) keeps it to a single frame per client beside the patch. Each seat receives the public
   * events with its own private ones merged in place; everyone else, the public ones.
   */
  events: 'events',
  /** A chat line: ChatLine. */
  chat: 'chat',
  /** The server is going down: { reason }. Clients keep their seat token and reconnect. */
  shutdown: 'shutdown',
  /** The host removed this client from its seat. */
  kicked: 'kicked',
  /** The answer to `save`, to the host alone: a SavedMatch (its secret part sealed for this server). */
  saved: 'saved',
  /** The answer to `ping`: { id, serverTime } (the server's epoch ms when it answered). */
  pong: 'pong',
  /**
   * To one seat alone: its claim code for the saved games of the match being played (SeatClaim).
   * Sent to every person's seat when the host saves, and again when that seat (re)joins while the
   * match has codes. No one else, the host included, ever gets another seat's code.
   */
  claim: 'claim',
  /** The answer to `hint`, to the asking client alone: HintMessage. */
  hint: 'hint',
  /**
   * To this table's spectators alone: one of its seated people opened a next table (create with
   * `after`): NextTableMessage. A table screen follows it, private or not, once this match is over.
   */
  nextTable: 'nextTable',
} as const;

/** ServerMsg.nextTable: the next table's room id and join code (nothing else). */
export interface NextTableMessage {
  roomId: string;
  code: string;
}

/** Error codes for refusals by the platform (games add their own rule codes). */
export const ErrorCode = {
  BAD_MESSAGE: 'BAD_MESSAGE',
  UNKNOWN_MESSAGE: 'UNKNOWN_MESSAGE',
  RATE_LIMITED: 'RATE_LIMITED',
  SPECTATOR: 'SPECTATOR',
  NOT_HOST: 'NOT_HOST',
  NOT_PLAYING: 'NOT_PLAYING',
  NOT_WAITING: 'NOT_WAITING',
  NOT_FINISHED: 'NOT_FINISHED',
  NOT_ENOUGH_PLAYERS: 'NOT_ENOUGH_PLAYERS',
  SEAT_TAKEN: 'SEAT_TAKEN',
  NO_SUCH_SEAT: 'NO_SUCH_SEAT',
  BAD_OPTIONS: 'BAD_OPTIONS',
  CHAT_TOO_LONG: 'CHAT_TOO_LONG',
  TABLE_FULL: 'TABLE_FULL',
  BOT_CONTROLLED: 'BOT_CONTROLLED',
  INTERNAL: 'INTERNAL',
  SPECTATORS_FULL: 'SPECTATORS_FULL',
  /** `sit` on a loaded saved game's seat without that seat's claim code (see SeatClaim). */
  BAD_CLAIM: 'BAD_CLAIM',
  /** The host removed this person from the table: they may watch, never sit (a `sit`, or a join). */
  KICKED: 'KICKED',
  /** An action only the server's timer applies (TableHabits.clockOnly), sent by a client. */
  CLOCK_ONLY: 'CLOCK_ONLY',
  /** A `hint` from a seat that is not due to act now. */
  NOT_YOUR_TURN: 'NOT_YOUR_TURN',
  /** A `hint` at a table its host marked competitive (no hints there). */
  HINTS_OFF: 'HINTS_OFF',
  /** `handOver` at a game that does not offer it (GameMeta.handOver). */
  NO_HAND_OVER: 'NO_HAND_OVER',
  /** `takeBack` of a seat its person did not hand over (a seat a bot plays refuses actions: BOT_CONTROLLED). */
  NOT_HANDED_OVER: 'NOT_HANDED_OVER',
  /** `takeOver` at a game that does not offer it (GameDefinition.takeOver). */
  NO_TAKE_OVER: 'NO_TAKE_OVER',
  /** `takeOver` of a part a person plays (or nobody yet): only the AI's parts may be taken over. */
  NOT_AI_PLAYED: 'NOT_AI_PLAYED',
} as const;
export type ErrorCodeName = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * Codes of a refused join or create (Colyseus ServerError codes are numbers). The error message
 * starts with the matching ErrorCode name: "TABLE_FULL: ...". On TABLE_FULL offer to watch instead.
 * Colyseus 0.18 answers a refused matchmaking request with the code as its HTTP status, so the codes
 * are unassigned HTTP statuses (its own are 520-526); they were 4801-4808 before.
 */
export const JoinErrorCode = {
  BAD_OPTIONS: 470,
  TABLE_FULL: 471,
  SPECTATORS_FULL: 472,
  /** create with `load`: the file is no saved game of this game, or does not replay. */
  BAD_SAVE: 473,
  /** create with `load`: the file has no secret sealed by a Parlor server (an older save, or made by hand). */
  UNSEALED_SAVE: 474,
  /** create with `load`: the file was saved on another server (only a server holding its save key loads it). */
  FOREIGN_SAVE: 475,
  /** Join or create at a loaded saved game's table without the claim code of a free saved seat. */
  CLAIM_NEEDED: 476,
  /** A player join by someone the host removed from this table (offer to watch instead). */
  KICKED: 477,
  /**
   * create with `load`: this saved game's match is being played, at its own table or at another one
   * loaded from a save of it (one live table per match at a time).
   */
  SAVE_IN_PLAY: 478,
} as const;

/**
 * A seat's claim code (ServerMsg.claim): it opens that seat at any table that loads a save of this
 * match (the lineage: the match's id at the table it began at, kept through saves of loaded tables).
 */
export interface SeatClaim {
  lineage: string;
  seat: number;
  code: string;
  game: string;
  tableName: string;
}

/**
 * WebSocket close codes of a connection the server ends itself (besides Colyseus's own). Neither
 * is a ban: a seated player keeps the seat for the reconnection window, as after any drop.
 */
export const CloseCode = {
  /** The client did not read what the server sent it: its backlog passed the bound (see docs). */
  BACKLOG: 4901,
  /** The client kept sending far past its message budget. */
  FLOOD: 4902,
} as const;

export interface WelcomeMessage {
  seat: number;
  seatToken: string;
  serverTime: number;
}

/**
 * A hint (ServerMsg.hint): the normal bot's choice from the asking seat's view, and its words, built
 * from that view alone. `moves` is the number of actions accepted when it was computed: a hint is
 * stale once the match has moved on.
 */
export interface HintMessage {
  action: GameAction;
  label: string;
  why: string;
  moves: number;
}

export interface PongMessage {
  id: number;
  serverTime: number;
}

export interface ChatLine {
  from: string;
  seat: number;
  /** Sent by a spectator (seat -1): show it as such, e.g. "Ada (watching)". */
  spectator: boolean;
  text: string;
  at: number;
}

export const Limits = {
  nameLength: 24,
  chatLength: 200,
  tableNameLength: 40,
  /** Token bucket per client: burst size and refill per second, over all message types. */
  rateBurst: 20,
  ratePerSecond: 8,
  /** Chat has its own, stricter bucket. */
  chatBurst: 5,
  chatPerSecond: 1,
  /** `save` has its own bucket too: each answer is the whole match. */
  saveBurst: 2,
  savePerSecond: 0.2,
  /** `hint` too: each answer runs the game's bot. */
  hintBurst: 3,
  hintPerSecond: 0.5,
  /** A hint's label and why are cut to this many characters. */
  hintTextLength: 160,
  logEntries: 60,
  defaultSpectatorCap: 50,
  defaultReconnectSeconds: 60,
  joinCodeLength: 5,
} as const;

/**
 * What a log line is about, where it is not the play: 'seating' for who sits down, leaves, is away or
 * is back (the party screen's TV shows only the play).
 */
export type LogKind = 'seating';

/**
 * One line of a table's public log (`state.log`). Seat -1 is the table itself; `seq` numbers the
 * lines, since the log is a ring whose oldest slot is overwritten in place.
 */
export interface StateLogLine {
  seq: number;
  at: number;
  seat: number;
  text: string;
  kind?: LogKind;
}

/**
 * A log line as it travels in `state.log`: one string, the JSON array `[seq, at, seat, text]`, with
 * its kind as a fifth element when it has one. A
 * string slot costs the server a fraction of a child schema per line (no change tree of its own,
 * nothing left for the garbage collector to copy), and the log is written on almost every action.
 */
export function encodeStateLogLine(line: StateLogLine): string {
  const fields: unknown[] = [line.seq, line.at, line.seat, line.text];
  if (line.kind) fields.push(line.kind);
  return JSON.stringify(fields);
}

/** The inverse of encodeStateLogLine; null for a string that is not one. */
export function decodeStateLogLine(encoded: string): StateLogLine | null {
  try {
    const v: unknown = JSON.parse(encoded);
    if (!Array.isArray(v) || v.length < 4 || v.length > 5) return null;
    const [seq, at, seat, text, kind] = v as unknown[];
    if (typeof seq !== 'number' || typeof at !== 'number' || typeof seat !== 'number') return null;
    if (typeof text !== 'string') return null;
    if (v.length === 5 && kind !== 'seating') return null;
    return v.length === 5 ? { seq, at, seat, text, kind: 'seating' } : { seq, at, seat, text };
  } catch {
    return null;
  }
}

/** Table status in the shared state and the lobby metadata. */
export type TableStatus = 'waiting' | 'playing' | 'finished';

/**
 * A match file (`format: 'parlor-match'`): self-contained and replayable from its seed and actions.
 * The history exports finished ones (the server's FinishedMatch); a saved game is one still being
 * played. Its seed decides every hidden card and die.
 */
export interface MatchFile extends MatchRecord {
  format: 'parlor-match';
  v: 1;
  /** `<roomId>-<match number>`. */
  id: string;
  roomId: string;
  tableName: string;
}

/**
 * A seat of a saved game. No claim code: each person's seat gets its own from the server alone
 * (ServerMsg.claim); the file holds only their hashes, sealed.
 */
export type SavedSeat = SeatSetup;

/**
 * A match saved while it is still being played (the host's `save`): what a file may show, in clear,
 * and its secret part, the seed and the actions so far, sealed (AES-256-GCM) with the saving
 * server's key, the clear part as associated data. Only that server can open it: the file's holder
 * learns no hidden card, future draw or opponent's move, and cannot choose a seed.
 */
export interface SavedMatch {
  format: 'parlor-match';
  v: 1;
  id: string;
  /** The match's id at the table it began at (the key of its seats' claim codes; see SeatClaim). */
  lineage: string;
  roomId: string;
  game: string;
  tableName: string;
  options: unknown;
  seats: SavedSeat[];
  /** Actions played so far (the dealer's redeals included). */
  moves: number;
  /** null: unfinished (a saved game). */
  outcome: null;
  startedAt: number;
  finishedAt: null;
  savedAt: number;
  sealed: {
    v: 2;
    /** Names the server's save key (a hash; reveals nothing of it). */
    key: string;
    /**
     * base64url of nonce (12 bytes) | tag (16 bytes) | ciphertext of `{ seed, actions, claims }`
     * (claims: per seat, the sha256 of its claim code; null for a bot's seat).
     */
    data: string;
  };
}

/** One line of the history listing (GET /api/history, newest first): a finished match, summed up. */
export interface HistoryEntry {
  id: string;
  game: string;
  tableName: string;
  players: SeatSetup[];
  /** The outcome's sentence, e.g. "Ada wins 2 rounds to 1". */
  result: string;
  winners: string[];
  startedAt: number;
  finishedAt: number;
  durationMs: number;
  actions: number;
  imported: boolean;
}

/** Metadata a game room publishes to the lobby listing. */
export interface TableMetadata {
  game: string;
  tableName: string;
  host: string;
  seatsTaken: number;
  seatsTotal: number;
  status: TableStatus;
  spectators: number;
  private: boolean;
  /** Short code to join a private table (present for public ones too). */
  code: string;
}

/** One server on the network, as served by /api/discovery and /api/info. */
export interface ServerInfo {
  id: string;
  name: string;
  /** Base URL a browser can reach: http://192.168.1.20:2567 */
  url: string;
  version: string;
  games: string[];
  self?: boolean;
  lastSeen?: number;
}
