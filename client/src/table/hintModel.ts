/**
 * When the shell offers "What would you do?" and when a hint shown is out of date: pure, no DOM.
 * The server decides everything else (it refuses a hint it would not give: see core/hint.ts).
 */
import type { TableSnapshot } from '../net/TableConnection';

/** A seated player at a live, non-competitive table, due to act with something to choose from. */
export function canAskHint(s: TableSnapshot, online: boolean): boolean {
  return (
    online &&
    s.status === 'playing' &&
    s.competitive !== true &&
    s.mySeat >= 0 &&
    s.toAct.includes(s.mySeat) &&
    s.legal.length > 0
  );
}

/**
 * What a hint answers: what the seat sees and may do. A hint shown is dropped once this changes
 * (the match moved on: a card drawn changes the view even where the legal actions stay the same).
 */
export function hintPosition(s: TableSnapshot): string {
  return JSON.stringify([s.status, s.phase, s.mySeat, s.toAct, s.legal, s.view]);
}
