/**
 * The true state of a table hosted by another process, for the leak detector: read from that
 * process's DATA_DIR record (every accepted action is fdatasync-ed there before anyone sees its
 * effects) and rebuilt with the game's rules, the way a restore does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { bankout } from '@parlor/shared';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type StoredMatch, parseTableLog } from '../../src/storage/records';
import { rebuildState } from '../../src/storage/replay';

export interface RecordedMatch {
  state: unknown;
  record: { actions: StoredMatch['actions'] };
}

export class RecordedRoom {
  private readonly file: string;

  constructor(
    dataDir: string,
    readonly roomId: string,
  ) {
    this.file = path.join(dataDir, 'matches', `${roomId}.jsonl`);
  }

  private cached: RecordedMatch | null = null;

  /** The record's current match (read only: a line being appended is ignored like a torn one). */
  storedMatch(): StoredMatch | null {
    if (!fs.existsSync(this.file)) return null;
    const parsed = parseTableLog(fs.readFileSync(this.file));
    if (!parsed.ok) throw new Error(`record of ${this.roomId} unreadable: ${parsed.reason}`);
    return parsed.table.match;
  }

  /** Reads the record again and rebuilds the state; `match` answers from this until the next refresh. */
  refresh(): RecordedMatch | null {
    const m = this.storedMatch();
    this.cached = m && { state: rebuildState(bankout, m), record: { actions: m.actions } };
    return this.cached;
  }

  /** The match as of the last refresh(), or null before the first match started. */
  get match(): RecordedMatch | null {
    return this.cached;
  }

  /** Typed as what the leak detector takes: it reads `match.state` and `match.record.actions` only. */
  asRoom(): GameRoom {
    return this as unknown as GameRoom;
  }
}
