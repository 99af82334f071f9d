/**
 * Who sits where: seat occupancy in the synced state, plus what only the server may know (the
 * sha256 of each seat's token and the session currently holding it). No Colyseus calls here.
 */
import { DEFAULT_BOT_LEVEL } from '@parlor/shared';
import type { StoredSeat } from '../storage/tableFile';
import type { GameRoomState, SeatState } from './schema';
import { claimMatches } from './claims';
import { distinctName } from './names';
import { hashToken, newSeatToken, tokenMatches } from './secrets';
import { syncArray } from './sync';

interface SeatSecret {
  tokenHash: string | null;
  sessionId: string | null;
}

export class SeatBook {
  private readonly secrets: SeatSecret[];
  /** A loaded saved game: each seat keeps its saved player's name, whoever takes it ('' = none). */
  private reserved: string[] = [];
  /** A loaded saved game: the sha256 of each person seat's claim code (null: no code needed). */
  private claims: (string | null)[] = [];
  /** Each seat's network addresses seen for its current token (a phone moving off the Wi-Fi...). */
  private readonly addresses: Set<string>[];
  /** People the host removed (kick): their seat tokens' hashes and network addresses. */
  private readonly barredTokens = new Set<string>();
  private readonly barredAddresses = new Set<string>();
  /** Seats whose person handed them to a bot (ClientMsg.handOver): a bot plays them even while connected. */
  private readonly handed = new Set<number>();

  constructor(private readonly state: GameRoomState) {
    this.secrets = state.seats.map(() => ({ tokenHash: null, sessionId: null }));
    this.addresses = state.seats.map(() => new Set());
  }

  get count(): number {
    return this.state.seats.length;
  }

  seat(index: number): SeatState | undefined {
    return Number.isInteger(index) ? this.state.seats[index] : undefined;
  }

  firstFree(): number {
    return this.state.seats.findIndex((s) => !s.occupied);
  }

  occupiedCount(): number {
    return this.state.seats.filter((s) => s.occupied).length;
  }

  allOccupied(): boolean {
    return this.state.seats.every((s) => s.occupied);
  }

  /**
   * Keeps each free seat for a saved player's name (shown while the seat is free) and, given its
   * claim code's hash, for whoever has that code alone.
   */
  reserve(names: string[], claims: (string | null)[] = []): void {
    this.reserved = names;
    this.claims = claims;
    this.state.seats.forEach((s, i) => {
      if (!s.occupied) s.name = names[i] ?? '';
    });
  }

  /**
   * The seat a person joining as `name` takes: `wanted` when it is open to them, else the free seat
   * their claim code opens, else the free seat kept for that name, else the first open one; -1 when
   * none is. A seat with a claim code is open only to that code (see claimOpens).
   */
  seatFor(name: string, wanted?: number, claim?: string): number {
    const open = (i: number) => this.state.seats[i]?.occupied === false && this.claimOpens(i, claim);
    if (wanted !== undefined && open(wanted)) return wanted;
    const claimed = claim ? this.claims.findIndex((h, i) => h !== null && open(i)) : -1;
    if (claimed >= 0) return claimed;
    const key = name.trim().toLowerCase();
    const named = this.reserved.findIndex((n, i) => open(i) && n.trim().toLowerCase() === key);
    if (named >= 0) return named;
    return this.state.seats.findIndex((_, i) => open(i));
  }

  /** True when `seat` needs no claim code, or `claim` is its code. */
  claimOpens(seat: number, claim: string | undefined): boolean {
    const hash = this.claims[seat];
    return !hash || (claim !== undefined && claimMatches(claim, hash));
  }

  /** Some free seat can be taken without a claim code. */
  hasSeatWithoutClaim(): boolean {
    return this.state.seats.some((s, i) => !s.occupied && !this.claims[i]);
  }

  /** The seat whose token this is, or -1. */
  seatOfToken(token: string): number {
    return this.secrets.findIndex((s) => tokenMatches(token, s.tokenHash));
  }

  sessionOf(seat: number): string | null {
    return this.secrets[seat]?.sessionId ?? null;
  }

  seatOfSession(sessionId: string): number {
    return this.secrets.findIndex((s) => s.sessionId === sessionId);
  }

  /** The seat's person (their current token) was seen at this network address. */
  sawAddress(seat: number, address: string): void {
    if (address) this.addresses[seat]?.add(address);
  }

  /** Every address the seat's current token was seen at. */
  addressesOf(seat: number): ReadonlySet<string> {
    return this.addresses[seat] ?? new Set();
  }

  /**
   * The person at `seat` is being kicked: their token, and every address it was seen at but those
   * in `spare`, may take no seat at this table again (they may still watch). Call before the seat
   * is freed.
   */
  bar(seat: number, spare: ReadonlySet<string>): void {
    const hash = this.secrets[seat]?.tokenHash;
    if (hash) this.barredTokens.add(hash);
    for (const address of this.addressesOf(seat)) if (!spare.has(address)) this.barredAddresses.add(address);
  }

  /** Whether someone presenting this token (if any) from this address was kicked from this table. */
  isBarred(token: string | undefined, address: string): boolean {
    if (address && this.barredAddresses.has(address)) return true;
    return token !== undefined && token !== '' && this.barredTokens.has(hashToken(token));
  }

  /** The sha256 of a seat's token (null: none), for the table file. */
  tokenHashOf(seat: number): string | null {
    return this.secrets[seat]?.tokenHash ?? null;
  }

  /**
   * A seat as recorded before a restart: its person is away until they re-claim it with their token;
   * a seat they had handed to the AI stays the AI's until they take it back.
   */
  restoreSeat(seat: number, saved: StoredSeat): void {
    const handed = saved.handedOver === true && !saved.bot;
    if (handed) this.handed.add(seat);
    else this.handed.delete(seat);
    this.secrets[seat] = { tokenHash: saved.bot ? null : saved.tokenHash, sessionId: null };
    this.addresses[seat] = new Set();
    Object.assign(this.seatState(seat), {
      name: saved.name,
      occupied: true,
      connected: saved.bot,
      bot: saved.bot,
      botControlled: handed,
      botLevel: saved.level ?? DEFAULT_BOT_LEVEL,
    });
  }

  /**
   * The name a seat shows for someone who asked for `name`: a loaded saved game's seat keeps its
   * saved name; any other takes `name`, or "name 2" (...) when it looks like another seat's.
   */
  private seatNameFor(seat: number, name: string): string {
    const others = this.state.seats.filter((s, i) => i !== seat && s.name !== '').map((s) => s.name);
    return this.reserved[seat] || distinctName(name, others);
  }

  /** A person sits down: returns their new seat token (the room keeps only its hash). */
  seatPerson(seat: number, name: string, sessionId: string): string {
    this.handed.delete(seat);
    const token = newSeatToken();
    this.secrets[seat] = { tokenHash: hashToken(token), sessionId };
    this.addresses[seat] = new Set();
    Object.assign(this.seatState(seat), {
      name: this.seatNameFor(seat, name),
      occupied: true,
      connected: true,
      bot: false,
      botControlled: false,
    });
    return token;
  }

  /** The token's owner is back (a new session): control returns from any bot but one they handed it to. */
  reclaim(seat: number, sessionId: string): void {
    const secret = this.secrets[seat];
    if (secret) secret.sessionId = sessionId;
    Object.assign(this.seatState(seat), { connected: true, botControlled: this.handed.has(seat) });
  }

  /** The seat's person lets a bot play it and watches (their token and session stay theirs). */
  handOver(seat: number): void {
    this.handed.add(seat);
    this.seatState(seat).botControlled = true;
  }

  /** The person who handed the seat over plays it again. */
  takeBack(seat: number): void {
    this.handed.delete(seat);
    this.seatState(seat).botControlled = false;
  }

  /** Whether the seat's person handed it to a bot and may take it back. */
  isHandedOver(seat: number): boolean {
    return this.handed.has(seat);
  }

  seatBot(seat: number, name: string): void {
    this.handed.delete(seat);
    this.secrets[seat] = { tokenHash: null, sessionId: null };
    this.addresses[seat] = new Set();
    Object.assign(this.seatState(seat), {
      name: this.seatNameFor(seat, name),
      occupied: true,
      connected: true,
      bot: true,
      botControlled: false,
      botLevel: DEFAULT_BOT_LEVEL,
    });
  }

  /** The person is gone for now (their token still works). */
  detachSession(seat: number): void {
    const secret = this.secrets[seat];
    if (secret) secret.sessionId = null;
    this.seatState(seat).connected = false;
  }

  /** The seat's token stops working and a bot plays the seat to the end (a kick during a match). */
  handToBot(seat: number): void {
    this.handed.delete(seat);
    this.secrets[seat] = { tokenHash: null, sessionId: null };
    this.addresses[seat] = new Set();
    Object.assign(this.seatState(seat), { connected: true, bot: true, botControlled: false });
  }

  free(seat: number): void {
    this.handed.delete(seat);
    this.secrets[seat] = { tokenHash: null, sessionId: null };
    this.addresses[seat] = new Set();
    const s = this.seatState(seat);
    Object.assign(s, {
      name: this.reserved[seat] ?? '',
      occupied: false,
      connected: false,
      bot: false,
      botControlled: false,
      botLevel: DEFAULT_BOT_LEVEL,
    });
    syncArray(s.private.legal, []);
  }

  /** The next connected person after `from` (wrapping), or -1: the host's successor. */
  nextConnectedPerson(from: number): number {
    const n = this.count;
    for (let step = 1; step <= n; step++) {
      const i = (from + step) % n;
      const s = this.state.seats[i];
      if (s && s.occupied && s.connected && !s.bot && !s.botControlled && this.secrets[i]?.sessionId)
        return i;
    }
    return -1;
  }

  private seatState(seat: number): SeatState {
    const s = this.state.seats[seat];
    if (!s) throw new Error(`No seat ${seat}`);
    return s;
  }
}
