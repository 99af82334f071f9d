/**
 * Turns the decoded room state (reflected schema, as plain JSON) into a TableSnapshot. Every field
 * is read defensively: a missing field gets a neutral default instead of crashing the screen.
 */
import { BOT_LEVELS, DEFAULT_BOT_LEVEL, type GameAction, type Outcome } from '@parlor/shared/core/contract';
import { type TableStatus, decodeStateLogLine } from '@parlor/shared/core/protocol';
import type { ClientGame, PlainState } from '../games/types';
import type { LogLine, SeatInfo, TableSnapshot } from './TableConnection';

export const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : d);
export const num = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
export const bool = (v: unknown): boolean => v === true;
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const obj = (v: unknown): PlainState =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as PlainState) : {};

export function parseJson<T>(text: unknown, fallback: T): T {
  if (typeof text !== 'string' || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function parseLegal(list: unknown): GameAction[] {
  const out: GameAction[] = [];
  for (const entry of arr(list)) {
    const a = typeof entry === 'string' ? parseJson<unknown>(entry, null) : entry;
    if (a && typeof a === 'object' && typeof (a as GameAction).type === 'string') out.push(a as GameAction);
  }
  return out;
}

/** `clockOffset`: server clock minus this page's, to turn server times into local ones. */
export function readSeats(state: PlainState, clockOffset = 0): SeatInfo[] {
  return arr(state.seats).map((s) => {
    const seat = obj(s);
    const away = num(seat.awayUntil);
    return {
      awayUntil: away > 0 ? away - clockOffset : 0,
      name: str(seat.name),
      occupied: bool(seat.occupied),
      connected: bool(seat.connected),
      bot: bool(seat.bot),
      botControlled: bool(seat.botControlled),
      botLevel: BOT_LEVELS.find((l) => l === seat.botLevel) ?? DEFAULT_BOT_LEVEL,
    };
  });
}

export function toSnapshot(
  state: PlainState,
  mySeat: number,
  clockOffset: number,
  game: ClientGame | undefined,
): TableSnapshot {
  const seats = readSeats(state, clockOffset);
  const mine = mySeat >= 0 ? obj(obj(arr(state.seats)[mySeat]).private) : {};
  const deadline = num(state.deadline);
  const status = str(state.status, 'waiting') as TableStatus;
  // The log is a ring of slots (oldest overwritten in place): order it by sequence number.
  const log: LogLine[] = arr(state.log)
    .map((l) => (typeof l === 'string' ? decodeStateLogLine(l) : null))
    .filter((l) => l !== null)
    .sort((a, b) => a.seq - b.seq)
    .map(({ seq: _seq, ...line }) => line);
  let view = null;
  if (game && status !== 'waiting') {
    try {
      view = game.viewFromState(state, mySeat);
    } catch (err) {
      console.warn('view adapter failed', err);
    }
  }
  return {
    game: str(state.game),
    tableName: str(state.tableName),
    status,
    phase: str(state.phase),
    deadline: deadline > 0 ? deadline - clockOffset : 0,
    deadlineSeat: num(state.deadlineSeat, -1),
    host: num(state.host, -1),
    code: str(state.code),
    isPrivate: bool(state.isPrivate),
    competitive: bool(state.competitive),
    options: parseJson<Record<string, unknown>>(state.options, {}),
    seats,
    spectators: num(state.spectators),
    watchers: arr(state.watchers).map((w) => str(w)),
    log,
    result: parseJson<Outcome | null>(state.result, null),
    toAct: arr(state.toAct).map((n) => num(n, -1)),
    mySeat,
    // A seat its person handed to the AI (ClientMsg.handOver) sends nothing: the AI decides.
    legal: seats[mySeat]?.botControlled ? [] : parseLegal(mine.legal),
    view,
    savedGame: bool(state.savedGame),
    lineage: str(state.lineage),
  };
}
