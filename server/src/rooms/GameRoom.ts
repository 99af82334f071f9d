/**
 * The one Colyseus room every game reuses. A game contributes a GameAdapter (rules + schema +
 * projection); this room wires the platform's parts together and owns the room's lifecycle:
 *
 * - creating a table (new, from a loaded saved game, or restored after a restart): here;
 * - the table's synced state and its public log: tableState.ts;
 * - who sits where, joining, leaving and reconnecting: seating.ts (seat bookkeeping: SeatBook.ts);
 * - the client -> server messages: roomMessages.ts; the lobby listing: lobbyListing.ts;
 * - connections, message budgets and cutting off a client: connections.ts;
 * - the match itself (apply, projection, timers, bots): MatchFlow.ts;
 * - the table file and the history (surviving a restart): persistence.ts.
 */
import { type Client, CloseCode as ColyseusCloseCode, Room, ServerError, updateLobby } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import {
  type AnyGameDefinition,
  type BotLevel,
  type ChatLine,
  DEALER_SEAT,
  ErrorCode,
  type GameAction,
  type GameEvent,
  Limits,
  type LogKind,
  type MatchRecord,
  type Outcome,
  type RuleError,
  type SavedMatch,
  type Random,
  type Seed,
  ServerMsg,
  type TableMetadata,
  REDEAL_TEXT,
  type NewTableOptions,
  parseNewTableOptions,
  parseRecordedOptions,
  redealAction,
} from '@parlor/shared';
import type { ServerConfig } from '../config';
import { matchStoreOf } from '../storage/FileMatchStore';
import type { LogLine, StoredTable, TableHeader } from '../storage/tableFile';
import { type RestoreTicket, takeRestoreTicket } from '../storage/restoreTickets';
import { type SaveKey, saveKeyFor } from '../storage/saveKey';
import {
  DEFAULT_ROOM_LIMITS,
  type Member,
  type RoomLimits,
  checkBacklog,
  checkBacklogs,
  cutOff,
} from './connections';
import type { AnyGameAdapter } from './GameAdapter';
import { checkGameOptionsShape, joinError, opensASeat, parseJoinOptions } from './joinOptions';
import { LobbyListing } from './lobbyListing';
import { MatchClaims } from './matchClaims';
import { SAVE_IN_PLAY_MESSAGE, sharedHolds } from './liveMatches';
import { type ApplySource, MatchFlow } from './MatchFlow';
import { newMatchSeed, newPlatformRandom } from './matchSeeds';
import { NextTableNotice, tellFormerTable } from './nextTable';
import { type BotPool, botPool } from '../bots/botPool';
import { TablePersistence } from './persistence';
import { registerRoomMessages } from './roomMessages';
import { type SeatHint, SeatHints } from './roomHints';
import { checkSavedGame, savedMatchOf } from './savedGames';
import type { GameRoomState } from './schema';
import { type AuthResult, Seating, botName } from './seating';
import { SeatBook } from './SeatBook';
import { newJoinCode } from './secrets';
import { PublicLog, type TableSetup, buildTableState, withStateBuffer } from './tableState';
import { findTableByCode } from './tablesApi';
import type { Timers } from './TurnScheduler';
import { WriteCoalescer } from './writeCoalescer';

/** Kept here for callers that name the room's types through it. */
export type { ApplySource, Member, RoomLimits };

/** A saved game's options, read back with the edition it was played under (it may be an old one). */
function recordedOptions(def: AnyGameDefinition, raw: unknown): NewTableOptions {
  const parsed = parseRecordedOptions(def, raw);
  return parsed.success
    ? { ok: true, options: parsed.data }
    : { ok: false, message: `Bad game options: ${parsed.error.issues[0]?.message}` };
}

/** Patches go out with each change; this interval only catches a change nobody patched. */
const SAFETY_PATCH_MS = 1000;

export class GameRoom extends Room<{ state: GameRoomState; metadata: TableMetadata }> {
  /** Set by gameRoomClass() for each registered game. */
  adapter!: AnyGameAdapter;
  cfg!: ServerConfig;
  limits: RoomLimits = DEFAULT_ROOM_LIMITS;
  /** Where match seeds come from (tests fix it; a client can never choose a seed). */
  newSeed: () => Seed = newMatchSeed;
  /** The bots' randomness: unpredictable here; a test variant may fix it (registerRooms.ts). */
  newBotRandom: () => Random = newPlatformRandom;
  /** Where bots decide (bots/botPool.ts): the process's threads; a test variant may bring its own. */
  botPool: BotPool | null = botPool();
  /** A table file past this many bytes starts afresh at the next rematch (tests lower it). */
  compactAfterBytes = 256 * 1024;

  def!: AnyGameDefinition;
  seatBook!: SeatBook;
  gameOptions: unknown;
  flow!: MatchFlow;
  readonly members = new Map<string, Member>();
  private seating!: Seating;
  private persistence!: TablePersistence;
  publicLog!: PublicLog;
  /** Created with vsBots: the match starts once every seat is taken. */
  autoStart = false;
  private readonly listing = new LobbyListing();
  private readonly writes = new WriteCoalescer();
  /** After a restart: when the players' window to come back ends. */
  private restoreWindow: ReturnType<typeof setTimeout> | null = null;
  /** A loaded saved game, carried on when the host starts (create with `load`). */
  private savedGame: MatchRecord | null = null;
  /** The current match's lineage (one live table each) and its seats' claim codes. */
  private claims!: MatchClaims;
  /** Each seat's hint at the current position (roomHints.ts). */
  private readonly hints = new SeatHints();
  /** A next table one of this table's people opened, told to its spectators (nextTable.ts). */
  private readonly nextTable = new NextTableNotice({
    seatOfToken: (token) => this.seatBook.seatOfToken(token),
    members: this.members,
    clientById: (sessionId) => this.clientById(sessionId),
  });

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

  /** Names this room in the server's console output. */
  get label(): string {
    return `${this.roomName} ${this.roomId}`;
  }

  // ---- creating the table ---------------------------------------------------------------------

  override onCreate(rawOptions: unknown): Promise<void> {
    // Colyseus 0.18 discards a room whose onCreate failed, its timers included.
    return this.createTable(rawOptions);
  }

  private async createTable(rawOptions: unknown): Promise<void> {
    this.def = this.adapter.definition;
    // Every change patches at once (touch()); the interval is only a safety net, and at the 50 ms
    // default it would wake every idle table 20 times a second.
    this.patchRate = SAFETY_PATCH_MS;
    const restore = takeRestoreTicket(rawOptions);
    if (restore) return this.restoreTable(restore);
    const opts = parseJoinOptions(rawOptions, 'table options');
    checkGameOptionsShape(opts.options);
    const loaded = opts.load === undefined ? null : checkSavedGame(this.def, opts.load, this.saveKey());
    if (loaded?.ok === false) throw joinError(loaded.code, loaded.message);
    const saved = loaded?.ok ? loaded.record : null;
    if (loaded?.ok && !opensASeat(loaded.claims, opts.seat, opts.claim)) {
      throw joinError(
        'CLAIM_NEEDED',
        'Say which saved seat is yours with its claim code (the server sent it to that seat alone when the game was saved).',
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
      ? recordedOptions(this.def, saved.options)
      : parseNewTableOptions(this.def, opts.options);
    if (!gameOptions.ok) throw joinError('BAD_OPTIONS', gameOptions.message);

    this.setUpTable({
      tableName: opts.tableName || (loaded?.ok ? loaded.tableName : '') || `${opts.name}'s table`,
      isPrivate: opts.private === true,
      competitive: opts.competitive === true,
      options: gameOptions.options,
      seats: seatCount,
      code: '',
    });
    const header: TableHeader = {
      t: 'table',
      v: 1,
      roomId: this.roomId,
      roomName: this.roomName,
      game: this.def.id,
      tableName: this.state.tableName,
      private: this.state.isPrivate,
      ...(this.state.competitive ? { competitive: true } : {}),
      seats: seatCount,
      vsBots: opts.vsBots === true && !saved,
      createdAt: Date.now(),
    };
    if (loaded?.ok && !(await this.claims.beginLoaded(loaded.lineage)))
      throw joinError('SAVE_IN_PLAY', SAVE_IN_PLAY_MESSAGE);
    this.persistence.create(header);
    if (saved && loaded?.ok) {
      const { claims, lineage } = loaded;
      this.awaitSavedGame(saved, claims);
      // Kept over a restart while its players gather (a `start` line follows when it carries on).
      const { seed, seats, options, startedAt, actions } = saved;
      this.persistence.write({
        t: 'loaded',
        at: Date.now(),
        match: { seed, seats, options, startedAt, actions, claims, lineage },
      });
    } else if (opts.vsBots) {
      for (let i = 1; i < seatCount; i++) this.seatBook.seatBot(i, botName(i));
      this.autoStart = true;
    }
    await this.initListing(opts.private === true);
    if (opts.after) tellFormerTable(opts.after, { roomId: this.roomId, code: this.state.code });
  }

  /** The one place a table's state and parts are built, for a new table and a restored one alike. */
  private setUpTable(setup: TableSetup): void {
    this.gameOptions = setup.options;
    const state = buildTableState(this.adapter, setup);
    withStateBuffer(this.adapter.stateBufferKb, () => {
      this.state = state;
    });
    this.publicLog = new PublicLog(this.state);
    this.seatBook = new SeatBook(this.state);
    this.maxClients = setup.seats + this.cfg.spectatorCap;
    this.persistence = new TablePersistence(matchStoreOf(this.cfg), this);
    this.seating = new Seating(this);
    this.claims = new MatchClaims({
      roomId: this.roomId,
      state: this.state,
      write: (line) => this.persistence.write(line),
      clientOfSeat: (seat) => this.seating.clientOfSeat(seat),
      shared: sharedHolds(this.presence),
    });
    this.flow = this.createFlow();
    registerRoomMessages(this);
  }

  /** The seating is written, and durable before anything sent from now on (a new seat token). */
  seatingDurable(): void {
    this.persistence.writeSeats();
    this.persistence.durableBeforeSending(this.clients);
  }

  clientById(sessionId: string): Client | undefined {
    return this.clients.getById(sessionId);
  }

  /** Colyseus clears its reconnection timer only when the window runs out or the client returns. */
  clearReconnectionTimer(sessionId: string): void {
    clearTimeout(this['_reservedSeatTimeouts'][sessionId]);
  }

  private createFlow(): MatchFlow {
    const persistence = this.persistence;
    return new MatchFlow(this.adapter, {
      state: this.state,
      timers: this.timers,
      botDelayMs: this.cfg.botDelayMs,
      paceScale: this.cfg.paceScale,
      label: this.label,
      newSeed: () => this.newSeed(),
      newBotRandom: () => this.newBotRandom(),
      botPool: this.botPool,
      log: (seat, text) => this.log(seat, text),
      sendEvents: (events) => this.sendEvents(events),
      touch: () => this.touch(),
      matchStarted: (record) => {
        persistence.matchStarted(record);
        // A match begun here: its own id is its lineage (nobody else can hold it yet).
        const place = persistence.matchPlace();
        this.claims.begin(`${place.roomId}-${place.matchNumber}`);
      },
      actionAccepted: (seat, action, at) => persistence.actionAccepted(seat, action, at),
      matchFinished: (record) => {
        persistence.matchFinished(record, JSON.parse(this.state.result) as Outcome);
        this.claims.release();
      },
      deadlineSet: (key, deadlineAt) => persistence.write({ t: 'deadline', at: Date.now(), key, deadlineAt }),
    });
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

  private async initListing(isPrivate: boolean): Promise<void> {
    if (isPrivate) await this.setPrivate(true);
    let code = newJoinCode(Limits.joinCodeLength);
    for (let tries = 0; tries < 10 && (await findTableByCode(code)); tries++)
      code = newJoinCode(Limits.joinCodeLength);
    this.state.code = code;
    this.touch();
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
    this.autoStart = header.vsBots;
    this.setUpTable({
      tableName: header.tableName,
      isPrivate: header.private,
      competitive: header.competitive === true,
      options: gameOptions.data,
      seats: header.seats,
      code: table.code || newJoinCode(Limits.joinCodeLength),
    });
    for (const line of table.log.slice(-Limits.logEntries)) this.publicLog.put(line);
    table.seats.slice(0, header.seats).forEach((seat, i) => {
      if (seat.occupied) this.seatBook.restoreSeat(i, seat);
    });
    this.state.host = table.host;
    if (header.private) await this.setPrivate(true);

    this.persistence.reopen(table);
    try {
      this.resumeMatch(table, stoppedAt);
      // Only a table file that replays: one set aside gives the history nothing.
      this.persistence.repairHistory(table, this.def.id);
    } catch (e) {
      this.flow.dispose();
      this.persistence.abandon();
      this.claims.release();
      throw e;
    }
    // Keep the table while its people find their way back, even with nobody connected.
    this.autoDispose = false;
    this.restoreWindow = setTimeout(() => this.endRestoreWindow(), this.cfg.reconnectSeconds * 1000);
    this.log(-1, 'The server restarted: welcome back');
    this.touch();
  }

  private resumeMatch(table: StoredTable, stoppedAt: number): void {
    if (table.loaded) {
      // A loaded saved game whose players were still gathering: it waits for them again.
      const { claims, lineage, ...loaded } = table.loaded;
      this.claims.begin(lineage ?? `${table.header.roomId}-loaded`, table.claims);
      this.awaitSavedGame({ game: this.def.id, ...loaded }, claims);
      return;
    }
    const match = table.match;
    if (match) {
      const { seed, seats, options, startedAt, actions, deadline } = match;
      if (!match.outcome)
        this.claims.begin(match.lineage ?? `${table.header.roomId}-${match.number}`, table.claims);
      this.flow.restore({
        record: { game: this.def.id, options, seats, seed, actions, startedAt },
        outcome: match.outcome,
        resume: deadline
          ? { key: deadline.key, remainingMs: deadline.deadlineAt - Math.max(stoppedAt, table.lastAt) }
          : null,
      });
    }
  }

  /** The window to come back after a restart is over: seats nobody re-claimed are abandoned. */
  private endRestoreWindow(): void {
    this.restoreWindow = null;
    this.seating.abandonUnclaimedSeats();
    this.autoDispose = true;
  }

  // ---- people (see seating.ts) ----------------------------------------------------------------

  override onAuth(client: Client, rawOptions: unknown): AuthResult {
    return this.seating.authorize(client, rawOptions);
  }

  override onJoin(client: Client, _options: unknown, auth: AuthResult): void {
    client.view = new StateView();
    this.seating.join(client, auth);
    this.nextTable.joined(client, this.members.get(client.sessionId)?.seat ?? 0);
  }

  /**
   * Called by a next table through the matchmaker (nextTable.ts): one of this table's people (their
   * seat token) opened it; this table's spectators are told its id and code.
   */
  nextTableOpened(seatToken: unknown, next: unknown): boolean {
    return this.nextTable.opened(seatToken, next);
  }

  override async onLeave(client: Client, code?: number): Promise<void> {
    await this.seating.leave(client, code === ColyseusCloseCode.CONSENTED);
  }

  seatName(seat: number): string {
    return this.seating.seatName(seat);
  }

  sit(client: Client, member: Member, seat: number, claim?: string): RuleError | null {
    return this.seating.sit(client, member, seat, claim);
  }

  addBot(seat: number): void {
    this.seating.addBot(seat);
  }

  removeBot(seat: number): void {
    this.seating.removeBot(seat);
  }

  setBotLevel(seat: number, level: BotLevel): void {
    this.state.seats[seat]!.botLevel = level;
    this.touch();
  }

  kick(seat: number): void {
    this.seating.kick(seat);
  }

  handOver(seat: number): void {
    this.seating.handOver(seat);
  }

  takeBack(seat: number): void {
    this.seating.takeBack(seat);
  }

  // ---- the room's end -------------------------------------------------------------------------

  override onDispose(): void {
    this.claims?.release();
    this.flow?.dispose();
    if (this.restoreWindow) clearTimeout(this.restoreWindow);
    this.persistence?.dispose();
  }

  /** Colyseus calls this on SIGTERM/SIGINT before it disconnects everyone. */
  override onBeforeShutdown(): void {
    // Leaving players must not be recorded as leaving, nor bots play on: the table resumes as it is.
    this.persistence?.beforeShutdown();
    this.flow?.dispose();
    super.onBeforeShutdown();
  }

  override onUncaughtException(error: Error & { client?: Client }, methodName: string): void {
    // A refused join (ServerError from onCreate/onAuth/onJoin) is an answer, not a failure.
    if (error.cause instanceof ServerError) return;
    console.error(`[${this.label}] uncaught exception in ${methodName}:`, error.cause ?? error);
    error.client?.send(ServerMsg.error, {
      code: ErrorCode.INTERNAL,
      message: 'The server failed on that message.',
    });
  }

  // ---- the match (see MatchFlow) -------------------------------------------------------------

  get match(): MatchFlow['match'] {
    return this.flow.match;
  }

  startMatch(): RuleError | null {
    const saved = this.savedGame;
    if (!saved) return this.flow.start(this.gameOptions);
    // A loaded saved game: written like any match (seed, then every action so far), then rebuilt.
    this.savedGame = null;
    this.state.savedGame = false;
    const moves = saved.actions.length;
    // What no seat has seen yet is dealt afresh from a new key (issue 31): a copy of the save played
    // ahead elsewhere tells nothing of this table's future. The key is recorded: replays stay exact.
    saved.actions.push({ seat: DEALER_SEAT, action: redealAction(this.newSeed()), at: Date.now() });
    this.persistence.matchStarted(saved, this.claims.lineage);
    for (const a of saved.actions) this.persistence.actionAccepted(a.seat, a.action, a.at);
    this.claims.keep();
    this.log(-1, `The saved match carries on from move ${moves + 1}`);
    if (saved.actions.length > moves) this.log(-1, REDEAL_TEXT);
    this.flow.restore({ record: saved, outcome: null, resume: null });
    return null;
  }

  /** The clock's own actions (TableHabits.clockOnly) come from the timer alone, never a player. */
  applyFor(seat: number, action: GameAction, source: ApplySource): RuleError | null {
    if (source !== 'timeout' && this.clockOnlyAction(action))
      return { code: ErrorCode.CLOCK_ONLY, message: 'Only the table’s timer does that.' };
    return this.flow.apply(seat, action, source);
  }

  /** `payload` as the seat's listed legal action, when the schema need not check it (listedAction.ts). */
  listedAction(seat: number, payload: Record<string, unknown>): GameAction | null {
    return this.flow.listedAction(seat, payload);
  }

  flowState(): unknown {
    return this.flow.match?.state ?? null;
  }

  clockOnlyAction(action: GameAction): boolean {
    return this.adapter.clockOnly?.(action) ?? false;
  }

  hostOnlyAction(action: GameAction): boolean {
    return this.adapter.hostOnly?.(action) ?? false;
  }

  /** Re-project the match (after any seat change too) and patch. */
  refreshPlay(): void {
    this.flow.refresh();
  }

  /** The host changes the game options (before the match; a saved game keeps its own). */
  setOptions(options: unknown): void {
    this.gameOptions = options;
    this.state.options = JSON.stringify(options);
    this.touch();
  }

  /**
   * The match being played, as the file the host saves (null when none is being played): its
   * seats' claim codes are made now if need be, and go to each seat alone (handOutClaims()).
   */
  savedMatch(): SavedMatch | null {
    const match = this.flow.match;
    if (!match || this.state.status !== 'playing') return null;
    const claims = this.claims.forSave(match.record.seats);
    return savedMatchOf(this.persistence.matchPlace(), match.record, this.saveKey(), claims);
  }

  /** `seat`'s hint now, from its view alone, in a bot thread (the message's checks are roomHints.ts's). */
  hint(seat: number): Promise<SeatHint> {
    const match = this.flow.match;
    if (!match)
      return Promise.resolve({
        ok: false,
        error: { code: ErrorCode.NOT_PLAYING, message: 'No match is being played.' },
      });
    return this.hints.hint(this.def, match, seat, this.botPool);
  }

  hintKnown(seat: number): boolean {
    const match = this.flow.match;
    return match !== null && this.hints.known(match, seat);
  }

  /** Each person's seat gets its own claim code for the saves of this match. */
  handOutClaims(): void {
    this.claims.handOut();
  }

  /** `client` now sits at `seat` (`claim`: the code it took a loaded save's seat with). */
  seated(client: Client, seat: number, claim?: string): void {
    const { seatBook, state } = this;
    // A saved seat taken with its code: the table keeps it for this seat's later saves.
    if (state.savedGame && claim && !seatBook.claimOpens(seat, undefined) && seatBook.claimOpens(seat, claim))
      this.claims.learn(seat, claim, state.seats.length);
    this.claims.sendTo(client, seat);
  }

  /** This server's key for saved games (DATA_DIR/save-key). */
  private saveKey(): SaveKey {
    return saveKeyFor(this.cfg.dataDir);
  }

  // ---- messaging ------------------------------------------------------------------------------

  /** A line of the table's public log, kept in its file too. */
  log(seat: number, text: string, kind?: LogKind): void {
    const line: LogLine = kind ? { at: Date.now(), seat, text, kind } : { at: Date.now(), seat, text };
    this.persistence.write({ t: 'log', ...line });
    this.publicLog.put(line);
  }

  /** Send the patch now (turn-based: no 50 ms batching), update the lobby. */
  touch(): void {
    this.persistence.writeSeats();
    this.persistence.durableBeforeSending(this.clients);
    this.broadcastPatch();
    this.publishMetadata();
  }

  /** Every patch, and the safety interval's every second: a client that does not read is let go. */
  override broadcastPatch(): boolean {
    const changed = super.broadcastPatch();
    checkBacklogs(this, this.clients);
    return changed;
  }

  /** A chat line to everyone (the sender's backlog and everyone else's are checked with it). */
  broadcastChat(line: ChatLine): void {
    this.broadcast(ServerMsg.chat, line);
    checkBacklogs(this, this.clients);
  }

  /**
   * One message per action. A seat with private events gets the public ones with its own merged in
   * order; every other client gets the public ones only (usually a single broadcast).
   */
  private sendEvents(events: GameEvent[]): void {
    // The patch follows in this tick: let both leave in one write per client.
    this.writes.hold(this.clients);
    // Loops, not filter/flatMap/Set: this runs after nearly every action.
    const publicEvents: GameEvent[] = [];
    const privateSeats: number[] = [];
    for (const e of events) {
      if (e.to === undefined) publicEvents.push(e);
      else if (!privateSeats.includes(e.to)) privateSeats.push(e.to);
    }
    if (privateSeats.length === 0) {
      this.broadcast(ServerMsg.events, events);
      return;
    }
    const except: Client[] = [];
    for (const seat of privateSeats) {
      const client = this.seating.clientOfSeat(seat);
      if (!client) continue;
      except.push(client);
      const own: GameEvent[] = [];
      for (const e of events) if (e.to === undefined || e.to === seat) own.push(e);
      client.send(ServerMsg.events, own);
    }
    if (publicEvents.length) this.broadcast(ServerMsg.events, publicEvents, { except });
  }

  sendError(client: Client, error: RuleError): void {
    client.send(ServerMsg.error, error);
    checkBacklog(this, client, Date.now());
  }

  /** Ends a connection from the server's side with a close code (see connections.ts). */
  cutOff(client: Client, code: number, why: string): void {
    cutOff(this, client, code, why);
  }

  holdsSession(client: Client): boolean {
    return this.clients.getById(client.sessionId) === client;
  }

  endSession(client: Client, code: number): void {
    void this['_onLeave'](client, code);
  }

  /** The lobby's line for this table, when it changed. */
  private publishMetadata(): void {
    const metadata = this.listing.changed(this.def.id, this.state, this.seatBook);
    if (!metadata) return;
    this.setMetadata(metadata).then(
      () => updateLobby(this),
      (e: unknown) => console.error(`[${this.label}] listing update failed`, e),
    );
  }
}
