/**
 * The write-ahead journal of the live tables: every table file's lines also go here, into one file,
 * made durable by group commit, off the event loop. How it writes (O_DSYNC and the writer thread,
 * the thread pool, checkpoints, crashes) and its layout, `journal/<n>.wal` of
 * `<roomId>\t<line number>\t<line JSON>` lines (or `\treset` / `\tremoved`): docs/operations.md,
 * "Storage internals".
 */
import fs from 'node:fs';
import {
  Descriptor,
  fsyncDir,
  fsyncDirAsync,
  rmQuiet,
  rmQuietAsync,
  writeAllAt,
  writeAllAtAsync,
} from './fileIo';
import { durableWriter } from './durableWriter';
import {
  diskFullExplained,
  fillWithZeros,
  fillWithZerosAsync,
  segmentPath,
  segmentsIn,
} from './journalSegments';

/** A table file the journal covers: what a checkpoint needs from it. */
export interface JournaledFile {
  readonly roomId: string;
  /** Writes its pending lines to its file and fdatasyncs it, off the event loop; `done` runs when it is durable. */
  syncFile(done: () => void): void;
}

export interface JournalOptions {
  /** A segment this large is retired at the next commit (default 8 MB). */
  segmentBytes?: number;
  /**
   * Write the segments through an O_DSYNC descriptor (default where the platform has it), on the
   * writer thread: each write is durable when it returns, so a commit costs one write instead of a
   * write and then an fdatasync, each a trip through libuv's thread pool whose callback waits for a
   * turn of a busy event loop. Off, every commit's write is followed by an fdatasync.
   */
  dsync?: boolean;
  /**
   * Commits wait until their lines are durable (default). Off (SYNC_WRITES=false), a commit waits
   * only until the kernel has them: the same segments, written through the thread pool (one write
   * per turn of the event loop for every table that moved), and nothing is ever fdatasynced (nor
   * written through O_DSYNC). A killed process still loses nothing a table sent; a power cut may
   * lose the last moves.
   */
  syncs?: boolean;
  /**
   * Runs at a checkpoint once the table files written during the old segment are durable, before
   * that segment is deleted: the store syncs the directory of the files created meanwhile (until
   * then a new file's directory entry is only as durable as the journal lines that can rebuild it).
   */
  beforeRetire?: () => Promise<void>;
  warn?: (message: string) => void;
}

/** O_DSYNC where the platform has it (Linux, macOS); undefined elsewhere (Windows). */
const O_DSYNC: number | undefined = fs.constants.O_DSYNC;

/** Stands for a line that belongs to no table file (a reset). */
const NO_FILE: JournaledFile = { roomId: '', syncFile: (done) => done() };
const DEFAULT_SEGMENT_BYTES = 8 * 1024 * 1024;
/** Table files written and fdatasynced at once during a checkpoint (one: gentler on the disk). */
const CHECKPOINT_PARALLEL = 1;
/** Journal fdatasyncs at once (each covers every line written before it began; libuv has 8 threads). */
const MAX_SYNCS_IN_FLIGHT = 4;
/** Journal writes at once, each at its own reserved position: a commit need not wait for the write before it. */
const MAX_WRITES_IN_FLIGHT = 4;
/** The same through the writer thread, which writes them in order and groups what is queued. */
const MAX_THREAD_WRITES_IN_FLIGHT = 64;
/** A journal write that failed is tried again after this long (the commits it covers wait). */
const WRITE_RETRY_MS = 1000;

/** A zero-filled segment ready to take lines. */
interface Segment {
  n: number;
  file: Descriptor;
}

/** A write under way: `buf` at byte `at` of `file`, holding the entries up to number `upTo`. */
interface Write {
  file: Descriptor;
  buf: Buffer;
  at: number;
  upTo: number;
  /** Landed (an earlier write may still be under way). */
  landed: boolean;
}

export class Journal {
  private current: Descriptor | null = null;
  private segment = 0;
  /** Bytes of the current segment given out: where the next write goes. */
  private size = 0;
  /** The next segment, once zero-filled in the background; `preparing` while that runs. */
  private spare: Segment | null = null;
  private preparing = false;
  private pendingText: string[] = [];
  private pendingFiles: JournaledFile[] = [];
  /**
   * Entries (lines and resets) are numbered as they are added. `written`: every entry up to it is
   * in the file (its write completed); `durable`: an fdatasync begun after that completed too;
   * `syncing`: the highest entry an fdatasync under way covers.
   */
  private added = 0;
  private written = 0;
  private durable = 0;
  private syncing = 0;
  /** Writes under way, in the order they were issued (each at its own reserved position). */
  private writes: Write[] = [];
  private syncsInFlight = 0;
  /** Commits waiting, in the order they were asked for: each for every entry up to `upTo`. */
  private waiting: { upTo: number; done: () => void }[] = [];
  private scheduled = false;
  private checkpointing = false;
  /** Bumped by close(): callbacks of calls begun before it no longer apply. */
  private generation = 0;
  /** Table files written into the current segment since it began. */
  private covered = new Set<JournaledFile>();
  private readonly segmentBytes: number;
  /** Segments are written through O_DSYNC descriptors: a completed write is durable. */
  readonly dsync: boolean;
  /** Commits wait for the disk (see JournalOptions.syncs). */
  readonly syncs: boolean;
  /** A landed write is all a commit waits for (O_DSYNC, or no syncs at all): no fdatasync follows. */
  private readonly landedIsCommitted: boolean;
  private readonly warn: (message: string) => void;
  private readonly beforeRetire: (() => Promise<void>) | null;

  constructor(
    readonly dir: string,
    options: JournalOptions = {},
  ) {
    this.segmentBytes = options.segmentBytes ?? DEFAULT_SEGMENT_BYTES;
    this.syncs = options.syncs ?? true;
    this.dsync = this.syncs && (options.dsync ?? true) && O_DSYNC !== undefined;
    this.landedIsCommitted = this.dsync || !this.syncs;
    this.beforeRetire = options.beforeRetire ?? null;
    this.warn = options.warn ?? ((m) => console.warn(`  storage: ${m}`));
  }

  /** Line `lineNo` of `file` (0 is the header) is `encoded` (one JSON line, newline included). */
  add(file: JournaledFile, lineNo: number, encoded: string): void {
    this.pendingText.push(`${file.roomId}\t${lineNo}\t${encoded}`);
    this.pendingFiles.push(file);
    this.added++;
    this.schedule();
  }

  /** The table's file starts afresh (created or rewritten): its earlier entries no longer apply. */
  reset(roomId: string): void {
    this.mark(roomId, 'reset');
  }

  /**
   * The table's file is being deleted for good: the journal's earlier entries for it no longer
   * apply (without this, recovery would rebuild a table file created within the journal's segments).
   */
  removed(roomId: string): void {
    this.mark(roomId, 'removed');
  }

  /** An entry about a table's file as a whole (no line of it): `<roomId>\t<what>`. */
  private mark(roomId: string, what: 'reset' | 'removed'): void {
    this.pendingText.push(`${roomId}\t${what}\n`);
    this.pendingFiles.push(NO_FILE);
    this.added++;
    this.schedule();
  }

  /** `done` runs once every entry added so far is on disk (written, then fdatasynced unless `syncs` is off). */
  commit(done: () => void): void {
    this.waiting.push({ upTo: this.added, done });
    if (!this.dsync || !this.current) {
      this.schedule();
      return;
    }
    // The write begins now, on the writer thread, while this table goes on encoding its patch; what
    // landed meanwhile for other tables is released first.
    durableWriter().poll();
    this.pump();
  }

  /**
   * Lines are handed to the kernel as soon as the write before them is done, even if no commit
   * asks; commits asked for in the same turn of the event loop share one write and one fdatasync.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /** Releases what is durable, swaps a full segment, starts the next write and the syncs it can. */
  private pump(): void {
    if (!this.current) {
      // Closed (or not opened yet): reopened only for new work.
      if (this.pendingText.length === 0 && this.waiting.length === 0) return;
      this.open();
    }
    this.release();
    if (this.segmentFull()) {
      // The old segment must be complete and durable first: no write, no sync under way.
      if (this.writes.length > 0 || this.syncsInFlight > 0) return;
      if (this.durable < this.written) {
        this.startSync();
        return;
      }
      this.startNextSegment();
    }
    const maxWrites = this.dsync ? MAX_THREAD_WRITES_IN_FLIGHT : MAX_WRITES_IN_FLIGHT;
    if (this.writes.length < maxWrites && this.pendingText.length > 0) this.startWrite();
    if (this.syncsInFlight >= MAX_SYNCS_IN_FLIGHT) return;
    // The first commit no fdatasync under way covers: one begins once its lines are written.
    const next = this.waiting.find((w) => w.upTo > this.syncing);
    if (next && next.upTo <= this.written) this.startSync();
  }

  /** Full: move on once the spare is ready (until then lines go past the zeros, which is correct, only slower to sync). */
  private segmentFull(): boolean {
    return this.size >= this.segmentBytes && this.spare !== null && !this.checkpointing;
  }

  /** Every commit whose entries are durable, in the order they were asked for. */
  private release(): void {
    let n = 0;
    while (n < this.waiting.length && this.waiting[n]!.upTo <= this.durable) n++;
    if (n === 0) return;
    for (const w of this.waiting.splice(0, n)) w.done();
  }

  private startWrite(): void {
    const buf = Buffer.from(this.pendingText.join(''));
    for (const file of this.pendingFiles) this.covered.add(file);
    this.pendingText = [];
    this.pendingFiles = [];
    const write: Write = { file: this.current!, buf, at: this.size, upTo: this.added, landed: false };
    this.size += buf.length;
    this.writes.push(write);
    this.issue(write);
  }

  private issue(write: Write): void {
    const generation = this.generation;
    const onWriterThread =
      this.dsync &&
      durableWriter().write(
        write.file,
        write.buf,
        write.at,
        () => {
          if (generation === this.generation && this.writes.includes(write)) this.landed(write);
        },
        this.warn,
      );
    if (onWriterThread) return;
    writeAllAtAsync(write.file, write.buf, write.at, (err) => {
      // close() wrote it itself.
      if (generation !== this.generation || !this.writes.includes(write)) return;
      if (err) {
        // Never released as durable: the commits it covers wait, and it is tried again.
        this.warn(`a write to the journal failed (${err.message}); trying again`);
        setTimeout(() => {
          if (generation === this.generation && this.writes.includes(write)) this.issue(write);
        }, WRITE_RETRY_MS).unref();
        return;
      }
      this.landed(write);
    });
  }

  private landed(write: Write): void {
    write.landed = true;
    // Written means every write before it landed too: entries count only in the order issued.
    while (this.writes[0]?.landed) this.written = this.writes.shift()!.upTo;
    if (this.landedIsCommitted) this.durable = Math.max(this.durable, this.written);
    this.pump();
  }

  /** An fdatasync covering every entry written so far. */
  private startSync(): void {
    const upTo = this.written;
    const file = this.current!;
    const generation = this.generation;
    this.syncing = Math.max(this.syncing, upTo);
    this.syncsInFlight++;
    file.begin();
    fs.fdatasync(file.fd, (err) => {
      file.end();
      if (generation !== this.generation) return;
      this.syncsInFlight--;
      // Reported, not retried (as the table files' fdatasyncs): the commits it covers go on.
      if (err) this.warn(`fdatasync of the journal failed: ${err.message}`);
      this.durable = Math.max(this.durable, upTo);
      this.pump();
    });
  }

  /** Opens the first segment (zero-filled now, on the caller's time: the store does it at start). */
  open(): void {
    if (this.current) return;
    fs.mkdirSync(this.dir, { recursive: true });
    const last = Math.max(0, ...segmentsIn(this.dir).map((s) => s.n));
    const file = this.segmentPath(last + 1);
    let fd = fs.openSync(file, 'w');
    try {
      fillWithZeros(fd, this.segmentBytes);
      if (this.syncs) fs.fdatasyncSync(fd);
    } catch (e) {
      // No partial segment left behind (a full disk would otherwise keep it full).
      fs.closeSync(fd);
      rmQuiet(file);
      throw diskFullExplained(e, this.dir, this.segmentBytes);
    }
    if (this.dsync) {
      fs.closeSync(fd);
      fd = fs.openSync(file, this.writeFlags());
    }
    if (this.syncs) fsyncDir(this.dir);
    this.useSegment({ n: last + 1, file: new Descriptor(fd) });
  }

  /** How a zero-filled segment is opened for the journal's writes. */
  private writeFlags(): number {
    return fs.constants.O_RDWR | (this.dsync ? O_DSYNC! : 0);
  }

  private useSegment(segment: Segment): void {
    this.segment = segment.n;
    this.current = segment.file;
    this.size = 0;
    this.prepareSpare();
  }

  /** Zero-fills the next segment and syncs its directory entry, off the event loop. */
  private prepareSpare(): void {
    if (this.spare || this.preparing) return;
    this.preparing = true;
    const generation = this.generation;
    const n = this.segment + 1;
    const file = this.segmentPath(n);
    const failed = (err: Error) => {
      if (generation !== this.generation) return;
      this.preparing = false;
      this.warn(`could not prepare the next journal segment: ${err.message}`);
    };
    fs.open(file, 'w', (err, fd) => {
      if (err) return failed(err);
      fillWithZerosAsync(fd, this.segmentBytes, this.syncs, (err2) => {
        if (err2) {
          // The partial spare goes: it would only hold the space a full disk lacks.
          fs.close(fd, () => void rmQuietAsync(file));
          return failed(diskFullExplained(err2, this.dir, this.segmentBytes));
        }
        // Zero-filled through a plain descriptor (one fdatasync at the end), written through O_DSYNC.
        const reopen = (then: (fd2: number) => void) => {
          if (!this.dsync) return then(fd);
          fs.close(fd, () =>
            fs.open(file, this.writeFlags(), (err3, fd2) => (err3 ? failed(err3) : then(fd2))),
          );
        };
        reopen(
          (ready) =>
            void (this.syncs ? fsyncDirAsync(this.dir) : Promise.resolve()).then(() => {
              if (generation !== this.generation) {
                fs.close(ready, () => undefined); // closed meanwhile: the next open() numbers past it
                return;
              }
              this.preparing = false;
              this.spare = { n, file: new Descriptor(ready) };
              this.schedule();
            }),
        );
      });
    });
  }

  private segmentPath(n: number): string {
    return segmentPath(this.dir, n);
  }

  /**
   * A checkpoint: new lines go to a fresh segment; once every table file written during the old
   * one is durable, the old one is closed and deleted (off the event loop). Only one at a time (the
   * segment just grows meanwhile).
   */
  private startNextSegment(): void {
    const spare = this.spare;
    if (this.checkpointing || !spare) return;
    this.checkpointing = true;
    this.spare = null;
    const old = this.current!;
    const oldPath = this.segmentPath(this.segment);
    const files = [...this.covered];
    this.covered = new Set();
    this.useSegment(spare);
    const retire = (): void => {
      old.retire();
      fs.rm(oldPath, { force: true }, () => {
        this.checkpointing = false;
        this.schedule();
      });
    };
    syncEach(files, CHECKPOINT_PARALLEL, () => {
      const before = this.beforeRetire;
      if (before) void before().then(retire, retire);
      else retire();
    });
  }

  /**
   * Everything added so far on disk, now, on the event loop (shutdown, tests): the write under way
   * is written again at its own position (the same bytes), then what is pending, then one
   * fdatasync. Waiting commits are released. A later add() starts a new segment.
   */
  close(): void {
    const file = this.current;
    if (!file) return;
    for (const write of this.writes) writeAllAt(file.fd, write.buf, write.at);
    if (this.pendingText.length > 0) {
      const buf = Buffer.from(this.pendingText.join(''));
      for (const f of this.pendingFiles) this.covered.add(f);
      this.pendingText = [];
      this.pendingFiles = [];
      writeAllAt(file.fd, buf, this.size);
      this.size += buf.length;
    }
    if (this.syncs) fs.fdatasyncSync(file.fd);
    this.generation++;
    this.writes = [];
    this.syncsInFlight = 0;
    this.written = this.durable = this.syncing = this.added;
    this.current = null;
    file.retire(true);
    this.spare?.file.retire(true);
    this.spare = null;
    this.preparing = false;
    this.release();
  }
}

/** `syncFile` of each, `parallel` at a time, then `done` (a loop, not a recursion: many complete at once). */
function syncEach(files: JournaledFile[], parallel: number, done: () => void): void {
  let next = 0;
  let running = 0;
  let pumping = false;
  let again = false;
  let finished = false;
  const pump = (): void => {
    if (pumping) {
      again = true; // a file finished at once, inside the loop below: it goes on from there
      return;
    }
    pumping = true;
    do {
      again = false;
      while (running < parallel && next < files.length) {
        const file = files[next++]!;
        running++;
        file.syncFile(() => {
          running--;
          pump();
        });
      }
    } while (again);
    pumping = false;
    if (next >= files.length && running === 0 && !finished) {
      finished = true;
      done();
    }
  };
  pump();
}
