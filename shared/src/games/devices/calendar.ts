/** The nday calendar: 12 named ndays to an nweek (Breakday, Ballotday and Thirnight matter most). */

export const NDAY_NAMES = [
  'Breakday',
  'Winday',
  'Mulberry',
  'Tango',
  'Corvette',
  'Halfday',
  'Joel',
  'Rushnight',
  'Ballotday',
  'Teucer',
  'Zarpint',
  'Thirnight',
] as const;

export const BREAKDAY = 1;
export const BALLOTDAY = 9;
export const THIRNIGHT = 12;
export const NDAYS = 12;

export function ndayName(nday: number): string {
  return NDAY_NAMES[nday - 1] ?? `nday ${nday}`;
}

/** Money every player receives at the start of each Breakday. */
export const STIPEND = 10;
export const START_MONEY = 50;
/** Points scored at the end of each Thirnight for every Device a player owns. */
export const POINTS_PER_DEVICE = 1;
/** How long the Clock stays Off at the start of an nweek unless the host starts it. */
export const CLOCK_OFF_MS = 15_000;
/** How long an emergency vote runs before it is decided by the votes cast. */
export const EMERGENCY_MS = 60_000;
