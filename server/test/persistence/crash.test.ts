/**
 * Durable matches, end to end: a real server process, real colyseus.js clients (two players and a
 * spectator) in the middle of a Bankout match with a turn limit, then `kill -9` (and, separately,
 * SIGTERM), then a new process on the same port and DATA_DIR. The table must come back with the
 * same id and every accepted action; each player must get their own hand back (and only theirs);
 * the timer must continue with the time it had left and then fire; the clients must come back
 * without the test doing anything; and the match must play on to the end.
 * @heavy (a long file for its size: scripts/jest-sequencer.cjs runs it first on a fresh clone)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ClientMsg } from '@parlor/shared';
import {
  type StateJson,
  changeKey,
  logOf,
  publicPart,
  sendAnswered,
  sleep,
  waitUntil,
} from '../helpers/clients';
import { bankoutPickAction } from '../helpers/bankoutClient';
import { lcg } from '../helpers/matchDriver';
import { AutoSeat, type ServerProcess, startServer, stopAllServers, stopServer } from './serverProcess';
import { durableRecord } from '../helpers/durableRecord';
import { freePort } from '../helpers/freePort';

jest.setTimeout(240_000);
// The three scenarios run at once (test.concurrent): each has its own port, DATA_DIR and server
// processes, and each mostly waits (the downtime, the resumed turn clock, the rate limit's window).

// Long enough that no turn runs out while a loaded machine plays the scripted moves.
const TURN_SECONDS = 20;
/** The server stays down this long: the turn clock must not run meanwhile. */
const DOWNTIME_MS = 2500;
const timings: string[] = [];
const servers: ServerProcess[] = [];
const roots: string[] = [];

afterAll(async () => {
  if (timings.length) console.log(`Persistence timings:\n  ${timings.join('\n  ')}`);
  await AutoSeat.leaveAll();
  await stopAllServers('SIGKILL');
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

/** The accepted actions in the table's record on disk (its file and the journal). */
function recordedActions(dataDir: string, roomId: string): { seat: number; action: { type: string } }[] {
  return (durableRecord(dataDir, roomId) ?? '')
    .toString('utf8')
    .split('\n')
    .filter((l) => l.includes('"t":"action"'))
    .map((l) => JSON.parse(l));
}

const hand = (s: AutoSeat, seat: number): string[] | undefined => s.t.json().seats?.[seat]?.private?.hand;

/** Waits until every client has decoded the same change (the same key, other than `before`). */
async function settled(seats: AutoSeat[], before: string): Promise<void> {
  await waitUntil(() => {
    const keys = seats.map((s) => changeKey(s.t.json()));
    return keys.every((k) => k === keys[0] && k !== before);
  }, 'every client to see the change');
}

/** The seat to act sends one of its legal payloads; resolves when it is answered and seen by all. */
async function playOne(
  players: AutoSeat[],
  everyone: AutoSeat[],
  random: () => number,
  prefer?: string,
): Promise<string> {
  const view = players[0]!.t.json();
  const seat: number = view.toAct[0];
  const player = players[seat]!;
  const legal: string[] = player.t.json().seats[seat].private.legal;
  if (legal.length === 0) throw new Error(`seat ${seat} is to act with nothing legal`);
  const choice =
    (prefer && legal.find((l) => JSON.parse(l).type === prefer)) || bankoutPickAction(legal, random);
  const before = changeKey(player.t.json());
  await sendAnswered(
    player.t,
    ClientMsg.action,
    JSON.parse(choice),
    () => changeKey(player.t.json()) !== before,
    'the action to be answered',
  );
  await settled(everyone, before);
  return JSON.parse(choice).type;
}

async function scenario(
  port: number,
  signal: 'SIGKILL' | 'SIGTERM',
  env: Record<string, string> = {},
): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-crash-'));
  roots.push(root);
  const dataDir = path.join(root, 'data');
  const label = env.SYNC_WRITES === 'false' ? `${signal} (SYNC_WRITES=false)` : signal;
  const first = await startServer(port, dataDir, env);
  servers.push(first);
  timings.push(`${label}: first server answering after ${first.startedInMs} ms`);

  const ada = await AutoSeat.create(port, 'bankout', {
    name: 'Ada',
    tableName: 'Crash table',
    options: { mode: 'blitz', turnSeconds: TURN_SECONDS },
  });
  const roomId = ada.roomId;
  const bo = await AutoSeat.join(port, roomId, 'Bo');
  const sam = await AutoSeat.join(port, roomId, 'Sam', true);
  const players = [ada, bo];
  const everyone = [ada, bo, sam];
  await waitUntil(() => !!ada.seatToken && !!bo.seatToken && sam.t.welcome !== null, 'welcomes');
  ada.t.room.send(ClientMsg.start);
  await waitUntil(() => everyone.every((s) => s.t.json().status === 'playing'), 'playing');

  // Into the middle of the match: a dozen actions, the last one a bank (a fresh turn window).
  const random = lcg(signal === 'SIGKILL' ? 11 : 23);
  let sent = 0;
  while (sent < 12) {
    await playOne(players, everyone, random);
    sent++;
    // Everything a client has seen is already in the record on disk.
    expect(recordedActions(dataDir, roomId)).toHaveLength(sent);
  }
  for (let i = 0; i < 40 && (await playOne(players, everyone, random, 'bank')) !== 'bank'; i++) sent++;
  sent++;
  const before = everyone.map((s) => s.t.json());
  const hands = [hand(ada, 0), hand(bo, 1)];
  expect(hands[0]).toEqual(expect.any(Array));
  expect(hands[1]).toEqual(expect.any(Array));
  expect(before[0].deadline).toBeGreaterThan(before[0].serverTime);
  const leftAtStop = before[0].deadline - Date.now();

  // Down it goes.
  const stoppedAt = Date.now();
  const code = await stopServer(first, signal);
  if (signal === 'SIGTERM') {
    expect(code).toBe(0);
    await waitUntil(() => everyone.every((s) => s.drops.length === 1), 'every client to notice');
    // Graceful: everyone was told before the connection closed.
    for (const s of everyone) expect(s.drops[0]!.shutdownsBefore).toBe(1);
    expect(first.output()).toContain('is shutting down');
  } else {
    await waitUntil(() => everyone.every((s) => s.drops.length === 1), 'every client to notice');
    for (const s of everyone) expect(s.shutdowns).toBe(0);
  }
  expect(recordedActions(dataDir, roomId)).toHaveLength(sent);

  // Down for a while (the clients keep retrying on their own), then back up: same port, same DATA_DIR.
  await sleep(DOWNTIME_MS);
  const second = await startServer(port, dataDir, env);
  servers.push(second);
  expect(second.output()).toContain('Resumed 1 table(s)');
  await Promise.all(everyone.map((s) => s.settled()));
  const back = Math.max(...everyone.map((s) => s.reconnectedAt[0]!));
  timings.push(
    `${label}: second server answering after ${second.startedInMs} ms; every client back ${back - stoppedAt} ms after the stop`,
  );
  for (const s of everyone) {
    expect(s.rooms).toHaveLength(2);
    expect(s.t.room.roomId).toBe(roomId);
  }
  await waitUntil(
    () =>
      everyone.every((s) => s.t.welcome !== null) &&
      everyone.every((s) => s.t.json().seats?.every((x: StateJson) => x.connected)),
    'everyone seated and connected again',
  );
  expect([ada.t.welcome!.seat, bo.t.welcome!.seat, sam.t.welcome!.seat]).toEqual([0, 1, -1]);

  // Every accepted action is there: the same public state, the same hands, hidden as before.
  const after = everyone.map((s) => s.t.json());
  for (let i = 0; i < 3; i++) expect(publicPart(after[i])).toEqual(publicPart(before[i]));
  expect(after[0].status).toBe('playing');
  expect(hand(ada, 0)).toEqual(hands[0]);
  expect(hand(bo, 1)).toEqual(hands[1]);
  expect(ada.t.json().seats[1].private).toBeUndefined();
  expect(bo.t.json().seats[0].private).toBeUndefined();
  expect(sam.t.json().seats.map((x: StateJson) => x.private)).toEqual([undefined, undefined]);
  expect(ada.t.json().seats[0].private.legal).toEqual(before[0].seats[0].private.legal);
  expect(recordedActions(dataDir, roomId)).toHaveLength(sent);
  // The public log carries on from where it was.
  const texts = (j: StateJson) => logOf(j).map((l) => `${l.at}|${l.text}`);
  const oldLog: string[] = texts(before[0]);
  const newLog: string[] = texts(after[0]);
  const at = newLog.indexOf(oldLog.at(-1)!);
  expect(at).toBeGreaterThanOrEqual(0);
  expect(newLog.slice(0, at + 1)).toEqual(oldLog.slice(oldLog.length - (at + 1)));
  expect(newLog.join('\n')).toContain('The server restarted');

  // The timer continues with the time it had left (at least 3 s), then fires the timeout action.
  const resumed = after[0].deadline - after[0].serverTime;
  timings.push(`${label}: ${leftAtStop} ms left at the stop, ${resumed} ms after the restart`);
  expect(after[0].deadlineSeat).toBe(after[0].turn);
  expect(resumed).toBeGreaterThanOrEqual(2900);
  // Not a wall clock: the downtime (and the time to come back) did not eat into the turn.
  expect(resumed).toBeGreaterThan(leftAtStop - DOWNTIME_MS + 500);
  expect(resumed).toBeLessThanOrEqual(TURN_SECONDS * 1000);
  if (signal === 'SIGTERM') expect(resumed).toBeLessThanOrEqual(Math.max(3000, leftAtStop) + 100);
  const turnNumber = after[0].turnNumber;
  const toAct = after[0].turn;
  await waitUntil(
    () => everyone.every((s) => s.t.json().turnNumber === turnNumber + 1),
    'the turn timer to bank',
    resumed + 20_000,
  );
  const timedOut = recordedActions(dataDir, roomId).at(-1)!;
  // The clock's own action: the loot banks itself, and the log says the time ran out.
  expect(timedOut).toMatchObject({ seat: toAct, action: { type: 'timeUp' } });
  expect(recordedActions(dataDir, roomId)).toHaveLength(sent + 1);

  // And on to the end, by the same clients.
  let steps = 0;
  while (ada.t.json().status === 'playing' && steps < 1500) {
    await playOne(players, everyone, random);
    steps++;
  }
  await waitUntil(() => everyone.every((s) => s.t.json().status === 'finished'), 'finished');
  expect(JSON.parse(ada.t.json().result).winners).toHaveLength(1);
  // The finished match is in the history, whole and replayable.
  const history = (await (await fetch(`http://127.0.0.1:${port}/api/history`)).json()) as {
    matches: { id: string; actions: number }[];
  };
  expect(history.matches).toEqual([
    expect.objectContaining({ id: `${roomId}-1`, actions: recordedActions(dataDir, roomId).length }),
  ]);
  timings.push(`${label}: played on to the end (${steps} more actions)`);

  for (const s of everyone) await s.leave();
  await stopServer(second, 'SIGTERM');
}

test.concurrent('kill -9 in the middle of a match: it resumes, clients come back by themselves', async () => {
  await scenario(freePort(), 'SIGKILL');
});

test.concurrent('SIGTERM in the middle of a match: clients are told, it resumes the same way', async () => {
  await scenario(freePort(), 'SIGTERM');
});

test.concurrent(
  'kill -9 with SYNC_WRITES=false: nothing a client saw is lost either (the kernel had it)',
  async () => {
    await scenario(freePort(), 'SIGKILL', { SYNC_WRITES: 'false' });
  },
);
