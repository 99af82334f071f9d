/** The file store on its own: round trips, torn and corrupt records, the history, the heartbeat. */
import type { GameAction } from '@parlor/shared';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileMatchStore } from '../../src/storage/FileMatchStore';
import type { FinishedMatch } from '../../src/storage/MatchStore';
import { anotherServerBeats, startHeartbeat } from '../../src/storage/heartbeat';
import { type TableLine, type TableHeader, parseTableFile } from '../../src/storage/tableFile';

let dir: string;
let warnings: string[];
let store: FileMatchStore;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-store-'));
  warnings = [];
  store = new FileMatchStore(dir, { warn: (m) => warnings.push(m), historyLimit: 3 });
  store.init();
});
afterEach(async () => {
  // A running heartbeat may still be writing its temporary file after stop(): wait for it.
  await store.settled();
  fs.rmSync(dir, { recursive: true, force: true });
});

const HASH = 'a'.repeat(64);

function header(roomId: string): TableHeader {
  return {
    t: 'table',
    v: 1,
    roomId,
    roomName: 'bankout',
    game: 'bankout',
    tableName: "Ada's table",
    private: false,
    seats: 2,
    vsBots: false,
    createdAt: 1000,
  };
}

const LINES: TableLine[] = [
  {
    t: 'seats',
    at: 1001,
    seats: [
      { name: 'Ada', occupied: true, bot: false, tokenHash: HASH },
      { name: 'Bot 2', occupied: true, bot: true, tokenHash: null },
    ],
    host: 0,
    options: { mode: 'blitz', jokers: true, turnSeconds: 30 },
    code: 'ABCDE',
  },
  { t: 'log', at: 1002, seat: -1, text: 'The match begins' },
  {
    t: 'start',
    at: 1002,
    seed: 42,
    seats: [
      { name: 'Ada', bot: false },
      { name: 'Bot 2', bot: true },
    ],
    options: { mode: 'blitz' },
  },
  { t: 'deadline', at: 1002, key: '0:turn', deadlineAt: 31002 },
  { t: 'action', at: 1003, seat: 0, action: { type: 'draw' } },
  { t: 'action', at: 1004, seat: 0, action: { type: 'play', card: 'QH' } as GameAction },
];

function writeTable(roomId: string, lines: TableLine[] = LINES): string {
  const log = store.create(header(roomId));
  for (const line of lines) log.append(line);
  log.sync();
  log.close();
  return path.join(dir, 'matches', `${roomId}.jsonl`);
}

test('syncAsync makes appended lines durable off the event loop, then calls back', async () => {
  const log = store.create(header('roomAsync'));
  // The header goes with the table's first commit: create() syncs nothing on the event loop.
  expect(log.dirty).toBe(true);
  await new Promise<void>((resolve) => log.syncAsync(resolve));
  expect(log.dirty).toBe(false);
  log.append(LINES[1]!);
  expect(log.dirty).toBe(true);
  await new Promise<void>((resolve) => log.syncAsync(resolve));
  expect(log.dirty).toBe(false);
  // Nothing pending: the callback runs at once.
  let called = false;
  log.syncAsync(() => (called = true));
  expect(called).toBe(true);
  log.close();
  expect(store.read('roomAsync')?.match?.actions ?? []).toHaveLength(0);
  expect(store.read('roomAsync')?.header.roomId).toBe('roomAsync');
});

test('SYNC_WRITES off: a commit is released once the kernel has its lines, and nothing is fdatasynced', async () => {
  // Each call is recorded with the file it is for: the store beforeEach made (SYNC_WRITES on) may
  // still be preparing its spare segment in the background, and its fdatasync is not this test's.
  const calls: { kind: 'async' | 'sync'; file: string }[] = [];
  const fileOf = (fd: number) => fs.readlinkSync(`/proc/self/fd/${fd}`);
  const sync = jest.spyOn(fs, 'fdatasync').mockImplementation(((fd: number, cb: (e: null) => void) => {
    calls.push({ kind: 'async', file: fileOf(fd) });
    cb(null);
  }) as typeof fs.fdatasync);
  const syncNow = jest
    .spyOn(fs, 'fdatasyncSync')
    .mockImplementation((fd: number) => void calls.push({ kind: 'sync', file: fileOf(fd) }));
  const fastDir = path.join(dir, 'fast');
  const inFast = () => calls.filter((c) => c.file.startsWith(fastDir + path.sep));
  try {
    const fast = new FileMatchStore(fastDir, { syncWrites: false });
    fast.init();
    const log = fast.create(header('roomFast'));
    for (const line of [LINES[0]!, LINES[2]!, LINES[4]!]) log.append(line);
    await new Promise<void>((resolve) => log.syncAsync(resolve));
    expect(log.dirty).toBe(false);
    // Released: every line is in the journal (header 0, then 1-3), so a killed process loses nothing.
    const journal = fs
      .readdirSync(path.join(fastDir, 'journal'))
      .map((f) => fs.readFileSync(path.join(fastDir, 'journal', f), 'utf8'))
      .join('');
    for (const n of [0, 1, 2, 3]) expect(journal).toContain(`roomFast\t${n}\t`);
    log.close();
    expect(inFast()).toEqual([]);
    expect(fast.read('roomFast')?.match?.actions).toHaveLength(1);

    // The same with syncWrites on (the default) does sync (here with fdatasync, not O_DSYNC writes).
    // Its commit's fdatasync is of the first segment (the second, the spare, is synced once filled).
    const safeDir = path.join(dir, 'safe');
    const safe = new FileMatchStore(safeDir, { journalDsync: false });
    const log2 = safe.create(header('roomSafe'));
    log2.append(LINES[1]!);
    await new Promise<void>((resolve) => log2.syncAsync(resolve));
    expect(calls).toContainEqual({ kind: 'async', file: path.join(safeDir, 'journal', '1.wal') });
    log2.close();
  } finally {
    sync.mockRestore();
    syncNow.mockRestore();
  }
});

test('append then read gives the table back', () => {
  writeTable('room1');
  const table = store.read('room1')!;
  expect(table.header).toEqual(header('room1'));
  expect(table.seats[0]).toEqual({ name: 'Ada', occupied: true, bot: false, tokenHash: HASH });
  expect(table.host).toBe(0);
  expect(table.code).toBe('ABCDE');
  expect(table.log).toEqual([{ at: 1002, seat: -1, text: 'The match begins' }]);
  expect(table.match).toEqual({
    number: 1,
    seed: 42,
    seats: [
      { name: 'Ada', bot: false },
      { name: 'Bot 2', bot: true },
    ],
    options: { mode: 'blitz' },
    startedAt: 1002,
    actions: [
      { seat: 0, action: { type: 'draw' }, at: 1003 },
      { seat: 0, action: { type: 'play', card: 'QH' }, at: 1004 },
    ],
    outcome: null,
    finishedAt: null,
    deadline: { key: '0:turn', deadlineAt: 31002 },
  });
  expect(table.lastAt).toBe(1004);
  expect(store.listUnfinished().map((t) => t.header.roomId)).toEqual(['room1']);
  expect(warnings).toEqual([]);
});

test('a rematch replaces the match; a finish line ends it', () => {
  writeTable('room2', [
    ...LINES,
    { t: 'finish', at: 2000, outcome: { winners: [0], summary: 'Ada wins' } },
    { t: 'start', at: 3000, seed: 7, seats: [], options: {} },
    { t: 'action', at: 3001, seat: 1, action: { type: 'bank' } },
  ]);
  const match = store.read('room2')!.match!;
  expect(match).toMatchObject({ number: 2, seed: 7, outcome: null, deadline: null });
  expect(match.actions).toEqual([{ seat: 1, action: { type: 'bank' }, at: 3001 }]);
  // The match it replaced ended: kept aside, for a restart to write it to the history if it lacks it.
  expect(store.read('room2')!.finished).toEqual([
    expect.objectContaining({
      number: 1,
      seed: 42,
      outcome: { winners: [0], summary: 'Ada wins' },
      finishedAt: 2000,
    }),
  ]);
});

test('a torn last line (kill -9 mid-write) is ignored, and cut off before the next append', () => {
  const file = writeTable('torn');
  fs.appendFileSync(file, '{"t":"action","at":1005,"seat":1,"act');
  const table = store.read('torn')!;
  expect(table.match!.actions).toHaveLength(2);
  expect(warnings.join()).toMatch(/incomplete last line/);

  const log = store.reopen('torn');
  log.append({ t: 'action', at: 1006, seat: 1, action: { type: 'bank' } });
  log.close();
  const again = store.read('torn')!;
  expect(again.match!.actions.map((a) => a.at)).toEqual([1003, 1004, 1006]);
  expect(fs.readFileSync(file, 'utf8').endsWith('"type":"bank"}}\n')).toBe(true);
});

test('an invalid complete last line is treated as torn; garbage before a good line is corruption', () => {
  const buf = (s: string) => Buffer.from(s);
  const head = JSON.stringify(header('x'));
  const good = JSON.stringify({ t: 'log', at: 5, seat: -1, text: 'hi' });
  const lastBad = parseTableFile(buf(`${head}\n${good}\n{"t":"log","at":\n`));
  expect(lastBad.ok && lastBad.table.log).toEqual([{ at: 5, seat: -1, text: 'hi' }]);
  expect(lastBad.ok && lastBad.validBytes).toBe(head.length + good.length + 2);
  const nul = parseTableFile(Buffer.concat([buf(`${head}\n${good}\n`), Buffer.alloc(300)]));
  expect(nul.ok).toBe(true);
  expect(parseTableFile(buf(`${head}\nnot json\n${good}\n`))).toEqual({
    ok: false,
    reason: 'line 2: not JSON',
  });
  expect(parseTableFile(buf(`${good}\n`))).toMatchObject({ ok: false });
  expect(parseTableFile(buf(''))).toMatchObject({ ok: false });
  // A well-formed line of the wrong shape is as bad as garbage.
  const wrong = JSON.stringify({ t: 'action', at: 1, seat: 'zero', action: { type: 'x' } });
  expect(parseTableFile(buf(`${head}\n${wrong}\n${good}\n`))).toMatchObject({ ok: false });
});

test('a corrupt record is set aside with a warning; the others still load', () => {
  writeTable('good');
  const bad = writeTable('bad');
  const text = fs.readFileSync(bad, 'utf8').split('\n');
  text[2] = '{"t":"log", garbage';
  fs.writeFileSync(bad, text.join('\n'));
  fs.writeFileSync(path.join(dir, 'matches', 'empty.jsonl'), '');

  const tables = store.listUnfinished();
  expect(tables.map((t) => t.header.roomId)).toEqual(['good']);
  expect(fs.existsSync(bad)).toBe(false);
  const aside = fs.readdirSync(path.join(dir, 'corrupt')).sort();
  expect(aside).toEqual([
    expect.stringMatching(/^bad-\d+\.jsonl$/),
    expect.stringMatching(/^empty-\d+\.jsonl$/),
  ]);
  expect(warnings.filter((w) => /set aside/.test(w))).toHaveLength(2);
  // Set aside means kept: the bytes are all there for a human.
  expect(fs.readFileSync(path.join(dir, 'corrupt', aside[0]!), 'utf8')).toContain('garbage');
});

test('rewrite replaces a record whole and keeps appending to the new one', () => {
  writeTable('big');
  const log = store.rewrite('big', [
    header('big'),
    { t: 'start', at: 5000, seed: 9, seats: [], options: {}, number: 4 },
  ]);
  log.append({ t: 'action', at: 5001, seat: 0, action: { type: 'bank' } });
  log.close();
  const table = store.read('big')!;
  expect(table.match).toMatchObject({ number: 4, seed: 9, actions: [{ at: 5001 }] });
  expect(table.log).toEqual([]);
  expect(fs.readdirSync(path.join(dir, 'matches'))).toEqual(['big.jsonl']);
});

test('remove forgets a table (off the event loop); a room id cannot escape the directory', async () => {
  writeTable('gone');
  store.remove('gone');
  await store.settled();
  expect(store.read('gone')).toBeNull();
  expect(() => store.create(header('../evil'))).toThrow(/room id/);
});

function finished(id: string, finishedAt: number): FinishedMatch {
  return {
    format: 'parlor-match',
    v: 1,
    id,
    roomId: id.split('-')[0]!,
    game: 'bankout',
    tableName: 'T',
    options: {},
    seed: 1,
    seats: [
      { name: 'Ada', bot: false },
      { name: 'Bo', bot: true },
    ],
    actions: [{ seat: 0, action: { type: 'bank' }, at: finishedAt - 1 }],
    outcome: { winners: [1], summary: 'Bo wins' },
    startedAt: finishedAt - 100,
    finishedAt,
  };
}

test('finished matches: whole files, newest first, bounded by the limit', async () => {
  for (let i = 1; i <= 5; i++) store.finish(finished(`r${i}-1`, 1000 * i));
  await store.settled();
  const files = fs.readdirSync(path.join(dir, 'finished')).sort();
  expect(files).toEqual(['r3-1.json', 'r4-1.json', 'r5-1.json']);
  expect(store.history().map((h) => h.id)).toEqual(['r5-1', 'r4-1', 'r3-1']);
  expect(store.history()[0]).toMatchObject({
    game: 'bankout',
    players: [
      { name: 'Ada', bot: false },
      { name: 'Bo', bot: true },
    ],
    result: 'Bo wins',
    winners: ['Bo'],
    durationMs: 100,
    actions: 1,
    imported: false,
  });
  expect(store.readFinished('r4-1')).toEqual(finished('r4-1', 4000));
  expect(store.readFinished('../r4-1')).toBeNull();
  // A new store over the same directory reads the same history.
  const again = new FileMatchStore(dir, { historyLimit: 2 });
  expect(again.history().map((h) => h.id)).toEqual(['r5-1', 'r4-1']);
});

test('a temporary file left by a crash during a rename is cleaned at start', () => {
  fs.writeFileSync(path.join(dir, 'finished', 'r9-1.json.123.abc.tmp'), '{"half');
  store.init();
  expect(fs.readdirSync(path.join(dir, 'finished'))).toEqual([]);
});

test('heartbeat: beats while running, records the stop time on a graceful stop', async () => {
  expect(store.readHeartbeat()).toBeNull();
  let now = 5000;
  const beat = startHeartbeat(store, 20, () => now);
  expect(store.readHeartbeat()).toEqual({ at: 5000, stopped: false });
  now = 6000;
  // The running beats are written off the event loop: wait for one (a busy machine is slow).
  await waitFor(() => store.readHeartbeat()?.at === 6000);
  expect(store.readHeartbeat()).toEqual({ at: 6000, stopped: false });
  now = 7000;
  beat.stop();
  expect(store.readHeartbeat()).toEqual({ at: 7000, stopped: true });
  now = 8000;
  await new Promise((r) => setTimeout(r, 60));
  expect(store.readHeartbeat()).toEqual({ at: 7000, stopped: true });
  expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  fs.writeFileSync(store.heartbeatFile, 'nonsense');
  expect(store.readHeartbeat()).toBeNull();
});

test('another server beating in DATA_DIR is noticed; a graceful stop, an old beat or a crash a moment ago are not it', async () => {
  const read = () => store.readHeartbeat();
  const fast = { intervalMs: 20 };
  // Nothing written yet, a graceful stop, a beat long ago: no wait, nobody there.
  const waits: number[] = [];
  const onWait = (ms: number) => waits.push(ms);
  expect(await anotherServerBeats(read, { ...fast, onWait })).toBe(false);
  store.writeHeartbeat({ at: Date.now(), stopped: true });
  expect(await anotherServerBeats(read, { ...fast, onWait })).toBe(false);
  store.writeHeartbeat({ at: Date.now() - 60_000, stopped: false });
  expect(await anotherServerBeats(read, { ...fast, onWait })).toBe(false);
  expect(waits).toEqual([]);
  // A server that crashed a moment ago: its last beat is recent but no other one comes.
  store.writeHeartbeat({ at: Date.now(), stopped: false });
  expect(await anotherServerBeats(read, { ...fast, onWait })).toBe(false);
  expect(waits).toHaveLength(1);
  // A beat from the future (the clock was set back): the same bounded wait.
  store.writeHeartbeat({ at: Date.now() + 3_600_000, stopped: false });
  expect(await anotherServerBeats(read, { ...fast, onWait })).toBe(false);
  expect(waits[1]).toBe(60);
  // A live one beats again within the wait (checked as for a 1 s beat, the real one: a loaded
  // machine's timers and thread pool can miss many 20 ms beats, and 200 ms ones were missed too).
  const live = startHeartbeat(store, 20);
  expect(await anotherServerBeats(read, { intervalMs: 1000 })).toBe(true);
  live.stop();
  expect(await anotherServerBeats(read, fast)).toBe(false);
});

test('heartbeat: running beats go off the event loop; one landing after the stop beat does not win', async () => {
  let now = 1000;
  const held: (() => Promise<void>)[] = [];
  const real = store.writeHeartbeatAsync.bind(store);
  const spy = jest
    .spyOn(store, 'writeHeartbeatAsync')
    .mockImplementation((beat) => new Promise<void>((resolve) => held.push(() => real(beat).then(resolve))));
  const writeSync = jest.spyOn(store, 'writeHeartbeat');
  try {
    const beat = startHeartbeat(store, 10, () => now);
    expect(writeSync).toHaveBeenCalledTimes(1); // the first beat, at once
    now = 2000;
    await waitFor(() => held.length > 0);
    await new Promise((r) => setTimeout(r, 60));
    // One running beat is on its way; the ones due meanwhile were skipped, none written on the loop.
    expect(held).toHaveLength(1);
    expect(writeSync).toHaveBeenCalledTimes(1);
    now = 3000;
    beat.stop();
    expect(store.readHeartbeat()).toEqual({ at: 3000, stopped: true });
    // The late running beat lands (awaited: not a guess at how long a write takes), then the stop
    // beat is put back over it.
    await held[0]!();
    const stopped = () =>
      JSON.stringify(store.readHeartbeat()) === JSON.stringify({ at: 3000, stopped: true });
    await waitFor(stopped, 20_000);
    expect(held).toHaveLength(1);
  } finally {
    spy.mockRestore();
    writeSync.mockRestore();
  }
});

// ---- the history, off the event loop --------------------------------------------------------------

/** Holds every rename into finished/ (the last step before a history file is in place) until released. */
function holdHistoryRenames() {
  const held: (() => void)[] = [];
  const real = fs.promises.rename;
  const spy = jest.spyOn(fs.promises, 'rename').mockImplementation((from, to) => {
    if (!String(to).includes(`${path.sep}finished${path.sep}`)) return real(from, to);
    return new Promise<void>((resolve, reject) => held.push(() => real(from, to).then(resolve, reject)));
  });
  return {
    held,
    release: () => held.splice(0).forEach((go) => go()),
    restore: () => spy.mockRestore(),
  };
}
const historyFiles = () => fs.readdirSync(path.join(dir, 'finished')).sort();

test('a finished match is listed and readable at once; its file lands off the event loop (settled)', async () => {
  const renames = holdHistoryRenames();
  const blocking = ['writeSync', 'fsyncSync', 'renameSync', 'rmSync', 'writeFileSync'].map((name) =>
    jest.spyOn(fs, name as 'writeSync'),
  );
  try {
    store.finish(finished('h1-1', 1000));
    for (const spy of blocking) expect(spy).not.toHaveBeenCalled();
    expect(store.history().map((h) => h.id)).toEqual(['h1-1']);
    expect(store.hasFinished('h1-1')).toBe(true);
    expect(store.finishing('h1')).toBe(true);
    expect(store.readFinished('h1-1')).toEqual(finished('h1-1', 1000));
    await waitFor(() => renames.held.length === 1);
    expect(historyFiles()).not.toContain('h1-1.json'); // not in place yet: served from memory
    renames.release();
    await store.settled();
    expect(historyFiles()).toEqual(['h1-1.json']);
    expect(store.finishing('h1')).toBe(false);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'finished', 'h1-1.json'), 'utf8'))).toEqual(
      finished('h1-1', 1000),
    );
    expect(store.readFinished('h1-1')).toEqual(finished('h1-1', 1000));
  } finally {
    renames.restore();
    for (const spy of blocking) spy.mockRestore();
  }
  // A new store over the same directory reads it.
  expect(new FileMatchStore(dir).history().map((h) => h.id)).toEqual(['h1-1']);
});

test('prune leaves no orphan: a match dropped while its file is being written goes when it lands', async () => {
  const renames = holdHistoryRenames();
  try {
    for (let i = 1; i <= 3; i++) store.finish(finished(`p${i}-1`, 1000 * i));
    await waitFor(() => renames.held.length === 3);
    // Two newer ones: the limit (3) drops p1 and p2 while their files are still on their way.
    store.finish(finished('p4-1', 4000));
    store.finish(finished('p5-1', 5000));
    expect(store.history().map((h) => h.id)).toEqual(['p5-1', 'p4-1', 'p3-1']);
    expect(store.readFinished('p1-1')).toBeNull();
    // A match older than everything kept is not even written.
    store.finish(finished('p0-1', 500));
    expect(store.hasFinished('p0-1')).toBe(false);
    await waitFor(() => renames.held.length === 5);
    renames.release();
    await store.settled();
  } finally {
    renames.restore();
  }
  expect(historyFiles()).toEqual(['p3-1.json', 'p4-1.json', 'p5-1.json']);
});

test('a table record goes only once its finished matches are in the history files', async () => {
  writeTable('rm');
  const renames = holdHistoryRenames();
  try {
    store.finish(finished('rm-1', 1000));
    store.remove('rm');
    await waitFor(() => renames.held.length === 1);
    for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 1));
    // Kept: a crash now would still have the match in the record.
    expect(fs.existsSync(path.join(dir, 'matches', 'rm.jsonl'))).toBe(true);
    renames.release();
    await store.settled();
  } finally {
    renames.restore();
  }
  expect(fs.existsSync(path.join(dir, 'matches', 'rm.jsonl'))).toBe(false);
  expect(historyFiles()).toEqual(['rm-1.json']);
});

test('a history file that cannot be written: the match stays listed, and its table keeps its record', async () => {
  writeTable('bad');
  const spy = jest
    .spyOn(fs.promises, 'rename')
    .mockRejectedValue(Object.assign(new Error('EIO'), { code: 'EIO' }));
  try {
    store.finish(finished('bad-1', 1000));
    store.remove('bad');
    await store.settled();
  } finally {
    spy.mockRestore();
  }
  expect(warnings.join('\n')).toMatch(/history: match bad-1 could not be written/);
  expect(store.readFinished('bad-1')).toEqual(finished('bad-1', 1000));
  expect(store.finishing('bad')).toBe(true);
  expect(fs.existsSync(path.join(dir, 'matches', 'bad.jsonl'))).toBe(true);
  expect(historyFiles()).toEqual([]); // no temporary file left either
});

async function waitFor(cond: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 2));
  }
}
