/**
 * Where tables and finished matches are kept. One small interface so another backend (Redis, a
 * database) can replace the files later; FileMatchStore is the one used today.
 */
import type { HistoryEntry, MatchFile, Outcome } from '@parlor/shared';
import type { TableLine, StoredTable, TableHeader } from './tableFile';

/** The open, append-only table file of one live table. */
export interface TableFile {
  readonly roomId: string;
  /**
   * Handed to the kernel off the event loop, soon after (in the journal, or, without one, in the
   * table file before this turn of the event loop ends: then it survives the process being killed
   * from there); durable after syncAsync() calls back, or sync(). Nothing a room sends leaves before
   * that, so a killed process only ever loses lines nobody was told about.
   */
  append(line: TableLine): void;
  /** Makes every appended line durable in the table file (fdatasync, on the event loop: shutdown). */
  sync(): void;
  /** Whether lines were appended since the last sync. */
  readonly dirty: boolean;
  /** Bytes of the table file so far (header included): a room compacts its table file past some size. */
  readonly bytes: number;
  /**
   * Like sync() but off the event loop, and shared: the store's journal commits together every
   * table that asks while a write is under way (group commit, see Journal.ts). `done` runs when
   * every line appended so far is durable (at once when nothing is pending). Errors are logged.
   */
  syncAsync(done: () => void): void;
  /**
   * No more lines. By default the file first gets every line and is fdatasynced, on the event loop
   * (shutdown, failures). `{ sync: false }`: nothing is written or synced now, for a table file that is
   * replaced (rewrite) or removed right after; its lines stay in the journal, and the file catches
   * up off the event loop at the next checkpoint if it is still there by then.
   */
  close(options?: { sync?: boolean }): void;
}

/** A finished match as kept in the history and exported (the id is `<roomId>-<match number>`). */
export interface FinishedMatch extends MatchFile {
  outcome: Outcome;
  finishedAt: number;
  /** Set on a match imported from another server. */
  importedAt?: number;
}

export interface LastBeat {
  at: number;
  /** True when the process stopped gracefully (then `at` is the time it stopped). */
  stopped: boolean;
}

export interface MatchStore {
  /** Opens a new table file, starting with its header. */
  create(header: TableHeader): TableFile;
  /** Reopens a restored table file for appending (a torn last line is cut off first). */
  reopen(roomId: string): TableFile;
  /**
   * Replaces a table file with `lines` (header first), and returns the reopened table file; the
   * caller closes the old one (`{ sync: false }`). A crash at any moment leaves the old table file or
   * the new one, whole (with the journal, the new one is durable with the next commit and the file
   * is replaced later, off the event loop: FileMatchStore.rewrite).
   */
  rewrite(roomId: string, lines: TableLine[]): TableFile;
  /** Every table left by an earlier run. Corrupt table files are set aside (with a warning), never thrown. */
  listUnfinished(): StoredTable[];
  read(roomId: string): StoredTable | null;
  /**
   * The table is closed for good: its table file goes, off the event loop, once each of its finished
   * matches is in the history's files (until then a crash keeps the table file, and the next start
   * writes what the history lacks).
   */
  remove(roomId: string): void;
  /** Moves a table file that cannot be used out of the way, keeping it for a human to look at. */
  setAside(roomId: string, reason: string): void;

  /**
   * Keeps a finished match in the history (bounded: the oldest go first). Listed and readable at
   * once; its file is written off the event loop (settled() waits for it).
   */
  finish(match: FinishedMatch): void;
  /** Whether the history holds (or is writing) the match with this id. */
  hasFinished(id: string): boolean;
  /** Whether a finished match of this table is still on its way to the history's files. */
  finishing(roomId: string): boolean;
  history(): HistoryEntry[];
  readFinished(id: string): FinishedMatch | null;
  /** Resolves once every write and removal begun so far has landed (tests, shutdown). */
  settled(): Promise<void>;

  writeHeartbeat(beat: LastBeat): void;
  /** The same off the event loop (the beats while running; never durable, a rename only). */
  writeHeartbeatAsync(beat: LastBeat): Promise<void>;
  readHeartbeat(): LastBeat | null;
}
