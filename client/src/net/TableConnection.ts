/**
 * What a table screen talks to. Two implementations: ColyseusTable (a room on a server) and
 * LocalTable (an in-memory match for the offline build). Scenes and the shell only see this.
 */
import type {
  ChatLine,
  ClientMsgType,
  HintMessage,
  LogKind,
  NextTableMessage,
  SavedMatch,
  SeatClaim,
  TableStatus,
} from '@parlor/shared/core/protocol';
import type {
  BotLevel,
  GameAction,
  GameEvent,
  GameView,
  Outcome,
  RuleError,
} from '@parlor/shared/core/contract';

export type ConnState = 'connecting' | 'connected' | 'reconnecting' | 'offline' | 'local';

export interface SeatInfo {
  name: string;
  occupied: boolean;
  connected: boolean;
  bot: boolean;
  botControlled: boolean;
  /** A bot seat's level (absent where no server sets one: offline, replays). */
  botLevel?: BotLevel;
  /** Dropped: local-clock epoch ms until which the seat waits for its player (0 or absent: not away). */
  awayUntil?: number;
}

export interface LogLine {
  at: number;
  seat: number;
  text: string;
  /** Absent: the play. */
  kind?: LogKind;
}

/** A plain, already-decoded picture of the table, rebuilt after each patch. */
export interface TableSnapshot<Pub = unknown, Priv = unknown> {
  game: string;
  tableName: string;
  status: TableStatus;
  phase: string;
  /** Local-clock epoch ms (server deadline corrected by the clock offset); 0 = none. */
  deadline: number;
  deadlineSeat: number;
  host: number;
  code: string;
  isPrivate: boolean;
  /** The host marked the table competitive: no hints (absent offline and in replays: no hints there either). */
  competitive?: boolean;
  options: Record<string, unknown>;
  seats: SeatInfo[];
  spectators: number;
  /** The spectators' names (absent where there are none to tell: offline, replays). */
  watchers?: string[];
  log: LogLine[];
  result: Outcome | null;
  toAct: number[];
  /** The seat this screen plays (-1: spectator). In hot-seat play it follows the seat to act. */
  mySeat: number;
  /** Actions mySeat may send now, parsed from the seat's `legal` strings. */
  legal: GameAction[];
  /** The game's own view for mySeat (private is null for spectators). */
  view: GameView<Pub, Priv> | null;
  /** Waiting to carry on a loaded saved game (its seats keep their saved names, options are fixed). */
  savedGame?: boolean;
  /** The match's lineage: the key this browser's claim codes for its saves are kept under. */
  lineage?: string;
}

export interface TableEvents {
  change: TableSnapshot;
  event: GameEvent;
  chat: ChatLine;
  error: RuleError;
  conn: ConnState;
  /**
   * This connection lost its seat: the host removed it, or another connection (another tab or
   * device) re-claimed the seat with its token (`takenOver`: the seat token still works here).
   */
  kicked: { reason: string; takenOver: boolean };
  /** The answer to the host's `save`: the match so far, as a file. */
  saved: SavedMatch;
  /** This seat's own claim code for saves of the match, new to this browser (already kept in it). */
  claim: SeatClaim;
  /** The answer to this seat's `hint`: what the normal bot would play from its view. */
  hint: HintMessage;
  /** The table is gone for good (left, closed, or reconnection gave up). */
  closed: { reason: string };
  /** To a spectator: one of this table's people opened a next table (ServerMsg.nextTable). */
  nextTable: NextTableMessage;
}

export interface TableConnection {
  readonly kind: 'online' | 'local';
  readonly roomId: string;
  snapshot(): TableSnapshot | null;
  connState(): ConnState;
  on<K extends keyof TableEvents>(type: K, fn: (payload: TableEvents[K]) => void): () => void;
  /** Send a game action (one of snapshot().legal). */
  send(action: GameAction): void;
  /** Host commands and chat (protocol message types other than `action`). */
  command(type: ClientMsgType, payload?: unknown): void;
  leave(): void;
  /** Whether this connection can ask the server for a hint (online tables only). */
  readonly hints?: boolean;
  /** Local play: true when two people share this screen (the view follows the seat to act). */
  readonly hotSeat?: boolean;
}
