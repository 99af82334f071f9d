/**
 * The journal (group commit): one fdatasync for every table that commits in the same turn, and the
 * table files completed from it after a power cut. A power cut is simulated by cutting a table
 * file back to what a disk could have kept of writes that were never fdatasynced.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileMatchStore } from '../../src/storage/FileMatchStore';
import type { TableLog } from '../../src/storage/MatchStore';
import type { RecordLine, TableHeader } from '../../src/storage/records';

let dir: string;
let warnings: string[];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-journal-'));
  warnings = [];
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function openStore(options: { journalSegmentBytes?: number } = {}): FileMatchStore {
  const store = new FileMatchStore(dir, {
    warn: (m) => warnings.push(m),
    journalSegmentBytes: 64 * 1024,
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

const start: RecordLine = {
  t: 'start',
  at: 1001,
  seed: 42,
  seats: [
    { name: 'Ada', bot: false },
    { name: 'Bob', bot: false },
  ],
  options: {},
};
const action = (at: number): RecordLine => ({ t: 'action', at, seat: at % 2, action: { type: 'draw' } });

const commit = (log: TableLog) => new Promise<void>((resolve) => log.syncAsync(resolve));
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

test('up to four journal fdatasyncs run at once; each commit completes with the one begun after its write', async () => {
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
      await turn(); // one commit per turn of the event loop: no two share a sync
      await turn();
    }
    // Four syncs under way; the fifth commit waits for a free one.
    expect(held).toHaveLength(4);
    expect(held.map((h) => h.size)).toEqual([...held.map((h) => h.size)].sort((a, b) => a - b));
    // The second finishes first: its commit is done, the first's is not (nothing waits behind a slow sync).
    held[1]!.finish();
    await waitFor(() => done.length === 1);
    expect(done).toEqual(['p2']);
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
  await commit(log);
  // Between checkpoints only the journal is written: the file still holds just its header.
  expect(fs.readFileSync(tableFile('cut'), 'utf8').split('\n')).toHaveLength(2);
  // The process dies (no close()), leaving half a line at the end, as a power cut during a
  // checkpoint's write could.
  fs.appendFileSync(tableFile('cut'), '{"t":"start","at":1001,"se');

  const after = openStore();
  expect(after.read('cut')!.match!.actions.map((a) => a.at)).toEqual([2000, 2001, 2002, 2003, 2004]);
  expect(warnings.join('\n')).toMatch(/put back 6 recorded line/);
  // The old segments are gone; the new store starts on fresh, zero-filled ones.
  expect(journalLines()).toEqual([]);
  const sizes = journalFiles().map((f) => fs.statSync(path.join(dir, 'journal', f)).size);
  expect(sizes).toContain(64 * 1024); // the segment in use (the next one may still be filling)
  // The repaired file appends on as before.
  const reopened = after.reopen('cut');
  reopened.append(action(2005));
  reopened.close();
  expect(after.read('cut')!.match!.actions).toHaveLength(6);
  log.close();
});

test('a power cut can only lose what was never committed', async () => {
  const store = openStore();
  const log = store.create(header('pc'));
  log.append(start);
  log.append(action(3000));
  await commit(log);
  log.append(action(3001)); // written to the journal by the end of the turn, never synced
  await new Promise((r) => setImmediate(r));
  // The power cut loses the uncommitted line from the journal (its bytes never reached the disk).
  const [segment] = journalLines();
  const file = path.join(dir, 'journal', segment!);
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
  const fresh = store.rewrite('re', [header('re'), { ...start, seed: 7, number: 2 } as RecordLine]);
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

test('SYNC_WRITES off keeps no journal', async () => {
  const store = new FileMatchStore(dir, { syncWrites: false });
  store.init();
  const log = store.create(header('fast'));
  log.append(start);
  await commit(log);
  log.close();
  expect(journalFiles()).toEqual([]);
});
