/**
 * Kingpin in words, from one seat's snapshot: the board as that seat reads it (for the table's
 * board-in-words region) and the cards of the keyboard toolbar (CardKeys). Pure: no Phaser, no DOM.
 * Only what the seat's view holds: its own hand, everybody's open boards and counts.
 */
import type { KingpinAction, KingpinCardView, KingpinPublic } from '@parlor/shared/games/kingpin/types';
import type { TableSnapshot } from '../../net/TableConnection';
import type { BoardWords, GameWords } from '../types';
import type { KingpinView } from './adapter';
import { defOf, nameOf } from './cards';
import type { Selection } from './describe';
import type { CardKey } from './CardKeys';
import { type CardMark, type Planner, bannerText, boardMark, hintLine, zoneMark } from './viewModel';

const round = (n: number) => Math.round(n * 100) / 100;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A board card's figures as printed on it. */
export function cardFigures(c: KingpinCardView): string {
  const bits = [
    `ATK ${round(c.atk)}`,
    `HP ${round(c.hp)} of ${round(c.maxHp)}`,
    `shields ${c.shields} of ${c.shieldLimit}`,
  ];
  if (c.frozen) bits.push('frozen');
  if (c.bribeCost !== null) bits.push(`bribe $${c.bribeCost}`);
  else if (c.unbribable) bits.push('cannot be bribed');
  return bits.join(', ');
}

/** A card not on a board (hand, Reserve): its printed figures. */
function printedFigures(id: string, bossHp: number): string {
  const d = defOf(id);
  if (!d) return '';
  if (d.type === 'event') return `event, price $${d.price}`;
  return `ATK ${d.atk}, HP ${d.type === 'boss' ? bossHp : d.hp}, defence ${d.defend}, rage ${d.rage}, price $${d.price}`;
}

const MARK_WORDS: Record<CardMark, string> = {
  none: '',
  selected: 'selected',
  attacker: 'attacker',
  target: 'target',
  option: 'you can act on it',
};

function withMark(text: string, mark: CardMark): string {
  return mark === 'none' ? text : `${text} (${MARK_WORDS[mark]})`;
}

/** The cards the keyboard toolbar offers, in reading order: your hand, the boards, Reserve, pile. */
export function cardKeys(
  pub: KingpinPublic,
  legal: KingpinAction[],
  me: number,
  hand: readonly string[],
  rowSeats: readonly number[],
  selection: Selection | null,
  planner: Planner | null,
): CardKey[] {
  const keys: CardKey[] = [];
  hand.forEach((id, i) => {
    const mark = zoneMark(pub, legal, me, { kind: 'hand', card: id }, selection);
    // Two copies of one card in hand: the same choice, two keys.
    const copy = hand.slice(0, i).filter((x) => x === id).length;
    keys.push({
      key: `hand-${id}${copy ? `~${copy + 1}` : ''}`,
      label: withMark(`Your hand: ${nameOf(id)}, ${printedFigures(id, pub.bossHp)}`, mark),
    });
  });
  for (const seat of rowSeats) {
    const p = pub.players[seat];
    if (!p) continue;
    const whose = seat === me ? 'Your board' : `${p.name || `Seat ${seat + 1}`}'s board`;
    p.board.forEach((c, slot) => {
      if (!c) return;
      const mark = boardMark(pub, legal, me, seat, slot, selection, planner);
      keys.push({
        key: `board-${seat}-${slot}`,
        label: withMark(`${whose}: ${nameOf(c.id)}, ${cardFigures(c)}`, mark),
      });
    });
  }
  pub.reserve.forEach((id) => {
    const mark = zoneMark(pub, legal, me, { kind: 'reserve', card: id }, selection);
    keys.push({
      key: `reserve-${id}`,
      label: withMark(`Reserve: ${nameOf(id)}, ${printedFigures(id, pub.bossHp)}`, mark),
    });
  });
  const buy = legal.some((a) => a.type === 'buy' && a.source === 'pile');
  keys.push({
    key: 'pile',
    label: `Draw Pile: ${plural(pub.drawCount, 'card')}${buy ? ' (Enter buys its top card)' : ''}`,
  });
  return keys;
}

/** The board as the seat of `s` reads it. */
export function kingpinBoardWords(s: TableSnapshot): BoardWords {
  const v = s.view as KingpinView | null;
  if (!v) return { lines: [], prompt: null };
  const pub = v.public;
  const me = s.mySeat;
  const lines: string[] = [];
  const banner = bannerText(s, pub, false);
  if (banner.title)
    lines.push(`${banner.title.charAt(0)}${banner.title.slice(1).toLowerCase()}. ${banner.sub}`.trim());
  const order =
    me >= 0 ? [me, ...pub.players.map((_, i) => i).filter((i) => i !== me)] : pub.players.map((_, i) => i);
  for (const seat of order) {
    const p = pub.players[seat];
    if (!p) continue;
    const who = seat === me ? 'You' : p.name || `Seat ${seat + 1}`;
    const cards = p.board.flatMap((c, slot) =>
      c ? [`slot ${slot + 1} ${nameOf(c.id)}: ${cardFigures(c)}`] : [],
    );
    const state = [
      `safe $${p.safe}`,
      `${plural(p.handCount, 'card')} in hand`,
      `rage ${p.rage}`,
      p.synergy ? `${p.synergy} synergy` : '',
      p.eliminated ? 'Boss down, out of the match' : '',
      pub.turn === seat && s.status === 'playing' ? 'to play' : '',
    ].filter(Boolean);
    lines.push(`${who}: ${state.join(', ')}. Board: ${cards.length ? cards.join('; ') : 'empty'}.`);
  }
  if (me >= 0 && v.private) {
    const hand = v.private.hand;
    lines.push(
      hand.length
        ? `Your hand: ${hand.map((id) => `${nameOf(id)} (${printedFigures(id, pub.bossHp)})`).join('; ')}.`
        : 'Your hand is empty.',
    );
    const look = v.private.deckLook?.cards;
    if (look?.length) lines.push(`Top of the Draw Pile (only you see this): ${look.map(nameOf).join(', ')}.`);
  }
  lines.push(
    `Draw Pile ${plural(pub.drawCount, 'card')}; Reserve: ${pub.reserve.length ? pub.reserve.map(nameOf).join(', ') : 'empty'}; Discard ${plural(pub.discard.length, 'card')}${pub.discard.length ? `, top ${nameOf(pub.discard[pub.discard.length - 1]!)}` : ''}; Bank $${pub.bank}; Golden Fund $${pub.fund}.`,
  );
  const hint = hintLine(s, pub, s.legal as KingpinAction[]);
  const pr = pub.prompt;
  const prompt = pr && pr.seat === me ? bannerText(s, pub, false).title.toLowerCase() : null;
  if (hint && !hint.startsWith('Tap')) lines.push(hint);
  return { lines, prompt: prompt ? prompt.charAt(0).toUpperCase() + prompt.slice(1) : null };
}

export const kingpinWords: GameWords = { board: kingpinBoardWords };
