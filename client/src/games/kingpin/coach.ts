/**
 * First-match hints: one short note at each moment that decides a newcomer's match (the first
 * turn, the end of the truce, the first attack), shown once per browser until dismissed. The
 * how-to dialog can bring them back.
 */
import type { KingpinPublic } from '@parlor/shared/games/kingpin/types';

export type CoachMoment = 'firstTurn' | 'truceEnds' | 'firstAttack';

const KEY = 'parlor.kingpin.hintsSeen';

/** How money comes in at this table, in a few words (the base income is a table option, edition 3). */
export function incomeWords(pub: Pick<KingpinPublic, 'income'>): string {
  return pub.income > 0
    ? `While your safe holds $2 or less you get $${pub.income} at the start of your turn; card abilities and events pay more.`
    : 'There is no income: money comes back only from card abilities and events.';
}

/** A hint's text at this table. */
export function coachText(m: CoachMoment, pub: Pick<KingpinPublic, 'income' | 'bossTruce'>): string {
  if (m !== 'firstTurn') return COACH_TEXT[m];
  // A table without the opening truce: Bosses can be hit from the start.
  const when = pub.bossTruce ? 'While the opening truce holds, build' : 'Build';
  return COACH_TEXT.firstTurn.replace('{income}', incomeWords(pub)).replace('{build}', when);
}

export const COACH_TEXT: Record<CoachMoment, string> = {
  firstTurn:
    'First turn: your Boss has entered your board by itself. {build} ' +
    'your board: buy from the pile (you need its Price in your safe; you pay nothing). {income} ' +
    'Shields (each stops 1 damage): drag the gold chip of your safe onto a card.',
  truceEnds:
    'The truce is ending: Bosses can be attacked from the next turn. The coloured line says the most your Boss could lose and what cuts it: when it offers + shields, tap it once per shield before you end your turn.',
  firstAttack:
    "Only a Boss's fall wins: a rival is out when their Boss falls. Tap your attackers, then an enemy card: the damage shows before you confirm, and beside a small card that falls, what the same attack would take off their Boss. Ammunition: $1 = +1 damage, gone for good.",
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
