/**
 * The server's save key (DATA_DIR/save-key): made once with 256 random bits, readable by the
 * server's user alone, the same on every later start (and for every process of the directory), a
 * different one in another directory, and a damaged file is an error that says what to do.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SAVE_KEY_FILE, saveKeyFor } from '../../src/storage/saveKey';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-savekey-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

test('made at first use: 64 hex digits, mode 0600, no temporary file left', () => {
  const dir = tmp();
  const key = saveKeyFor(dir);
  const file = path.join(dir, SAVE_KEY_FILE);
  expect(fs.readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(key.key).toHaveLength(32);
  expect(key.key.toString('hex')).toBe(fs.readFileSync(file, 'utf8').trim());
  expect(key.id).toMatch(/^[0-9a-f]{16}$/);
  expect(key.id).not.toBe(key.key.toString('hex').slice(0, 16));
  expect(fs.readdirSync(dir)).toEqual([SAVE_KEY_FILE]);
});

test('kept: the next start reads the same key; another directory has another', () => {
  const dir = tmp();
  const first = saveKeyFor(dir);
  // A copy of the directory is what a restart (or a second process given this key) sees.
  const copy = tmp();
  fs.copyFileSync(path.join(dir, SAVE_KEY_FILE), path.join(copy, SAVE_KEY_FILE));
  fs.chmodSync(path.join(copy, SAVE_KEY_FILE), 0o644);
  const again = saveKeyFor(copy);
  expect(again.key.equals(first.key)).toBe(true);
  expect(again.id).toBe(first.id);
  // Copied in with looser permissions: tightened.
  expect(fs.statSync(path.join(copy, SAVE_KEY_FILE)).mode & 0o777).toBe(0o600);
  expect(saveKeyFor(tmp()).key.equals(first.key)).toBe(false);
});

test('a damaged key file is an error that says what to do, and is never replaced', () => {
  const dir = tmp();
  fs.writeFileSync(path.join(dir, SAVE_KEY_FILE), 'not a key\n', { mode: 0o600 });
  expect(() => saveKeyFor(dir)).toThrow(/is not a save key .*restore it from a backup/);
  expect(fs.readFileSync(path.join(dir, SAVE_KEY_FILE), 'utf8')).toBe('not a key\n');
});
