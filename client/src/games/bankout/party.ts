/** Bankout in party mode: each seat's public figures on the table screen, and the phone's hand view. */
import type { BankoutPublic } from '@parlor/shared/games/bankout/types';
import type { PartyPieces } from '../../party/types';
import { bankoutHandView } from './handView';

const money = (n: number): string => `$${n.toLocaleString('en-US')}`;

export const bankoutParty: PartyPieces = {
  figures(raw, seat) {
    const pub = raw as BankoutPublic;
    const p = pub.players[seat];
    if (!p) return [];
    const out = [pub.mode === 'blitz' ? `${money(p.bank)} banked` : `Bank ${money(p.bank)}`];
    if (pub.mode !== 'blitz') out.push(`${p.roundsWon} round${p.roundsWon === 1 ? '' : 's'} won`);
    if (p.loot > 0) out.push(`${money(p.loot)} at risk`);
    out.push(`${p.handCount} in hand`);
    return out;
  },
  tableLine(raw) {
    const pub = raw as BankoutPublic;
    const round = pub.suddenDeath ? `Sudden death ${pub.round - 3}` : `Round ${pub.round} of 3`;
    return `${round} · ${pub.deckCount} cards left`;
  },
  // Laid out for the screen (layout.ts: panels side by side, large cards) and zoomed further than
  // a desk's board: at 1920x1080 about 830x500 scene px fill the board's box.
  board: { height: 500, minWidth: 820, maxZoom: 2 },
  hand: bankoutHandView,
};
