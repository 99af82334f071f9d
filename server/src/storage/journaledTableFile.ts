/**
 * One live table's file (`matches/<roomId>.jsonl`), kept through the journal: each appended line
 * goes to the journal at once (what survives a killed process) and waits in memory for the file,
 * which catches up only at a checkpoint, a sync or close (one write per action instead of two).
 * Lines are written at byte positions the file object keeps, never with O_APPEND: a write issued
 * off the event loop and a later synchronous one each land where they were meant to.
 */
import fs from 'node:fs';
import type { Journal, JournaledFile } from './Journal';
import type { TableFile } from './MatchStore';
import { PendingBytes } from './pendingBytes';
import { Descriptor, writeAllAt, writeAllAtAsync, writeFileAtomic } from './fileIo';
import { type TableLine, encodeLine } from './tableFile';

/** A table-file write that failed during a checkpoint is tried again after this long. */
const RETRY_MS = 1000;

export interface TableFileSetup {
  roomId: string;
  file: string;
  fd: number;
  syncWrites: boolean;
  /** Where the lines go first: the file catches up from it at checkpoints. */
  journal: Journal;
  /** How many lines and bytes the file holds already (the next line's number and place). */
  lines: number;
  bytes: number;
  /**
   * Set by rewrite() with the journal: the file still holds the lines this one replaces (their
   * object, or null), and every line of this one goes in when they are replaced.
   */
  replaces?: JournaledTableFile | null;
}

/** A checkpoint's write under way: `buf` at byte `at` of the file behind `file`. */
interface FileWrite {
  file: Descriptor;
  buf: Buffer;
  at: number;
}

export class JournaledTableFile implements TableFile, JournaledFile {
  readonly roomId: string;
  /** Lines appended since the last sync or commit. */
  dirty = false;
  /** Called once the file object is closed and done with its file (the store forgets it). */
  onReleased: (() => void) | null = null;
  private readonly file: string;
  private readonly syncWrites: boolean;
  private readonly journal: Journal;
  private descriptor: Descriptor;
  private lines: number;
  /** Bytes of the table's lines: in the file, being written to it, or pending. */
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
   * After a rewrite with the journal: every line of this one, kept until the file holds them
   * (it still holds the replaced lines). A checkpoint truncates the file and writes them; a sync
   * before that writes a new file and renames it over.
   */
  private replacing: string[] | null = null;
  /** The object this one replaced, whose checkpoint write may still land in the same file: waited for. */
  private predecessor: JournaledTableFile | null;
  /** The object that replaced this one: nothing more of this one is written. */
  private successor: JournaledTableFile | null = null;
  private closed = false;
  /** Closed without a sync (to be removed or replaced): the file catches up only if a checkpoint asks. */
  private discarded = false;
  private removed = false;
  /** A checkpoint's catch-up is under way; `idle` runs when it ends. */
  private busy = false;
  private idle: (() => void)[] = [];

  constructor(setup: TableFileSetup) {
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

  append(line: TableLine): void {
    if (this.closed || this.successor) return;
    const encoded = encodeLine(line);
    this.journal.add(this, this.lines, encoded);
    this.lines++;
    this.size += this.pending.append(encoded);
    this.replacing?.push(encoded);
    this.dirty = true;
  }

  /** rewrite() made `next` this table's file object. */
  supersede(next: JournaledTableFile): void {
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
   * Rewritten lines not yet in the file, on the event loop: a new file renamed over (a crash
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
    // Replaced: its lines count for nothing once the new ones are durable in the journal.
    if (this.successor) {
      this.journal.commit(finish);
      return;
    }
    // Deleted, or closed with a sync (everything on disk already).
    if (this.removed || (this.closed && !this.discarded)) {
      finish();
      return;
    }
    // A rewritten table's file is the one the replaced objects' last writes go to (an object
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
   * The first checkpoint after a rewrite: once these lines are durable in the journal (a
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
   * with the journal: nothing now (the file is replaced or removed next); its lines are in the
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
