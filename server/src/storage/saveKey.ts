/**
 * The server's save key: 256 random bits in DATA_DIR/save-key (hex, mode 0600), made at the first
 * start. A saved game's secret part (its seed and actions) is sealed with it (savedGames.ts), so the
 * file restores only on a server holding this key, and its holder learns nothing from it.
 *
 * Several processes may share a DATA_DIR (REDIS_URL): the first to create the file wins (a hard
 * link is atomic and fails when the name exists), the others read it. Losing the file makes every
 * saved game of this server unloadable; it is never rewritten once it exists.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fsyncDir } from './fileIo';

export const SAVE_KEY_FILE = 'save-key';
const KEY_BYTES = 32;

export interface SaveKey {
  key: Buffer;
  /** Names the key in a saved file without revealing it: a file from another server says so. */
  id: string;
}

const keys = new Map<string, SaveKey>();

function keyOf(key: Buffer): SaveKey {
  const id = createHash('sha256').update('parlor save key id\0').update(key).digest('hex').slice(0, 16);
  return { key, id };
}

function read(file: string): SaveKey {
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(text))
    throw new Error(`${file} is not a save key (64 hex digits): restore it from a backup, or remove it`);
  // Readable by this user alone, even if it was copied in with looser permissions.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return keyOf(Buffer.from(text, 'hex'));
}

/** The key of `dataDir`, created (0600) if it has none yet. */
export function saveKeyFor(dataDir: string): SaveKey {
  const dir = path.resolve(dataDir);
  const known = keys.get(dir);
  if (known) return known;
  const file = path.join(dir, SAVE_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const fd = fs.openSync(tmp, 'wx', 0o600);
    try {
      fs.writeSync(fd, `${randomBytes(KEY_BYTES).toString('hex')}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    try {
      fs.linkSync(tmp, file);
      fsyncDir(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const key = read(file);
  keys.set(dir, key);
  return key;
}
