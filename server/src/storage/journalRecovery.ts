/**
 * Recovery at start: the journal's segments complete the table files they cover (a power cut can
 * lose a table file's unsynced writes, never a synced journal line), then the segments go.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fsyncDir, rmQuiet, writeAllAt, writeFileAtomic } from './fileIo';
import { segmentsIn } from './journalSegments';
import { parseTableFile } from './tableFile';

/**
 * At start, before any table is read: completes each table file with the journal's lines it lacks
 * (a power cut can lose unsynced file writes, never synced journal ones), then deletes the journal.
 * A table file the journal holds from its line 0 on (after a `reset`: created or rewritten since the
 * journal began) is rebuilt from the journal's lines alone, with an atomic replace, unless the file
 * already starts with exactly those lines:  a rewritten table's file may still hold the lines it
 * replaces, or part of the new ones. Returns how many lines it put back.
 */
export function recoverJournal(dir: string, matchesDir: string, warn: (message: string) => void): number {
  const segments = segmentsIn(dir);
  if (segments.length === 0) return 0;
  const entries = new Map<string, { n: number; text: string }[]>();
  const reset = new Set<string>();
  for (const segment of segments) {
    const text = fs.readFileSync(path.join(dir, segment.name), 'utf8');
    const lines = text.split('\n');
    // After the last newline: the segment's zeros, or a line torn by the crash (never committed).
    lines.pop();
    for (const line of lines) {
      const a = line.indexOf('\t');
      const b = line.indexOf('\t', a + 1);
      const roomId = line.slice(0, a);
      if (a <= 0) continue;
      if (b < 0) {
        const mark = line.slice(a + 1);
        if (mark === 'reset') {
          entries.set(roomId, []);
          reset.add(roomId);
        } else if (mark === 'removed') {
          entries.delete(roomId);
          reset.delete(roomId);
        }
        continue;
      }
      const n = Number(line.slice(a + 1, b));
      if (!Number.isInteger(n) || n < 0) continue;
      let list = entries.get(roomId);
      if (!list) entries.set(roomId, (list = []));
      list.push({ n, text: `${line.slice(b + 1)}\n` });
    }
  }
  let restored = 0;
  for (const [roomId, list] of entries) {
    if (list.length === 0 || !/^[\w-]{1,64}$/.test(roomId)) continue;
    const file = path.join(matchesDir, `${roomId}.jsonl`);
    const whole = reset.has(roomId) && list[0]!.n === 0;
    let buf: Buffer;
    try {
      buf = fs.readFileSync(file);
    } catch {
      // Created within the journal's segments, and a power cut lost the file: written anew. Any
      // other missing file was removed for good (before its journal entries were retired).
      if (!whole) continue;
      buf = Buffer.alloc(0);
    }
    if (whole) {
      restored += rebuild(roomId, file, buf, list, warn);
      continue;
    }
    const parsed = parseTableFile(buf);
    if (!parsed.ok) continue; // set aside with a warning when the tables are listed
    const have = parsed.lineCount;
    const missing = list.filter((e) => e.n >= have);
    if (missing.length === 0) continue;
    const append = contiguous(missing, have);
    if (append.length < missing.length)
      warn(
        `table ${roomId}: the journal skips from line ${have + append.length}; restored the lines before the gap`,
      );
    if (append.length === 0) continue;
    const fd = fs.openSync(file, 'r+');
    try {
      fs.ftruncateSync(fd, parsed.validBytes);
      writeAllAt(fd, Buffer.from(append.join('')), parsed.validBytes);
      fs.fdatasyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    restored += append.length;
  }
  if (restored > 0)
    warn(`put back ${restored} recorded line(s) from the journal (the last stop was unclean)`);
  // Tables created during the last run may have directory entries not synced yet: before the
  // segments that could rebuild them go.
  fsyncDir(matchesDir);
  for (const segment of segments) rmQuiet(path.join(dir, segment.name));
  fsyncDir(dir);
  return restored;
}

/** The texts of the entries numbered `from`, `from + 1`, ... up to the first gap or unreadable one. */
function contiguous(list: { n: number; text: string }[], from: number): string[] {
  const texts: string[] = [];
  let expected = from;
  for (const e of list) {
    if (e.n !== expected || !isJson(e.text)) break;
    texts.push(e.text);
    expected++;
  }
  return texts;
}

/** A table file the journal holds whole (from its line 0): the file becomes exactly those lines. */
function rebuild(
  roomId: string,
  file: string,
  buf: Buffer,
  list: { n: number; text: string }[],
  warn: (message: string) => void,
): number {
  const lines = contiguous(list, 0);
  if (lines.length < list.length)
    warn(`table ${roomId}: the journal skips from line ${lines.length}; restored the lines before the gap`);
  const whole = Buffer.from(lines.join(''));
  // The file has them all (and maybe lines written to it that the journal never synced): kept.
  if (buf.length >= whole.length && buf.subarray(0, whole.length).equals(whole)) return 0;
  let common = 0;
  let at = 0;
  for (const text of lines) {
    const line = Buffer.from(text);
    if (!buf.subarray(at, at + line.length).equals(line)) break;
    at += line.length;
    common++;
  }
  writeFileAtomic(file, whole, true);
  return lines.length - common;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
