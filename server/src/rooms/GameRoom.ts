/**
 * The one Colyseus room every game reuses. A game contributes a GameAdapter (rules + schema +
 * projection); this room owns seats, spectators, reconnection, the lobby listing and errors.
 * Message handlers live in roomMessages.ts, the match itself (apply, projection, timers, bots) in
 * MatchFlow.ts, seat bookkeeping in SeatBook.ts.
 */
import {
  type Client,
  type ClientPrivate,
  ClientState,
  CloseCode as ColyseusCloseCode,
  type Deferred,
  Room,
  ServerError,
  updateLobby,
} from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import {
  type AnyGameDefinition,
  type ChatLine,
  CloseCode,
  ErrorCode,
  type ErrorMessage,
  type GameAction,
  type GameEvent,
  JoinErrorCode,
  type JoinOptions,
  JoinOptionsSchema,
  Limits,
  decodeStateLogLine,
  encodeStateLogLine,
  parseRecordedOptions,
  type Outcome,
  type SavedMatch,
  ServerMsg,
  type TableMetadata,
  type Seed,
  type WelcomeMessage,
} from '@parlor/shared';
import type { ServerConfig } from '../config';
import { matchStoreOf } from '../storage/FileMatchStore';
import type { MatchStore, TableLog } from '../storage/MatchStore';
import type { RecordLine, StoredSeat, StoredTable, TableHeader } from '../storage/records';
import { type RestoreTicket, takeRestoreTicket } from '../storage/restoreTickets';
import { WriteCoalescer } from './writeCoalescer';
import type { AnyGameAdapter } from './GameAdapter';
import { type ApplySource, MatchFlow, type MatchRecord } from './MatchFlow';
import { newMatchSeed } from './matchSeeds';
import type { Timers } from './TurnScheduler';
import { registerRoomMessages } from './roomMessages';
import { checkSavedGame, matchFileOf, savedMatchOf, type MatchPlace } from './savedGames';
import { type SaveKey, saveKeyFor } from '../storage/saveKey';
import { claimMatches } from './claims';
import type { GameRoomState } from './schema';
import { SeatBook } from './SeatBook';
import { type ShapeBound, wellFormedDeep, withinShape } from './wellFormed';
import { newJoinCode } from './secrets';
import { findTableByCode } from './tablesApi';
import { FloodGuard, TokenBucket } from './tokenBucket';

export type { ApplySource, MatchRecord };

/** One connected client: a seat holder or a spectator (seat -1). */
export interface Member {
  seat: number;
  name: string;
  rate: TokenBucket;
  chat: TokenBucket;
  save: TokenBucket;
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

interface AuthResult {
  spectator: boolean;
  name: string;
  /** A seat re-claimed with a seat token, and that token; -1 / '' for a fresh claim. */
  seat: number;
  token: string;
  /** The seat asked for (join option `seat`), taken if it is free. */
  wanted?: number;
  /** A loaded saved game's seat claim code (join option `claim`). */
  claim?: string;
  address: string;
  barred: boolean;
}

/** The seating as the record keeps it. */
interface SeatsSnapshot {
  seats: StoredSeat[];
  host: number;
  options: unknown;
  code: string;
}

/** The per-client message budgets (protocol Limits by default). */
export interface RoomLimits {
  rateBurst: number;
  ratePerSecond: number;
  chatBurst: number;
  chatPerSecond: number;
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

/** Far above what a table sends a reading client at once (a whole Tactical Risk state is ~10 KB). */
const BACKLOG_BYTES = 1024 * 1024;
const BACKLOG_GRACE_MS = 5000;
/** Above the largest single message (a long match's saved file, about 1.5 MB for 27,000 actions). */
const BACKLOG_HARD_BYTES = 16 * 1024 * 1024;
/** A connection the server closes is cut this long after the close frame, answered or not. */
const CLOSE_GRACE_MS = 1000;

/** Join options nest a few levels (a saved game's actions); the game's own options hardly any. */
const JOIN_OPTIONS_SHAPE: ShapeBound = { depth: 24, nodes: 1_000_000 };
const GAME_OPTIONS_SHAPE: ShapeBound = { depth: 8, nodes: 1_000 };
export const DEFAULT_ROOM_LIMITS: RoomLimits = {
  rateBurst: Limits.rateBurst,
  ratePerSecond: Limits.ratePerSecond,
  chatBurst: Limits.chatBurst,
  chatPerSecond: Limits.chatPerSecond,
};

/** Patches go out with each change; this interval only catches a change nobody patched. */
const SAFETY_PATCH_MS = 1000;

export class GameRoom extends Room<{ state: GameRoomState; metadata: TableMetadata }> {
  /** Set by gameRoomClass() for each registered game. */
  adapter!: AnyGameAdapter;
  cfg!: ServerConfig;
  limits: RoomLimits = DEFAULT_ROOM_LIMITS;
  /** Where match seeds come from (tests fix it; a client can never choose a seed). */
  newSeed: () => Seed = newMatchSeed;

  def!: AnyGameDefinition;
  seatBook!: SeatBook;
  gameOptions: unknown;
  flow!: MatchFlow;
  readonly members = new Map<string, Member>();
  /** Open reconnection windows by seat. */
  private readonly pendingReconnections = new Map<
    number,
    { deferred: Deferred<Client>; sessionId: string }
  >();
  private autoStart = false;
  private lastMetadata: TableMetadata | null = null;
  /** This table's durable record (null when persistence is off or failed for this table). */
  private tableLog: TableLog | null = null;
  /** The seating last written to the record, to write it on change only. */
  private lastSeats: SeatsSnapshot | null = null;
  /** Set when the server shuts down: the record is kept (and no longer written) for the next run. */
  private shuttingDown = false;
  /** After a restart: when the players' window to come back ends. */
  private restoreWindow: ReturnType<typeof setTimeout> | null = null;
  /** Matches begun at this table (rematches included); numbers the history entries. */
  private matchCount = 0;
  /** The record's first line (kept to start the record afresh on a rematch). */
  private header: TableHeader | null = null;
  /** A loaded saved game, carried on when the host starts (create with `load`). */
  private savedGame: MatchRecord | null = null;

  /** Where this table's record goes (one store per DATA_DIR). */
  get store(): MatchStore {
    return matchStoreOf(this.cfg);
  }
  private readonly writes = new WriteCoalescer();
  /** Deadlines and bot delays (see TurnScheduler): a callback that throws is reported, never fatal. */
  private readonly timers: Timers = {
    setTimeout: (callback, ms) => {
      const handle = setTimeout(() => {
        try {
          callback();
        } catch (e) {
          this.onUncaughtException(e as Error, 'timer');
        }
      }, ms);
      return { clear: () => clearTimeout(handle) };
    },
  };
  /** Sequence number of the last log line (see GameRoomState.log). */
  private logSeq = 0;

  override onCreate(rawOptions: unknown): Promise<void> {
    // Colyseus 0.18 discards a room whose onCreate failed, its timers included.
    return this.createTable(rawOptions);
  }

  private createTable(rawOptions: unknown): Promise<void> {
    this.def = this.adapter.definition;
    // Every change patches at once (touch()); the interval is only a safety net, and at the 50 ms
    // default it would wake every idle table 20 times a second.
    this.patchRate = SAFETY_PATCH_MS;
    const restore = takeRestoreTicket(rawOptions);
    if (restore) return this.restoreTable(restore);
    const opts = parseJoinOptions(rawOptions, 'table options');
    if (opts.options !== undefined && !withinShape(opts.options, GAME_OPTIONS_SHAPE))
      throw joinError('BAD_OPTIONS', 'The game options are nested too deep or too large.');
    const loaded = opts.load === undefined ? null : checkSavedGame(this.def, opts.load, this.saveKey());
    if (loaded?.ok === false) throw joinError(loaded.code, loaded.message);
    const saved = loaded?.ok ? loaded.record : null;
    if (loaded?.ok && !opensASeat(loaded.claims, opts.seat, opts.claim)) {
      throw joinError(
        'CLAIM_NEEDED',
        'Say which saved seat is yours with its claim code (each person’s seat has one in the file).',
      );
    }
    const seatCount = saved?.seats.length ?? opts.seats ?? this.def.seats.max;
    if (seatCount < this.def.seats.min || seatCount > this.def.seats.max) {
      throw joinError(
        'BAD_OPTIONS',
        `${this.def.title} takes ${this.def.seats.min} to ${this.def.seats.max} seats.`,
      );
    }
    const gameOptions = saved
      ? parseRecordedOptions(this.def, saved.options)
      : this.def.optionsSchema.safeParse(opts.options ?? {});
    if (!gameOptions.success)
      throw joinError('BAD_OPTIONS', `Bad game options: ${gameOptions.error.issues[0]?.message}`);
    this.gameOptions = gameOptions.data;

    const state = this.adapter.createState();
    state.game = this.def.id;
    state.tableName = opts.tableName || (loaded?.ok ? loaded.tableName : '') || `${opts.name}'s table`;
    state.isPrivate = opts.private === true;
    state.options = JSON.stringify(this.gameOptions);
    for (let i = 0; i < seatCount; i++) state.seats.push(this.adapter.createSeat());
    this.state = state;
    this.seatBook = new SeatBook(state);
    this.maxClients = seatCount + this.cfg.spectatorCap;
    const header: TableHeader = {
      t: 'table',
      v: 1,
      roomId: this.roomId,
      roomName: this.roomName,
      game: this.def.id,
      tableName: state.tableName,
      private: state.isPrivate,
      seats: seatCount,
      vsBots: opts.vsBots === true && !saved,
      createdAt: Date.now(),
    };
    this.openRecord(header);
    this.flow = this.createFlow();
    if (saved && loaded?.ok) {
      const { claims } = loaded;
      this.awaitSavedGame(saved, claims);
      // Kept over a restart while its players gather (a `start` line follows when it carries on).
      const { seed, seats, options, startedAt, actions } = saved;
      this.record({
        t: 'loaded',
        at: Date.now(),
        match: { seed, seats, options, startedAt, actions, claims },
      });
    } else if (opts.vsBots) {
      for (let i = 1; i < seatCount; i++) this.seatBook.seatBot(i, botName(i));
      this.autoStart = true;
    }
    registerRoomMessages(this);
    return this.initListing(opts.private === true);
  }

  /**
   * The saved players' seats wait for them (bots stay bots), each opened by its claim code alone;
   * the host starts when all are back.
   */
  private awaitSavedGame(saved: MatchRecord, claims: (string | null)[] = []): void {
    this.savedGame = saved;
    this.state.savedGame = true;
    this.seatBook.reserve(
      saved.seats.map((s) => s.name),
      claims,
    );
    saved.seats.forEach((s, i) => {
      if (s.bot && !this.state.seats[i]?.occupied) this.seatBook.seatBot(i, s.name);
    });
  }

  private createFlow(): MatchFlow {
    return new MatchFlow(this.adapter, {
      state: this.state,
      timers: this.timers,
      botDelayMs: this.cfg.botDelayMs,
      label: `${this.roomName} ${this.roomId}`,
      newSeed: () => this.newSeed(),
      log: (seat, text) => this.log(seat, text),
      sendEvents: (events) => this.sendEvents(events),
      touch: () => this.touch(),
      matchStarted: (record) => this.onMatchStarted(record),
      actionAccepted: (seat, action, at) => this.onActionAccepted(seat, action, at),
      matchFinished: (record) => this.onMatchFinished(record),
      deadlineSet: (key, deadlineAt) => this.record({ t: 'deadline', at: Date.now(), key, deadlineAt }),
    });
  }

  private async initListing(isPrivate: boolean): Promise<void> {
    if (isPrivate) await this.setPrivate(true);
    let code = newJoinCode(Limits.joinCodeLength);
    for (let tries = 0; tries < 10 && (await findTableByCode(code)); tries++)
      code = newJoinCode(Limits.joinCodeLength);
    this.state.code = code;
    this.touch();
  }

  override onAuth(client: Client, rawOptions: unknown): AuthResult {
    const { name, spectator, seatToken, seat: wanted, claim } = parseJoinOptions(rawOptions, 'join options');
    const address = addressOf(client);
    if (seatToken) {
      const seat = this.seatBook.seatOfToken(seatToken);
      if (seat >= 0) return { spectator: false, name, seat, token: seatToken, address, barred: false };
    }
    const barred = this.seatBook.isBarred(seatToken, address);
    if (spectator) {
      if (this.state.spectators >= this.cfg.spectatorCap) {
        throw joinError('SPECTATORS_FULL', 'This table has as many spectators as it admits.');
      }
      return { spectator: true, name, seat: -1, token: '', address, barred };
    }
    if (barred) throw joinError('KICKED', 'The host removed you from this table: you can watch it.');
    if (this.state.status !== 'waiting')
      throw joinError('TABLE_FULL', 'This match has started: you can watch it.');
    if (this.seatBook.firstFree() < 0) throw joinError('TABLE_FULL', 'This table is full: you can watch it.');
    if (this.seatBook.seatFor(name, wanted, claim) < 0)
      throw joinError(
        'CLAIM_NEEDED',
        claim
          ? 'That claim code opens no free seat of this saved game: check it, or watch.'
          : 'The seats of this saved game are kept for its players: join with your seat’s claim code (the host has it), or watch.',
      );
    return { spectator: false, name, seat: -1, token: '', wanted, claim, address, barred };
  }

  override onJoin(client: Client, _options: unknown, auth: AuthResult): void {
    client.view = new StateView();
    const member: Member = {
      seat: -1,
      name: auth.name,
      rate: new TokenBucket(this.limits.rateBurst, this.limits.ratePerSecond),
      chat: new TokenBucket(this.limits.chatBurst, this.limits.chatPerSecond),
      save: new TokenBucket(Limits.saveBurst, Limits.savePerSecond),
      flood: this.newFloodGuard(),
      address: auth.address,
      barred: auth.barred,
      closing: false,
      backlogSince: 0,
      backlogMark: 0,
    };
    let token = '';
    if (auth.spectator) {
      this.state.spectators += 1;
      this.syncWatchers(member);
    } else if (auth.seat >= 0) {
      member.seat = auth.seat;
      token = auth.token;
      this.takeOverSeat(auth.seat, client);
      this.log(auth.seat, `${this.seatName(auth.seat)} is back`);
    } else {
      member.seat = this.seatBook.seatFor(auth.name, auth.wanted, auth.claim);
      if (member.seat < 0) throw joinError('TABLE_FULL', 'This table is full: you can watch it.');
      token = this.seatBook.seatPerson(member.seat, auth.name, client.sessionId);
      this.log(member.seat, `${this.seatName(member.seat)} sits down`);
    }
    this.members.set(client.sessionId, member);
    if (member.seat >= 0) {
      client.view.add(this.state.seats[member.seat]!.private);
      if (this.state.host < 0) this.state.host = member.seat;
    }
    // The seat token must be on disk before its owner can hold it.
    this.recordSeats();
    this.durableBeforeSending();
    const welcome: WelcomeMessage = { seat: member.seat, seatToken: token, serverTime: Date.now() };
    client.send(ServerMsg.welcome, welcome);
    if (this.autoStart && this.state.status === 'waiting' && this.seatBook.allOccupied()) this.startMatch();
    else this.touch();
  }

  /** A seat token came back on a new session: end any older session on that seat first. */
  private takeOverSeat(seat: number, client: Client): void {
    const oldSession = this.seatBook.sessionOf(seat);
    if (oldSession && oldSession !== client.sessionId) {
      this.members.delete(oldSession);
      const old = this.clients.getById(oldSession);
      old?.send(ServerMsg.kicked, {
        reason: 'Your seat was taken over by another connection with your seat token.',
      });
      old?.leave();
    }
    this.cancelReconnection(seat);
    this.seatBook.reclaim(seat, client.sessionId);
  }

  override async onLeave(client: Client, code?: number): Promise<void> {
    const consented = code === ColyseusCloseCode.CONSENTED;
    const member = this.members.get(client.sessionId);
    if (!member) return; // kicked or replaced: already handled
    if (member.seat < 0) {
      await this.spectatorLeft(client, consented);
      return;
    }
    const seat = member.seat;
    if (consented) {
      this.members.delete(client.sessionId);
      this.abandonSeat(seat);
      return;
    }
    this.state.seats[seat]!.connected = false;
    // Everyone sees how long the seat waits for its player before a bot plays it (or it is freed).
    this.state.seats[seat]!.awayUntil = Date.now() + this.cfg.reconnectSeconds * 1000;
    this.touch();
    const reconnection = this.allowReconnection(client, this.cfg.reconnectSeconds);
    this.pendingReconnections.set(seat, { deferred: reconnection, sessionId: client.sessionId });
    try {
      await reconnection;
      this.reconnected(client);
      if (this.seatBook.sessionOf(seat) === client.sessionId) {
        this.state.seats[seat]!.connected = true;
        this.touch();
      }
    } catch {
      // The window ran out, or the seat was re-claimed / kicked meanwhile (already handled then).
      this.members.delete(client.sessionId);
      if (this.seatBook.sessionOf(seat) === client.sessionId) this.abandonSeat(seat);
    } finally {
      if (this.pendingReconnections.get(seat)?.deferred === reconnection) {
        this.pendingReconnections.delete(seat);
        this.state.seats[seat]!.awayUntil = 0;
      }
    }
  }

  /** The member is back on a new connection: it starts with a clean slate (see cutOff()). */
  private reconnected(client: Client): void {
    const member = this.members.get(client.sessionId);
    if (!member) return;
    member.address = addressOf(client) || member.address;
    member.closing = false;
    member.backlogSince = 0;
    member.backlogMark = 0;
    member.flood = this.newFloodGuard();
  }

  private newFloodGuard(): FloodGuard {
    const { rateBurst, ratePerSecond, floodBurst, floodPerSecond } = this.limits;
    return new FloodGuard(floodBurst ?? 3 * rateBurst, floodPerSecond ?? ratePerSecond);
  }

  /** `state.watchers`: the spectators' names (`joining`: one not yet among the members). */
  private syncWatchers(joining?: Member): void {
    const names = [...this.members.values(), ...(joining ? [joining] : [])]
      .filter((m) => m.seat < 0)
      .map((m) => m.name);
    const list = this.state.watchers;
    while (list.length > names.length) list.pop();
    names.forEach((name, i) => {
      if (i >= list.length) list.push(name);
      else if (list[i] !== name) list[i] = name;
    });
  }

  /** A dropped spectator may come back with `client.reconnect()` within the same window. */
  private async spectatorLeft(client: Client, consented: boolean): Promise<void> {
    if (!consented) {
      try {
        await this.allowReconnection(client, this.cfg.reconnectSeconds);
        this.reconnected(client);
        return;
      } catch {
        // gone for good
      }
    }
    this.members.delete(client.sessionId);
    this.state.spectators = Math.max(0, this.state.spectators - 1);
    this.syncWatchers();
    this.touch();
  }

  /** The person left for good: free the seat while waiting, else a bot plays it until they return. */
  private abandonSeat(seat: number): void {
    const name = this.seatName(seat);
    if (this.state.status === 'waiting') {
      this.seatBook.free(seat);
      this.log(seat, `${name} left`);
    } else {
      this.seatBook.detachSession(seat);
      if (this.state.status === 'playing') {
        this.state.seats[seat]!.botControlled = true;
        this.log(seat, `${name} is away: a bot plays for them`);
      }
    }
    if (this.state.host === seat) this.state.host = this.seatBook.nextConnectedPerson(seat);
    this.refreshPlay();
  }

  override onDispose(): void {
    this.flow?.dispose();
    if (this.restoreWindow) clearTimeout(this.restoreWindow);
    const log = this.tableLog;
    this.tableLog = null;
    if (!log) return;
    // On a shutdown the record stays, whole on disk, and the next start resumes the table.
    if (this.shuttingDown) {
      this.guard('close', () => log.close());
      return;
    }
    // Closed for good (everyone is gone): the record goes, so it is not synced first. The store
    // removes it once this table's finished matches are in the history's files (until then a
    // restart would write them from it: repairHistory).
    this.guard('close', () => log.close({ sync: false }));
    this.guard('remove', () => this.store.remove(log.roomId));
  }

  /** Colyseus calls this on SIGTERM/SIGINT before it disconnects everyone. */
  override onBeforeShutdown(): void {
    this.recordSeats();
    this.guard('flush', () => this.tableLog?.sync());
    // Leaving players must not be recorded as leaving, nor bots play on: the table resumes as it is.
    this.shuttingDown = true;
    this.flow?.dispose();
    super.onBeforeShutdown();
  }

  override onUncaughtException(error: Error & { client?: Client }, methodName: string): void {
    // A refused join (ServerError from onCreate/onAuth/onJoin) is an answer, not a failure.
    if (error.cause instanceof ServerError) return;
    console.error(
      `[${this.roomName} ${this.roomId}] uncaught exception in ${methodName}:`,
      error.cause ?? error,
    );
    error.client?.send(ServerMsg.error, {
      code: ErrorCode.INTERNAL,
      message: 'The server failed on that message.',
    });
  }

  // ---- the match (see MatchFlow) -------------------------------------------------------------

  get match(): MatchFlow['match'] {
    return this.flow.match;
  }

  startMatch(): ErrorMessage | null {
    const saved = this.savedGame;
    if (!saved) return this.flow.start(this.gameOptions);
    // A loaded saved game: recorded like any match (seed, then every action so far), then rebuilt.
    this.savedGame = null;
    this.state.savedGame = false;
    this.onMatchStarted(saved);
    for (const a of saved.actions) this.onActionAccepted(a.seat, a.action, a.at);
    this.log(-1, `The saved match carries on from move ${saved.actions.length + 1}`);
    this.flow.restore({ record: saved, outcome: null, resume: null });
    return null;
  }

  /** The match being played, as the file the host saves (null when none is being played). */
  savedMatch(): SavedMatch | null {
    const match = this.flow.match;
    if (!match || this.state.status !== 'playing') return null;
    return savedMatchOf(this.matchPlace(), match.record, this.saveKey());
  }

  /** This server's key for saved games (DATA_DIR/save-key). */
  private saveKey(): SaveKey {
    return saveKeyFor(this.cfg.dataDir);
  }

  private matchPlace(): MatchPlace {
    return { roomId: this.roomId, tableName: this.state.tableName, matchNumber: this.matchCount };
  }

  /**
   * While waiting: a spectator takes a free seat, or a seated person moves to one (a loaded saved
   * game's players pick their own). The client gets a new `welcome` with the seat's token.
   */
  sit(client: Client, member: Member, seat: number, claim?: string): ErrorMessage | null {
    const target = this.seatBook.seat(seat);
    if (!target) return { code: ErrorCode.NO_SUCH_SEAT, message: `There is no seat ${seat + 1}.` };
    if (target.occupied) return { code: ErrorCode.SEAT_TAKEN, message: `Seat ${seat + 1} is taken.` };
    if (!this.seatBook.claimOpens(seat, claim)) {
      const whose = target.name ? `${target.name}’s seat` : `seat ${seat + 1}`;
      return {
        code: ErrorCode.BAD_CLAIM,
        message: claim
          ? `That is not the claim code of ${whose}: the host who loaded the game has the right one.`
          : `This is ${whose}, kept for its player: enter its claim code (the host who loaded the game has it).`,
      };
    }
    const from = member.seat;
    if (from >= 0) {
      client.view?.remove(this.state.seats[from]!.private);
      this.seatBook.free(from);
    } else {
      this.state.spectators = Math.max(0, this.state.spectators - 1);
      member.seat = seat;
      this.syncWatchers();
    }
    const seatToken = this.seatBook.seatPerson(seat, member.name, client.sessionId);
    member.seat = seat;
    client.view?.add(this.state.seats[seat]!.private);
    if (this.state.host < 0 || this.state.host === from) this.state.host = seat;
    this.log(seat, `${this.seatName(seat)} sits down`);
    this.recordSeats();
    this.durableBeforeSending();
    const welcome: WelcomeMessage = { seat, seatToken, serverTime: Date.now() };
    client.send(ServerMsg.welcome, welcome);
    this.touch();
    return null;
  }

  applyFor(seat: number, action: GameAction, source: ApplySource): ErrorMessage | null {
    return this.flow.apply(seat, action, source);
  }

  /** Re-project the match (after any seat change too) and patch. */
  refreshPlay(): void {
    this.flow.refresh();
  }

  /** Send the patch now (turn-based: no 50 ms batching), update the lobby. */
  touch(): void {
    this.recordSeats();
    this.durableBeforeSending();
    this.broadcastPatch();
    this.publishMetadata();
  }

  /** Every patch, and the safety interval's every second: a client that does not read is let go. */
  override broadcastPatch(): boolean {
    const changed = super.broadcastPatch();
    this.checkBacklogs();
    return changed;
  }

  /** A chat line to everyone (the sender's backlog and everyone else's are checked with it). */
  broadcastChat(line: ChatLine): void {
    this.broadcast(ServerMsg.chat, line);
    this.checkBacklogs();
  }

  private checkBacklogs(): void {
    const now = Date.now();
    for (const client of this.clients) this.checkBacklog(client, now);
  }

  /**
   * What the server queued for a client and the network has not taken grows only when the client
   * stops reading (a paused or malicious socket), or reads slower than the table talks. Over the
   * bound without shrinking for a few seconds (a slow reader draining a large message shrinks it),
   * or far over it at once, the client is disconnected and its buffers go with the connection; a
   * seated player keeps the seat for the reconnection window, as after any drop.
   */
  private checkBacklog(client: Client, now: number): void {
    const member = this.members.get(client.sessionId);
    if (!member || member.closing) return;
    const bytes = backlogOf(client);
    if (bytes <= (this.limits.backlogBytes ?? BACKLOG_BYTES)) {
      member.backlogSince = 0;
      return;
    }
    if (!member.backlogSince || bytes < member.backlogMark) {
      member.backlogSince = now;
      member.backlogMark = bytes;
    }
    const grace = this.limits.backlogGraceMs ?? BACKLOG_GRACE_MS;
    if (bytes > (this.limits.backlogHardBytes ?? BACKLOG_HARD_BYTES) || now - member.backlogSince >= grace)
      this.cutOff(client, CloseCode.BACKLOG, `${bytes} bytes unread`);
  }

  /**
   * Ends a connection from the server's side with a close code (CloseCode). Not a kick: the
   * member's leave goes the usual way (a seat waits for its player to reconnect). A client that
   * does not read never answers the close frame, so the socket is cut a moment later, freeing
   * what was queued for it.
   */
  cutOff(client: Client, code: number, why: string): void {
    const member = this.members.get(client.sessionId);
    if (member) {
      if (member.closing) return;
      member.closing = true;
    }
    console.warn(`[${this.roomName} ${this.roomId}] disconnecting ${client.sessionId} (${code}): ${why}`);
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
      if (!joined && this.clients.getById(client.sessionId) === client) void this['_onLeave'](client, code);
    }, CLOSE_GRACE_MS).unref();
  }

  /**
   * Durable before anyone sees it: whatever the record holds so far reaches the disk before
   * anything sent from now on reaches a client. What is sent meanwhile (events, the patch, a
   * welcome) waits in the corked client sockets until the store's fdatasync is done; that runs
   * off the event loop, so other tables are served meanwhile.
   */
  private durableBeforeSending(): void {
    const log = this.tableLog;
    if (!log?.dirty) return;
    const release = this.writes.holdUntil(this.clients);
    let started = false;
    this.guard('sync', () => {
      log.syncAsync(release);
      started = true;
    });
    if (!started) release();
  }

  /** The lobby's line for this table, when it changed (runs on every touch: compares, then allocates). */
  private publishMetadata(): void {
    const state = this.state;
    const host = state.seats[state.host]?.name ?? '';
    const seatsTaken = this.seatBook.occupiedCount();
    const last = this.lastMetadata;
    if (
      last &&
      last.tableName === state.tableName &&
      last.host === host &&
      last.seatsTaken === seatsTaken &&
      last.seatsTotal === this.seatBook.count &&
      last.status === state.status &&
      last.spectators === state.spectators &&
      last.private === state.isPrivate &&
      last.code === state.code
    )
      return;
    const metadata: TableMetadata = {
      game: this.def.id,
      tableName: state.tableName,
      host,
      seatsTaken,
      seatsTotal: this.seatBook.count,
      status: state.status,
      spectators: state.spectators,
      private: state.isPrivate,
      code: state.code,
    };
    this.lastMetadata = metadata;
    this.setMetadata(metadata).then(
      () => updateLobby(this),
      (e: unknown) => console.error(`[${this.roomName} ${this.roomId}] listing update failed`, e),
    );
  }

  // ---- helpers for message handlers -----------------------------------------------------------

  log(seat: number, text: string): void {
    const at = Date.now();
    this.record({ t: 'log', at, seat, text });
    this.putLogLine(this.state, at, seat, text);
  }

  /** The next line into the log ring: appended until it is full, then over the oldest slot. */
  private putLogLine(state: GameRoomState, at: number, seat: number, text: string): void {
    const seq = ++this.logSeq;
    const encoded = encodeStateLogLine({ seq, at, seat, text });
    if (state.log.length < Limits.logEntries) state.log.push(encoded);
    else state.log[(seq - 1) % Limits.logEntries] = encoded;
  }

  seatName(seat: number): string {
    return this.state.seats[seat]?.name || `Seat ${seat + 1}`;
  }

  clientOfSeat(seat: number): Client | undefined {
    const session = this.seatBook.sessionOf(seat);
    return session ? this.clients.getById(session) : undefined;
  }

  /**
   * One message per action. A seat with private events gets the public ones with its own merged in
   * order; every other client gets the public ones only (usually a single broadcast).
   */
  private sendEvents(events: GameEvent[]): void {
    // The patch follows in this tick: let both leave in one write per client.
    this.writes.hold(this.clients);
    if (events.every((e) => e.to === undefined)) {
      this.broadcast(ServerMsg.events, events);
      return;
    }
    const publicEvents = events.filter((e) => e.to === undefined);
    const privateSeats = [...new Set(events.flatMap((e) => (e.to === undefined ? [] : [e.to])))];
    const except: Client[] = [];
    for (const seat of privateSeats) {
      const client = this.clientOfSeat(seat);
      if (!client) continue;
      except.push(client);
      client.send(
        ServerMsg.events,
        events.filter((e) => e.to === undefined || e.to === seat),
      );
    }
    if (publicEvents.length) this.broadcast(ServerMsg.events, publicEvents, { except });
  }

  sendError(client: Client, error: ErrorMessage): void {
    client.send(ServerMsg.error, error);
    this.checkBacklog(client, Date.now());
  }

  /** Ends a session without the reconnection path (kick). */
  dropMember(client: Client): void {
    this.members.delete(client.sessionId);
  }

  cancelReconnection(seat: number): void {
    const pending = this.pendingReconnections.get(seat);
    if (!pending) return;
    this.pendingReconnections.delete(seat);
    // Colyseus clears its window timer only when the window runs out or the client returns.
    clearTimeout(this['_reservedSeatTimeouts'][pending.sessionId]);
    pending.deferred.reject(new Error('the seat was re-claimed or given away'));
  }

  // ---- persistence (server/src/storage) ---------------------------------------------------------

  /** A record past this many bytes starts afresh at the next rematch (compactRecord; tests lower it). */
  compactAfterBytes = 256 * 1024;

  /** A match began: with the accepted actions, `record` rebuilds it exactly. */
  protected onMatchStarted(record: MatchRecord): void {
    this.matchCount += 1;
    if (this.matchCount > 1) this.compactRecord();
    this.recordSeats();
    this.record({
      t: 'start',
      at: record.startedAt,
      seed: record.seed,
      seats: record.seats,
      options: record.options,
      number: this.matchCount,
    });
  }

  /** An action was accepted (already appended to the match record): durable before its effects are sent. */
  protected onActionAccepted(seat: number, action: GameAction, at: number): void {
    this.record({ t: 'action', at, seat, action });
  }

  protected onMatchFinished(record: MatchRecord): void {
    const finishedAt = Date.now();
    const outcome = JSON.parse(this.state.result) as Outcome;
    this.record({ t: 'finish', at: finishedAt, outcome });
    const file = matchFileOf(this.matchPlace(), record);
    this.guard('history', () => this.store.finish({ ...file, outcome, finishedAt }));
  }

  private openRecord(header: TableHeader): void {
    this.header = header;
    this.guard('create', () => {
      this.tableLog = this.store.create(header);
    });
  }

  /**
   * At a rematch, a record grown past compactAfterBytes starts afresh (header, seating, the visible
   * log), so a table that stays open all evening keeps a small file. A record holding several
   * matches reads fine (a `start` line replaces the match), so a busy table does this once every
   * few dozen matches, not at every rematch. Not while a finished match of this table is still on
   * its way to the history: until it lands, the record is what a restart writes it from.
   */
  private compactRecord(): void {
    const header = this.header;
    const old = this.tableLog;
    if (!header || !old || this.shuttingDown) return;
    if (old.bytes < this.compactAfterBytes || this.store.finishing(header.roomId)) return;
    const seats = this.seatsSnapshot();
    const lines: RecordLine[] = [
      header,
      { t: 'seats', at: Date.now(), ...seats },
      ...[...this.state.log]
        .map(decodeStateLogLine)
        .filter((l) => l !== null)
        .sort((a, b) => a.seq - b.seq)
        .map((l): RecordLine => ({ t: 'log', at: l.at, seat: l.seat, text: l.text })),
    ];
    this.guard('compact', () => {
      this.tableLog = this.store.rewrite(header.roomId, lines);
      this.markSeatsRecorded();
      // Replaced: not synced (the new record is durable with the next commit).
      old.close({ sync: false });
    });
  }

  /**
   * Appends a line: handed to the kernel soon, off the event loop (the journal's next write), and
   * durable before the next thing this table sends (durableBeforeSending, called by touch()).
   */
  private record(line: RecordLine): void {
    if (!this.tableLog || this.shuttingDown) return;
    this.guard('write', () => this.tableLog?.append(line));
  }

  /** Writes the seating (names, bots, token hashes), host, options and code when they changed. */
  private recordSeats(): void {
    if (!this.tableLog || this.shuttingDown) return;
    // Runs on every touch: compare with the last snapshot field by field, build one only on a change.
    if (!this.seatingChanged()) return;
    this.record({ t: 'seats', at: Date.now(), ...this.markSeatsRecorded() });
  }

  /** Whether anything seatsSnapshot() holds differs from the snapshot last recorded. */
  private seatingChanged(): boolean {
    const last = this.lastSeats;
    const seats = this.state.seats;
    if (!last || last.options !== this.gameOptions || last.host !== this.state.host) return true;
    if (last.code !== this.state.code || last.seats.length !== seats.length) return true;
    let changed = false;
    seats.forEach((s, i) => {
      const was = last.seats[i]!;
      if (
        was.name !== s.name ||
        was.occupied !== s.occupied ||
        was.bot !== s.bot ||
        was.tokenHash !== this.seatBook.tokenHashOf(i)
      )
        changed = true;
    });
    return changed;
  }

  /** The seating now becomes the one last recorded; returned for the record line. */
  private markSeatsRecorded(): SeatsSnapshot {
    return (this.lastSeats = this.seatsSnapshot());
  }

  private seatsSnapshot(): SeatsSnapshot {
    const seats: StoredSeat[] = this.state.seats.map((s, i) => ({
      name: s.name,
      occupied: s.occupied,
      bot: s.bot,
      tokenHash: this.seatBook.tokenHashOf(i),
    }));
    return { seats, host: this.state.host, options: this.gameOptions, code: this.state.code };
  }

  /** A storage failure (disk full, permissions) must not stop the game: it stops this table's record. */
  private guard(what: string, fn: () => void): void {
    try {
      fn();
    } catch (e) {
      console.error(
        `[${this.roomName} ${this.roomId}] storage ${what} failed; this table will not survive a restart:`,
        e,
      );
      const log = this.tableLog;
      this.tableLog = null;
      try {
        log?.close();
      } catch {
        // already failing
      }
    }
  }

  /**
   * Brings a table back after a restart, with the same id and join code: seats and their hashed
   * tokens, options, the public log, and the match rebuilt from its seed and accepted actions, its
   * timer resumed with the time that was left. People's seats wait (disconnected) for their seat
   * tokens for RECONNECT_SECONDS; then they are treated like any seat whose player did not return.
   */
  private async restoreTable({ table, stoppedAt }: RestoreTicket): Promise<void> {
    const { header } = table;
    this.roomId = header.roomId;
    const gameOptions = parseRecordedOptions(this.def, table.options ?? table.match?.options);
    if (!gameOptions.success) throw new Error(`stored options are invalid: ${gameOptions.error.message}`);
    this.gameOptions = gameOptions.data;
    this.autoStart = header.vsBots;

    const state = this.adapter.createState();
    state.game = this.def.id;
    state.tableName = header.tableName;
    state.isPrivate = header.private;
    state.options = JSON.stringify(this.gameOptions);
    state.code = table.code || newJoinCode(Limits.joinCodeLength);
    for (let i = 0; i < header.seats; i++) state.seats.push(this.adapter.createSeat());
    for (const line of table.log.slice(-Limits.logEntries))
      this.putLogLine(state, line.at, line.seat, line.text);
    this.state = state;
    this.seatBook = new SeatBook(state);
    table.seats.slice(0, header.seats).forEach((seat, i) => {
      if (seat.occupied) this.seatBook.restoreSeat(i, seat);
    });
    state.host = table.host;
    this.maxClients = header.seats + this.cfg.spectatorCap;
    if (header.private) await this.setPrivate(true);
    this.flow = this.createFlow();
    registerRoomMessages(this);

    this.header = header;
    this.tableLog = this.store.reopen(header.roomId);
    try {
      this.resumeMatch(table, stoppedAt);
      // Only a record that replays: one set aside gives the history nothing.
      this.repairHistory(table);
    } catch (e) {
      this.flow.dispose();
      this.tableLog?.close();
      this.tableLog = null;
      throw e;
    }
    // Keep the table while its people find their way back, even with nobody connected.
    this.autoDispose = false;
    this.restoreWindow = setTimeout(() => this.endRestoreWindow(), this.cfg.reconnectSeconds * 1000);
    this.log(-1, 'The server restarted: welcome back');
    this.touch();
  }

  private resumeMatch(table: StoredTable, stoppedAt: number): void {
    this.matchCount = table.match?.number ?? 0;
    this.markSeatsRecorded();
    if (table.loaded) {
      // A loaded saved game whose players were still gathering: it waits for them again.
      const { claims, ...loaded } = table.loaded;
      this.awaitSavedGame({ game: this.def.id, ...loaded }, claims);
      return;
    }
    const match = table.match;
    if (match) {
      const deadline = match.deadline;
      this.flow.restore({
        record: {
          game: this.def.id,
          options: match.options,
          seats: match.seats,
          seed: match.seed,
          actions: match.actions,
          startedAt: match.startedAt,
        },
        outcome: match.outcome,
        resume: deadline
          ? { key: deadline.key, remainingMs: deadline.deadlineAt - Math.max(stoppedAt, table.lastAt) }
          : null,
      });
    }
  }

  /**
   * The matches the record ends but the history lacks: the process stopped before their history
   * files landed (the store writes them off the event loop). Written now, under the same ids.
   */
  private repairHistory(table: StoredTable): void {
    for (const match of table.finished) {
      const { outcome, finishedAt } = match;
      if (!outcome || finishedAt === null) continue;
      const file = matchFileOf(
        { ...this.matchPlace(), matchNumber: match.number },
        { ...match, game: this.def.id },
      );
      if (this.store.hasFinished(file.id)) continue;
      this.guard('history', () => this.store.finish({ ...file, outcome, finishedAt }));
    }
  }

  /** The window to come back after a restart is over: seats nobody re-claimed are abandoned. */
  private endRestoreWindow(): void {
    this.restoreWindow = null;
    this.state.seats.forEach((seat, i) => {
      if (seat.occupied && !seat.bot && !this.seatBook.sessionOf(i)) this.abandonSeat(i);
    });
    this.autoDispose = true;
  }
}

export function botName(seat: number): string {
  return `Bot ${seat + 1}`;
}

/** The creator of a saved game's table: `claim` opens seat `seat` (or, without one, some seat). */
function opensASeat(claims: (string | null)[], seat: number | undefined, claim: string | undefined): boolean {
  const opens = (i: number) => claims[i] === null || (claim !== undefined && claimMatches(claim, claims[i]!));
  return seat !== undefined ? seat < claims.length && opens(seat) : claims.some((_, i) => opens(i));
}

function joinError(code: keyof typeof JoinErrorCode, message: string): ServerError {
  return new ServerError(JoinErrorCode[code], `${code}: ${message}`);
}

/** Join/create options, or BAD_OPTIONS: refused unread when nested too deep or too large. */
function parseJoinOptions(raw: unknown, what: string): JoinOptions {
  if (!withinShape(raw ?? {}, JOIN_OPTIONS_SHAPE))
    throw joinError('BAD_OPTIONS', `The ${what} are nested too deep or too large.`);
  const parsed = JoinOptionsSchema.safeParse(wellFormedDeep(raw ?? {}));
  if (!parsed.success) throw joinError('BAD_OPTIONS', `The ${what} are malformed.`);
  return parsed.data;
}

/**
 * The peer's address as the socket knows it (IPv4-mapped IPv6 written as IPv4). Not the
 * X-Forwarded-For / X-Real-IP headers Colyseus would read: any client can write those.
 */
function addressOf(client: Client): string {
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
