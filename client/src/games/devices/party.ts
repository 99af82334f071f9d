/** Devices in party mode: each seat's points and money and the calendar on the screen, the phone's hand view. */
import type { DevicesPublic } from '@parlor/shared/games/devices/types';
import type { PartyPieces } from '../../party/types';
import { devicesHandView } from './handView';
import { money } from './format';
import './party.css';

export const devicesParty: PartyPieces = {
  figures(raw, seat) {
    const pub = raw as DevicesPublic;
    const p = pub.players[seat];
    if (!p) return [];
    const devices = pub.devices.filter((d) => d.owner === seat).length;
    const out = [`${p.points} pts`, money(p.money), `${devices} device${devices === 1 ? '' : 's'}`];
    if (p.passed) out.push('passed');
    if (p.panic) out.push('panic!');
    return out;
  },
  tableLine(raw) {
    const pub = raw as DevicesPublic;
    const when = pub.clockOn ? `Nweek ${pub.nweek} of ${pub.nweeks} · ${pub.ndayName}` : 'The Clock is off';
    return `${when} · ${pub.targetPoints} pts to win`;
  },
  hand: devicesHandView,
};
