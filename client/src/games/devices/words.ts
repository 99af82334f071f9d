/**
 * Devices in words, from one seat's snapshot (the table's board-in-words region): the calendar,
 * every player's money, Points and Panic Button, the Blueprints on the market with their prices
 * and bids, the Devices by owner, offers and proposals, and this seat's own draft. Pure: no DOM;
 * only what the seat's view holds (everything but a draft is public in Devices).
 */
import type { DevicesPrivate, DevicesPublic } from '@parlor/shared/games/devices/types';
import type { TableSnapshot } from '../../net/TableConnection';
import type { BoardWords, GameWords } from '../types';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function devicesBoardWords(s: TableSnapshot): BoardWords {
  const v = s.view as { public: DevicesPublic; private: DevicesPrivate | null } | null;
  if (!v) return { lines: [], prompt: null };
  const pub = v.public;
  const me = s.mySeat;
  const priv = me >= 0 ? v.private : null;
  const nameOf = (seat: number) => (seat === me ? 'you' : pub.players[seat]?.name || `Seat ${seat + 1}`);
  const lines: string[] = [
    `Nweek ${pub.nweek} of ${pub.nweeks}, ${pub.ndayName}; the Clock is ${pub.clockOn ? 'on' : 'off'}; ${pub.targetPoints} Points win.`,
  ];
  const order =
    me >= 0 ? [me, ...pub.players.map((_, i) => i).filter((i) => i !== me)] : pub.players.map((_, i) => i);
  for (const seat of order) {
    const p = pub.players[seat];
    if (!p) continue;
    const devices = pub.devices.filter((d) => d.owner === seat);
    const bits = [
      `$${p.money}`,
      plural(p.points, 'Point'),
      p.panic ? 'Panic Button on' : '',
      p.passed ? 'passed' : '',
      devices.length
        ? `Devices: ${devices.map((d) => `${d.name}${d.tapped ? ' (tapped)' : ''}`).join(', ')}`
        : 'no Devices',
    ].filter(Boolean);
    lines.push(`${seat === me ? 'You' : nameOf(seat)}: ${bits.join(', ')}.`);
  }
  if (pub.blueprints.length)
    lines.push(
      `Market: ${pub.blueprints
        .map((b) => {
          const bid = b.highBid ? `, high bid $${b.highBid.amount} by ${nameOf(b.highBid.seat)}` : '';
          return `${b.name} $${b.price}${b.biddable ? ` (biddable${bid})` : ''}`;
        })
        .join('; ')}.`,
    );
  for (const o of pub.offers)
    lines.push(
      `Offer: ${nameOf(o.from)} offers ${pub.devices.find((d) => d.id === o.device)?.name ?? 'a Device'} to ${nameOf(o.to)}${o.money ? ` for $${o.money}` : ''}${o.points ? ` and ${plural(o.points, 'Point')}` : ''}.`,
    );
  for (const p of pub.proposals)
    lines.push(
      `Proposal by ${nameOf(p.author)}: ${p.spec.name}, $${p.spec.price}, ${plural(p.votes.filter((x) => x !== null).length, 'vote')} cast.`,
    );
  if (pub.emergency) lines.push('An emergency is on: every player votes resume, roll back or end.');
  if (priv?.draft)
    lines.push(
      `Your draft proposal: ${priv.draft.name}, $${priv.draft.price}${priv.submitted ? ', submitted' : ''}.`,
    );
  const mine = me >= 0 && s.toAct.includes(me) && s.status === 'playing';
  const prompt = mine && pub.emergency ? 'Emergency: cast your vote' : null;
  return { lines, prompt };
}

export const devicesWords: GameWords = { board: devicesBoardWords };
