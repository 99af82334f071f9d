/** Small formatting helpers shared by Devices' widgets. */
import { BALLOTDAY, CLOCK_OFF_MS, NDAY_NAMES } from '@parlor/shared/games/devices/calendar';
import type { DevicesPublic } from '@parlor/shared/games/devices/types';

export const FONT = "'Inter', system-ui, sans-serif";
/** Seat colours (Okabe-Ito, colour-blind safe), always shown with the name. */
export const SEAT_COLORS = [
  '#e69f00',
  '#56b4e9',
  '#009e73',
  '#f0e442',
  '#cc79a7',
  '#0072b2',
  '#d55e00',
  '#b7b7b7',
];

export const money = (n: number): string => `m${n.toLocaleString('en-US')}`;
export const points = (n: number): string => `${n} Point${n === 1 ? '' : 's'}`;

export function clockText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export const shortNday = (nday: number): string => (NDAY_NAMES[nday - 1] ?? '').slice(0, 3);

/**
 * Time until bidding closes (the start of Ballotday) if every nday runs its full length; null
 * once Ballotday has begun. Ndays can end sooner (everyone passed), hence "about".
 */
export function msToBallotday(pub: DevicesPublic, deadline: number, now: number): number | null {
  if (pub.nday >= BALLOTDAY) return null;
  const nday = pub.ndaySeconds * 1000;
  const left = deadline > 0 ? Math.max(0, deadline - now) : pub.clockOn ? nday : CLOCK_OFF_MS;
  const whole = (BALLOTDAY - pub.nday - 1) * nday;
  return pub.clockOn ? left + whole : left + nday + whole;
}

export function countLabel(count: number | 'Infinite'): string {
  return count === 'Infinite' ? '∞' : String(count);
}

/** A trade's price in words ("m12 and 1 Point"), '' for a gift. */
export function priceWords(m: number, p: number): string {
  return [m > 0 ? money(m) : '', p > 0 ? points(p) : ''].filter(Boolean).join(' and ');
}
