/**
 * A table's saves of its current match (issue 31): the match's lineage, held so that one table at a
 * time plays it (liveMatches.ts), and each person's seat's claim code, which goes to that seat
 * alone, never into the host's file (the file seals their hashes only). Kept in the table file
 * (`claims` line), so a restart keeps the codes; sent again to a seat whenever it (re)joins.
 */
import type { Client } from '@colyseus/core';
import { type SeatClaim, type SeatSetup, ServerMsg } from '@parlor/shared';
import type { TableLine } from '../storage/tableFile';
import { claimHash, newClaimCode, normalClaim } from './claims';
import {
  type SharedHolds,
  announceLineage,
  heldElsewhere,
  holdLineage,
  releaseLineage,
  withdrawLineage,
} from './liveMatches';
import type { SaveClaims } from './savedGames';
import type { GameRoomState } from './schema';

/** What the claims need from their room. */
export interface MatchClaimsHost {
  readonly roomId: string;
  readonly state: GameRoomState;
  /** Appends a line to the table file. */
  write(line: TableLine): void;
  clientOfSeat(seat: number): Client | undefined;
  /** The holds every process sees (liveMatches.ts). */
  readonly shared: SharedHolds;
}

export class MatchClaims {
  /** The current match's lineage ('' before any match). */
  lineage = '';
  /** Per seat, its claim code (null: a bot's seat, or none made yet); null before the first save. */
  private codes: (string | null)[] | null = null;
  /** Whether this table holds `lineage` in liveMatches. */
  private holding = false;

  constructor(private readonly host: MatchClaimsHost) {}

  /**
   * The table now plays (or waits to carry on) the match of `lineage`, with the codes it already
   * has. False, and nothing changes, when another table of this process holds that lineage.
   */
  begin(lineage: string, codes: (string | null)[] | null = null): boolean {
    const { roomId, shared } = this.host;
    if (!holdLineage(lineage, roomId)) return false;
    if (this.lineage !== lineage) this.release();
    this.lineage = lineage;
    this.holding = true;
    this.codes = codes;
    this.host.state.lineage = lineage;
    announceLineage(shared, lineage, roomId);
    return true;
  }

  /**
   * A loaded save's table holds `lineage`, unless a table of this process or of another one holds
   * it already (false: nothing changes).
   */
  async beginLoaded(lineage: string): Promise<boolean> {
    const { roomId, shared } = this.host;
    if (!holdLineage(lineage, roomId)) return false;
    let elsewhere: boolean;
    try {
      elsewhere = await heldElsewhere(shared, lineage, roomId);
    } catch (e) {
      // The presence failing does not stop the table: this process's own check stands.
      console.warn(`lineage ${lineage}: the other processes could not be asked`, e);
      elsewhere = false;
    }
    if (elsewhere) {
      releaseLineage(lineage, roomId);
      return false;
    }
    return this.begin(lineage);
  }

  /** The match is over or the table is gone: a save of it may load elsewhere. */
  release(): void {
    if (!this.holding) return;
    releaseLineage(this.lineage, this.host.roomId);
    withdrawLineage(this.host.shared, this.lineage, this.host.roomId);
    this.holding = false;
  }

  /** A person took `seat` of a loaded save with its code `claim`: kept for the seat's later saves. */
  learn(seat: number, claim: string, seats: number): void {
    const codes = this.codes ?? Array.from({ length: seats }, () => null);
    codes[seat] = normalClaim(claim);
    this.codes = codes;
    this.persist();
  }

  /** Written again after the match's `start` line (which clears the codes of the match before). */
  keep(): void {
    this.persist();
  }

  /** The claims a save of the match seals: missing codes are made now, kept and handed out to their seats. */
  forSave(seats: readonly SeatSetup[]): SaveClaims {
    const had = this.codes;
    const codes = seats.map((s, i) => (s.bot ? null : (had?.[i] ?? newClaimCode())));
    this.codes = codes;
    if (!had || codes.some((c, i) => c !== had[i])) this.persist();
    return { lineage: this.lineage, hashes: codes.map((c) => (c === null ? null : claimHash(c))) };
  }

  /** Every person's seat gets its own code (and nobody else's). */
  handOut(): void {
    this.codes?.forEach((_, seat) => {
      const client = this.host.clientOfSeat(seat);
      if (client) this.sendTo(client, seat);
    });
  }

  /** `client` sits at `seat`: it gets that seat's code, if the match has one. */
  sendTo(client: Client, seat: number): void {
    const code = this.codes?.[seat];
    if (!code) return;
    const { state } = this.host;
    const claim: SeatClaim = {
      lineage: this.lineage,
      seat,
      code,
      game: state.game,
      tableName: state.tableName,
    };
    client.send(ServerMsg.claim, claim);
  }

  private persist(): void {
    if (this.codes) this.host.write({ t: 'claims', at: Date.now(), codes: [...this.codes] });
  }
}
