/**
 * The journal's segment files: `journal/<n>.wal`, numbered in the order they are used, each
 * zero-filled to its full size before it takes lines (see Journal.ts for why).
 */
import fs from 'node:fs';
import path from 'node:path';

const SEGMENT = /^(\d+)\.wal$/;

export function segmentPath(dir: string, n: number): string {
  return path.join(dir, `${n}.wal`);
}

/** The journal's segment files in `dir`, oldest first. */
export function segmentsIn(dir: string): { n: number; name: string }[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((name) => ({ name, m: SEGMENT.exec(name) }))
    .filter((s) => s.m)
    .map((s) => ({ n: Number(s.m![1]), name: s.name }))
    .sort((a, b) => a.n - b.n);
}

const ZEROS = Buffer.alloc(1024 * 1024);

export function fillWithZeros(fd: number, bytes: number): void {
  for (let at = 0; at < bytes;) at += fs.writeSync(fd, ZEROS, 0, Math.min(ZEROS.length, bytes - at), at);
}

/** Zero-fills `bytes` of `fd` off the event loop, then (`sync`) fdatasyncs it. */
export function fillWithZerosAsync(
  fd: number,
  bytes: number,
  sync: boolean,
  done: (err: Error | null) => void,
): void {
  const step = (at: number): void => {
    if (at >= bytes) {
      if (sync) fs.fdatasync(fd, (err) => done(err));
      else done(null);
      return;
    }
    fs.write(fd, ZEROS, 0, Math.min(ZEROS.length, bytes - at), at, (err, written) =>
      err ? done(err) : step(at + written),
    );
  };
  step(0);
}

/**
 * A full disk said in words: how much the journal needs (the segment in use and its spare), and
 * where. Other errors pass through unchanged.
 */
export function diskFullExplained(err: unknown, dir: string, segmentBytes: number): Error {
  const e = err as NodeJS.ErrnoException;
  if (e?.code !== 'ENOSPC') return e instanceof Error ? e : new Error(String(err));
  const mb = Math.ceil((2 * segmentBytes) / (1024 * 1024));
  const full = new Error(
    `the disk holding ${dir} is full: Parlor needs at least ${mb} MB free there ` +
      `(two journal segments of ${Math.ceil(segmentBytes / (1024 * 1024))} MB), plus room for the table files`,
    { cause: e },
  ) as NodeJS.ErrnoException;
  full.code = 'ENOSPC';
  return full;
}
