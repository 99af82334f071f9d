/**
 * The file-backed MatchStore. The one place that decides the layout of DATA_DIR:
 *
 *   matches/<roomId>.jsonl   one append-only log per live table (records.ts); with the journal
 *                            it catches up at checkpoints and when the table closes
 *   journal/<n>.wal          the same lines for every live table, written every turn of the event
 *                            loop and fdatasync'ed before a room broadcasts what it recorded, one
 *                            group commit for all tables (Journal.ts); at start it completes the
 *                            table files (after a crash or a power cut), then goes
 *   finished/<id>.json       one finished match each (the history), written to a temporary file,
 *                            fsync'ed and renamed into place, so a file is whole or absent
 *   corrupt/                 records that could not be read, set aside for a human (never deleted)
 *   heartbeat                {"at", "stopped"}: the last second this process was alive, or the
 *                            moment it stopped gracefully (timers resume with the time that was left)
 *
 * No native code: node:fs only. A crash at any moment leaves at worst a torn last line, which the
 * reader ignores and the next writer cuts off.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FinishedMatch, HistoryEntry, LastBeat, MatchStore, TableLog } from './MatchStore';
import { Journal, type JournaledFile, fsyncDir, recoverJournal, rmQuiet } from './Journal';
import { type RecordLine, type StoredTable, type TableHeader, encodeLine, parseTableLog } from './records';

const ROOM_ID = /^[\w-]{1,64}$/;
const FINISHED_ID = /^[\w-]{1,100}$/;

export interface FileMatchStoreOptions {
  /** Finished matches kept in the history (oldest removed first); 0 keeps none. */
  historyLimit?: number;
  /** Where warnings go (tests silence them). */
  warn?: (message: string) => void;
  /**
   * Make each live table's record durable (the journal's fdatasync) before its changes are sent
   * (default). Off, records are still written at once (they survive the process being killed)
   * but a power cut may lose the last moves: for slow storage such as SD cards.
   */
  syncWrites?: boolean;
  /** The journal's segment size before a checkpoint (tests make it small). */
  journalSegmentBytes?: number;
}

export class FileMatchStore implements MatchStore {
  readonly matchesDir: string;
  readonly finishedDir: string;
  readonly corruptDir: string;
  readonly heartbeatFile: string;
  readonly journalDir: string;
  historyLimit: number;
  syncWrites: boolean;
  private readonly warn: (message: string) => void;
  private readonly ready = new Set<string>();
  private recovered = false;
  private journalInstance: Journal | null = null;
  private readonly journalSegmentBytes: number | undefined;
  /** Summaries of finished matches, loaded on first use. */
  private historyCache: Map<string, HistoryEntry> | null = null;

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
    this.historyLimit = options.historyLimit ?? 200;
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
    this.journal()?.open();
  }

  /** Once, before the first table is read or written: puts back what a power cut lost (Journal.ts). */
  private recover(): void {
    if (this.recovered) return;
    this.recovered = true;
    recoverJournal(this.journalDir, this.matchesDir, this.warn);
  }

  /** The journal when records are synced; null with SYNC_WRITES off. */
  private journal(): Journal | null {
    if (!this.syncWrites) return null;
    this.recover();
    return (this.journalInstance ??= new Journal(this.journalDir, {
      segmentBytes: this.journalSegmentBytes,
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

  // ---- live tables ----------------------------------------------------------------------------

  create(header: TableHeader): TableLog {
    this.ensureDir(this.matchesDir);
    const file = this.logPath(header.roomId);
    // 'wx': a room id is never reused while its file exists.
    this.recover();
    const fd = fs.openSync(file, 'wx');
    const journal = this.journal();
    journal?.reset(header.roomId);
    const log = new FileTableLog(header.roomId, fd, this.syncWrites, journal, 0);
    log.append(header);
    log.sync();
    fsyncDir(this.matchesDir);
    return log;
  }

  reopen(roomId: string): TableLog {
    this.recover();
    const file = this.logPath(roomId);
    const parsed = parseTableLog(fs.readFileSync(file));
    if (!parsed.ok) throw new Error(`The record of ${roomId} is unreadable: ${parsed.reason}`);
    const fd = fs.openSync(file, 'r+');
    if (fs.fstatSync(fd).size !== parsed.validBytes) {
      fs.ftruncateSync(fd, parsed.validBytes);
      fs.fdatasyncSync(fd);
    }
    fs.closeSync(fd);
    const lines = parsed.lineCount;
    return new FileTableLog(roomId, fs.openSync(file, 'a'), this.syncWrites, this.journal(), lines);
  }

  rewrite(roomId: string, lines: RecordLine[]): TableLog {
    const file = this.logPath(roomId);
    this.recover();
    writeFileAtomic(file, lines.map(encodeLine).join(''), true);
    const journal = this.journal();
    journal?.reset(roomId);
    return new FileTableLog(roomId, fs.openSync(file, 'a'), this.syncWrites, journal, lines.length);
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

  remove(roomId: string): void {
    rmQuiet(this.logPath(roomId));
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

  finish(match: FinishedMatch): void {
    if (this.historyLimit <= 0) return;
    this.ensureDir(this.finishedDir);
    writeFileAtomic(this.finishedPath(match.id), JSON.stringify(match), true);
    this.loadHistory().set(match.id, summarise(match));
    this.prune();
  }

  hasFinished(id: string): boolean {
    return FINISHED_ID.test(id) && this.loadHistory().has(id);
  }

  /** Newest first. */
  history(): HistoryEntry[] {
    return [...this.loadHistory().values()].sort((a, b) => b.finishedAt - a.finishedAt);
  }

  readFinished(id: string): FinishedMatch | null {
    if (!FINISHED_ID.test(id)) return null;
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
      if (match && match.format === 'parlor-match') cache.set(id, summarise(match));
      else this.warn(`history: ignored an unreadable file ${name}`);
    }
    this.historyCache = cache;
    this.prune();
    return cache;
  }

  private prune(): void {
    const cache = this.historyCache;
    if (!cache || cache.size <= this.historyLimit) return;
    const oldest = [...cache.values()].sort((a, b) => a.finishedAt - b.finishedAt);
    for (const entry of oldest.slice(0, cache.size - this.historyLimit)) {
      rmQuiet(this.finishedPath(entry.id));
      cache.delete(entry.id);
    }
  }

  // ---- heartbeat --------------------------------------------------------------------------------

  writeHeartbeat(beat: LastBeat): void {
    fs.mkdirSync(this.dir, { recursive: true });
    // A rename is atomic; no fsync: after a power cut an older beat only gives players more time.
    writeFileAtomic(this.heartbeatFile, JSON.stringify(beat), beat.stopped);
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

class FileTableLog implements TableLog, JournaledFile {
  /** Lines appended since the last sync or commit. */
  dirty = false;
  private closed = false;
  /** Bytes written to the file since its last fdatasync. */
  private unsynced = false;
  /**
   * Lines not yet in the file. Without a journal they are written together by one write call
   * (an action brings several: the action, its log lines, a deadline) before the tick ends. With
   * the journal, the journal's own write is what survives a killed process, so the file only
   * catches up at a checkpoint, a sync or close: one write per action instead of two.
   */
  private pending: string[] = [];

  /**
   * @param journal where synced lines go (null with syncWrites off)
   * @param lines how many lines the file holds already (the next one's number)
   */
  constructor(
    readonly roomId: string,
    private fd: number,
    private readonly syncWrites: boolean,
    private readonly journal: Journal | null,
    private lines: number,
  ) {}

  append(line: RecordLine): void {
    if (this.closed) return;
    const encoded = encodeLine(line);
    if (this.journal) this.journal.add(this, this.lines++, encoded);
    else if (this.pending.length === 0) process.nextTick(() => this.write());
    this.pending.push(encoded);
    this.dirty = true;
  }

  /** Hands the appended lines to the kernel: from here a killed process loses none of them. */
  private write(): void {
    if (this.pending.length === 0 || this.closed) return;
    const lines = this.pending.join('');
    this.pending = [];
    writeAll(this.fd, Buffer.from(lines));
    this.unsynced = true;
  }

  /** Everything appended so far into the file, and the file durable (on the event loop). */
  sync(): void {
    if (this.closed) return;
    this.write();
    if (this.syncWrites && this.unsynced) fs.fdatasyncSync(this.fd);
    this.unsynced = false;
    this.dirty = false;
  }

  syncAsync(done: () => void): void {
    if (this.closed || !this.dirty) {
      done();
      return;
    }
    this.dirty = false;
    if (this.journal) this.journal.commit(done);
    else {
      this.write();
      done();
    }
  }

  /** For a journal checkpoint: the file itself made durable, off the event loop. */
  syncFile(done: () => void): void {
    if (this.closed) {
      done(); // close() synced it
      return;
    }
    this.write();
    this.unsynced = false;
    fs.fdatasync(this.fd, (err) => {
      // A close() meanwhile syncs synchronously first, so a closed descriptor here lost nothing.
      if (err && !this.closed) console.error(`[storage] fdatasync of ${this.roomId} failed:`, err);
      done();
    });
  }

  close(): void {
    if (this.closed) return;
    try {
      this.sync();
    } finally {
      this.closed = true;
      fs.closeSync(this.fd);
      this.fd = -1;
    }
  }
}

/** One write call in practice; loops if the kernel takes fewer bytes. */
function writeAll(fd: number, buf: Buffer): void {
  let written = 0;
  while (written < buf.length) written += fs.writeSync(fd, buf, written, buf.length - written);
}

/** Write to a temporary file in the same directory, optionally fsync, then rename over `file`. */
export function writeFileAtomic(file: string, data: string, durable: boolean): void {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    writeAll(fd, Buffer.from(data));
    if (durable) fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.renameSync(tmp, file);
  } catch (e) {
    rmQuiet(tmp);
    throw e;
  }
  if (durable) fsyncDir(path.dirname(file));
}

/** One store per data directory in this process (rooms, restore and the HTTP API share it). */
const stores = new Map<string, FileMatchStore>();
export function matchStoreFor(dir: string, options: FileMatchStoreOptions = {}): FileMatchStore {
  let store = stores.get(dir);
  if (!store) stores.set(dir, (store = new FileMatchStore(dir, options)));
  else {
    if (options.historyLimit !== undefined) store.historyLimit = options.historyLimit;
    if (options.syncWrites !== undefined) store.syncWrites = options.syncWrites;
  }
  return store;
}

/** The store a server configuration names (DATA_DIR, HISTORY_LIMIT, SYNC_WRITES). */
export function matchStoreOf(cfg: {
  dataDir: string;
  historyLimit: number;
  syncWrites: boolean;
}): FileMatchStore {
  return matchStoreFor(cfg.dataDir, { historyLimit: cfg.historyLimit, syncWrites: cfg.syncWrites });
}
