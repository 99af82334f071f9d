/** Kingpin in party mode: each seat's public figures on the table screen, and the phone's hand view. */
import type { KingpinPublic } from '@parlor/shared/games/kingpin/types';
import type { PartyPieces } from '../../party/types';
import { kingpinHandView } from './handView';
import { quarters } from './numbers';

const hp = quarters;

export const kingpinParty: PartyPieces = {
  figures(raw, seat) {
    const pub = raw as KingpinPublic;
    const p = pub.players[seat];
    if (!p) return [];
    if (p.eliminated) return ['Out'];
    const boss = p.board.find((c) => c?.id.startsWith('boss_'));
    const gang = p.board.filter((c) => c && !c.id.startsWith('boss_')).length;
    return [
      boss ? `Boss ${hp(boss.hp)} HP` : 'Boss hidden',
      `Safe $${p.safe}`,
      `${gang} on board`,
      `${p.handCount} in hand`,
    ];
  },
  tableLine(raw) {
    const pub = raw as KingpinPublic;
    return `Turn ${pub.turnNumber} · Bank $${pub.bank} · ${pub.drawCount} to draw`;
  },
  out: (raw, seat) => (raw as KingpinPublic).players[seat]?.eliminated ?? false,
  hand: kingpinHandView,
};
