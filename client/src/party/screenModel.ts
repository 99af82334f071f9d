/**
 * What the table screen says, decided apart from drawing it (no DOM): whose turn in words, the
 * countdown, the last events and how faded each is, and which new table the screen moves on to.
 */
import type { TableSnapshot } from '../net/TableConnection';

/** Names as the screen shows them (an empty seat by its number). */
export function seatNames(s: Pick<TableSnapshot, 'seats'>): string[] {
  return s.seats.map((x, i) => x.name || `Seat ${i + 1}`);
}

/**
 * "Ada's turn", "Ada & Bo to play", "Everyone plays", or the table's status. In a phase where the
 * seats act at once (`together` names it: a plan, a vote; see PartyPieces.together) nobody has a
 * turn: "Adaptation: everyone is choosing", then who is still to act ("Adaptation: waiting for Bo").
 */
export function turnLine(s: Pick<TableSnapshot, 'status' | 'toAct' | 'seats'>, together = ''): string {
  if (s.status === 'waiting') return 'Waiting for players';
  if (s.status === 'finished') return 'Game over';
  const names = seatNames(s);
  const due = s.toAct.filter((i) => i >= 0 && i < names.length);
  if (together) {
    if (due.length === 0) return together;
    if (due.length === s.seats.length && due.length > 1) return `${together}: everyone is choosing`;
    const who = due.length > 3 ? `${due.length} players` : andList(due.map((i) => names[i]!));
    return `${together}: waiting for ${who}`;
  }
  if (due.length === 0) return '';
  if (due.length === 1) return `${names[due[0]!]}’s turn`;
  if (due.length === s.seats.length && due.length > 2) return 'Everyone plays';
  if (due.length > 3) return `${due.length} players to play`;
  return `${andList(due.map((i) => names[i]!))} to play`;
}

/** "Ada", "Ada & Bo", "Ada, Bo & Cy". */
export function andList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} & ${names[names.length - 1]}`;
}

/** "1:05", "42", or '' without a deadline (local-clock epoch ms). */
export function countdownText(deadline: number, now: number): string {
  if (!deadline) return '';
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  if (left < 60) return String(left);
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

export interface ShownEvent {
  key: string;
  text: string;
  /** 1 for the newest line, less for older and staler ones (never below 0.3: still readable). */
  opacity: number;
}

/** Lines fade from full to their dimmest over this long. */
const FADE_MS = 20_000;

/** A log line's leading time stamp ("[nweek 1, Winday] "): the screen's header and table line say when. */
const STAMP = /^\[[^\]]*\]\s+/;

/** The last `count` lines of play (not who sat down or is back), newest first, each faded by its place and its age. */
export function recentEvents(log: TableSnapshot['log'], now: number, count = 3): ShownEvent[] {
  const last = log
    .filter((line) => line.kind !== 'seating')
    .slice(-count)
    .reverse();
  return last.map((line, i) => {
    const byPlace = 1 - i * 0.22;
    const byAge = 1 - Math.min(1, Math.max(0, now - line.at) / FADE_MS) * 0.45;
    return {
      key: `${line.at}|${line.seat}|${line.text}`,
      text: line.text.replace(STAMP, ''),
      // In steps of 0.05: the screen eases each change in (0.6 s), and 0.01 steps kept it easing
      // without end (a TV page's compositor at full frame rate all match long).
      opacity: Math.max(0.3, Math.round(byPlace * byAge * 20) / 20),
    };
  });
}

export interface ListedTable {
  roomId: string;
  game: string;
  host: string;
  status: string;
}

/**
 * The table this screen moves on to once the one it shows is over: a table of the same game that
 * was not listed while that match was played, hosted by one of its people. A rematch keeps the same
 * table (the screen stays); this is for a group that opened a new table instead.
 */
export function nextTable(
  followed: { roomId: string; game: string; people: string[] },
  listedBefore: ReadonlySet<string>,
  tables: readonly ListedTable[],
): ListedTable | null {
  const people = new Set(followed.people);
  return (
    tables.find(
      (t) =>
        t.roomId !== followed.roomId &&
        !listedBefore.has(t.roomId) &&
        t.game === followed.game &&
        people.has(t.host) &&
        t.status !== 'finished',
    ) ?? null
  );
}
