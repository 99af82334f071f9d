/**
 * Text waiting to be written to a file, kept as UTF-8 bytes outside the JS heap. A table's lines
 * can wait seconds for a journal checkpoint: as strings they outlived two young-generation
 * collections and were copied by both, then promoted, on every action of every table; as bytes
 * in a Buffer's backing store the garbage collector never copies them.
 */
const INITIAL_BYTES = 4096;

export class PendingBytes {
  private buf: Buffer | null = null;
  private used = 0;

  get isEmpty(): boolean {
    return this.used === 0;
  }

  /** Appends `text`; returns its length in bytes. */
  append(text: string): number {
    const bytes = Buffer.byteLength(text);
    const need = this.used + bytes;
    if (!this.buf || need > this.buf.length) {
      let size = this.buf ? this.buf.length * 2 : INITIAL_BYTES;
      while (size < need) size *= 2;
      const grown = Buffer.allocUnsafeSlow(size);
      this.buf?.copy(grown, 0, 0, this.used);
      this.buf = grown;
    }
    this.buf.write(text, this.used);
    this.used = need;
    return bytes;
  }

  /** Everything appended so far, handed over (the next append starts a new buffer). */
  take(): Buffer {
    const out = this.buf ? this.buf.subarray(0, this.used) : Buffer.alloc(0);
    this.buf = null;
    this.used = 0;
    return out;
  }

  clear(): void {
    this.buf = null;
    this.used = 0;
  }
}
