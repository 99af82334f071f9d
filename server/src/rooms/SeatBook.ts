/**
 * Who sits where: seat occupancy in the synced state, plus what only the server may know (the
 * sha256 of each seat's token and the session currently holding it). No Colyseus calls here.
 */
import { DEFAULT_BOT_LEVEL } from '@parlor/shared';
import type { StoredSeat } from '../storage/tableFile';
import type { GameRoomState, SeatState } from './schema';
import { claimMatches } from './claims';
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
  /** People the host removed (kick): their seat tokens' hashes and network addresses. */
  private readonly barredTokens = new Set<string>();
  private readonly barredAddresses = new Set<string>();

  constructor(private readonly state: GameRoomState) {
    this.secrets = state.seats.map(() => ({ tokenHash: null, sessionId: null }));
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

  /**
   * The person at `seat` is being kicked: their token, and `address` unless it is null, may take
   * no seat at this table again (they may still watch). Call before the seat is freed.
   */
  bar(seat: number, address: string | null): void {
    const hash = this.secrets[seat]?.tokenHash;
    if (hash) this.barredTokens.add(hash);
    if (address) this.barredAddresses.add(address);
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

  /** A seat as recorded before a restart: its person is away until they re-claim it with their token. */
  restoreSeat(seat: number, saved: StoredSeat): void {
    this.secrets[seat] = { tokenHash: saved.bot ? null : saved.tokenHash, sessionId: null };
    Object.assign(this.seatState(seat), {
      name: saved.name,
      occupied: true,
      connected: saved.bot,
      bot: saved.bot,
      botControlled: false,
      botLevel: saved.level ?? DEFAULT_BOT_LEVEL,
    });
  }

  /** A person sits down: returns their new seat token (the room keeps only its hash). */
  seatPerson(seat: number, name: string, sessionId: string): string {
    const token = newSeatToken();
    this.secrets[seat] = { tokenHash: hashToken(token), sessionId };
    Object.assign(this.seatState(seat), {
      name: this.reserved[seat] || name,
      occupied: true,
      connected: true,
      bot: false,
      botControlled: false,
    });
    return token;
  }

  /** The token's owner is back (a new session): control returns from any bot. */
  reclaim(seat: number, sessionId: string): void {
    const secret = this.secrets[seat];
    if (secret) secret.sessionId = sessionId;
    Object.assign(this.seatState(seat), { connected: true, botControlled: false });
  }

  seatBot(seat: number, name: string): void {
    this.secrets[seat] = { tokenHash: null, sessionId: null };
    Object.assign(this.seatState(seat), {
      name: this.reserved[seat] || name,
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
    this.secrets[seat] = { tokenHash: null, sessionId: null };
    Object.assign(this.seatState(seat), { connected: true, bot: true, botControlled: false });
  }

  free(seat: number): void {
    this.secrets[seat] = { tokenHash: null, sessionId: null };
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
