/**
 * Log lines that explain a figure the rules changed without an action naming it: a clan bonus
 * lost (with the HP it took), and why a bribe cost what it did. Words only: no rule is decided here.
 */
import { cardDef, modOf } from './cards';
import { Q, nameOf } from './state';
import { abilitiesOn, boardIds, hpQ, shieldCorruption, synergy } from './stats';
import type { Clan, KingpinState } from './types';
import { quarters } from './numbers';

type Syn = Exclude<Clan, 'solo'>;
const CLAN_NAME: Record<Syn, string> = {
  authorities: 'Authorities',
  gangsters: 'Gangsters',
  loners: 'Loners',
};
/** What each clan bonus gives (stats.ts: shield limit, HP, Rage; any clan: any number of attackers). */
const CLAN_GIVES: Record<Syn, string> = {
  authorities: '+1 HP and +1 shield limit',
  gangsters: '+1 shield limit and +1 Rage',
  loners: '+1 HP and +1 Rage',
};

/** What each seat's clan bonus and board HP are now, to compare after an action. */
export interface BonusSnapshot {
  seats: { syn: Syn | null; hp: Map<number, { id: string; hpQ: number }> }[];
}

export function bonusSnapshot(s: KingpinState): BonusSnapshot {
  return {
    seats: s.players.map((p, seat) => {
      const hp = new Map<number, { id: string; hpQ: number }>();
      p.board.forEach((c, slot) => c && hp.set(slot, { id: c.id, hpQ: hpQ(s, seat, slot) }));
      return { syn: synergy(s, seat), hp };
    }),
  };
}

/** One line per living seat whose clan bonus is gone since `before`, with each card's HP change. */
export function bonusLostLines(
  before: BonusSnapshot,
  s: KingpinState,
): { type: string; text: string; seat: number }[] {
  const out: { type: string; text: string; seat: number }[] = [];
  s.players.forEach((p, seat) => {
    const was = before.seats[seat];
    if (!was?.syn || p.eliminated || synergy(s, seat) === was.syn) return;
    const changes: string[] = [];
    p.board.forEach((c, slot) => {
      const old = was.hp.get(slot);
      if (!c || !old || old.id !== c.id) return;
      const now = hpQ(s, seat, slot);
      if (now !== old.hpQ)
        changes.push(`${cardDef(c.id).name} ${quarters(old.hpQ / Q)} → ${quarters(now / Q)} HP`);
    });
    out.push({
      type: 'bonusLost',
      text: `${nameOf(s, seat)} loses the ${CLAN_NAME[was.syn]} clan bonus (${CLAN_GIVES[was.syn]}, any number of attackers)${changes.length ? `: ${changes.join(', ')}` : ''}.`,
      seat,
    });
  });
  return out;
}

/** Why bribing (seat, slot) costs what it does, e.g. "Corruption 1; Blackout: unbribable lifted". */
export function bribeNotes(s: KingpinState, seat: number, slot: number): string {
  const card = s.players[seat]!.board[slot];
  if (!card) return '';
  const def = cardDef(card.id);
  const notes = [`Corruption ${def.corruption}`];
  const on = abilitiesOn(s);
  if (on && modOf(card.id, 'corruption_resist') > 0) notes[0] += ' ×2';
  const others = boardIds(s, seat).filter((id) => id !== card.id);
  const extra = on ? others.reduce((n, id) => n + modOf(id, 'bribe_cost'), 0) : 0;
  if (extra) notes.push(`+${extra} from the owner's board`);
  if (card.shields)
    notes.push(
      `+${card.shields * shieldCorruption(card.id)} for ${card.shields} shield${card.shields === 1 ? '' : 's'}`,
    );
  if (!on) {
    const guarded =
      modOf(card.id, 'unbribable') > 0 || boardIds(s, seat).some((id) => modOf(id, 'unbribable_all') > 0);
    if (guarded) notes.push('Blackout: unbribable lifted');
    else if (modOf(card.id, 'corruption_resist') > 0 || others.some((id) => modOf(id, 'bribe_cost') > 0))
      notes.push('Blackout: abilities off');
  }
  return notes.join('; ');
}
