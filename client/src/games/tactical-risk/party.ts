/** Tactical Risk on the table screen: each seat's factions with their treasury and income. */
import type { TrPublic } from '@parlor/shared/games/tactical-risk/wireView';
import type { PartyPieces } from '../../party/types';
import './party.css';

export const tacticalRiskParty: PartyPieces = {
  figures(raw, seat) {
    const pub = raw as TrPublic;
    return pub.factions
      .filter((f) => f.seat === seat)
      .map((f) => (f.out ? `${f.name} out` : `${f.name} $${f.treasury} +${f.income}`));
  },
  tableLine(raw) {
    const pub = raw as TrPublic;
    const battle = pub.battle?.territory ? ` · Battle in ${pub.battle.territory}` : '';
    const phase = pub.phase.replace(/([A-Z])/g, ' $1').toLowerCase(); // combatMove -> combat move
    return `Round ${pub.round} · ${pub.faction} · ${phase}${battle}`;
  },
  out: (raw, seat) => {
    const mine = (raw as TrPublic).factions.filter((f) => f.seat === seat);
    return mine.length > 0 && mine.every((f) => f.out);
  },
};
