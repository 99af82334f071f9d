/**
 * Bankout in words, from one seat's snapshot (the table's board-in-words region): the round, whose
 * turn, each player's bank, loot, Alert, Jacks and hand count, the deck, the cards not yet seen by
 * rank, this seat's own hand and bust risk, and the card it drew face down (named to it alone).
 * Pure: no Phaser, no DOM; only what the seat's view holds.
 */
import type { BankoutPublic, Rank } from '@parlor/shared/games/bankout/types';
import type { TableSnapshot } from '../../net/TableConnection';
import type { BoardWords, GameWords } from '../types';
import type { BankoutView } from './adapter';
import { bankoutBanner } from './banner';
import { cardName } from './cardArt';
import { money } from './Ticker';

const RANKS: Rank[] = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'X'];
const RANK_WORDS: Partial<Record<Rank, string>> = { A: 'Ace', J: 'Jack', Q: 'Queen', K: 'King', X: 'Joker' };
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function roundLine(pub: BankoutPublic): string {
  const round = pub.suddenDeath ? `Sudden Death round ${pub.round - 3}` : `Round ${pub.round} of 3`;
  return pub.mode === 'blitz' ? `${round}, Blitz, pot ${money(pub.pot)}` : round;
}

export function bankoutBoardWords(s: TableSnapshot): BoardWords {
  const v = s.view as BankoutView | null;
  if (!v) return { lines: [], prompt: null };
  const pub = v.public;
  const me = s.mySeat;
  const nameOf = (seat: number) => pub.players[seat]?.name || `Seat ${seat + 1}`;
  const banner = bankoutBanner(s.status, pub, me, nameOf);
  const lines: string[] = [];
  lines.push(`${roundLine(pub)}.${banner.title ? ` ${sentence(banner.title)}.` : ''}`);
  const order =
    me >= 0 ? [me, ...pub.players.map((_, i) => i).filter((i) => i !== me)] : pub.players.map((_, i) => i);
  for (const seat of order) {
    const p = pub.players[seat];
    if (!p) continue;
    const who = seat === me ? 'You' : nameOf(seat);
    const bits = [
      `bank ${money(p.bank)}`,
      `loot ${money(p.loot)}`,
      p.alert ? 'ALERT on (the next Jack busts)' : 'Alert off',
      p.jacks ? plural(p.jacks, 'Jack') + ' this turn' : '',
      p.latent ? `latent ${money(p.latent)}` : '',
      `${plural(p.handCount, 'card')} in hand`,
      pub.mode === 'bankout' ? `${plural(p.roundsWon, 'round')} won` : '',
      pub.turn === seat && s.status === 'playing' ? 'to play' : '',
    ].filter(Boolean);
    lines.push(`${who}: ${bits.join(', ')}.`);
  }
  if (me >= 0 && v.private) {
    const hand = v.private.hand;
    lines.push(hand.length ? `Your hand: ${hand.map(cardName).join(', ')}.` : 'Your hand is empty.');
    if (pub.turn === me && !pub.prompt && s.status === 'playing')
      lines.push(`Bust risk on your next draw: ${Math.round(v.private.bustRisk * 100)}%.`);
  }
  if (pub.drawnThisTurn.length) lines.push(`Drawn this turn: ${pub.drawnThisTurn.map(cardName).join(', ')}.`);
  lines.push(
    `Deck ${plural(pub.deckCount, 'card')}, discard pile ${plural(pub.discardCount, 'card')}${pub.lastRevealed ? `, top ${cardName(pub.lastRevealed)}` : ''}.`,
  );
  const unseen = RANKS.filter((r) => (pub.unseen[r] ?? 0) > 0).map(
    (r) => `${RANK_WORDS[r] ?? r} ${pub.unseen[r]}`,
  );
  lines.push(`Not seen yet: ${unseen.length ? unseen.join(', ') : 'nothing'}.`);
  const pr = pub.prompt;
  const prompt =
    pr && pr.seat === me && s.status === 'playing' ? `${sentence(banner.title)}: ${banner.sub}` : null;
  return { lines, prompt };
}

/** The card this seat just drew face down into its hand: the public log only says "a card". */
export function bankoutNews(prev: TableSnapshot | null, next: TableSnapshot): string[] {
  const before = (prev?.view as BankoutView | null)?.private?.hand;
  const after = (next.view as BankoutView | null)?.private?.hand;
  if (!before || !after || prev?.mySeat !== next.mySeat) return [];
  const left = [...before];
  const added: string[] = [];
  for (const c of after) {
    const i = left.indexOf(c);
    if (i >= 0) left.splice(i, 1);
    else added.push(c);
  }
  return added.map((c) => `You drew ${cardName(c)} into your hand.`);
}

function sentence(title: string): string {
  return title.charAt(0) + title.slice(1).toLowerCase();
}

export const bankoutWords: GameWords = { board: bankoutBoardWords, news: bankoutNews };
