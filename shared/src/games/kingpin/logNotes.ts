/**
 * Log lines that explain a figure the rules changed without an action naming it: a clan synergy
 * lost or gained (with the HP it changed), and why a bribe cost what it did. Words only: no rule is
 * decided here.
 */
import { cardDef, modOf } from './cards';
import { Q, nameOf, type Events } from './state';
import { abilitiesOn, boardIds, maxHpQ, maxHpQOn, shieldCorruption, shieldLimitOn, synergy } from './stats';
import type { CardId, Clan, KingpinState } from './types';
import { quarters } from './numbers';

type Syn = Exclude<Clan, 'solo'>;
/** The clans as the board row names their synergy ("LONERS SYNERGY"). */
const CLAN_NAME: Record<Syn, string> = {
  authorities: 'Authorities',
  gangsters: 'Gangsters',
  loners: 'Loners',
};
/** What each clan synergy gives (stats.ts: shield limit, HP, Rage; any clan: any number of attackers). */
const CLAN_GIVES: Record<Syn, string> = {
  authorities: '+1 HP, +1 shield limit',
  gangsters: '+1 shield limit, +1 Rage',
  loners: '+1 HP, +1 Rage',
};

/** A seat's board (card ids by slot) and clan synergy, as the last log line left them. */
interface BoardSeen {
  ids: (CardId | null)[];
  syn: Syn | null;
}

function boardNow(s: KingpinState, seat: number): BoardSeen {
  return { ids: s.players[seat]!.board.map((c) => c?.id ?? null), syn: synergy(s, seat) };
}

/** What a change of a seat's synergy says: its own line, or a note for the line that caused it. */
interface SynergyNote {
  /** A lone Boss's synergy (the board was, or is now, its Boss alone): said on the cause's line. */
  lone: boolean;
  /** The note to append to the cause's line (" Loners synergy off: …."), and with the seat named. */
  note: string;
  named: string;
  /** The lines of their own (a board of several cards; a lone Boss's when no line is its cause). */
  lines: Events;
}

/**
 * What changed for `seat` if its clan synergy went or came since `was`: only what the synergy
 * changed (max HP and HP of each card that stayed on the board; the damage it had is unchanged),
 * or null. A synergy lost never takes a card below ¼ HP (turn.ts `normalize` keeps it there). A
 * seat whose board was empty (its Boss's reveal) or whose Boss is gone (it is out) gets nothing.
 *
 * The rules give a Boss alone on its board its clan's synergy (docs/rules/kingpin.md "Clan
 * synergy"), so every card of another clan played next to it, and every such card's fall, turns
 * it off or on: about 15 lines a three-player match. That change is told on the line of the play
 * that caused it, in a few words; a board of several cards that loses or gains its synergy keeps
 * a line of its own, with what the synergy gives.
 */
function synergyNote(s: KingpinState, seat: number, was: BoardSeen, syn: Syn | null): SynergyNote | null {
  const p = s.players[seat]!;
  if (p.eliminated || syn === was.syn || was.ids.every((id) => id === null)) return null;
  if (!p.board.some((c) => c?.id === p.boss)) return null;
  const before = was.ids.filter((id): id is CardId => id !== null);
  const after = boardIds(s, seat);
  const hp = (q: number) => quarters(q / Q);
  const lone = (was.syn ? before : after).length === 1;
  const changes: string[] = [];
  p.board.forEach((c, slot) => {
    if (!c || was.ids[slot] !== c.id) return;
    const maxWas = maxHpQOn(s, c.id, before);
    const maxNow = maxHpQ(s, seat, slot);
    if (maxWas === maxNow) return;
    const hpWas = maxWas - c.damageQ;
    const hpNow = Math.max(1, maxNow - c.damageQ);
    // A lone Boss's note is on a line about its seat: "Boss" is enough.
    const name = lone ? 'Boss' : cardDef(c.id).name;
    // The max only when the HP did not move with it: a lost synergy stops at ¼ HP.
    if (maxNow - c.damageQ >= 1) changes.push(`${name} ${hp(hpWas)} → ${hp(hpNow)} HP`);
    else
      changes.push(
        `${name} ${hpWas === hpNow ? `stays at ${hp(hpNow)} HP` : `${hp(hpWas)} → ${hp(hpNow)} HP`} (max ${hp(maxWas)} → ${hp(maxNow)}; losing a synergy never destroys a card)`,
      );
  });
  const who = nameOf(s, seat);
  const lines: Events = [];
  let note = '';
  let named = '';
  if (lone) {
    // The Boss alone: its shield limit (at the ceiling unless a Blackout is on) and its Rage.
    const clan = (was.syn ?? syn)!;
    const sign = was.syn ? '−' : '+';
    const limitWas = shieldLimitOn(s, seat, p.boss, before);
    const limitNow = shieldLimitOn(s, seat, p.boss, after);
    if (limitWas !== limitNow) changes.push(`shield limit ${limitWas} → ${limitNow}`);
    if (clan !== 'authorities') changes.push(`${sign}1 Rage`);
    note = ` ${CLAN_NAME[clan]} synergy ${was.syn ? 'off' : 'back'}: ${changes.join(', ')}.`;
    named = ` ${who}'s${note}`;
    // No line reported the change: a line of its own, naming the seat.
    lines.push({
      type: was.syn ? 'bonusLost' : 'bonusGained',
      text: `${who}'s ${CLAN_NAME[clan]} synergy is ${was.syn ? 'off' : 'back'}: ${changes.join(', ')}.`,
      seat,
    });
  } else {
    const detail = changes.length ? `: ${changes.join(', ')}` : '';
    if (was.syn)
      lines.push({
        type: 'bonusLost',
        text: `${who} loses the ${CLAN_NAME[was.syn]} synergy (${CLAN_GIVES[was.syn]}, any number of attackers)${syn ? '' : detail}.`,
        seat,
      });
    if (syn)
      lines.push({
        type: 'bonusGained',
        text: `${who} gains the ${CLAN_NAME[syn]} synergy (${CLAN_GIVES[syn]}, any number of attackers)${detail}.`,
        seat,
      });
  }
  return { lone, note, named, lines };
}

/**
 * The events list of one action, watched: right after each line, any clan synergy lost or gained
 * by the change that line reports is told (`synergyNote`): a lone Boss's on that same line, a
 * board's of several cards on a line of its own, so an attack's damage and a synergy lost in the
 * same action are told apart. `settle` checks once more after the action's last line (a change no
 * line reported gets a line of its own); `done` returns the lines as a plain list, the win (or the
 * turn cap's verdict) last. A board that did not change costs one comparison per slot (bots apply
 * actions by the thousand).
 */
export function watchedEvents(s: KingpinState): { ev: Events; settle(): void; done(): Events } {
  const ev: Events = [];
  const seen = s.players.map((_, seat) => boardNow(s, seat));
  const settle = (cause?: Events[number]) => {
    s.players.forEach((p, seat) => {
      const was = seen[seat]!;
      if (p.board.every((c, i) => (c?.id ?? null) === was.ids[i])) return;
      const now = boardNow(s, seat);
      seen[seat] = now;
      const said = synergyNote(s, seat, was, now.syn);
      if (!said) return;
      // Every line is public today; a private one would not carry a public note. A line about
      // another seat (a bribe names the briber) gets the note with the seat's name.
      if (said.lone && cause && cause.to === undefined)
        cause.text += cause.seat === seat ? said.note : said.named;
      else Array.prototype.push.apply(ev, said.lines);
    });
  };
  Object.defineProperty(ev, 'push', {
    enumerable: false,
    value: (...items: Events) => {
      Array.prototype.push.apply(ev, items);
      settle(items.at(-1));
      return ev.length;
    },
  });
  const done = () => {
    const last = (e: Events[number]) => e.type === 'won' || e.type === 'capped';
    return [...ev.filter((e) => !last(e)), ...ev.filter(last)];
  };
  return { ev, settle: () => settle(), done };
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
