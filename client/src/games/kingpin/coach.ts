/**
 * First-match hints: one short note at each moment that decides a newcomer's match (the first
 * turn, the end of the truce, the first attack), shown once per browser until dismissed. The
 * how-to dialog can bring them back.
 */
import type { KingpinPublic } from '@parlor/shared/games/kingpin/types';

export type CoachMoment = 'firstTurn' | 'truceEnds' | 'firstAttack';

const KEY = 'parlor.kingpin.hintsSeen';

export const COACH_TEXT: Record<CoachMoment, string> = {
  firstTurn:
    'Your first turn. Your Boss is on your board: drag the gold chip of your safe onto it for shields (1 shield absorbs 1 damage). ' +
    'Money does not come back by itself (no income each turn), so keep some for shields. Then buy the top of the pile (you only need its Price in your safe: nothing is paid) or end your turn.',
  truceEnds:
    'The opening truce is ending: from the next turns on, Bosses can be attacked. The line above the buttons shows the most your opponents could hit your Boss for next turn, and how to bring it down. Check it before you end your turn.',
  firstAttack:
    'Attack: tap your attackers (up to 3, any number on a one-clan board), then an enemy card. The line shows the damage before you confirm. Each $1 of ammunition adds 1 damage, and that money is gone for good.',
};

function read(): Set<CoachMoment> {
  try {
    return new Set(JSON.parse(localStorage.getItem(KEY) ?? '[]') as CoachMoment[]);
  } catch {
    return new Set();
  }
}

function write(seen: Set<CoachMoment>): void {
  try {
    if (seen.size === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify([...seen]));
  } catch {
    // Private mode or full storage: the hints may show again, nothing breaks.
  }
}

export function markSeen(m: CoachMoment): void {
  const seen = read();
  seen.add(m);
  write(seen);
}

/** The how-to's "show the first-match hints again". */
export function resetHints(): void {
  write(new Set());
}

/** The hint due now for `me`, if it has not been seen in this browser. */
export function coachMoment(
  pub: KingpinPublic,
  me: number,
  planning: boolean,
  truceEnds: boolean,
  seen: ReadonlySet<CoachMoment> = read(),
): CoachMoment | null {
  const mine = pub.players[me];
  if (!mine || mine.eliminated || pub.phase === 'finished') return null;
  const myTurn = pub.turn === me && pub.phase === 'turn';
  let due: CoachMoment | null = null;
  if (planning) due = 'firstAttack';
  else if (myTurn && pub.bossTruce && (truceEnds || (!pub.truceActive && mine.turnsTaken <= 4)))
    due = 'truceEnds';
  else if (myTurn && mine.turnsTaken === 1) due = 'firstTurn';
  return due && !seen.has(due) ? due : null;
}
