/** Devices in party mode: each seat's points and money and the calendar on the screen, the phone's hand view. */
import type { DevicesPublic } from '@parlor/shared/games/devices/types';
import type { PartyPieces } from '../../party/types';
import { devicesHandView } from './handView';
import { money } from './format';
import './party.css';

/** A seat's Devices by name ("Mint ×2"): the screen shows them here, not in the market's Players. */
const DEVICE_NAMES_SHOWN = 3;

function deviceFigures(pub: DevicesPublic, seat: number): string[] {
  const counts = new Map<string, number>();
  for (const d of pub.devices) if (d.owner === seat) counts.set(d.name, (counts.get(d.name) ?? 0) + 1);
  if (counts.size === 0) return ['no devices'];
  const names = [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name));
  if (names.length <= DEVICE_NAMES_SHOWN + 1) return names;
  return [...names.slice(0, DEVICE_NAMES_SHOWN), `+${names.length - DEVICE_NAMES_SHOWN} more`];
}

export const devicesParty: PartyPieces = {
  figures(raw, seat) {
    const pub = raw as DevicesPublic;
    const p = pub.players[seat];
    if (!p) return [];
    const out = [`${p.points} pts`, money(p.money), ...deviceFigures(pub, seat)];
    if (p.passed) out.push('passed');
    if (p.panic) out.push('panic!');
    return out;
  },
  tableLine(raw) {
    const pub = raw as DevicesPublic;
    // (With the Clock off the header says so.)
    const when = `Nweek ${pub.nweek} of ${pub.nweeks}${pub.clockOn ? ` · ${pub.ndayName}` : ''}`;
    return `${when} · ${pub.targetPoints} pts to win`;
  },
  // With the Clock on, everyone who has not passed acts when they like; an emergency is a vote.
  // With it off nobody is due (the host or the timer starts it): the header says so.
  together(raw) {
    const pub = raw as DevicesPublic;
    if (pub.phase === 'emergency') return 'Emergency vote';
    if (pub.phase === 'clockOff') return 'The Clock is off';
    return pub.phase === 'running' ? pub.ndayName : '';
  },
  hand: devicesHandView,
};
