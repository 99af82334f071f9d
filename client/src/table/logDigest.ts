/**
 * What a screen reader hears of the table log: a batch of new lines, cut down. A bot's turn writes
 * ten or twenty lines in a few seconds; read one by one they bury the one that matters. A short
 * batch is read whole; a long one becomes, per seat that acted, how many moves it made and its
 * last line, plus every line that names this player (up to a few). Pure: tested without a browser.
 */
import { concerns, groupRepeats, withCount } from '../ui/logGroups';

export interface DigestLine {
  seat: number;
  text: string;
}

/** A batch this long or shorter is read line by line. */
export const READ_WHOLE = 3;
/** At most this many lines naming the player are kept from a long batch. */
const MINE_KEPT = 2;

/**
 * The sentences to announce for `lines` (oldest first). `names[seat]` names a seat; `me` is this
 * player's name (undefined for a spectator).
 */
export function digestLog(lines: readonly DigestLine[], names: readonly string[], me?: string): string[] {
  const grouped = groupRepeats(lines).map(({ line, count }) => ({
    ...line,
    text: withCount(line.text, count),
  }));
  if (grouped.length <= READ_WHOLE) return grouped.map((l) => l.text);
  const out: string[] = [];
  // Runs of one seat's lines, in order (a seat may act again later in the batch: a new run).
  const runs: DigestLine[][] = [];
  for (const l of grouped) {
    const run = runs[runs.length - 1];
    if (run && run[0]!.seat === l.seat) run.push(l);
    else runs.push([l]);
  }
  let mineLeft = MINE_KEPT;
  for (const run of runs) {
    const last = run[run.length - 1]!;
    const mine = me ? run.filter((l) => l !== last && concerns(l.text, me)).slice(0, mineLeft) : [];
    mineLeft -= mine.length;
    if (run.length <= 2) {
      out.push(...run.map((l) => l.text));
      continue;
    }
    const who = names[run[0]!.seat] || 'The table';
    out.push(`${who}: ${run.length} moves.`, ...mine.map((l) => l.text), `Last: ${last.text}`);
  }
  return out;
}
