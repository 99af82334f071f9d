/**
 * Who is at a table and where: joining (as a player or a spectator), taking a seat, moving seats,
 * leaving, the reconnection window of a dropped player, bots sitting down and the host's kick.
 * Seat bookkeeping itself (tokens, claims, bars) is SeatBook's; this decides when it changes.
 */
import type { Client, Deferred } from '@colyseus/core';
import { ErrorCode, type LogKind, type RuleError, ServerMsg, type WelcomeMessage } from '@parlor/shared';
import type { ServerConfig } from '../config';
import { type Member, type RoomLimits, addressOf, memberReconnected, newMember } from './connections';
import { joinError, parseJoinOptions } from './joinOptions';
import type { GameRoomState } from './schema';
import type { SeatBook } from './SeatBook';

export function botName(seat: number): string {
  return `Bot ${seat + 1}`;
}

/** What onAuth found out about a joining client, for onJoin. */
export interface AuthResult {
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

/** What seating needs from its room. */
export interface SeatingHost {
  readonly state: GameRoomState;
  readonly seatBook: SeatBook;
  readonly members: Map<string, Member>;
  readonly limits: RoomLimits;
  readonly cfg: Pick<ServerConfig, 'spectatorCap' | 'reconnectSeconds'>;
  /** Created with vsBots: the match starts once every seat is taken. */
  readonly autoStart: boolean;
  clientById(sessionId: string): Client | undefined;
  log(seat: number, text: string, kind: LogKind): void;
  touch(): void;
  refreshPlay(): void;
  startMatch(): RuleError | null;
  /** The seating is written, and durable before anything sent from now on (a new seat token). */
  seatingDurable(): void;
  /** `client` now sits at `seat` (`claim`: the code it gave): it gets its seat's claim code, if any. */
  seated(client: Client, seat: number, claim?: string): void;
  allowReconnection(client: Client, seconds: number): Deferred<Client>;
  /** Colyseus clears its reconnection timer only when the window runs out or the client returns. */
  clearReconnectionTimer(sessionId: string): void;
}

export class Seating {
  /** Open reconnection windows by seat. */
  private readonly pendingReconnections = new Map<
    number,
    { deferred: Deferred<Client>; sessionId: string }
  >();

  constructor(private readonly host: SeatingHost) {}

  seatName(seat: number): string {
    return this.host.state.seats[seat]?.name || `Seat ${seat + 1}`;
  }

  clientOfSeat(seat: number): Client | undefined {
    const session = this.host.seatBook.sessionOf(seat);
    return session ? this.host.clientById(session) : undefined;
  }

  /** onAuth: who may join, and as what (a refused join throws a joinError). */
  authorize(client: Client, rawOptions: unknown): AuthResult {
    const { state, seatBook, cfg } = this.host;
    const { name, spectator, seatToken, seat: wanted, claim } = parseJoinOptions(rawOptions, 'join options');
    const address = addressOf(client);
    if (seatToken) {
      const seat = seatBook.seatOfToken(seatToken);
      if (seat >= 0) return { spectator: false, name, seat, token: seatToken, address, barred: false };
    }
    const barred = seatBook.isBarred(seatToken, address);
    if (spectator) {
      if (state.spectators >= cfg.spectatorCap) {
        throw joinError('SPECTATORS_FULL', 'This table has as many spectators as it admits.');
      }
      return { spectator: true, name, seat: -1, token: '', address, barred };
    }
    if (barred) throw joinError('KICKED', 'The host removed you from this table: you can watch it.');
    if (state.status !== 'waiting')
      throw joinError('TABLE_FULL', 'This match has started: you can watch it.');
    if (seatBook.firstFree() < 0) throw joinError('TABLE_FULL', 'This table is full: you can watch it.');
    if (seatBook.seatFor(name, wanted, claim) < 0)
      throw joinError(
        'CLAIM_NEEDED',
        claim
          ? 'That claim code opens no free seat of this saved game: check it, or watch.'
          : 'The seats of this saved game are kept for its players: join with your seat’s claim code (the server sent it to your seat when the game was saved), or watch.',
      );
    return { spectator: false, name, seat: -1, token: '', wanted, claim, address, barred };
  }

  /** onJoin: the client becomes a member, seated or watching, and gets its `welcome`. */
  join(client: Client, auth: AuthResult): void {
    const { state, seatBook } = this.host;
    const member = newMember(auth.name, auth.address, auth.barred, this.host.limits);
    let token = '';
    if (auth.spectator) {
      state.spectators += 1;
      this.syncWatchers(member);
    } else if (auth.seat >= 0) {
      member.seat = auth.seat;
      token = auth.token;
      this.takeOverSeat(auth.seat, client);
      seatBook.sawAddress(auth.seat, auth.address);
      this.host.log(auth.seat, `${this.seatName(auth.seat)} is back`, 'seating');
    } else {
      member.seat = seatBook.seatFor(auth.name, auth.wanted, auth.claim);
      if (member.seat < 0) throw joinError('TABLE_FULL', 'This table is full: you can watch it.');
      token = seatBook.seatPerson(member.seat, auth.name, client.sessionId);
      seatBook.sawAddress(member.seat, auth.address);
      this.host.log(member.seat, `${this.seatName(member.seat)} sits down`, 'seating');
    }
    this.host.members.set(client.sessionId, member);
    if (member.seat >= 0) {
      client.view?.add(state.seats[member.seat]!.private);
      if (state.host < 0) state.host = member.seat;
    }
    // The seat token must be on disk before its owner can hold it.
    this.host.seatingDurable();
    const welcome: WelcomeMessage = { seat: member.seat, seatToken: token, serverTime: Date.now() };
    client.send(ServerMsg.welcome, welcome);
    if (member.seat >= 0) this.host.seated(client, member.seat, auth.claim);
    if (this.host.autoStart && state.status === 'waiting' && seatBook.allOccupied()) this.host.startMatch();
    else this.host.touch();
  }

  /** A seat token came back on a new session: end any older session on that seat first. */
  private takeOverSeat(seat: number, client: Client): void {
    const oldSession = this.host.seatBook.sessionOf(seat);
    if (oldSession && oldSession !== client.sessionId) {
      this.host.members.delete(oldSession);
      const old = this.host.clientById(oldSession);
      old?.send(ServerMsg.kicked, {
        reason: 'Your seat was taken over by another connection with your seat token.',
      });
      old?.leave();
    }
    this.cancelReconnection(seat);
    this.host.seatBook.reclaim(seat, client.sessionId);
  }

  /**
   * onLeave: a consented leave gives the seat up at once; a dropped player's seat waits for them
   * for the reconnection window (everyone sees until when), then is abandoned.
   */
  async leave(client: Client, consented: boolean): Promise<void> {
    const { state, members, seatBook, cfg } = this.host;
    const member = members.get(client.sessionId);
    if (!member) return; // kicked or replaced: already handled
    if (member.seat < 0) {
      await this.spectatorLeft(client, consented);
      return;
    }
    const seat = member.seat;
    if (consented) {
      members.delete(client.sessionId);
      this.abandonSeat(seat);
      return;
    }
    state.seats[seat]!.connected = false;
    // Everyone sees how long the seat waits for its player before a bot plays it (or it is freed).
    state.seats[seat]!.awayUntil = Date.now() + cfg.reconnectSeconds * 1000;
    this.host.touch();
    const reconnection = this.host.allowReconnection(client, cfg.reconnectSeconds);
    this.pendingReconnections.set(seat, { deferred: reconnection, sessionId: client.sessionId });
    try {
      await reconnection;
      this.reconnected(client);
      if (seatBook.sessionOf(seat) === client.sessionId) {
        state.seats[seat]!.connected = true;
        this.host.touch();
      }
    } catch {
      // The window ran out, or the seat was re-claimed / kicked meanwhile (already handled then).
      members.delete(client.sessionId);
      if (seatBook.sessionOf(seat) === client.sessionId) this.abandonSeat(seat);
    } finally {
      if (this.pendingReconnections.get(seat)?.deferred === reconnection) {
        this.pendingReconnections.delete(seat);
        state.seats[seat]!.awayUntil = 0;
      }
    }
  }

  /** The member is back on a new connection: it starts with a clean slate (see cutOff()). */
  private reconnected(client: Client): void {
    const member = this.host.members.get(client.sessionId);
    if (!member) return;
    memberReconnected(member, client, this.host.limits);
    if (member.seat >= 0) this.host.seatBook.sawAddress(member.seat, member.address);
  }

  /** A dropped spectator may come back with `client.reconnect()` within the same window. */
  private async spectatorLeft(client: Client, consented: boolean): Promise<void> {
    if (!consented) {
      try {
        await this.host.allowReconnection(client, this.host.cfg.reconnectSeconds);
        this.reconnected(client);
        return;
      } catch {
        // gone for good
      }
    }
    this.host.members.delete(client.sessionId);
    this.host.state.spectators = Math.max(0, this.host.state.spectators - 1);
    this.syncWatchers();
    this.host.touch();
  }

  /** `state.watchers`: the spectators' names (`joining`: one not yet among the members). */
  private syncWatchers(joining?: Member): void {
    const names = [...this.host.members.values(), ...(joining ? [joining] : [])]
      .filter((m) => m.seat < 0)
      .map((m) => m.name);
    const list = this.host.state.watchers;
    while (list.length > names.length) list.pop();
    names.forEach((name, i) => {
      if (i >= list.length) list.push(name);
      else if (list[i] !== name) list[i] = name;
    });
  }

  /** The person left for good: free the seat while waiting, else a bot plays it until they return. */
  abandonSeat(seat: number): void {
    const { state, seatBook } = this.host;
    const name = this.seatName(seat);
    if (state.status === 'waiting') {
      seatBook.free(seat);
      this.host.log(seat, `${name} left`, 'seating');
    } else {
      seatBook.detachSession(seat);
      if (state.status === 'playing') {
        state.seats[seat]!.botControlled = true;
        this.host.log(seat, `${name} is away: a bot plays for them`, 'seating');
      }
    }
    if (state.host === seat) state.host = seatBook.nextConnectedPerson(seat);
    this.host.refreshPlay();
  }

  /** After a restart, the window to come back is over: seats nobody re-claimed are abandoned. */
  abandonUnclaimedSeats(): void {
    this.host.state.seats.forEach((seat, i) => {
      if (seat.occupied && !seat.bot && !this.host.seatBook.sessionOf(i)) this.abandonSeat(i);
    });
  }

  private cancelReconnection(seat: number): void {
    const pending = this.pendingReconnections.get(seat);
    if (!pending) return;
    this.pendingReconnections.delete(seat);
    this.host.clearReconnectionTimer(pending.sessionId);
    pending.deferred.reject(new Error('the seat was re-claimed or given away'));
  }

  /**
   * While waiting: a spectator takes a free seat, or a seated person moves to one (a loaded saved
   * game's players pick their own). The client gets a new `welcome` with the seat's token.
   */
  sit(client: Client, member: Member, seat: number, claim?: string): RuleError | null {
    const { state, seatBook } = this.host;
    const target = seatBook.seat(seat);
    if (!target) return { code: ErrorCode.NO_SUCH_SEAT, message: `There is no seat ${seat + 1}.` };
    if (target.occupied) return { code: ErrorCode.SEAT_TAKEN, message: `Seat ${seat + 1} is taken.` };
    if (!seatBook.claimOpens(seat, claim)) {
      const whose = target.name ? `${target.name}’s seat` : `seat ${seat + 1}`;
      return {
        code: ErrorCode.BAD_CLAIM,
        message: claim
          ? `That is not the claim code of ${whose}: only its player got it, when the game was saved.`
          : `This is ${whose}, kept for its player: enter its claim code (its player got it when the game was saved).`,
      };
    }
    const from = member.seat;
    if (from >= 0) {
      client.view?.remove(state.seats[from]!.private);
      seatBook.free(from);
    } else {
      state.spectators = Math.max(0, state.spectators - 1);
      member.seat = seat;
      this.syncWatchers();
    }
    const seatToken = seatBook.seatPerson(seat, member.name, client.sessionId);
    seatBook.sawAddress(seat, member.address);
    member.seat = seat;
    client.view?.add(state.seats[seat]!.private);
    if (state.host < 0 || state.host === from) state.host = seat;
    this.host.log(seat, `${this.seatName(seat)} sits down`, 'seating');
    this.host.seatingDurable();
    const welcome: WelcomeMessage = { seat, seatToken, serverTime: Date.now() };
    client.send(ServerMsg.welcome, welcome);
    this.host.seated(client, seat, claim);
    this.host.touch();
    return null;
  }

  /** During a match, the seat's person lets a bot play it and stays to watch what the seat sees. */
  handOver(seat: number): void {
    this.host.seatBook.handOver(seat);
    this.host.seatingDurable();
    this.host.log(seat, `${this.seatName(seat)} lets the AI play and watches`, 'seating');
    this.host.refreshPlay();
  }

  /** The person plays their seat again (a bot's turn under way stops: refreshPlay reschedules). */
  takeBack(seat: number): void {
    this.host.seatBook.takeBack(seat);
    this.host.seatingDurable();
    this.host.log(seat, `${this.seatName(seat)} plays again`, 'seating');
    this.host.refreshPlay();
  }

  /** The host seats a bot (before the match). */
  addBot(seat: number): void {
    this.host.seatBook.seatBot(seat, botName(seat));
    this.host.log(seat, `${this.seatName(seat)} sits down`, 'seating');
    this.host.touch();
  }

  /** The host removes a bot (before the match). */
  removeBot(seat: number): void {
    this.host.log(seat, `${this.seatName(seat)} leaves`, 'seating');
    this.host.seatBook.free(seat);
    this.host.touch();
  }

  /**
   * The host removes the person at `seat`: barred from every seat of this table, their seat freed
   * (or, during a match, played by a bot), their connection told and closed.
   */
  kick(seat: number): void {
    const { state, seatBook } = this.host;
    const kicked = this.clientOfSeat(seat);
    const name = this.seatName(seat);
    this.barFromSeats(seat);
    this.cancelReconnection(seat);
    if (state.status === 'waiting') seatBook.free(seat);
    else seatBook.handToBot(seat);
    if (kicked) {
      // Ends the session without the reconnection path.
      this.host.members.delete(kicked.sessionId);
      kicked.send(ServerMsg.kicked, { reason: 'The host removed you from the table.' });
      kicked.leave();
    }
    this.host.log(
      seat,
      state.status === 'waiting' ? `${name} was removed` : `${name} was removed: a bot plays on`,
      'seating',
    );
    this.host.refreshPlay();
  }

  /**
   * A kick bars the person from every seat of this table for its life (they may still watch): their
   * seat token, and every address that token was seen at, but an address another seated person is
   * at or was seen at (the host's own device, or a proxy every guest comes through: the address
   * then tells nobody apart).
   */
  private barFromSeats(seat: number): void {
    const { members, seatBook, state } = this.host;
    const session = seatBook.sessionOf(seat);
    const shared = new Set<string>();
    for (const [id, m] of members)
      if (id !== session && m.seat >= 0 && m.seat !== seat) shared.add(m.address);
    state.seats.forEach((_, i) => {
      if (i !== seat) for (const a of seatBook.addressesOf(i)) shared.add(a);
    });
    seatBook.bar(seat, shared);
  }
}
