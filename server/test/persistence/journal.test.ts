/**
 * The journal (group commit): one fdatasync for every table that commits in the same turn, and the
 * table files completed from it after a power cut. A power cut is simulated by cutting a table
 * file back to what a disk could have kept of writes that were never fdatasynced.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileMatchStore } from '../../src/storage/FileMatchStore';
import { Journal } from '../../src/storage/Journal';
import { recoverJournal } from '../../src/storage/journalRecovery';
import * as fileIo from '../../src/storage/fileIo';
import type { TableFile } from '../../src/storage/MatchStore';
import { type TableLine, type TableHeader, encodeLine, parseTableFile } from '../../src/storage/tableFile';

let dir: string;
let warnings: string[];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-journal-'));
  warnings = [];
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Most tests here look at the write-then-fdatasync commits; the O_DSYNC ones turn `journalDsync` on. */
function openStore(options: { journalSegmentBytes?: number; journalDsync?: boolean } = {}): FileMatchStore {
  const store = new FileMatchStore(dir, {
    warn: (m) => warnings.push(m),
    journalSegmentBytes: 64 * 1024,
    journalDsync: false,
    ...options,
  });
  store.init();
  return store;
}

function header(roomId: string): TableHeader {
  return {
    t: 'table',
    v: 1,
    roomId,
    roomName: 'bankout',
    game: 'bankout',
    tableName: `${roomId}'s table`,
    private: false,
    seats: 2,
    vsBots: false,
    createdAt: 1000,
  };
}

const start: TableLine = {
  t: 'start',
  at: 1001,
  seed: 42,
  seats: [
    { name: 'Ada', bot: false },
    { name: 'Bob', bot: false },
  ],
  options: {},
};
const action = (at: number): TableLine => ({ t: 'action', at, seat: at % 2, action: { type: 'draw' } });

const commit = (log: TableFile) => new Promise<void>((resolve) => log.syncAsync(resolve));
async function waitFor(cond: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}
const tableFile = (roomId: string) => path.join(dir, 'matches', `${roomId}.jsonl`);
const journalFiles = () =>
  fs.existsSync(path.join(dir, 'journal')) ? fs.readdirSync(path.join(dir, 'journal')) : [];
/** Journal segments that hold any line (a fresh one is all zeros). */
const journalLines = () =>
  journalFiles().filter((f) => fs.readFileSync(path.join(dir, 'journal', f)).includes(0x0a));

const turn = () => new Promise((r) => setImmediate(r));
/** The file behind a descriptor ('' once it is closed). */
function pathOf(fd: number): string {
  try {
    return fs.readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return '';
  }
}

interface HeldCall {
  fd: number;
  /** For a write: the bytes and where they go. */
  buf: Buffer;
  position: number;
  /** Runs the real call now. */
  go: () => void;
}

/**
 * Holds the asynchronous `fs.write` or `fs.fdatasync` calls on the files `which` picks until the
 * test lets each one run (then it runs for real, late: as a slow disk would have it).
 */
function hold(name: 'write' | 'fdatasync', which: (file: string) => boolean) {
  const held: HeldCall[] = [];
  const real = fs[name] as (...args: unknown[]) => void;
  const spy = jest.spyOn(fs, name).mockImplementation(((...args: unknown[]) => {
    const fd = args[0] as number;
    if (!which(pathOf(fd))) return real(...args);
    const buf =
      name === 'write'
        ? (args[1] as Buffer).subarray(args[2] as number, (args[2] as number) + (args[3] as number))
        : Buffer.alloc(0);
    held.push({
      fd,
      buf: Buffer.from(buf),
      position: name === 'write' ? (args[4] as number) : -1,
      go: () => real(...args),
    });
  }) as never);
  return { held, restore: () => spy.mockRestore() };
}

/** The synchronous calls that would block the event loop on a slow disk. */
const BLOCKING = [
  'writeSync',
  'fsyncSync',
  'fdatasyncSync',
  'rmSync',
  'unlinkSync',
  'renameSync',
  'ftruncateSync',
] as const;
function watchBlocking() {
  const spies = BLOCKING.map((name) => jest.spyOn(fs, name));
  return {
    calls: () => spies.flatMap((spy, i) => spy.mock.calls.map(() => BLOCKING[i])),
    restore: () => spies.forEach((spy) => spy.mockRestore()),
  };
}

/** The data directory as a power cut at this moment would leave it, opened by a new store. */
function afterCrash(): FileMatchStore {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-journal-crash-'));
  copies.push(copy);
  fs.cpSync(dir, copy, { recursive: true });
  const store = new FileMatchStore(copy, { warn: (m) => warnings.push(m), journalSegmentBytes: 64 * 1024 });
  store.init();
  return store;
}
const copies: string[] = [];
afterEach(() => {
  for (const c of copies.splice(0)) fs.rmSync(c, { recursive: true, force: true });
});

/** What a power cut can leave of a file whose last writes were never synced: its first `bytes`. */
function powerCut(roomId: string, keepLines: number, tornBytes = 0): void {
  const text = fs.readFileSync(tableFile(roomId), 'utf8');
  const lines = text.split('\n').slice(0, keepLines);
  const kept = lines.join('\n') + '\n';
  const next = text.slice(kept.length, kept.length + tornBytes);
  fs.writeFileSync(tableFile(roomId), kept + next);
}

test('tables committing in the same turn share one fdatasync', async () => {
  const store = openStore();
  const logs = ['t1', 't2', 't3', 't4'].map((id) => store.create(header(id)));
  const spy = jest.spyOn(fs, 'fdatasync');
  try {
    for (const log of logs) log.append(start);
    await Promise.all(logs.map(commit));
    // Which files were synced (the next segment being zero-filled meanwhile syncs too).
    const synced = spy.mock.calls.map(([fd]) => path.basename(fs.readlinkSync(`/proc/self/fd/${fd}`)));
    expect(synced.filter((f) => f === '1.wal')).toHaveLength(1);
    expect(synced.filter((f) => f.endsWith('.jsonl'))).toEqual([]);
  } finally {
    spy.mockRestore();
  }
  for (const log of logs) log.close();
});

/** The open descriptors of this process on `file`, with their open flags. */
function descriptorsOf(file: string): { fd: number; flags: number }[] {
  return fs
    .readdirSync('/proc/self/fd')
    .map(Number)
    .filter((fd) => pathOf(fd) === file)
    .flatMap((fd) => {
      try {
        const flags = /flags:\s+(\d+)/.exec(fs.readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))![1]!;
        return [{ fd, flags: parseInt(flags, 8) }];
      } catch {
        return []; // closed meanwhile
      }
    });
}

const linuxOnly = process.platform === 'linux' ? test : test.skip;

linuxOnly(
  'with O_DSYNC (the default) a commit is one durable write: no fdatasync of the journal',
  async () => {
    const store = openStore({ journalDsync: true });
    const logs = ['d1', 'd2'].map((id) => store.create(header(id)));
    // Other tests' stores (other directories) may still be open in this process: this store's only.
    const segment = (n: number) => path.join(fs.realpathSync(dir), 'journal', `${n}.wal`);
    const journalFd = descriptorsOf(segment(1));
    expect(journalFd).toHaveLength(1);
    expect(journalFd[0]!.flags & fs.constants.O_DSYNC).toBe(fs.constants.O_DSYNC);
    const spy = jest.spyOn(fs, 'fdatasync');
    try {
      for (const log of logs) log.append(start);
      await Promise.all(logs.map(commit));
      logs[0]!.append(action(1002));
      await commit(logs[0]!);
      const synced = spy.mock.calls.map(([fd]) => pathOf(fd));
      expect(synced.filter((f) => f === segment(1))).toEqual([]); // (the spare, 2.wal, syncs its zeros)
    } finally {
      spy.mockRestore();
    }
    // The power cut: the table files were never synced; the journal's durable writes bring them back.
    for (const log of logs) log.close();
    powerCut('d1', 1);
    powerCut('d2', 1);
    const after = openStore();
    expect(after.read('d1')?.match?.actions).toHaveLength(1);
    expect(after.read('d2')?.match?.seed).toBe(42);
  },
);

test('after a crash, a write that landed past one that never did restores no table past the gap', () => {
  const store = openStore();
  for (const id of ['g', 'h']) store.create(header(id)).close();
  // Writes are issued at reserved positions, several at once: the first never landed (zeros in its
  // place), the next one did. Nothing in either was acknowledged.
  const journalDir = path.join(dir, 'journal');
  for (const f of fs.readdirSync(journalDir)) fs.rmSync(path.join(journalDir, f));
  const line = (id: string, n: number, l: TableLine) => `${id}\t${n}\t${encodeLine(l)}`;
  const lost = Buffer.from(line('g', 1, start));
  const landed = Buffer.from(line('h', 1, start) + line('g', 2, action(1002)));
  fs.writeFileSync(
    path.join(journalDir, '1.wal'),
    Buffer.concat([Buffer.alloc(lost.length), landed, Buffer.alloc(4096)]),
  );
  const after = openStore();
  expect(after.read('g')?.header.roomId).toBe('g');
  expect(after.read('g')?.match).toBeFalsy(); // line 2 without line 1: not restored
  expect(after.read('h')?.match).toBeFalsy(); // the line the zeros ran into is unreadable
  expect(warnings.some((w) => w.includes('table g: the journal skips from line 1'))).toBe(true);
});

test('a commit asked for while an fdatasync runs gets its own, which covers it', async () => {
  const store = openStore();
  const a = store.create(header('a'));
  const b = store.create(header('b'));
  a.append(start);
  const first = commit(a);
  await new Promise((r) => setImmediate(r)); // the first fdatasync is now under way
  b.append(start);
  let bDone = false;
  const second = commit(b).then(() => (bDone = true));
  await first;
  await second;
  expect(bDone).toBe(true);
  // The power cut: neither table file was synced; both come back whole from the journal.
  a.close();
  b.close();
  powerCut('a', 1);
  powerCut('b', 1);
  const after = openStore();
  expect(after.read('a')?.match?.seed).toBe(42);
  expect(after.read('b')?.match?.seed).toBe(42);
});

test('up to four journal fdatasyncs run at once; one that completes releases every commit it covers, in order', async () => {
  const store = openStore();
  const logs = ['p1', 'p2', 'p3', 'p4', 'p5'].map((id) => store.create(header(id)));
  // Holds every fdatasync of the journal until the test lets it finish.
  const held: { size: number; finish: () => void }[] = [];
  const real = fs.fdatasync;
  const spy = jest.spyOn(fs, 'fdatasync').mockImplementation(((fd: number, cb: (e: Error | null) => void) => {
    if (!fs.readlinkSync(`/proc/self/fd/${fd}`).endsWith('1.wal')) return real(fd, cb);
    // What the journal holds when this fdatasync begins: the lines it is to make durable.
    const size = fs.readFileSync(`/proc/self/fd/${fd}`).indexOf(0);
    held.push({ size, finish: () => real(fd, cb) });
  }) as typeof fs.fdatasync);
  const done: string[] = [];
  const turn = () => new Promise((r) => setImmediate(r));
  try {
    const commits: Promise<void>[] = [];
    for (const [i, log] of logs.entries()) {
      log.append(start);
      commits.push(commit(log).then(() => void done.push(`p${i + 1}`)));
      // One commit at a time (no two share a sync): its sync begins once its write is done.
      if (i < 4) await waitFor(() => held.length === i + 1);
    }
    for (let i = 0; i < 20; i++) await turn();
    // Four syncs under way; the fifth commit waits for a free one.
    expect(held).toHaveLength(4);
    expect(held.map((h) => h.size)).toEqual([...held.map((h) => h.size)].sort((a, b) => a - b));
    // The second finishes first: it covers the first's lines too, so both commits are done, in the
    // order they were asked for (nothing waits behind a slow sync, and none overtakes an earlier one).
    held[1]!.finish();
    await waitFor(() => done.length === 2);
    expect(done).toEqual(['p1', 'p2']);
    // A slot is free: the fifth commit's sync begins, covering everything written so far.
    await waitFor(() => held.length === 5);
    expect(held[4]!.size).toBeGreaterThan(held[3]!.size);
    for (const i of [0, 2, 3, 4]) held[i]!.finish();
    await Promise.all(commits);
    expect(done.sort()).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
  } finally {
    spy.mockRestore();
  }
  for (const log of logs) log.close();
});

test('after a crash, committed lines the table file lacks are put back, a torn line cut off', async () => {
  const store = openStore();
  const log = store.create(header('cut'));
  log.append(start);
  for (let i = 0; i < 5; i++) log.append(action(2000 + i));
  log.sync(); // the header, the start and five actions in the file
  for (let i = 5; i < 10; i++) log.append(action(2000 + i));
  await commit(log);
  // Between checkpoints only the journal is written: the file still holds what the sync wrote.
  expect(fs.readFileSync(tableFile('cut'), 'utf8').split('\n')).toHaveLength(8);
  // The process dies (no close()), leaving half a line at the end, as a power cut during a
  // checkpoint's write could.
  fs.appendFileSync(tableFile('cut'), '{"t":"action","at":2005,"se');

  const after = openStore();
  expect(after.read('cut')!.match!.actions.map((a) => a.at)).toEqual(
    Array.from({ length: 10 }, (_, i) => 2000 + i),
  );
  expect(warnings.join('\n')).toMatch(/put back 5 recorded line/);
  // The old segments are gone; the new store starts on fresh, zero-filled ones.
  expect(journalLines()).toEqual([]);
  const sizes = journalFiles().map((f) => fs.statSync(path.join(dir, 'journal', f)).size);
  expect(sizes).toContain(64 * 1024); // the segment in use (the next one may still be filling)
  // The repaired file appends on as before.
  const reopened = after.reopen('cut');
  reopened.append(action(2010));
  reopened.close();
  expect(after.read('cut')!.match!.actions).toHaveLength(11);
  log.close();
});

test('a power cut can only lose what was never committed', async () => {
  const store = openStore();
  const log = store.create(header('pc'));
  log.append(start);
  log.append(action(3000));
  await commit(log);
  log.append(action(3001)); // written to the journal soon (off the event loop), never synced
  const segmentFile = () => path.join(dir, 'journal', journalLines()[0]!);
  await waitFor(() => fs.readFileSync(segmentFile()).includes('"at":3001'));
  // The power cut loses the uncommitted line from the journal (its bytes never reached the disk).
  const file = segmentFile();
  const text = fs.readFileSync(file);
  const lastLine = text.lastIndexOf(0x0a, text.lastIndexOf(0x0a) - 1) + 1;
  fs.writeFileSync(file, Buffer.concat([text.subarray(0, lastLine), Buffer.alloc(text.length - lastLine)]));
  const after = openStore();
  expect(after.read('pc')!.match!.actions.map((a) => a.at)).toEqual([3000]);
  log.close();
});

test('a table file that is complete (closed, or synced) is left as it is', async () => {
  const store = openStore();
  const log = store.create(header('kept'));
  log.append(start);
  log.append(action(3000));
  await commit(log);
  log.close();
  const before = fs.readFileSync(tableFile('kept'));
  const after = openStore();
  expect(fs.readFileSync(tableFile('kept'))).toEqual(before);
  expect(after.read('kept')!.match!.actions).toHaveLength(1);
  expect(warnings.join()).not.toMatch(/put back/);
});

test('a rewritten record is not completed with the lines of the record it replaced', async () => {
  const store = openStore();
  const log = store.create(header('re'));
  log.append(start);
  for (let i = 0; i < 6; i++) log.append(action(4000 + i));
  await commit(log);
  const fresh = store.rewrite('re', [header('re'), { ...start, seed: 7, number: 2 } as TableLine]);
  log.close();
  fresh.append(action(5000));
  await commit(fresh);
  powerCut('re', 2);

  const after = openStore();
  const match = after.read('re')!.match!;
  expect(match.seed).toBe(7);
  expect(match.actions.map((a) => a.at)).toEqual([5000]);
  fresh.close();
});

test('a line the journal never finished writing is ignored', async () => {
  const store = openStore();
  const log = store.create(header('half'));
  log.append(start);
  await commit(log);
  const [segment] = journalLines();
  const file = path.join(dir, 'journal', segment!);
  const end = fs.readFileSync(file).lastIndexOf(0x0a) + 1;
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, 'half\t2\t{"t":"action","at":9', end);
  fs.closeSync(fd);
  powerCut('half', 1);
  const after = openStore();
  expect(after.read('half')!.match!.actions).toEqual([]);
  expect(after.read('half')!.match!.seed).toBe(42);
  log.close();
});

test('a full segment is retired once the table files it covers are synced (a checkpoint)', async () => {
  const store = openStore({ journalSegmentBytes: 2000 });
  const log = store.create(header('cp'));
  log.append(start);
  const synced: string[] = [];
  const spy = jest.spyOn(fs, 'fdatasync');
  let at = 6000;
  try {
    while (journalFiles().length < 2 || journalFiles().includes('1.wal')) {
      for (let i = 0; i < 5; i++) log.append(action(at++));
      await commit(log);
      await new Promise((r) => setTimeout(r, 5)); // the checkpoint's own fdatasync
      if (at > 7000) break;
    }
    for (const call of spy.mock.calls) synced.push(String(call[0]));
  } finally {
    spy.mockRestore();
  }
  expect(journalFiles()).not.toContain('1.wal');
  // The old segment could go because the table file caught up and was fdatasynced.
  const fileLines = fs.readFileSync(tableFile('cp'), 'utf8').split('\n').length - 1;
  expect(fileLines).toBeGreaterThan(10);
  // Lines since are in the newer segment only; a crash now loses none of them.
  for (let i = 0; i < 3; i++) log.append(action(at++));
  await commit(log);
  expect(fs.readFileSync(tableFile('cp'), 'utf8').split('\n').length - 1).toBeLessThan(at - 6000 + 2);
  const after = openStore({ journalSegmentBytes: 2000 });
  expect(after.read('cp')!.match!.actions).toHaveLength(at - 6000);
  expect(synced.length).toBeGreaterThan(1);
  log.close();
});

test('SYNC_WRITES off: the same journal without syncs, written off the event loop; a killed process loses nothing', async () => {
  const store = new FileMatchStore(dir, {
    warn: (m) => warnings.push(m),
    syncWrites: false,
    journalSegmentBytes: 64 * 1024,
  });
  store.init();
  // Syncs of this store's files (an earlier test's journal may still be preparing a segment).
  const synced: string[] = [];
  const syncs = (['fdatasync', 'fsync'] as const).map((name) => {
    const real = fs[name] as (...args: unknown[]) => void;
    return jest.spyOn(fs, name).mockImplementation(((...args: unknown[]) => {
      const file = pathOf(args[0] as number);
      if (file.startsWith(dir)) synced.push(file);
      return real(...args);
    }) as never);
  });
  const blocking = watchBlocking();
  const log = store.create(header('fast'));
  try {
    log.append(start);
    for (let at = 2000; at < 2010; at++) log.append(action(at));
    await commit(log);
    // Not one write or sync on the event loop, and no sync anywhere.
    expect(blocking.calls()).toEqual([]);
    expect(synced).toEqual([]);
    // The segment is a plain descriptor: O_DSYNC would be a sync per write.
    const segment = path.join(dir, 'journal', '1.wal');
    expect(descriptorsOf(segment).length).toBeGreaterThan(0);
    for (const { flags } of descriptorsOf(segment)) expect(flags & fs.constants.O_DSYNC).toBe(0);
  } finally {
    blocking.restore();
    syncs.forEach((spy) => spy.mockRestore());
  }
  // A process killed now leaves the files as they are (the kernel keeps what it was given).
  expect(afterCrash().read('fast')!.match!.actions).toHaveLength(10);
  log.close();
});

// ---- off the event loop ---------------------------------------------------------------------------

/** The first segment (the next one is being zero-filled meanwhile, with writes of its own). */
const isWal = (file: string) => file.endsWith('/1.wal');

test('journal writes are asynchronous, several at once at reserved positions; a batch is fdatasynced once every earlier write landed, and released in order', async () => {
  const store = openStore();
  const [a, b, c] = ['w1', 'w2', 'w3'].map((id) => store.create(header(id)));
  const segment = () => fs.readFileSync(path.join(dir, 'journal', '1.wal'));
  await waitFor(() => segment().includes('w3\t0\t')); // the headers are in: a quiet start
  const writes = hold('write', isWal);
  const syncs = hold('fdatasync', isWal);
  const blocking = watchBlocking();
  const done: string[] = [];
  try {
    a.append(start);
    const first = commit(a).then(() => void done.push('w1'));
    await waitFor(() => writes.held.length === 1);
    // While that write is under way: more lines, another commit. Their write does not wait for it.
    b.append(start);
    const second = commit(b).then(() => void done.push('w2'));
    c.append(start); // no commit: it goes with the next write all the same
    await waitFor(() => writes.held.length === 2);
    const [w1, w2] = writes.held as [HeldCall, HeldCall];
    expect(w1.buf.toString()).toBe(`w1\t1\t${encodeLine(start)}`);
    expect(w2.position).toBe(w1.position + w1.buf.length);
    expect(w2.buf.toString()).toBe(`w2\t1\t${encodeLine(start)}w3\t1\t${encodeLine(start)}`);
    // The later write lands first: nothing counts as written while the one before it is under way.
    w2.go();
    for (let i = 0; i < 10; i++) await turn();
    expect(syncs.held).toHaveLength(0);
    expect(done).toEqual([]);
    // The first lands: one fdatasync covers both batches.
    w1.go();
    await waitFor(() => syncs.held.length === 1);
    for (let i = 0; i < 10; i++) await turn();
    expect(syncs.held).toHaveLength(1);
    expect(done).toEqual([]);
    syncs.held[0]!.go();
    await Promise.all([first, second]);
    expect(done).toEqual(['w1', 'w2']);
    expect(blocking.calls()).toEqual([]);
  } finally {
    writes.restore();
    syncs.restore();
    blocking.restore();
  }
  // In the journal, in order.
  const text = segment().toString();
  expect(text.indexOf('w1\t1\t')).toBeLessThan(text.indexOf('w2\t1\t'));
  expect(text.indexOf('w2\t1\t')).toBeLessThan(text.indexOf('w3\t1\t'));
  for (const log of [a, b, c]) log.close();
});

test('close() with a journal write under way leaves everything on disk; the late write lands the same bytes', async () => {
  const journalDir = path.join(dir, 'journal');
  const matches = path.join(dir, 'matches');
  fs.mkdirSync(matches, { recursive: true });
  fs.writeFileSync(path.join(matches, 'cl.jsonl'), encodeLine(header('cl')));
  // Writes through the thread pool (held here); the writer thread's are covered in durableWriter.test.ts.
  const journal = new Journal(journalDir, {
    segmentBytes: 64 * 1024,
    dsync: false,
    warn: (m) => warnings.push(m),
  });
  journal.open();
  const file = { roomId: 'cl', syncFile: (done: () => void) => done() };
  const writes = hold('write', isWal);
  let committed = false;
  try {
    journal.add(file, 1, encodeLine(start));
    journal.commit(() => (committed = true));
    await waitFor(() => writes.held.length === 1);
    journal.add(file, 2, encodeLine(action(7000))); // pending behind the write under way
    journal.close();
    // Everything is on disk although the write under way never ran; the commit is released.
    expect(committed).toBe(true);
    const segment = path.join(journalDir, '1.wal');
    const text = fs.readFileSync(segment).toString();
    expect(text.indexOf('cl\t1\t')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('cl\t2\t')).toBeGreaterThan(text.indexOf('cl\t1\t'));
    const before = fs.readFileSync(segment);
    // The held write lands late: the same bytes at the same place.
    writes.held[0]!.go();
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 1));
    expect(fs.readFileSync(segment)).toEqual(before);
  } finally {
    writes.restore();
  }
  // A start after that completes the table file from the journal.
  expect(recoverJournal(journalDir, matches, (m) => warnings.push(m))).toBe(2);
  const parsed = parseTableFile(fs.readFileSync(path.join(matches, 'cl.jsonl')));
  expect(parsed.ok && parsed.table.match?.actions.map((x) => x.at)).toEqual([7000]);
});

/** Appends and commits until `until()` holds (a checkpoint has reached some point). */
async function fillUntil(log: TableFile, until: () => boolean, from: number): Promise<number> {
  let at = from;
  while (!until()) {
    if (at > from + 2000) throw new Error('the checkpoint never came');
    for (let i = 0; i < 5; i++) log.append(action(at++));
    await commit(log);
    await new Promise((r) => setTimeout(r, 2));
  }
  return at;
}

test('a checkpoint writes a table file off the event loop; a sync close meanwhile keeps every line in order', async () => {
  const store = openStore({ journalSegmentBytes: 2000 });
  const log = store.create(header('pos'));
  log.append(start);
  log.sync(); // the header and the start in the file: the checkpoint writes after them
  const writes = hold('write', (f) => f.endsWith('pos.jsonl'));
  let at: number;
  try {
    // Until a checkpoint writes the table file (held: a slow disk).
    at = await fillUntil(log, () => writes.held.length === 1, 6000);
    expect(writes.held[0]!.position).toBeGreaterThan(0); // right after the header, not appended
    // More lines, then the table closes (shutdown): on the event loop, the held write's bytes at
    // their place first, then the lines after them.
    log.append(action(at++));
    log.append(action(at++));
    log.close();
    const table = parseTableFile(fs.readFileSync(tableFile('pos')));
    expect(table.ok && table.table.match!.actions.map((a) => a.at)).toEqual(
      Array.from({ length: at - 6000 }, (_, i) => 6000 + i),
    );
    const closed = fs.readFileSync(tableFile('pos'));
    // The checkpoint's write lands late, where it was meant to: nothing changes.
    writes.held[0]!.go();
    await waitFor(() => !journalFiles().includes('1.wal'));
    expect(fs.readFileSync(tableFile('pos'))).toEqual(closed);
  } finally {
    writes.restore();
  }
  expect(afterCrash().read('pos')!.match!.actions).toHaveLength(at - 6000);
});

test('a rewrite is journaled at once and replaces the file lazily; a crash at each step recovers the new record', async () => {
  const store = openStore({ journalSegmentBytes: 2000 });
  const old = store.create(header('rw'));
  old.append(start);
  for (let i = 0; i < 10; i++) old.append(action(4000 + i));
  await commit(old);
  old.sync(); // the file holds the old record
  const blocking = watchBlocking();
  let fresh: TableFile;
  try {
    fresh = store.rewrite('rw', [header('rw'), { ...start, seed: 7, number: 2 } as TableLine]);
    old.close({ sync: false });
    fresh.append(action(5000));
    await commit(fresh);
    // Nothing written, synced or renamed on the event loop.
    expect(blocking.calls()).toEqual([]);
  } finally {
    blocking.restore();
  }
  const expectNewRecord = (store2: FileMatchStore, actions: number) => {
    const match = store2.read('rw')!.match!;
    expect(match.seed).toBe(7);
    expect(match.actions.map((a) => a.at)).toEqual(Array.from({ length: actions }, (_, i) => 5000 + i));
  };
  // 1. Before any checkpoint the file still holds the old record; the journal has the new one.
  expect(fs.readFileSync(tableFile('rw'), 'utf8')).toContain('"seed":42');
  expectNewRecord(afterCrash(), 1);

  // 2. The checkpoint truncates the file, and its write of the new record is held.
  const writes = hold('write', (f) => f.endsWith('rw.jsonl'));
  let at = 5001;
  try {
    at = await fillUntil(fresh, () => writes.held.length === 1, at);
    expect(writes.held[0]!.position).toBe(0);
    expect(fs.readFileSync(tableFile('rw'))).toHaveLength(0); // truncated, nothing of it written yet
    expectNewRecord(afterCrash(), at - 5000);
    // 3. Half of that write reached the disk.
    const half = writes.held[0]!.buf.subarray(0, Math.floor(writes.held[0]!.buf.length / 2));
    fs.writeFileSync(tableFile('rw'), half);
    expectNewRecord(afterCrash(), at - 5000);
    writes.held[0]!.go();
    await waitFor(() => !journalFiles().includes('1.wal'));
  } finally {
    writes.restore();
  }
  // 4. Done: the file is the new record (lines after it follow at their places).
  const text = fs.readFileSync(tableFile('rw'), 'utf8');
  expect(text).not.toContain('"seed":42');
  expect(text.split('\n')[1]).toContain('"seed":7');
  fresh.append(action(at++));
  await commit(fresh);
  expectNewRecord(afterCrash(), at - 5000);
  fresh.close();
  expectNewRecord(store, at - 5000);
});

test('a record replaced while a checkpoint writes the old one, then closed: the late write cannot touch it', async () => {
  const store = openStore({ journalSegmentBytes: 2000 });
  const old = store.create(header('lw'));
  old.append(start);
  const writes = hold('write', (f) => f.endsWith('lw.jsonl'));
  try {
    const at = await fillUntil(old, () => writes.held.length === 1, 1100);
    // Replaced (a compaction) while the checkpoint's write of the old record is under way.
    const fresh = store.rewrite('lw', [header('lw'), { ...start, seed: 9, number: 2 } as TableLine]);
    old.close({ sync: false });
    fresh.append(action(8000));
    await commit(fresh);
    // The server stops: the new record is written whole, to a new file renamed over the old one.
    fresh.close();
    const closed = fs.readFileSync(tableFile('lw'));
    // The old record's write lands late, in the file it was meant for (no longer this one).
    writes.held[0]!.go();
    await waitFor(() => !journalFiles().includes('1.wal'));
    expect(fs.readFileSync(tableFile('lw'))).toEqual(closed);
    const match = store.read('lw')!.match!;
    expect(match.seed).toBe(9);
    expect(match.actions.map((a) => a.at)).toEqual([8000]);
    expect(at).toBeGreaterThan(1100);
  } finally {
    writes.restore();
  }
  const again = afterCrash().read('lw')!.match!;
  expect([again.seed, again.actions.length]).toEqual([9, 1]);
});

test('in steady state nothing is written, synced or deleted on the event loop', async () => {
  const store = openStore({ journalSegmentBytes: 2000 });
  const logs = ['s1', 's2'].map((id) => store.create(header(id)));
  for (const log of logs) log.append(start);
  const blocking = watchBlocking();
  try {
    let at = 9000;
    // Several checkpoints: journal writes and syncs, table files caught up, old segments deleted.
    while (at < 9300) {
      for (const log of logs) for (let i = 0; i < 4; i++) log.append(action(at++));
      await Promise.all(logs.map(commit));
    }
    await waitFor(() => !journalFiles().includes('1.wal') && !journalFiles().includes('2.wal'));
    // A table closes for good: closed without a sync, then removed.
    logs[1]!.close({ sync: false });
    store.remove('s2');
    await store.settled();
    expect(fs.existsSync(tableFile('s2'))).toBe(false);
    expect(blocking.calls()).toEqual([]);
  } finally {
    blocking.restore();
  }
  logs[0]!.close();
  expect(afterCrash().read('s1')!.match!.actions).toHaveLength(
    fs.readFileSync(tableFile('s1'), 'utf8').split('\n').length - 3,
  );
});

test('a new table is created with nothing written or synced on the event loop; a power cut that loses its file is undone from the journal', async () => {
  const store = openStore();
  const blocking = watchBlocking();
  let log: TableFile;
  try {
    log = store.create(header('fresh'));
    log.append(start);
    log.append(action(7000));
    await commit(log);
    expect(blocking.calls()).toEqual([]);
  } finally {
    blocking.restore();
  }
  // Until a checkpoint, the file is empty and its directory entry not synced: a power cut may
  // leave no file at all, or an empty one. Either way the committed record comes back.
  expect(fs.readFileSync(tableFile('fresh'))).toHaveLength(0);
  const recovered = () =>
    afterCrash()
      .read('fresh')!
      .match!.actions.map((a) => a.at);
  fs.rmSync(tableFile('fresh'));
  expect(recovered()).toEqual([7000]);
  fs.writeFileSync(tableFile('fresh'), '');
  expect(recovered()).toEqual([7000]);
  log.close();
});

test('a table removed for good stays removed after a crash, though the journal still holds its creation', async () => {
  const store = openStore();
  const log = store.create(header('gone'));
  log.append(start);
  await commit(log);
  log.close({ sync: false });
  store.remove('gone');
  await store.settled();
  expect(fs.existsSync(tableFile('gone'))).toBe(false);
  // The segment that created it is still there: without the removal in the journal, recovery
  // would write the record anew.
  expect(journalLines().length).toBeGreaterThan(0);
  const after = afterCrash();
  expect(after.read('gone')).toBeNull();
  expect(after.listUnfinished().map((t) => t.header.roomId)).not.toContain('gone');
});

test('a checkpoint syncs the tables directory before it deletes the segment that created them', async () => {
  const store = openStore({ journalSegmentBytes: 2000 });
  const order: string[] = [];
  const realDirSync = fileIo.fsyncDirAsync;
  const dirSync = jest.spyOn(fileIo, 'fsyncDirAsync').mockImplementation(async (d: string) => {
    order.push(`sync ${path.basename(d)}`);
    await realDirSync(d);
  });
  const realRm = fs.rm;
  const rm = jest.spyOn(fs, 'rm').mockImplementation(((file: string, ...rest: unknown[]) => {
    order.push(`rm ${path.basename(file)}`);
    return (realRm as (...args: unknown[]) => void)(file, ...rest);
  }) as never);
  const log = store.create(header('dirs'));
  log.append(start);
  try {
    await fillUntil(log, () => !journalFiles().includes('1.wal'), 8000);
  } finally {
    dirSync.mockRestore();
    rm.mockRestore();
  }
  const synced = order.indexOf('sync matches');
  expect(synced).toBeGreaterThanOrEqual(0);
  expect(synced).toBeLessThan(order.indexOf('rm 1.wal'));
  // The file caught up at the checkpoint: a crash now needs no journal to read it.
  expect(afterCrash().read('dirs')!.match).not.toBeNull();
  log.close();
});
