/**
 * Small node:fs helpers the store and the journal share: positional writes (never O_APPEND, so a
 * write issued off the event loop and a later synchronous one land where each was meant to), a
 * descriptor that is closed only once the calls under way on it are back, and an atomic file
 * replace, on the event loop (start, shutdown) or off it (the history).
 */
import fs from 'node:fs';
import path from 'node:path';

const noop = (): void => undefined;

/**
 * A file descriptor that asynchronous calls use. Closing it while one of them is in libuv's thread
 * pool would let the number be reused by the next open(), and a late write land in another file:
 * retire() closes it once they are all back.
 */
export class Descriptor {
  private calls = 0;
  private retired = false;
  constructor(readonly fd: number) {}

  /** An asynchronous call on this descriptor begins; `end()` when its callback runs. */
  begin(): void {
    this.calls++;
  }

  end(): void {
    this.calls--;
    if (this.retired && this.calls === 0) fs.close(this.fd, noop);
  }

  /** No more calls: closed now if none is under way (`now`: with closeSync), else after the last. */
  retire(now = false): void {
    if (this.retired) return;
    this.retired = true;
    if (this.calls > 0) return;
    if (now) fs.closeSync(this.fd);
    else fs.close(this.fd, noop);
  }

  get isRetired(): boolean {
    return this.retired;
  }
}

/** All of `buf` at byte `at` of the file, on the event loop (loops if the kernel takes fewer bytes). */
export function writeAllAt(fd: number, buf: Buffer, at: number): void {
  let written = 0;
  while (written < buf.length) written += fs.writeSync(fd, buf, written, buf.length - written, at + written);
}

/**
 * All of `buf` at byte `at`, off the event loop; `done` once it is all with the kernel (or failed).
 * If the descriptor is retired meanwhile (whoever retires it writes the same bytes itself, on the
 * event loop), the rest is not issued.
 */
export function writeAllAtAsync(
  file: Descriptor,
  buf: Buffer,
  at: number,
  done: (err: NodeJS.ErrnoException | null) => void,
): void {
  const step = (written: number): void => {
    file.begin();
    fs.write(file.fd, buf, written, buf.length - written, at + written, (err, n) => {
      const more = !err && written + n < buf.length && !file.isRetired;
      // The next call begins before this one ends: the descriptor stays open in between.
      if (more) step(written + n);
      file.end();
      if (!more) done(err);
    });
  };
  if (buf.length === 0) done(null);
  else step(0);
}

/** Write to a temporary file in the same directory, optionally fsync, then rename over `file`. */
export function writeFileAtomic(file: string, data: string | Buffer, durable: boolean): void {
  const tmp = tmpNameFor(file);
  const fd = fs.openSync(tmp, 'w');
  try {
    writeAllAt(fd, Buffer.from(data), 0);
    if (durable) fs.fsyncSync(fd);
  } catch (e) {
    // A full disk, say: the temporary file goes with the failure.
    fs.closeSync(fd);
    rmQuiet(tmp);
    throw e;
  }
  fs.closeSync(fd);
  try {
    fs.renameSync(tmp, file);
  } catch (e) {
    rmQuiet(tmp);
    throw e;
  }
  if (durable) fsyncDir(path.dirname(file));
}

/**
 * The same off the event loop: temporary file, fsync, rename, fsync of the directory (the fsyncs
 * only when `durable`). A crash at any step leaves the old file or the new one, whole (and maybe a `.tmp`
 * that the next start removes).
 */
export async function writeFileAtomicAsync(
  file: string,
  data: string | Uint8Array,
  durable = true,
): Promise<void> {
  const tmp = tmpNameFor(file);
  try {
    const handle = await fs.promises.open(tmp, 'w');
    try {
      await handle.writeFile(data);
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(tmp, file);
  } catch (e) {
    await fs.promises.rm(tmp, { force: true }).catch(noop);
    throw e;
  }
  if (durable) await fsyncDirAsync(path.dirname(file));
}

function tmpNameFor(file: string): string {
  return `${file}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`;
}

/** Makes a new or renamed directory entry durable (not supported everywhere: then skipped). */
export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some platforms cannot fsync a directory.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** fsyncDir off the event loop (never rejects). */
export async function fsyncDirAsync(dir: string): Promise<void> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(dir, 'r');
    await handle.sync();
  } catch {
    // Some platforms cannot fsync a directory.
  } finally {
    await handle?.close().catch(noop);
  }
}

export function rmQuiet(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    // already gone or not ours to remove
  }
}

/** rmQuiet off the event loop (never rejects). */
export function rmQuietAsync(file: string): Promise<void> {
  return fs.promises.rm(file, { force: true }).catch(noop);
}
