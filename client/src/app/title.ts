/**
 * The page title says where the player is and, at a table, whose turn it is: a tab in the
 * background or a screen reader's window list tells "Your turn · <game> · Parlor" without the page.
 */
import type { TableSnapshot } from '../net/TableConnection';

export const APP_NAME = 'Parlor';

const join = (...parts: string[]): string => [...parts, APP_NAME].join(' · ');

export function lobbyTitle(): string {
  return join('Lobby');
}

export function replayTitle(gameTitle: string): string {
  return join('Replay', gameTitle);
}

/** Only what the table's generic state tells: status, the seats to act and this screen's seat. */
export function tableTitle(
  gameTitle: string,
  s: Pick<TableSnapshot, 'status' | 'toAct' | 'mySeat' | 'seats'>,
): string {
  if (s.status === 'waiting') return join('Waiting room', gameTitle);
  if (s.status === 'finished') return join('Game over', gameTitle);
  if (s.mySeat >= 0 && s.toAct.includes(s.mySeat)) return join('Your turn', gameTitle);
  if (s.toAct.length === 1) {
    const name = s.seats[s.toAct[0]]?.name;
    if (name) return join(`${name}’s turn`, gameTitle);
  }
  return join(gameTitle);
}
