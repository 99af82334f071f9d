/**
 * The file-backed MatchStore: the one place that knows DATA_DIR's layout (`matches/`, `journal/`,
 * `finished/`, `corrupt/`, `heartbeat`; what each holds: docs/operations.md, "Data directory"; how
 * the journal writes and recovers: "Storage internals").
 *
 * A running server writes, syncs and deletes table and history files off the event loop only;
 * reopen(), close() with a sync and the start (recovery) work on it (create() only opens the file
 * there). Table files are written at positions the file object keeps, never O_APPEND (a write issued
 * off the loop and a later synchronous one each land where they were meant to). A history file is
 * written to a temporary file, fsynced and renamed, so it is whole or absent; until it lands the table
 * file keeps the match. A crash leaves at worst a torn last line, which the reader drops.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { HistoryEntry } from '@parlor/shared';
import type { FinishedMatch, LastBeat, MatchStore, TableFile } from './MatchStore';
import { Journal } from './Journal';
import { recoverJournal } from './journalRecovery';
import { JournaledTableFile } from './journaledTableFile';
import { type ImportedMatch, MatchHistory } from './matchHistory';
import { fsyncDirAsync, rmQuiet, rmQuietAsync, writeFileAtomic, writeFileAtomicAsync } from './fileIo';
import { type TableLine, type StoredTable, type TableHeader, encodeLine, parseTableFile } from './tableFile';

const ROOM_ID = /^[\w-]{1,64}$/;

export interface FileMatchStoreOptions {
  /** Finished matches kept in the history (oldest removed first); 0 keeps none. */
  historyLimit?: number;
  /** Imported matches kept, counted apart: an import never pushes out a match played here. */
  importedHistoryLimit?: number;
  /** Where warnings go (tests silence them). */
  warn?: (message: string) => void;
  /**
   * Make each live table file durable (the journal's fdatasync) before its changes are sent
   * (default). Off, the kernel still has a table's lines before it sends (they survive the process
   * being killed), through the same journal off the event loop, but nothing is ever fdatasynced:
   * a power cut may lose the last moves. For slow storage such as SD cards.
   */
  syncWrites?: boolean;
  /** The journal's segment size before a checkpoint (tests make it small). */
  journalSegmentBytes?: number;
  /** The journal's writes through O_DSYNC (default; see JournalOptions.dsync). Tests turn it off. */
  journalDsync?: boolean;
}

export class FileMatchStore implements MatchStore {
  readonly matchesDir: string;
  readonly finishedDir: string;
  readonly corruptDir: string;
  readonly heartbeatFile: string;
  readonly journalDir: string;
  syncWrites: boolean;
  private readonly warn: (message: string) => void;
  private readonly ready = new Set<string>();
  private recovered = false;
  private journalInstance: Journal | null = null;
  private readonly journalSegmentBytes: number | undefined;
  private readonly journalDsync: boolean | undefined;
  /** Finished matches (finished/). */
  private readonly matches: MatchHistory;
  /** Removals of table files waiting for their tables' finished matches to land in the history. */
  private readonly removals = new Map<string, (() => void)[]>();
  /** The table file of each table, open or closing (a rewrite waits for the one it replaces). */
  private readonly open = new Map<string, JournaledTableFile>();
  /** Writes and removals under way off the event loop (settled()). */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    readonly dir: string,
    options: FileMatchStoreOptions = {},
  ) {
    this.matchesDir = path.join(dir, 'matches');
    this.finishedDir = path.join(dir, 'finished');
    this.corruptDir = path.join(dir, 'corrupt');
    this.heartbeatFile = path.join(dir, 'heartbeat');
    this.journalDir = path.join(dir, 'journal');
    this.journalSegmentBytes = options.journalSegmentBytes;
    this.journalDsync = options.journalDsync;
    this.syncWrites = options.syncWrites ?? true;
    this.warn = options.warn ?? ((m) => console.warn(`  storage: ${m}`));
    this.matches = new MatchHistory(this.finishedDir, {
      historyLimit: options.historyLimit ?? 200,
      importedHistoryLimit: options.importedHistoryLimit ?? 50,
      warn: this.warn,
      track: (work) => this.track(work),
      onLanded: (roomId) => this.landed(roomId),
    });
  }

  /** Finished matches kept in the history (oldest removed first); 0 keeps none. */
  get historyLimit(): number {
    return this.matches.historyLimit;
  }
  set historyLimit(limit: number) {
    this.matches.historyLimit = limit;
  }

  /** Imported matches kept, counted apart from historyLimit. */
  get importedHistoryLimit(): number {
    return this.matches.importedHistoryLimit;
  }
  set importedHistoryLimit(limit: number) {
    this.matches.importedHistoryLimit = limit;
  }

  /** Creates the directories now (index.ts calls it at start so a read-only DATA_DIR fails loudly). */
  init(): void {
    for (const d of [this.matchesDir, this.finishedDir]) this.ensureDir(d);
    // Existing directories can still be read-only: find out now, not at the first move.
    const probe = path.join(this.matchesDir, `.probe-${process.pid}.tmp`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
    // Temporary files of writes a crash interrupted.
    for (const d of [this.finishedDir, this.matchesDir, this.dir]) {
      for (const name of fs.readdirSync(d)) if (name.endsWith('.tmp')) rmQuiet(path.join(d, name));
    }
    this.recover();
    // Zero-filling the first journal segment takes a moment: now, not at the first table.
    this.journal().open();
  }

  /** Once, before the first table is read or written: puts back what a power cut lost (Journal.ts). */
  private recover(): void {
    if (this.recovered) return;
    this.recovered = true;
    recoverJournal(this.journalDir, this.matchesDir, this.warn);
  }

  /** The journal every live table's lines go through (with SYNC_WRITES off too, minus the syncs). */
  private journal(): Journal {
    this.recover();
    return (this.journalInstance ??= new Journal(this.journalDir, {
      segmentBytes: this.journalSegmentBytes,
      dsync: this.journalDsync,
      syncs: this.syncWrites,
      // The tables created during a segment: their directory entries durable before it goes.
      beforeRetire: this.syncWrites ? () => fsyncDirAsync(this.matchesDir) : undefined,
      warn: this.warn,
    }));
  }

  private ensureDir(dir: string): void {
    if (this.ready.has(dir)) return;
    fs.mkdirSync(dir, { recursive: true });
    this.ready.add(dir);
  }

  private tablePath(roomId: string): string {
    if (!ROOM_ID.test(roomId)) throw new Error(`Unusable room id for a file name: ${JSON.stringify(roomId)}`);
    return path.join(this.matchesDir, `${roomId}.jsonl`);
  }

  /** Keeps track of a table's file object until it is done with its file. */
  private opened(tableFile: JournaledTableFile): JournaledTableFile {
    this.open.set(tableFile.roomId, tableFile);
    tableFile.onReleased = () => {
      if (this.open.get(tableFile.roomId) === tableFile) this.open.delete(tableFile.roomId);
    };
    return tableFile;
  }

  /** Something under way off the event loop, for settled() (never rejects). */
  private track(work: Promise<unknown>): void {
    const done: Promise<void> = work.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(done);
    void done.then(() => this.inFlight.delete(done));
  }

  /** Resolves once every history write and table file removal begun so far has landed. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  // ---- live tables ----------------------------------------------------------------------------

  /**
   * A new table file. Nothing is written or synced on the event loop: the header goes to the
   * journal (durable with the table's first commit, before it sends anything), the file catches up
   * at the next checkpoint, and the directory entry is synced before the journal segment that can
   * rebuild the file is deleted (a power cut in between: recoverJournal writes the file anew).
   */
  create(header: TableHeader): TableFile {
    this.ensureDir(this.matchesDir);
    const file = this.tablePath(header.roomId);
    // 'wx': a room id is never reused while its file exists.
    this.recover();
    const fd = fs.openSync(file, 'wx');
    const journal = this.journal();
    journal.reset(header.roomId);
    const tableFile = this.opened(
      new JournaledTableFile({
        roomId: header.roomId,
        file,
        fd,
        syncWrites: this.syncWrites,
        journal,
        lines: 0,
        bytes: 0,
      }),
    );
    tableFile.append(header);
    return tableFile;
  }

  reopen(roomId: string): TableFile {
    this.recover();
    const file = this.tablePath(roomId);
    const parsed = parseTableFile(fs.readFileSync(file));
    if (!parsed.ok) throw new Error(`The record of ${roomId} is unreadable: ${parsed.reason}`);
    // 'r+', not 'a': lines are written at the byte positions its JournaledTableFile keeps.
    const fd = fs.openSync(file, 'r+');
    if (fs.fstatSync(fd).size !== parsed.validBytes) {
      fs.ftruncateSync(fd, parsed.validBytes);
      fs.fdatasyncSync(fd);
    }
    return this.opened(
      new JournaledTableFile({
        roomId,
        file,
        fd,
        syncWrites: this.syncWrites,
        journal: this.journal(),
        lines: parsed.lineCount,
        bytes: parsed.validBytes,
      }),
    );
  }

  /**
   * Nothing is written or synced on the event loop: the new table file goes to the journal (a reset,
   * then every line, durable with the table's next commit), and the file keeps the
   * old table file until the next checkpoint, which (once the replaced table file's last write is back and
   * the new lines are durable) truncates it and writes the new lines, off the event loop; a sync
   * or close before that writes a new file and renames it over, on the event loop. A crash in
   * between leaves the old file and a journal that holds the new table file from its line 0: the next
   * start rebuilds the file from the journal (recoverJournal). A table whose file is gone: a
   * temporary file, fsync'ed (unless SYNC_WRITES is off) and renamed over, at once.
   */
  rewrite(roomId: string, lines: TableLine[]): TableFile {
    const file = this.tablePath(roomId);
    this.recover();
    const journal = this.journal();
    const old = this.open.get(roomId) ?? null;
    let tableFile: JournaledTableFile;
    if (fs.existsSync(file)) {
      journal.reset(roomId);
      const fd = fs.openSync(file, 'r+');
      const setup = { roomId, file, fd, syncWrites: this.syncWrites, journal, lines: 0, bytes: 0 };
      tableFile = new JournaledTableFile({ ...setup, replaces: old });
      for (const line of lines) tableFile.append(line);
    } else {
      const text = lines.map(encodeLine).join('');
      writeFileAtomic(file, text, this.syncWrites);
      journal.reset(roomId);
      const fd = fs.openSync(file, 'r+');
      const bytes = Buffer.byteLength(text);
      tableFile = new JournaledTableFile({
        roomId,
        file,
        fd,
        syncWrites: this.syncWrites,
        journal,
        lines: lines.length,
        bytes,
      });
    }
    old?.supersede(tableFile);
    return this.opened(tableFile);
  }

  listUnfinished(): StoredTable[] {
    this.recover();
    let names: string[];
    try {
      names = fs.readdirSync(this.matchesDir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    const tables: StoredTable[] = [];
    for (const name of names.sort()) {
      if (!name.endsWith('.jsonl')) continue;
      const roomId = name.slice(0, -'.jsonl'.length);
      if (!ROOM_ID.test(roomId)) continue;
      const table = this.read(roomId);
      if (table) tables.push(table);
    }
    return tables;
  }

  read(roomId: string): StoredTable | null {
    this.recover();
    let buf: Buffer;
    try {
      buf = fs.readFileSync(this.tablePath(roomId));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      this.warn(`cannot read the record of table ${roomId}: ${(e as Error).message}`);
      return null;
    }
    const parsed = parseTableFile(buf);
    if (!parsed.ok) {
      this.setAside(roomId, parsed.reason);
      return null;
    }
    if (parsed.tornTail !== null)
      this.warn(`table ${roomId}: ignored an incomplete last line (a crash while writing it)`);
    if (parsed.table.header.roomId !== roomId) {
      this.setAside(roomId, `its header names table ${parsed.table.header.roomId}`);
      return null;
    }
    return parsed.table;
  }

  /**
   * Deleted off the event loop, and only once the table's finished matches are in the history's
   * files: until then the table file (its `finish` lines) is what a restart rebuilds them from.
   */
  remove(roomId: string): void {
    const file = this.tablePath(roomId);
    const tableFile = this.open.get(roomId);
    const journal = this.journalInstance;
    const unlink = (): Promise<void> => rmQuietAsync(file).then(() => tableFile?.fileRemoved());
    // The removal is journaled (durably) before the file goes: recovery would otherwise rebuild a
    // table file created within the journal's segments (no journal yet: nothing of it to rebuild).
    const go = (): void =>
      this.track(
        journal
          ? new Promise<void>((resolve) => {
              journal.removed(roomId);
              journal.commit(resolve);
            }).then(unlink)
          : unlink(),
      );
    if (!this.finishing(roomId)) {
      go();
      return;
    }
    const waiting = this.removals.get(roomId);
    if (waiting) waiting.push(go);
    else this.removals.set(roomId, [go]);
  }

  setAside(roomId: string, reason: string): void {
    const from = this.tablePath(roomId);
    this.ensureDir(this.corruptDir);
    const to = path.join(this.corruptDir, `${roomId}-${Date.now()}.jsonl`);
    try {
      fs.renameSync(from, to);
      this.warn(`the record of table ${roomId} was set aside (${reason}): ${to}`);
    } catch (e) {
      this.warn(`the record of table ${roomId} is unusable (${reason}) and could not be moved: ${String(e)}`);
    }
  }

  // ---- finished matches (the history: matchHistory.ts) ----------------------------------------

  finish(match: FinishedMatch): void {
    this.matches.finish(match);
  }

  /** A checked import, serialised already (matchHistory.ts). */
  finishImport(match: ImportedMatch): void {
    this.matches.finishImport(match);
  }

  hasFinished(id: string): boolean {
    return this.matches.hasFinished(id);
  }

  finishing(roomId: string): boolean {
    return this.matches.finishing(roomId);
  }

  history(): HistoryEntry[] {
    return this.matches.history();
  }

  readFinished(id: string): FinishedMatch | null {
    return this.matches.readFinished(id);
  }

  /** The id of the history's match with this fingerprint and quick key (matchFingerprint.ts), if any. */
  findDuplicate(fingerprint: string, quickKey: string): string | undefined {
    return this.matches.findDuplicate(fingerprint, quickKey);
  }

  /** A history write of this table landed: its table file may go now if nothing else of it is on its way. */
  private landed(roomId: string): void {
    if (this.finishing(roomId)) return;
    const waiting = this.removals.get(roomId);
    if (!waiting) return;
    this.removals.delete(roomId);
    for (const go of waiting) go();
  }

  // ---- heartbeat --------------------------------------------------------------------------------

  writeHeartbeat(beat: LastBeat): void {
    fs.mkdirSync(this.dir, { recursive: true });
    // A rename is atomic; no fsync: after a power cut an older beat only gives players more time.
    writeFileAtomic(this.heartbeatFile, JSON.stringify(beat), beat.stopped);
  }

  /** The running beat, off the event loop (a rename can wait long behind a busy disk's journal). */
  writeHeartbeatAsync(beat: LastBeat): Promise<void> {
    const write = writeFileAtomicAsync(this.heartbeatFile, JSON.stringify(beat), false);
    // settled() waits for it: a shutdown must not exit with its temporary file still on disk.
    this.track(write);
    return write;
  }

  readHeartbeat(): LastBeat | null {
    try {
      const beat = JSON.parse(fs.readFileSync(this.heartbeatFile, 'utf8')) as Partial<LastBeat>;
      if (typeof beat.at !== 'number' || !Number.isFinite(beat.at)) return null;
      return { at: beat.at, stopped: beat.stopped === true };
    } catch {
      return null;
    }
  }
}

/** One store per data directory in this process (rooms, restore and the HTTP API share it). */
const stores = new Map<string, FileMatchStore>();
export function matchStoreFor(dir: string, options: FileMatchStoreOptions = {}): FileMatchStore {
  let store = stores.get(dir);
  if (!store) stores.set(dir, (store = new FileMatchStore(dir, options)));
  else {
    if (options.historyLimit !== undefined) store.historyLimit = options.historyLimit;
    if (options.importedHistoryLimit !== undefined) store.importedHistoryLimit = options.importedHistoryLimit;
    if (options.syncWrites !== undefined) store.syncWrites = options.syncWrites;
  }
  return store;
}

/** The store a server configuration names (DATA_DIR, HISTORY_LIMIT, SYNC_WRITES). */
export function matchStoreOf(cfg: {
  dataDir: string;
  historyLimit: number;
  importedHistoryLimit?: number;
  syncWrites: boolean;
}): FileMatchStore {
  return matchStoreFor(cfg.dataDir, {
    historyLimit: cfg.historyLimit,
    importedHistoryLimit: cfg.importedHistoryLimit,
    syncWrites: cfg.syncWrites,
  });
}
