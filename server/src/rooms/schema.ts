/**
 * The synchronised state every game room shares. A game takes its own copy of the three base
 * classes from gameSchemas() and subclasses them: GameRoomState (its public fields), SeatState (its
 * per-seat public fields plus a `@view()` private child) and PrivateState (the seat's secrets).
 * Only the seat's own StateView ever contains its private child.
 */
import { ArraySchema, Schema, type } from '@colyseus/schema';
import { type BotLevel, DEFAULT_BOT_LEVEL, type TableStatus } from '@parlor/shared';

/**
 * A game's own copies of the base classes. @colyseus/schema describes to each client every class a
 * room's state could hold, and that includes every subclass of every class it reaches: with bases
 * shared by all games, one game's room handshake described all five games (31 types, 8 KB), and
 * each client spent about 0.6 MB and 5 ms building them on every join. Per-game bases keep each
 * room's handshake to its own game (a card game's: 6 types, 1.2 KB).
 */
export function gameSchemas(): GameSchemas {
  /** A seat's secrets. `legal` lists the exact `action` payloads (JSON strings) it may send now. */
  class PrivateState extends Schema {
    @type(['string']) legal = new ArraySchema<string>();
  }

  class SeatState extends Schema {
    @type('string') name = '';
    @type('boolean') occupied = false;
    @type('boolean') connected = false;
    /** A bot sits here for the whole match. */
    @type('boolean') bot = false;
    /** A bot plays for a person who is away; their seat token hands the seat back. */
    @type('boolean') botControlled = false;
    /** How well the bot at this seat plays (BotLevel); the host sets it while waiting. */
    @type('string') botLevel: BotLevel = DEFAULT_BOT_LEVEL;
    /** Dropped, and may come back until this epoch ms (then a bot plays, or the seat is freed); 0 = not away. */
    @type('float64') awayUntil = 0;

    /**
     * Declared (not decorated) here: each game's seat class decorates it with
     * `@view() @type(ItsPrivateState)` so the field is typed per game and hidden by construction.
     */
    declare private: PrivateState;
  }

  class GameRoomState extends Schema {
    @type('string') game = '';
    @type('string') tableName = '';
    @type('string') status: TableStatus = 'waiting';
    @type('string') phase = '';
    /** Epoch ms when the current timed window ends; 0 = no timer. */
    @type('float64') deadline = 0;
    @type('int8') deadlineSeat = -1;
    /**
     * Server clock (epoch ms) when `deadline` was set, to refine the client's clock offset. Not
     * refreshed on every patch: that would cost every patch a float for a value only timers need.
     */
    @type('float64') serverTime = 0;
    @type('int8') host = -1;
    @type('string') code = '';
    @type('boolean') isPrivate = false;
    /** The host marked the table competitive: nobody may ask for a hint (roomHints.ts). */
    @type('boolean') competitive = false;
    /** The table's game options as a JSON string. */
    @type('string') options = '{}';
    @type([SeatState]) seats = new ArraySchema<SeatState>();
    @type('uint16') spectators = 0;
    /**
     * The public log: a ring of Limits.logEntries slots, each one line encoded by encodeStateLogLine
     * (`[seq, at, seat, text]`). Once full, the oldest slot is overwritten in place (a patch of one
     * string, not a shift of the whole array); `seq` orders the lines.
     */
    @type(['string']) log = new ArraySchema<string>();
    /** JSON of the Outcome once finished; '' while waiting or playing. */
    @type('string') result = '';
    @type(['int8']) toAct = new ArraySchema<number>();
    /** Waiting to carry on a loaded saved game: its seats and options are fixed. */
    @type('boolean') savedGame = false;
    /**
     * The match's lineage: its id at the table it began at, kept by tables that load its saves. A
     * seat's claim code (ServerMsg.claim) is kept under it; nothing secret.
     */
    @type('string') lineage = '';
    /** The names of the spectators, in the order they came. */
    @type(['string']) watchers = new ArraySchema<string>();
  }

  return { PrivateState, SeatState, GameRoomState };
}

/** A seat's secrets. `legal` lists the exact `action` payloads (JSON strings) it may send now. */
export interface PrivateState extends Schema {
  legal: ArraySchema<string>;
}

/** A seat as platform code sees it, whatever the game (its own class adds its fields). */
export interface SeatState extends Schema {
  name: string;
  occupied: boolean;
  connected: boolean;
  bot: boolean;
  botControlled: boolean;
  botLevel: BotLevel;
  awayUntil: number;
  private: PrivateState;
}

/** A room's state as platform code sees it, whatever the game (see the fields in gameSchemas). */
export interface GameRoomState extends Schema {
  game: string;
  tableName: string;
  status: TableStatus;
  phase: string;
  deadline: number;
  deadlineSeat: number;
  serverTime: number;
  host: number;
  code: string;
  isPrivate: boolean;
  competitive: boolean;
  options: string;
  seats: ArraySchema<SeatState>;
  spectators: number;
  log: ArraySchema<string>;
  result: string;
  toAct: ArraySchema<number>;
  savedGame: boolean;
  lineage: string;
  watchers: ArraySchema<string>;
}

/** One game's base classes, to subclass. */
export interface GameSchemas {
  PrivateState: new () => PrivateState;
  SeatState: new () => SeatState;
  GameRoomState: new () => GameRoomState;
}
