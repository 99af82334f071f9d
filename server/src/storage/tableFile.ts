/**
 * A table file: one live table, as lines of JSON (one file per table, append-only). The first
 * line is the header; every later line is one thing that happened, in order. Folding the lines
 * (foldTable) gives back everything a restart needs: seats with their hashed tokens, the join code,
 * options, the public log, and the current match as (seed, accepted actions), plus its last deadline.
 *
 * Only the sha256 of a seat token is ever written. Nothing here touches the disk.
 */
import {
  BOT_LEVELS,
  type BotLevel,
  type LogKind,
  type MatchAction,
  type MatchRecord,
  type Outcome,
  type Seed,
  SeedSchema,
  type SeatSetup,
} from '@parlor/shared';
import { z } from 'zod';

export const TABLE_FILE_VERSION = 1;

/** Line 1: what never changes for the table. */
export interface TableHeader {
  t: 'table';
  v: typeof TABLE_FILE_VERSION;
  roomId: string;
  /** The Colyseus room name it was defined under (the game id, or a test variant). */
  roomName: string;
  game: string;
  tableName: string;
  private: boolean;
  /** A competitive table: no hints (absent in files written before it existed: false). */
  competitive?: boolean;
  seats: number;
  /** Created with vsBots: the match starts as soon as the creator is in. */
  vsBots: boolean;
  createdAt: number;
}

export interface StoredSeat {
  name: string;
  occupied: boolean;
  bot: boolean;
  /** sha256 (hex) of the seat token; null for bots and empty seats. */
  tokenHash: string | null;
  /** A bot seat's level (absent: normal; files written before levels have none). */
  level?: BotLevel;
  /** The seat's person handed it to the AI (ClientMsg.handOver) and has not taken it back. */
  handedOver?: true;
}

/** A line of the table's public log: when, by which seat (-1: the table itself), what. */
export interface LogLine {
  at: number;
  seat: number;
  text: string;
  /** Absent: the play. */
  kind?: LogKind;
}

export type TableLine =
  | TableHeader
  /** The seating, host, options and join code, written whenever one of them changes. */
  | { t: 'seats'; at: number; seats: StoredSeat[]; host: number; options: unknown; code: string }
  | ({ t: 'log' } & LogLine)
  /** A match (or a rematch) begins: everything the rules' setup() needs. */
  | {
      t: 'start';
      at: number;
      seed: Seed;
      seats: SeatSetup[];
      options: unknown;
      number?: number;
      /** A loaded save's match: its lineage (absent: the match began here, `<roomId>-<number>`). */
      lineage?: string;
    }
  /** An accepted action (a person's, a bot's or a timeout's). */
  | ({ t: 'action' } & MatchAction)
  /** A timed window began (or was resumed) and ends at `deadlineAt`. */
  | { t: 'deadline'; at: number; key: string; deadlineAt: number }
  | { t: 'finish'; at: number; outcome: Outcome }
  /** A saved game was loaded at this table and waits for its players (until a `start`). */
  | { t: 'loaded'; at: number; match: LoadedMatch }
  /**
   * The seats' claim codes for saves of the current match (null: a bot's seat, or none yet), each
   * sent to its seat alone (ServerMsg.claim). Cleared by the next `start` or `loaded` line.
   */
  | { t: 'claims'; at: number; codes: (string | null)[] };

/**
 * A loaded saved game: the match to carry on once its players are back, and the sha256 of each
 * seat's claim code (null: none needed; absent in records older than the codes).
 */
export type LoadedMatch = Omit<MatchRecord, 'game'> & {
  claims?: (string | null)[];
  /** The save's lineage (absent in records older than it). */
  lineage?: string;
};

const num = z.number().finite();
const seatSetup = z.object({ name: z.string(), bot: z.boolean() });
const action = z.record(z.string(), z.unknown()).refine((a) => typeof a.type === 'string');
const storedAction = z.object({ seat: z.number().int(), action, at: num });
const outcome = z.object({
  winners: z.array(z.number().int()),
  summary: z.string(),
  scores: z.array(num).optional(),
});

const HeaderSchema = z.object({
  t: z.literal('table'),
  v: z.literal(TABLE_FILE_VERSION),
  roomId: z.string().regex(/^[\w-]{1,64}$/),
  roomName: z.string().min(1),
  game: z.string().min(1),
  tableName: z.string(),
  private: z.boolean(),
  competitive: z.boolean().optional(),
  seats: z.number().int().min(1).max(16),
  vsBots: z.boolean(),
  createdAt: num,
});

const LineSchema = z.discriminatedUnion('t', [
  HeaderSchema,
  z.object({
    t: z.literal('seats'),
    at: num,
    seats: z.array(
      z.object({
        name: z.string(),
        occupied: z.boolean(),
        bot: z.boolean(),
        level: z.enum(BOT_LEVELS).optional(),
        handedOver: z.literal(true).optional(),
        tokenHash: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .nullable(),
      }),
    ),
    host: z.number().int(),
    options: z.unknown(),
    code: z.string(),
  }),
  z.object({
    t: z.literal('log'),
    at: num,
    seat: z.number().int(),
    text: z.string(),
    kind: z.literal('seating').optional(),
  }),
  z.object({
    t: z.literal('start'),
    at: num,
    seed: SeedSchema,
    seats: z.array(seatSetup),
    options: z.unknown(),
    /** The match's number at its table (a compacted table file no longer holds the earlier ones). */
    number: z.number().int().min(1).optional(),
    lineage: z.string().max(100).optional(),
  }),
  storedAction.extend({ t: z.literal('action') }),
  z.object({ t: z.literal('deadline'), at: num, key: z.string(), deadlineAt: num }),
  z.object({ t: z.literal('finish'), at: num, outcome }),
  z.object({
    t: z.literal('loaded'),
    at: num,
    match: z.object({
      seed: SeedSchema,
      seats: z.array(seatSetup),
      options: z.unknown(),
      startedAt: num,
      actions: z.array(storedAction),
      claims: z
        .array(
          z
            .string()
            .regex(/^[0-9a-f]{64}$/)
            .nullable(),
        )
        .optional(),
      lineage: z.string().max(100).optional(),
    }),
  }),
  z.object({ t: z.literal('claims'), at: num, codes: z.array(z.string().max(20).nullable()).max(16) }),
]);

/** A match as its table file holds it: its match record (the game is the table's), its number and how it ended. */
export interface StoredMatch extends Omit<MatchRecord, 'game'> {
  /** 1 for the table's first match, 2 for its first rematch, ... */
  number: number;
  outcome: Outcome | null;
  finishedAt: number | null;
  /** The last timed window recorded for this match. */
  deadline: { key: string; deadlineAt: number } | null;
  /** A loaded save's lineage (undefined: the match began at this table). */
  lineage?: string;
}

/** A table folded from its lines. */
export interface StoredTable {
  header: TableHeader;
  seats: StoredSeat[];
  host: number;
  /** The table's options (null until the first `seats` line: the room then uses the defaults). */
  options: unknown;
  code: string;
  /** The most recent public log lines (at most LOG_KEPT). */
  log: LogLine[];
  match: StoredMatch | null;
  /** A loaded saved game still waiting for its players (no match has started since it was loaded). */
  loaded: LoadedMatch | null;
  /** The seats' claim codes for saves of the current match (or of the loaded one), if any were made. */
  claims: (string | null)[] | null;
  /**
   * Every match of the table file that ended, oldest first (`match` too, if it did): a restart writes
   * to the history any that it lacks (the process may have died before its file landed).
   */
  finished: StoredMatch[];
  /** The time of the last line: the table was alive at least until then. */
  lastAt: number;
}

/** Log lines kept when folding (the room shows fewer). */
export const LOG_KEPT = 200;

export type ParseResult =
  | {
      ok: true;
      table: StoredTable;
      /** Bytes of complete, valid lines: anything after (a torn last line) is to be cut off. */
      validBytes: number;
      /** How many lines those bytes hold (the next line appended is number `lineCount`, from 0). */
      lineCount: number;
      /** What was ignored at the end, if anything (a line torn by a crash). */
      tornTail: string | null;
    }
  | { ok: false; reason: string };

/** Parses a table log. A torn or invalid LAST line is ignored; a bad line before a good one is corruption. */
export function parseTableFile(buf: Buffer): ParseResult {
  const lines: TableLine[] = [];
  let offset = 0;
  let validBytes = 0;
  let tornTail: string | null = null;
  let badLine: { index: number; reason: string } | null = null;
  let index = 0;
  while (offset < buf.length) {
    const nl = buf.indexOf(0x0a, offset);
    const end = nl < 0 ? buf.length : nl;
    const text = buf.subarray(offset, end).toString('utf8');
    const complete = nl >= 0;
    offset = end + 1;
    if (!complete) {
      tornTail = text;
      break;
    }
    if (text.trim() === '') {
      // A blank line carries nothing; tolerated like a torn one if it is last.
      if (!badLine) badLine = { index, reason: 'blank line' };
      index++;
      continue;
    }
    const parsed = parseLine(text);
    if (!parsed.ok) {
      if (!badLine) badLine = { index, reason: parsed.reason };
      index++;
      continue;
    }
    if (badLine) return { ok: false, reason: `line ${badLine.index + 1}: ${badLine.reason}` };
    lines.push(parsed.line);
    validBytes = offset;
    index++;
  }
  if (badLine) {
    // Invalid lines at the very end: what a crash (or a power cut) can leave. Cut them off.
    tornTail = (tornTail ?? '') + ` (and ${index - badLine.index} invalid last line(s))`;
  }
  const table = foldTable(lines);
  if (!table) return { ok: false, reason: 'no valid header line' };
  return { ok: true, table, validBytes, lineCount: lines.length, tornTail };
}

function parseLine(text: string): { ok: true; line: TableLine } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const result = LineSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, reason: `${issue?.path.join('.') || 'line'}: ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, line: result.data as TableLine };
}

/** Folds lines into a table; null without a header first. Later lines override earlier ones. */
export function foldTable(lines: readonly TableLine[]): StoredTable | null {
  const header = lines[0];
  if (!header || header.t !== 'table') return null;
  const table: StoredTable = {
    header,
    seats: Array.from({ length: header.seats }, () => ({
      name: '',
      occupied: false,
      bot: false,
      tokenHash: null,
    })),
    host: -1,
    options: null,
    code: '',
    log: [],
    match: null,
    loaded: null,
    claims: null,
    finished: [],
    lastAt: header.createdAt,
  };
  let matches = 0;
  for (const line of lines.slice(1)) {
    if (line.t === 'table') return null; // a second header: not a file we wrote
    table.lastAt = Math.max(table.lastAt, line.at);
    switch (line.t) {
      case 'seats':
        table.seats = line.seats;
        table.host = line.host;
        table.options = line.options;
        table.code = line.code;
        break;
      case 'log':
        table.log.push({ at: line.at, seat: line.seat, text: line.text });
        if (table.log.length > LOG_KEPT * 2) table.log.splice(0, table.log.length - LOG_KEPT);
        break;
      case 'loaded':
        table.loaded = line.match;
        table.claims = null;
        break;
      case 'claims':
        table.claims = line.codes;
        break;
      case 'start':
        if (table.match?.outcome) table.finished.push(table.match);
        table.loaded = null;
        table.claims = null;
        matches = line.number ?? matches + 1;
        table.match = {
          number: matches,
          seed: line.seed,
          seats: line.seats,
          options: line.options,
          startedAt: line.at,
          actions: [],
          outcome: null,
          finishedAt: null,
          deadline: null,
          ...(line.lineage ? { lineage: line.lineage } : {}),
        };
        break;
      case 'action':
        table.match?.actions.push({ seat: line.seat, action: line.action, at: line.at });
        break;
      case 'deadline':
        if (table.match) table.match.deadline = { key: line.key, deadlineAt: line.deadlineAt };
        break;
      case 'finish':
        if (table.match) {
          table.match.outcome = line.outcome;
          table.match.finishedAt = line.at;
          table.match.deadline = null;
        }
        break;
    }
  }
  if (table.log.length > LOG_KEPT) table.log.splice(0, table.log.length - LOG_KEPT);
  if (table.match?.outcome) table.finished.push(table.match);
  return table;
}

/** One line of the file, with its newline. */
export function encodeLine(line: TableLine): string {
  return `${JSON.stringify(line)}\n`;
}
