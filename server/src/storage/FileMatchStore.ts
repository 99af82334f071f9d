/**
 * The file-backed MatchStore. The one place that decides the layout of DATA_DIR:
 *
 *   matches/<roomId>.jsonl   one log per live table (records.ts), written at byte positions the
 *                            log keeps (never O_APPEND: a write issued off the event loop and a
 *                            later synchronous one each land where they were meant to); it catches
 *                            up with the journal at checkpoints, off the event loop, and when the
 *                            table syncs or closes
 *   journal/<n>.wal          the same lines for every live table, written off the event loop as
 *                            they come and fdatasync'ed (unless SYNC_WRITES is off) before a room
 *                            broadcasts what it recorded,
 *                            one group commit for all tables (Journal.ts); at start it completes the
 *                            table files (after a crash or a power cut), then goes
 *   finished/<id>.json       one finished match each (the history), written off the event loop to a
 *                            temporary file, fsync'ed and renamed into place (then the directory
 *                            fsync'ed), so a file is whole or absent; listed and served from memory
 *                            until it lands. Until then the table's record keeps the match (its
 *                            `finish` line): a table is not compacted nor its record removed before,
 *                            and a restart writes what the history lacks (GameRoom.resumeMatch)
 *   corrupt/                 records that could not be read, set aside for a human (never deleted)
 *   heartbeat                {"at", "stopped"}: the last second this process was alive, or the
 *                            moment it stopped gracefully (timers resume with the time that was left)
 *
 * A running server writes, syncs and deletes table files and history files off the event loop
 * only (SYNC_WRITES off too: the same journal, without the syncs); reopen(), close() with a sync,
 * and the start (recovery) work on it (create() only opens the new file there).
 * No native code: node:fs only. A crash at any moment leaves at worst a torn last line, which the
 * reader ignores and the next writer cuts off.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FinishedMatch, HistoryEntry, LastBeat, MatchStore, TableLog } from './MatchStore';
import { Journal, type JournaledFile, recoverJournal } from './Journal';
import { PendingBytes } from './pendingBytes';
import {
  Descriptor,
  fsyncDirAsync,
  rmQuiet,
  rmQuietAsync,
  writeAllAt,
  writeAllAtAsync,
  writeFileAtomic,
  writeFileAtomicAsync,
} from './fileIo';
import { matchFingerprint, matchQuickKey } from './matchFingerprint';
import { type RecordLine, type StoredTable, type TableHeader, encodeLine, parseTableLog } from './records';

const ROOM_ID = /^[\w-]{1,64}$/;
const FINISHED_ID = /^[\w-]{1,100}$/;
/** A table-file write that failed during a checkpoint is tried again after this long. */
const RETRY_MS = 1000;

export interface FileMatchStoreOptions {
  /** Finished matches kept in the history (oldest removed first); 0 keeps none. */
  historyLimit?: number;
  /** Imported matches kept, counted apart: an import never pushes out a match played here. */
  importedHistoryLimit?: number;
  /** Where warnings go (tests silence them). */
  warn?: (message: string) => void;
  /**
   * Make each live table's record durable (the journal's fdatasync) before its changes are sent
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

/** A finished match on its way to its file. */
interface Unwritten {
  roomId: string;
  json: string;
  /** finish() was called again meanwhile: written once more when this write lands. */
  again: boolean;
  failed: boolean;
}

export class FileMatchStore implements MatchStore {
  readonly matchesDir: string;
  readonly finishedDir: string;
  readonly corruptDir: string;
  readonly heartbeatFile: string;
  readonly journalDir: string;
  historyLimit: number;
  importedHistoryLimit: number;
  syncWrites: boolean;
  private readonly warn: (message: string) => void;
  private readonly ready = new Set<string>();
  private recovered = false;
  private journalInstance: Journal | null = null;
  private readonly journalSegmentBytes: number | undefined;
  private readonly journalDsync: boolean | undefined;
  /** Summaries of finished matches, loaded on first use. */
  private historyCache: Map<string, HistoryEntry> | null = null;
  /**
   * For the import's duplicate check (matchFingerprint.ts): the history's matches by quick key, and
   * the fingerprints computed so far (only for matches that share a quick key with an import).
   */
  private readonly byQuickKey = new Map<string, Set<string>>();
  private readonly quickKeyOf = new Map<string, string>();
  private readonly fingerprintOf = new Map<string, string>();
  /** When each imported match was imported: the oldest imports go first (not the oldest matches). */
  private readonly importedAtOf = new Map<string, number>();
  /** Finished matches whose file has not landed yet, by id: served from here meanwhile. */
  private readonly unwritten = new Map<string, Unwritten>();
  /** Removals of records waiting for their tables' finished matches to land in the history. */
  private readonly removals = new Map<string, (() => void)[]>();
  /** The record of each table, open or closing (a rewrite waits for the one it replaces). */
  private readonly logs = new Map<string, FileTableLog>();
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
    this.historyLimit = options.historyLimit ?? 200;
    this.importedHistoryLimit = options.importedHistoryLimit ?? 50;
    this.syncWrites = options.syncWrites ?? true;
    this.warn = options.warn ?? ((m) => console.warn(`  storage: ${m}`));
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

  private logPath(roomId: string): string {
    if (!ROOM_ID.test(roomId)) throw new Error(`Unusable room id for a file name: ${JSON.stringify(roomId)}`);
    return path.join(this.matchesDir, `${roomId}.jsonl`);
  }

  /** Keeps track of a table's record until it is done with its file. */
  private opened(log: FileTableLog): FileTableLog {
    this.logs.set(log.roomId, log);
    log.onReleased = () => {
      if (this.logs.get(log.roomId) === log) this.logs.delete(log.roomId);
    };
    return log;
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

  /** Resolves once every history write and record removal begun so far has landed. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  // ---- live tables ----------------------------------------------------------------------------

  /**
   * A new table's record. Nothing is written or synced on the event loop: the header goes to the
   * journal (durable with the table's first commit, before it sends anything), the file catches up
   * at the next checkpoint, and the directory entry is synced before the journal segment that can
   * rebuild the file is deleted (a power cut in between: recoverJournal writes the file anew).
   */
  create(header: TableHeader): TableLog {
    this.ensureDir(this.matchesDir);
    const file = this.logPath(header.roomId);
    // 'wx': a room id is never reused while its file exists.
    this.recover();
    const fd = fs.openSync(file, 'wx');
    const journal = this.journal();
    journal.reset(header.roomId);
    const log = this.opened(
      new FileTableLog({
        roomId: header.roomId,
        file,
        fd,
        syncWrites: this.syncWrites,
        journal,
        lines: 0,
        bytes: 0,
      }),
    );
    log.append(header);
    return log;
  }

  reopen(roomId: string): TableLog {
    this.recover();
    const file = this.logPath(roomId);
    const parsed = parseTableLog(fs.readFileSync(file));
    if (!parsed.ok) throw new Error(`The record of ${roomId} is unreadable: ${parsed.reason}`);
    // 'r+', not 'a': lines are written at the byte positions the log keeps.
    const fd = fs.openSync(file, 'r+');
    if (fs.fstatSync(fd).size !== parsed.validBytes) {
      fs.ftruncateSync(fd, parsed.validBytes);
      fs.fdatasyncSync(fd);
    }
    return this.opened(
      new FileTableLog({
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
   * Nothing is written or synced on the event loop: the new record goes to the journal (a reset,
   * then every line, durable with the table's next commit), and the file keeps the
   * old record until the next checkpoint, which (once the replaced record's last write is back and
   * the new lines are durable) truncates it and writes the new lines, off the event loop; a sync
   * or close before that writes a new file and renames it over, on the event loop. A crash in
   * between leaves the old file and a journal that holds the new record from its line 0: the next
   * start rebuilds the file from the journal (recoverJournal). A record whose file is gone: a
   * temporary file, fsync'ed (unless SYNC_WRITES is off) and renamed over, at once.
   */
  rewrite(roomId: string, lines: RecordLine[]): TableLog {
    const file = this.logPath(roomId);
    this.recover();
    const journal = this.journal();
    const old = this.logs.get(roomId) ?? null;
    let log: FileTableLog;
    if (fs.existsSync(file)) {
      journal.reset(roomId);
      const fd = fs.openSync(file, 'r+');
      const setup = { roomId, file, fd, syncWrites: this.syncWrites, journal, lines: 0, bytes: 0 };
      log = new FileTableLog({ ...setup, replaces: old });
      for (const line of lines) log.append(line);
    } else {
      const text = lines.map(encodeLine).join('');
      writeFileAtomic(file, text, this.syncWrites);
      journal.reset(roomId);
      const fd = fs.openSync(file, 'r+');
      const bytes = Buffer.byteLength(text);
      log = new FileTableLog({
        roomId,
        file,
        fd,
        syncWrites: this.syncWrites,
        journal,
        lines: lines.length,
        bytes,
      });
    }
    old?.supersede(log);
    return this.opened(log);
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
      buf = fs.readFileSync(this.logPath(roomId));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      this.warn(`cannot read the record of table ${roomId}: ${(e as Error).message}`);
      return null;
    }
    const parsed = parseTableLog(buf);
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
   * files: until then the record (its `finish` lines) is what a restart rebuilds them from.
   */
  remove(roomId: string): void {
    const file = this.logPath(roomId);
    const log = this.logs.get(roomId);
    const journal = this.journalInstance;
    const unlink = (): Promise<void> => rmQuietAsync(file).then(() => log?.fileRemoved());
    // The removal is journaled (durably) before the file goes: recovery would otherwise rebuild a
    // record created within the journal's segments (no journal yet: nothing of it to rebuild).
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
    const from = this.logPath(roomId);
    this.ensureDir(this.corruptDir);
    const to = path.join(this.corruptDir, `${roomId}-${Date.now()}.jsonl`);
    try {
      fs.renameSync(from, to);
      this.warn(`the record of table ${roomId} was set aside (${reason}): ${to}`);
    } catch (e) {
      this.warn(`the record of table ${roomId} is unusable (${reason}) and could not be moved: ${String(e)}`);
    }
  }

  // ---- finished matches (the history) --------------------------------------------------------

  private finishedPath(id: string): string {
    if (!FINISHED_ID.test(id)) throw new Error(`Unusable match id: ${JSON.stringify(id)}`);
    return path.join(this.finishedDir, `${id}.json`);
  }

  /** Listed and readable at once; the file is written off the event loop (settled()). */
  finish(match: FinishedMatch): void {
    if (this.limitFor(match.importedAt !== undefined) <= 0) return;
    const file = this.finishedPath(match.id);
    this.ensureDir(this.finishedDir);
    const history = this.loadHistory();
    history.set(match.id, summarise(match));
    this.rememberFingerprint(match);
    this.prune();
    // Older than every match kept (a full history): pruned at once, nothing to write.
    if (!history.has(match.id)) return;
    const json = JSON.stringify(match);
    const pending = this.unwritten.get(match.id);
    if (pending && !pending.failed) {
      // One write per id at a time: this one follows when the current one lands.
      Object.assign(pending, { json, roomId: match.roomId, again: true });
      return;
    }
    this.unwritten.set(match.id, { roomId: match.roomId, json, again: false, failed: false });
    this.writeFinished(match.id, file);
  }

  private writeFinished(id: string, file: string): void {
    const entry = this.unwritten.get(id)!;
    entry.again = false;
    this.track(
      writeFileAtomicAsync(file, entry.json).then(
        () => {
          if (entry.again) return this.writeFinished(id, file);
          if (this.unwritten.get(id) === entry) this.unwritten.delete(id);
          // Pruned while it was being written: it goes now, so no file is left behind.
          if (!this.historyCache?.has(id)) this.track(rmQuietAsync(file));
          this.landed(entry.roomId);
        },
        (e: unknown) => {
          entry.failed = true;
          this.warn(
            `history: match ${id} could not be written (${(e as Error).message}); ` +
              'its table keeps its record, and the next start writes it',
          );
        },
      ),
    );
  }

  /** A history write of this table landed: its record may go now if nothing else of it is on its way. */
  private landed(roomId: string): void {
    if (this.finishing(roomId)) return;
    const waiting = this.removals.get(roomId);
    if (!waiting) return;
    this.removals.delete(roomId);
    for (const go of waiting) go();
  }

  /** The id of the history's match with this fingerprint and quick key (matchFingerprint.ts), if any. */
  findDuplicate(fingerprint: string, quickKey: string): string | undefined {
    this.loadHistory();
    for (const id of this.byQuickKey.get(quickKey) ?? []) {
      let fp = this.fingerprintOf.get(id);
      if (fp === undefined) {
        const match = this.readFinished(id);
        if (!match) continue;
        fp = matchFingerprint(match);
        this.fingerprintOf.set(id, fp);
      }
      if (fp === fingerprint) return id;
    }
    return undefined;
  }

  private rememberFingerprint(match: FinishedMatch): void {
    this.forgetFingerprint(match.id);
    if (match.importedAt !== undefined) this.importedAtOf.set(match.id, match.importedAt);
    const key = matchQuickKey(match);
    this.quickKeyOf.set(match.id, key);
    const ids = this.byQuickKey.get(key) ?? new Set<string>();
    ids.add(match.id);
    this.byQuickKey.set(key, ids);
  }

  private forgetFingerprint(id: string): void {
    this.fingerprintOf.delete(id);
    this.importedAtOf.delete(id);
    const key = this.quickKeyOf.get(id);
    if (key === undefined) return;
    this.quickKeyOf.delete(id);
    const ids = this.byQuickKey.get(key);
    ids?.delete(id);
    if (ids?.size === 0) this.byQuickKey.delete(key);
  }

  private limitFor(imported: boolean): number {
    return imported ? this.importedHistoryLimit : this.historyLimit;
  }

  hasFinished(id: string): boolean {
    return FINISHED_ID.test(id) && this.loadHistory().has(id);
  }

  finishing(roomId: string): boolean {
    for (const entry of this.unwritten.values()) if (entry.roomId === roomId) return true;
    return false;
  }

  /** Newest first. */
  history(): HistoryEntry[] {
    return [...this.loadHistory().values()].sort((a, b) => b.finishedAt - a.finishedAt);
  }

  readFinished(id: string): FinishedMatch | null {
    if (!FINISHED_ID.test(id)) return null;
    const unwritten = this.unwritten.get(id);
    if (unwritten) return this.loadHistory().has(id) ? (JSON.parse(unwritten.json) as FinishedMatch) : null;
    try {
      return JSON.parse(fs.readFileSync(this.finishedPath(id), 'utf8')) as FinishedMatch;
    } catch {
      return null;
    }
  }

  private loadHistory(): Map<string, HistoryEntry> {
    if (this.historyCache) return this.historyCache;
    const cache = new Map<string, HistoryEntry>();
    let names: string[] = [];
    try {
      names = fs.readdirSync(this.finishedDir);
    } catch {
      // no history yet
    }
    for (const name of names) {
      if (!name.endsWith('.json')) continue;
      const id = name.slice(0, -'.json'.length);
      const match = this.readFinished(id);
      if (match && match.format === 'parlor-match') {
        cache.set(id, summarise(match));
        this.rememberFingerprint(match);
      } else this.warn(`history: ignored an unreadable file ${name}`);
    }
    this.historyCache = cache;
    this.prune();
    return cache;
  }

  /**
   * The oldest go (their files off the event loop; one still being written, once it lands). The
   * matches played here and the imported ones each have their own limit, so imports never push out
   * a match played here; of the imports, the earliest imported go first.
   */
  private prune(): void {
    const cache = this.historyCache;
    if (!cache) return;
    for (const imported of [false, true]) {
      const kept = [...cache.values()].filter((e) => e.imported === imported);
      const limit = this.limitFor(imported);
      if (kept.length <= limit) continue;
      const age = (e: HistoryEntry) => (imported ? (this.importedAtOf.get(e.id) ?? 0) : e.finishedAt);
      const oldest = kept.sort((a, b) => age(a) - age(b));
      for (const entry of oldest.slice(0, kept.length - limit)) this.dropFromHistory(entry);
    }
  }

  private dropFromHistory(entry: HistoryEntry): void {
    this.historyCache!.delete(entry.id);
    this.forgetFingerprint(entry.id);
    const unwritten = this.unwritten.get(entry.id);
    if (!unwritten) this.track(rmQuietAsync(this.finishedPath(entry.id)));
    else if (unwritten.failed) {
      // Not kept anyway: its table's record need not wait for it.
      this.unwritten.delete(entry.id);
      this.landed(unwritten.roomId);
    }
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

export function summarise(m: FinishedMatch): HistoryEntry {
  return {
    id: m.id,
    game: m.game,
    tableName: m.tableName,
    players: m.seats.map((s) => ({ name: s.name, bot: s.bot })),
    result: m.outcome.summary,
    winners: m.outcome.winners.map((w) => m.seats[w]?.name ?? `Seat ${w + 1}`),
    startedAt: m.startedAt,
    finishedAt: m.finishedAt,
    durationMs: Math.max(0, m.finishedAt - m.startedAt),
    actions: m.actions.length,
    imported: m.importedAt !== undefined,
  };
}

interface LogSetup {
  roomId: string;
  file: string;
  fd: number;
  syncWrites: boolean;
  /** Where the lines go first: the file catches up from it at checkpoints. */
  journal: Journal;
  /** How many lines and bytes of this record the file holds already (the next line's number and place). */
  lines: number;
  bytes: number;
  /**
   * Set by rewrite() with the journal: the file still holds the record this one replaces (that
   * record's log, or null), and every line of this one goes in when it is replaced.
   */
  replaces?: FileTableLog | null;
}

/** A checkpoint's write under way: `buf` at byte `at` of the file behind `file`. */
interface FileWrite {
  file: Descriptor;
  buf: Buffer;
  at: number;
}

class FileTableLog implements TableLog, JournaledFile {
  readonly roomId: string;
  /** Lines appended since the last sync or commit. */
  dirty = false;
  /** Called once the log is closed and done with its file (the store forgets it). */
  onReleased: (() => void) | null = null;
  private readonly file: string;
  private readonly syncWrites: boolean;
  private readonly journal: Journal;
  private descriptor: Descriptor;
  private lines: number;
  /** Bytes of the record: in the file, being written to it, or pending. */
  private size: number;
  /** Where the next write to the file goes (the writes before it may still be under way). */
  private offset: number;
  /**
   * Lines not yet in the file. The journal's own write is what survives a killed process, so the
   * file only catches up at a checkpoint, a sync or close: one write per action instead of two.
   */
  private pending = new PendingBytes();
  /** A checkpoint's write under way: a sync writes the same bytes at the same place first. */
  private writing: FileWrite | null = null;
  /** Bytes written on the event loop since the last fdatasync. */
  private unsynced = false;
  /**
   * After a rewrite with the journal: every line of this record, kept until the file holds them
   * (it still holds the replaced record). A checkpoint truncates the file and writes them; a sync
   * before that writes a new file and renames it over.
   */
  private replacing: string[] | null = null;
  /** The replaced record, whose checkpoint write may still land in the same file: waited for. */
  private predecessor: FileTableLog | null;
  /** The record that replaced this one: nothing more of this one is written. */
  private successor: FileTableLog | null = null;
  private closed = false;
  /** Closed without a sync (to be removed or replaced): the file catches up only if a checkpoint asks. */
  private discarded = false;
  private removed = false;
  /** A checkpoint's catch-up is under way; `idle` runs when it ends. */
  private busy = false;
  private idle: (() => void)[] = [];

  constructor(setup: LogSetup) {
    this.roomId = setup.roomId;
    this.file = setup.file;
    this.syncWrites = setup.syncWrites;
    this.journal = setup.journal;
    this.descriptor = new Descriptor(setup.fd);
    this.lines = setup.lines;
    this.size = this.offset = setup.bytes;
    this.predecessor = setup.replaces ?? null;
    if (setup.replaces !== undefined) this.replacing = [];
  }

  get bytes(): number {
    return this.size;
  }

  append(line: RecordLine): void {
    if (this.closed || this.successor) return;
    const encoded = encodeLine(line);
    this.journal.add(this, this.lines, encoded);
    this.lines++;
    this.size += this.pending.append(encoded);
    this.replacing?.push(encoded);
    this.dirty = true;
  }

  /** rewrite() made `next` this table's record. */
  supersede(next: FileTableLog): void {
    this.successor = next;
    this.pending.clear();
    this.replacing = null;
    this.release();
  }

  /**
   * Everything appended so far into the file, on the event loop. A checkpoint's write that may
   * still be under way is written again first, the same bytes at the same place: the lines after
   * it then never sit behind a hole, whichever lands last.
   */
  private writeNow(): void {
    if (this.closed || this.successor || this.removed) return;
    if (this.replacing) {
      this.replaceNow();
      return;
    }
    const under = this.writing;
    if (under && under.file === this.descriptor) {
      writeAllAt(under.file.fd, under.buf, under.at);
      this.unsynced = true;
    }
    if (this.pending.isEmpty) return;
    const buf = this.pending.take();
    writeAllAt(this.descriptor.fd, buf, this.offset);
    this.offset += buf.length;
    this.unsynced = true;
  }

  /**
   * A rewritten record not yet in its file, on the event loop: a new file renamed over (a crash
   * leaves the old one or this one, whole). Whatever a checkpoint was doing goes to the old file.
   */
  private replaceNow(): void {
    const text = this.replacing!.join('');
    writeFileAtomic(this.file, text, this.syncWrites);
    const fd = fs.openSync(this.file, 'r+');
    this.descriptor.retire();
    this.descriptor = new Descriptor(fd);
    this.offset = Buffer.byteLength(text);
    this.pending.clear();
    this.replacing = null;
    this.predecessor = null;
    this.writing = null;
    this.unsynced = false;
  }

  /** Everything appended so far into the file, and the file durable (on the event loop). */
  sync(): void {
    if (this.closed || this.successor) return;
    this.writeNow();
    if (this.syncWrites && this.unsynced) fs.fdatasyncSync(this.descriptor.fd);
    this.unsynced = false;
    this.dirty = false;
  }

  syncAsync(done: () => void): void {
    if (this.closed || this.successor || !this.dirty) {
      done();
      return;
    }
    this.dirty = false;
    this.journal.commit(done);
  }

  /** For a journal checkpoint: the file caught up and durable, off the event loop (one at a time per file). */
  syncFile(done: () => void): void {
    if (this.busy) {
      this.idle.push(() => this.syncFile(done));
      return;
    }
    this.busy = true;
    this.catchUp(() => {
      this.busy = false;
      done();
      const idle = this.idle;
      this.idle = [];
      for (const run of idle) run();
      this.release();
    });
  }

  /** Whether what a checkpoint set out to write is no longer its to write (see catchUp). */
  private settledElsewhere(file: Descriptor): boolean {
    return (
      file !== this.descriptor || this.successor !== null || this.removed || (this.closed && !this.discarded)
    );
  }

  private catchUp(finish: () => void): void {
    // Replaced: its lines count for nothing once the new record's are durable in the journal.
    if (this.successor) {
      this.journal.commit(finish);
      return;
    }
    // Deleted, or closed with a sync (everything on disk already).
    if (this.removed || (this.closed && !this.discarded)) {
      finish();
      return;
    }
    // The file of a rewritten record is the one the replaced records' last writes go to (a record
    // replaced before its own first checkpoint still points at the one it replaced).
    let before = this.predecessor;
    while (before && !before.busy) before = before.predecessor;
    if (before) {
      before.idle.push(() => this.catchUp(finish));
      return;
    }
    if (this.replacing) this.replaceInPlace(finish);
    else this.writeAndSync(finish);
  }

  /** The pending lines at their place in the file, then an fdatasync. */
  private writeAndSync(finish: () => void): void {
    if (this.pending.isEmpty) {
      finish(); // every line is in the file, and was synced with it
      return;
    }
    const buf = this.pending.take();
    const write: FileWrite = { file: this.descriptor, buf, at: this.offset };
    this.offset += buf.length;
    this.writing = write;
    this.writeThenSync(write, finish);
  }

  private writeThenSync(write: FileWrite, finish: () => void): void {
    const elsewhere = (): void => {
      if (this.writing === write) this.writing = null;
      this.catchUp(finish);
    };
    if (this.settledElsewhere(write.file)) return elsewhere();
    writeAllAtAsync(write.file, write.buf, write.at, (err) => {
      if (this.settledElsewhere(write.file)) return elsewhere();
      if (err) {
        // Kept as the write under way (a sync writes it itself meanwhile), and tried again.
        console.error(`[storage] write of ${this.roomId} failed (trying again):`, err);
        setTimeout(() => this.writeThenSync(write, finish), RETRY_MS).unref();
        return;
      }
      if (this.writing === write) this.writing = null;
      if (!this.syncWrites) {
        finish();
        return;
      }
      const file = write.file;
      file.begin();
      fs.fdatasync(file.fd, (err2) => {
        file.end();
        // A sync on the event loop meanwhile synced it again, so a failure then lost nothing.
        if (err2 && !this.settledElsewhere(file))
          console.error(`[storage] fdatasync of ${this.roomId} failed:`, err2);
        finish();
      });
    });
  }

  /**
   * The first checkpoint after a rewrite: once this record's lines are durable in the journal (a
   * crash from here on rebuilds the file from them), the file is truncated and they are written
   * from byte 0, then fdatasynced. Lines appended meanwhile stay pending, after them.
   */
  private replaceInPlace(finish: () => void): void {
    const file = this.descriptor;
    const lines = this.replacing!;
    const stale = () => this.settledElsewhere(file) || this.replacing !== lines;
    this.journal.commit(() => {
      if (stale()) return this.catchUp(finish);
      file.begin();
      fs.ftruncate(file.fd, 0, (err) => {
        file.end();
        if (stale()) return this.catchUp(finish);
        if (err) {
          console.error(`[storage] truncating ${this.roomId} failed (trying again):`, err);
          setTimeout(() => this.catchUp(finish), RETRY_MS).unref();
          return;
        }
        const buf = Buffer.from(lines.join(''));
        this.pending.clear();
        this.offset = buf.length;
        const write: FileWrite = { file, buf, at: 0 };
        this.writing = write;
        this.writeThenSync(write, () => {
          if (!stale()) {
            this.replacing = null;
            this.predecessor = null;
          }
          finish();
        });
      });
    });
  }

  /**
   * No more lines. By default the file gets them all and is fdatasynced now. `{ sync: false }`
   * with the journal: nothing now (the record is replaced or removed next); its lines are in the
   * journal, and a checkpoint still writes them to the file if it is there by then.
   */
  close(options: { sync?: boolean } = {}): void {
    if (this.closed) return;
    if (this.successor || options.sync === false) {
      this.closed = true;
      this.discarded = true;
      this.release();
      return;
    }
    try {
      this.sync();
    } finally {
      this.closed = true;
      // A checkpoint's call under way keeps it open until it is back.
      this.descriptor.retire(true);
      this.onReleased?.();
    }
  }

  /** The store deleted the file: nothing more to write to it. */
  fileRemoved(): void {
    this.removed = true;
    this.pending.clear();
    this.replacing = null;
    this.release();
  }

  /** Closed and done with its file: the descriptor goes (once the calls under way are back). */
  private release(): void {
    if (!this.closed || this.busy || this.descriptor.isRetired) return;
    // Discarded, but its file is still there and behind: a checkpoint may yet write to it.
    if (!this.removed && !this.successor && (!this.pending.isEmpty || this.replacing)) return;
    this.descriptor.retire();
    this.onReleased?.();
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
