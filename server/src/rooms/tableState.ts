/**
 * A table's synced state, built in one place for a new table and for one brought back after a
 * restart, and its public log: the ring of recent lines every client sees (GameRoomState.log).
 */
import { Encoder } from '@colyseus/schema';
import { Limits, decodeStateLogLine, encodeStateLogLine } from '@parlor/shared';
import type { LogLine } from '../storage/tableFile';
import type { AnyGameAdapter } from './GameAdapter';
import type { GameRoomState } from './schema';

/** What a table starts from, new or restored. */
export interface TableSetup {
  tableName: string;
  isPrivate: boolean;
  /** No hints at this table (absent: hints allowed). */
  competitive?: boolean;
  /** The game options, already checked. */
  options: unknown;
  seats: number;
  /** The join code ('' until one is drawn: a new table draws one once it is listed). */
  code: string;
}

export function buildTableState(adapter: AnyGameAdapter, setup: TableSetup): GameRoomState {
  const state = adapter.createState();
  state.game = adapter.definition.id;
  state.tableName = setup.tableName;
  state.isPrivate = setup.isPrivate;
  state.competitive = setup.competitive === true;
  state.options = JSON.stringify(setup.options);
  state.code = setup.code;
  for (let i = 0; i < setup.seats; i++) state.seats.push(adapter.createSeat());
  return state;
}

/**
 * Runs `attach` (the room's `this.state = ...`, which makes the room's serializer and encoder) with
 * the encoder buffers at `kb` (a game's TableHabits.stateBufferKb) when that is more than schema's
 * own default, put back afterwards: the default is read as each buffer is made, so only this
 * room's buffers are larger (a patch's later growth reads the default again, and needs no more).
 */
export function withStateBuffer(kb: number | undefined, attach: () => void): void {
  const platform = Encoder.BUFFER_SIZE;
  const bytes = (kb ?? 0) * 1024;
  if (bytes <= platform) {
    attach();
    return;
  }
  Encoder.BUFFER_SIZE = bytes;
  try {
    attach();
  } finally {
    Encoder.BUFFER_SIZE = platform;
  }
}

/**
 * The table's public log: Limits.logEntries slots, each line encoded with its sequence number,
 * appended until the ring is full, then over the oldest slot (clients sort by sequence).
 */
export class PublicLog {
  /** Sequence number of the last line. */
  private seq = 0;

  constructor(private readonly state: GameRoomState) {}

  put(line: LogLine): void {
    const seq = ++this.seq;
    const encoded = encodeStateLogLine({ seq, ...line });
    const log = this.state.log;
    if (log.length < Limits.logEntries) log.push(encoded);
    else log[(seq - 1) % Limits.logEntries] = encoded;
  }

  /** The lines the ring holds, oldest first. */
  lines(): LogLine[] {
    return [...this.state.log]
      .map(decodeStateLogLine)
      .filter((l) => l !== null)
      .sort((a, b) => a.seq - b.seq)
      .map(({ seq: _seq, ...line }) => line);
  }
}
