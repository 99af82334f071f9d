/**
 * Log lines that explain a figure the rules changed without an action naming it: a clan bonus
 * lost or gained (with the HP it changed), and why a bribe cost what it did. Words only: no rule is
 * decided here.
 */
import { cardDef, modOf } from './cards';
import { Q, nameOf, type Events } from './state';
import { abilitiesOn, boardIds, maxHpQ, maxHpQOn, shieldCorruption, synergy } from './stats';
import type { CardId, Clan, KingpinState } from './types';
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

/** A seat's board (card ids by slot) and clan bonus, as the last log line left them. */
interface BoardSeen {
  ids: (CardId | null)[];
  syn: Syn | null;
}

function boardNow(s: KingpinState, seat: number): BoardSeen {
  return { ids: s.players[seat]!.board.map((c) => c?.id ?? null), syn: synergy(s, seat) };
}

/**
 * The lines for `seat` if its clan bonus went or came since `was`: only what the bonus changed (max
 * HP and HP of each card that stayed on the board; the damage it had is unchanged). A bonus lost
 * never takes a card below ¼ HP (turn.ts `normalize` keeps it there). A seat whose board was empty
 * (its Boss's reveal) or whose Boss is gone (it is out) gets no line.
 */
function bonusLines(s: KingpinState, seat: number, was: BoardSeen, syn: Syn | null): Events {
  const p = s.players[seat]!;
  if (p.eliminated || syn === was.syn || was.ids.every((id) => id === null)) return [];
  if (!p.board.some((c) => c?.id === p.boss)) return [];
  const before = was.ids.filter((id): id is CardId => id !== null);
  const hp = (q: number) => quarters(q / Q);
  const changes: string[] = [];
  p.board.forEach((c, slot) => {
    if (!c || was.ids[slot] !== c.id) return;
    const maxWas = maxHpQOn(s, c.id, before);
    const maxNow = maxHpQ(s, seat, slot);
    if (maxWas === maxNow) return;
    const hpWas = maxWas - c.damageQ;
    const hpNow = Math.max(1, maxNow - c.damageQ);
    const floor = maxNow - c.damageQ < 1 ? '; a lost bonus never destroys a card' : '';
    const name = cardDef(c.id).name;
    const max = `(max ${hp(maxWas)} → ${hp(maxNow)}${floor})`;
    changes.push(
      hpWas === hpNow
        ? `${name} stays at ${hp(hpNow)} HP ${max}`
        : hpWas === maxWas && !floor
          ? `${name} ${hp(hpWas)} → ${hp(hpNow)} HP`
          : `${name} ${hp(hpWas)} → ${hp(hpNow)} HP ${max}`,
    );
  });
  const detail = changes.length ? `: ${changes.join(', ')}` : '';
  const who = nameOf(s, seat);
  const out: Events = [];
  if (was.syn)
    out.push({
      type: 'bonusLost',
      text: `${who} loses the ${CLAN_NAME[was.syn]} clan bonus (${CLAN_GIVES[was.syn]}, any number of attackers)${syn ? '' : detail}.`,
      seat,
    });
  if (syn)
    out.push({
      type: 'bonusGained',
      text: `${who} gains the ${CLAN_NAME[syn]} clan bonus (${CLAN_GIVES[syn]}, any number of attackers)${detail}.`,
      seat,
    });
  return out;
}

/**
 * The events list of one action, watched: right after each line, any clan bonus lost or gained by
 * the change that line reports gets its own line (`bonusLines`), so an attack's damage and a bonus
 * lost in the same action are told apart. `settle` checks once more after the action's last line;
 * `done` returns the lines as a plain list, the win (or the turn cap's verdict) last. A board that
 * did not change costs one comparison per slot (bots apply actions by the thousand).
 */
export function watchedEvents(s: KingpinState): { ev: Events; settle(): void; done(): Events } {
  const ev: Events = [];
  const seen = s.players.map((_, seat) => boardNow(s, seat));
  const settle = () => {
    s.players.forEach((p, seat) => {
      const was = seen[seat]!;
      if (p.board.every((c, i) => (c?.id ?? null) === was.ids[i])) return;
      const now = boardNow(s, seat);
      Array.prototype.push.apply(ev, bonusLines(s, seat, was, now.syn));
      seen[seat] = now;
    });
  };
  Object.defineProperty(ev, 'push', {
    enumerable: false,
    value: (...items: Events) => {
      Array.prototype.push.apply(ev, items);
      settle();
      return ev.length;
    },
  });
  const done = () => {
    const last = (e: Events[number]) => e.type === 'won' || e.type === 'capped';
    return [...ev.filter((e) => !last(e)), ...ev.filter(last)];
  };
  return { ev, settle, done };
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
