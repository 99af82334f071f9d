/**
 * A game room's persistence: the table file it appends to as things happen (seating, the public
 * log, each match's seed and accepted actions, deadlines, outcomes), so a restarted server brings
 * the table back; and the history file of each finished match. See server/src/storage.
 *
 * A storage failure (disk full, permissions) never stops the game: the table goes on without its
 * file, and will not survive a restart.
 */
import type { Client } from '@colyseus/core';
import type { GameAction, MatchRecord, Outcome } from '@parlor/shared';
import type { MatchStore, TableFile } from '../storage/MatchStore';
import type { StoredSeat, StoredTable, TableHeader, TableLine } from '../storage/tableFile';
import { storedLevel } from './botLevels';
import type { SeatBook } from './SeatBook';
import type { GameRoomState } from './schema';
import { matchFileOf, type MatchPlace } from './savedGames';
import type { PublicLog } from './tableState';
import { itemsOf } from './sync';
import { WriteCoalescer } from './writeCoalescer';

/** The seating as the table file keeps it. */
interface SeatsSnapshot {
  seats: StoredSeat[];
  host: number;
  options: unknown;
  code: string;
}

/** What persistence reads from its room. */
export interface PersistenceHost {
  readonly roomId: string;
  readonly state: GameRoomState;
  readonly seatBook: SeatBook;
  readonly gameOptions: unknown;
  readonly publicLog: PublicLog;
  /** Names the room in the server's console output. */
  readonly label: string;
  /** A table file past this many bytes starts afresh at the next rematch (compact()). */
  readonly compactAfterBytes: number;
}

/** Every table of this process not yet disposed: a stop that overruns flushes them itself (flushOpenTables). */
const openTables = new Set<TablePersistence>();

/**
 * Makes every open table's file durable, as each room's onBeforeShutdown does: for a stop that
 * cannot wait for Colyseus to get there (see http/gracefulShutdown.ts, STOP_DEADLINE_MS).
 */
export function flushOpenTables(): void {
  for (const table of openTables) table.beforeShutdown();
}

export class TablePersistence {
  /** This table's file (null when persistence failed for this table). */
  private file: TableFile | null = null;
  /** The file's first line (kept to start the file afresh on a rematch). */
  private header: TableHeader | null = null;
  /** The seating last written, to write it on change only. */
  private lastSeats: SeatsSnapshot | null = null;
  /** Set when the server shuts down: the file is kept (and no longer written) for the next run. */
  private shuttingDown = false;
  /** Matches begun at this table (rematches included); numbers the history entries. */
  matchCount = 0;
  private readonly writes = new WriteCoalescer();

  constructor(
    readonly store: MatchStore,
    private readonly host: PersistenceHost,
  ) {
    openTables.add(this);
  }

  /** A new table: its file starts with the header. */
  create(header: TableHeader): void {
    this.header = header;
    this.guard('create', () => {
      this.file = this.store.create(header);
    });
  }

  /** A restored table: its file is reopened for appending; the match count and seating carry on from it. */
  reopen(table: StoredTable): void {
    this.header = table.header;
    this.file = this.store.reopen(table.header.roomId);
    this.matchCount = table.match?.number ?? 0;
    this.markSeatsWritten();
  }

  /** The table could not be restored: its file is closed as it is (and kept for a human to look at). */
  abandon(): void {
    this.file?.close();
    this.file = null;
  }

  /** Where the current match is played: names its files. */
  matchPlace(): MatchPlace {
    return {
      roomId: this.host.roomId,
      tableName: this.host.state.tableName,
      matchNumber: this.matchCount,
    };
  }

  /**
   * A match began: with the accepted actions, its `start` line rebuilds it exactly. `lineage`: a
   * loaded save's (a match begun here has its own id for one).
   */
  matchStarted(record: MatchRecord, lineage?: string): void {
    this.matchCount += 1;
    if (this.matchCount > 1) this.compact();
    this.writeSeats();
    this.write({
      t: 'start',
      at: record.startedAt,
      seed: record.seed,
      seats: record.seats,
      options: record.options,
      number: this.matchCount,
      ...(lineage ? { lineage } : {}),
    });
  }

  /** An action was accepted (already appended to the match record): durable before its effects are sent. */
  actionAccepted(seat: number, action: GameAction, at: number): void {
    this.write({ t: 'action', at, seat, action });
  }

  matchFinished(record: MatchRecord, outcome: Outcome): void {
    const finishedAt = Date.now();
    this.write({ t: 'finish', at: finishedAt, outcome });
    const file = matchFileOf(this.matchPlace(), record);
    this.guard('history', () => this.store.finish({ ...file, outcome, finishedAt }));
  }

  /**
   * The matches the table file ends but the history lacks: the process stopped before their history
   * files landed (the store writes them off the event loop). Written now, under the same ids.
   */
  repairHistory(table: StoredTable, game: string): void {
    for (const match of table.finished) {
      const { outcome, finishedAt } = match;
      if (!outcome || finishedAt === null) continue;
      const file = matchFileOf({ ...this.matchPlace(), matchNumber: match.number }, { ...match, game });
      if (this.store.hasFinished(file.id)) continue;
      this.guard('history', () => this.store.finish({ ...file, outcome, finishedAt }));
    }
  }

  /**
   * Appends a line: handed to the kernel soon, off the event loop (the journal's next write), and
   * durable before the next thing this table sends (durableBeforeSending()).
   */
  write(line: TableLine): void {
    if (!this.file || this.shuttingDown) return;
    this.guard('write', () => this.file?.append(line));
  }

  /** Writes the seating (names, bots, token hashes), host, options and code when they changed. */
  writeSeats(): void {
    if (!this.file || this.shuttingDown) return;
    // Runs on every touch: compare with the last snapshot field by field, build one only on a change.
    if (!this.seatingChanged()) return;
    this.write({ t: 'seats', at: Date.now(), ...this.markSeatsWritten() });
  }

  /**
   * Durable before anyone sees it: whatever the file holds so far reaches the disk before
   * anything sent from now on reaches a client. What is sent meanwhile (events, the patch, a
   * welcome) waits in the corked client sockets until the store's fdatasync is done; that runs
   * off the event loop, so other tables are served meanwhile.
   */
  durableBeforeSending(clients: Iterable<Client>): void {
    const file = this.file;
    if (!file?.dirty) return;
    const release = this.writes.holdUntil(clients);
    let started = false;
    this.guard('sync', () => {
      file.syncAsync(release);
      started = true;
    });
    if (!started) release();
  }

  /** The server is shutting down: the file is made durable, then left as it is for the next run. */
  beforeShutdown(): void {
    this.writeSeats();
    this.guard('flush', () => this.file?.sync());
    // Leaving players must not be written as leaving: the table resumes as it is.
    this.shuttingDown = true;
  }

  /** The room is gone: on a shutdown its file stays; closed for good, the file goes. */
  dispose(): void {
    openTables.delete(this);
    const file = this.file;
    this.file = null;
    if (!file) return;
    // On a shutdown the file stays, whole on disk, and the next start resumes the table.
    if (this.shuttingDown) {
      this.guard('close', () => file.close());
      return;
    }
    // Closed for good (everyone is gone): the file goes, so it is not synced first. The store
    // removes it once this table's finished matches are in the history's files (until then a
    // restart would write them from it: repairHistory).
    this.guard('close', () => file.close({ sync: false }));
    this.guard('remove', () => this.store.remove(file.roomId));
  }

  /**
   * At a rematch, a file grown past compactAfterBytes starts afresh (header, seating, the public
   * log), so a table that stays open all evening keeps a small file. A file holding several
   * matches reads fine (a `start` line replaces the match), so a busy table does this once every
   * few dozen matches, not at every rematch. Not while a finished match of this table is still on
   * its way to the history: until it lands, the file is what a restart writes it from.
   */
  private compact(): void {
    const header = this.header;
    const old = this.file;
    if (!header || !old || this.shuttingDown) return;
    if (old.bytes < this.host.compactAfterBytes || this.store.finishing(header.roomId)) return;
    const lines: TableLine[] = [
      header,
      { t: 'seats', at: Date.now(), ...this.seatsSnapshot() },
      ...this.host.publicLog.lines().map((l): TableLine => ({ t: 'log', ...l })),
    ];
    this.guard('compact', () => {
      this.file = this.store.rewrite(header.roomId, lines);
      this.markSeatsWritten();
      // Replaced: not synced (the new file is durable with the next commit).
      old.close({ sync: false });
    });
  }

  /** Whether anything seatsSnapshot() holds differs from the snapshot last written. */
  private seatingChanged(): boolean {
    const { state, seatBook, gameOptions } = this.host;
    const last = this.lastSeats;
    const seats = itemsOf(state.seats);
    if (!last || last.options !== gameOptions || last.host !== state.host) return true;
    if (last.code !== state.code || last.seats.length !== seats.length) return true;
    for (let i = 0; i < seats.length; i++) {
      const s = seats[i]!;
      const was = last.seats[i]!;
      if (
        was.name !== s.name ||
        was.occupied !== s.occupied ||
        was.bot !== s.bot ||
        was.level !== storedLevel(s) ||
        was.tokenHash !== seatBook.tokenHashOf(i) ||
        (was.handedOver ?? false) !== seatBook.isHandedOver(i)
      )
        return true;
    }
    return false;
  }

  /** The seating now becomes the one last written; returned for the line. */
  private markSeatsWritten(): SeatsSnapshot {
    return (this.lastSeats = this.seatsSnapshot());
  }

  private seatsSnapshot(): SeatsSnapshot {
    const { state, seatBook, gameOptions } = this.host;
    const seats: StoredSeat[] = state.seats.map((s, i) => ({
      name: s.name,
      occupied: s.occupied,
      bot: s.bot,
      level: storedLevel(s),
      tokenHash: seatBook.tokenHashOf(i),
      ...(seatBook.isHandedOver(i) ? { handedOver: true as const } : {}),
    }));
    return { seats, host: state.host, options: gameOptions, code: state.code };
  }

  /** Runs a storage call; a failure stops this table's file, never the game. */
  private guard(what: string, fn: () => void): void {
    try {
      fn();
    } catch (e) {
      console.error(`[${this.host.label}] storage ${what} failed; this table will not survive a restart:`, e);
      const file = this.file;
      this.file = null;
      try {
        file?.close();
      } catch {
        // already failing
      }
    }
  }
}
