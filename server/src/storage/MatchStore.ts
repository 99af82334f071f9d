/**
 * Where tables and finished matches are kept. One small interface so another backend (Redis, a
 * database) can replace the files later; FileMatchStore is the one used today.
 */
import type { MatchFile, Outcome } from '@parlor/shared';
import type { RecordLine, StoredTable, TableHeader } from './records';

/** The open, append-only record of one live table. */
export interface TableLog {
  readonly roomId: string;
  /**
   * Handed to the kernel before this turn of the event loop ends (from then it survives the
   * process being killed: in the journal, or in the table file when there is none); durable after
   * syncAsync() calls back, or sync().
   */
  append(line: RecordLine): void;
  /** Makes every appended line durable (fdatasync) if any is pending. */
  sync(): void;
  /** Whether lines were appended since the last sync. */
  readonly dirty: boolean;
  /**
   * Like sync() but off the event loop, and shared: the store's journal commits every table that
   * asks in the same turn with one fdatasync in libuv's threadpool. `done` runs when every line
   * appended so far is durable (at once when nothing is pending). Errors are logged.
   */
  syncAsync(done: () => void): void;
  close(): void;
}

/** A finished match as kept in the history and exported (the id is `<roomId>-<match number>`). */
export interface FinishedMatch extends MatchFile {
  outcome: Outcome;
  finishedAt: number;
  /** Set on a match imported from another server. */
  importedAt?: number;
}

/** One line of the history listing. */
export interface HistoryEntry {
  id: string;
  game: string;
  tableName: string;
  players: { name: string; bot: boolean }[];
  /** The outcome's sentence, e.g. "Ada wins 2 rounds to 1". */
  result: string;
  winners: string[];
  startedAt: number;
  finishedAt: number;
  durationMs: number;
  actions: number;
  imported: boolean;
}

export interface LastBeat {
  at: number;
  /** True when the process stopped gracefully (then `at` is the time it stopped). */
  stopped: boolean;
}

export interface MatchStore {
  /** Opens a new table's record, starting with its header. */
  create(header: TableHeader): TableLog;
  /** Reopens a restored table's record for appending (a torn last line is cut off first). */
  reopen(roomId: string): TableLog;
  /**
   * Replaces a table's record with `lines` (header first) in one atomic step, and returns the
   * reopened record. A crash during it leaves the old record or the new one, whole.
   */
  rewrite(roomId: string, lines: RecordLine[]): TableLog;
  /** Every table left by an earlier run. Corrupt records are set aside (with a warning), never thrown. */
  listUnfinished(): StoredTable[];
  read(roomId: string): StoredTable | null;
  /** The table is closed for good: its record goes (its finished matches are in the history). */
  remove(roomId: string): void;
  /** Moves a record that cannot be used out of the way, keeping it for a human to look at. */
  setAside(roomId: string, reason: string): void;

  /** Keeps a finished match in the history (bounded: the oldest go first). */
  finish(match: FinishedMatch): void;
  history(): HistoryEntry[];
  readFinished(id: string): FinishedMatch | null;

  writeHeartbeat(beat: LastBeat): void;
  readHeartbeat(): LastBeat | null;
}
