/**
 * The true state of a table hosted by another process, for the leak detector: read from that
 * process's DATA_DIR record (every accepted action is durable there, in its journal, before anyone
 * sees its effects) and rebuilt with the game's rules, the way a restore does.
 */
import { bankout } from '@parlor/shared/games/bankout/index';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type StoredMatch, parseTableFile } from '../../src/storage/tableFile';
import { rebuildState } from '../../src/storage/replay';
import { durableRecord } from '../helpers/durableRecord';

export interface RecordedMatch {
  state: unknown;
  record: { actions: StoredMatch['actions'] };
}

export class RecordedRoom {
  constructor(
    private readonly dataDir: string,
    readonly roomId: string,
  ) {}

  private cached: RecordedMatch | null = null;

  /** The record's current match (read only: a line being appended is ignored like a torn one). */
  storedMatch(): StoredMatch | null {
    const record = durableRecord(this.dataDir, this.roomId);
    if (!record) return null;
    const parsed = parseTableFile(record);
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
