/**
 * Bankout's cards: ids, ranks, labels and the deck of each round.
 *
 * A card id is rank + suit ("10H", "QS", "AD") or "X1" / "X2" for Jokers, unique within a deck.
 */
import type { CardId, Rank, Suit } from './types';

export const SUITS: readonly Suit[] = ['S', 'H', 'D', 'C'];
export const NUMBER_RANKS: readonly Rank[] = ['2', '3', '4', '5', '6', '7', '8', '9', '10'];
export const ALL_RANKS: readonly Rank[] = [...NUMBER_RANKS, 'J', 'Q', 'K', 'A', 'X'];

const SUIT_SYMBOL: Record<Suit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

export type RankCounts = Partial<Record<Rank, number>>;

/**
 * The rank of a card id ("10H" -> "10", "X2" -> "X"): its first character, but for the 10s. It runs
 * for every card of the deck after each action, so it reads one character and builds no string.
 */
export function rankOf(card: CardId): Rank {
  const first = card.charCodeAt(0);
  if (first === 0x31) return '10';
  return (first === 0x58 ? 'X' : card[0]) as Rank;
}

/** A card's rank as its index in ALL_RANKS (rankOf, as a number: counting by rank builds no object). */
export function rankIndex(card: CardId): number {
  const first = card.charCodeAt(0);
  // '2'..'9' are 0..7, '1' (of "10") is 8; then J Q K A X.
  if (first <= 0x39) return first === 0x31 ? 8 : first - 0x32;
  return LETTER_INDEX[first - 0x41]!;
}
/** ALL_RANKS' index of each capital letter's rank ('A' = 0x41 first), -1 for none. */
const LETTER_INDEX: readonly number[] = Array.from({ length: 26 }, (_, i) =>
  ALL_RANKS.indexOf(String.fromCharCode(0x41 + i) as Rank),
);

export function isNumberRank(rank: Rank): boolean {
  return NUMBER_RANKS.includes(rank);
}

/** Loot value of a number card; 0 for every other rank. */
export function lootValue(rank: Rank): number {
  return isNumberRank(rank) ? Number(rank) : 0;
}

/** Cards that go face down into the hand when drawn (Queens, Kings, round-3 Jokers). */
export function goesToHand(rank: Rank, round: number): boolean {
  return rank === 'Q' || rank === 'K' || (rank === 'X' && round === 3);
}

/** "10H" -> "10♥", "X1" -> "Joker". */
export function cardLabel(card: CardId): string {
  let label = LABELS.get(card);
  if (label === undefined) {
    const suit = card.slice(-1) as Suit;
    label = card.startsWith('X') ? 'Joker' : `${card.slice(0, -1)}${SUIT_SYMBOL[suit] ?? suit}`;
    // Only a deck's own cards are remembered (an id from elsewhere is worked out each time).
    if (LABELS.size < 64) LABELS.set(card, label);
  }
  return label;
}
/** cardLabel's answers (a log line names a card at most actions). */
const LABELS = new Map<CardId, string>();

/** Jokers in a round's deck: 0, 1, 2 in rounds 1, 2, 3 when Jokers are on; none in Sudden Death. */
export function jokerCountForRound(round: number, jokers: boolean, suddenDeath: boolean): number {
  if (!jokers || suddenDeath) return 0;
  return round === 2 ? 1 : round === 3 ? 2 : 0;
}

/** The unshuffled deck of a round: 52 cards plus its Jokers, or numbers and Jacks in Sudden Death. */
export function buildDeck(round: number, jokers: boolean, suddenDeath: boolean): CardId[] {
  const ranks: Rank[] = suddenDeath ? [...NUMBER_RANKS, 'J'] : [...NUMBER_RANKS, 'J', 'Q', 'K', 'A'];
  const deck: CardId[] = [];
  for (const rank of ranks) for (const suit of SUITS) deck.push(`${rank}${suit}`);
  const n = jokerCountForRound(round, jokers, suddenDeath);
  for (let i = 1; i <= n; i++) deck.push(`X${i}`);
  return deck;
}

/** Counts by rank of some cards. */
export function countRanks(cards: readonly CardId[], into: RankCounts = {}): RankCounts {
  for (const card of cards) {
    const rank = rankOf(card);
    into[rank] = (into[rank] ?? 0) + 1;
  }
  return into;
}

/** Formats a dollar amount: 1020 -> "$1,020" (as toLocaleString('en-US'), which is slow). */
export function money(amount: number): string {
  if (!Number.isSafeInteger(amount)) return `$${amount.toLocaleString('en-US')}`;
  const digits = String(Math.abs(amount));
  let grouped = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) grouped += ',';
    grouped += digits[i];
  }
  return amount < 0 || Object.is(amount, -0) ? `$-${grouped}` : `$${grouped}`;
}
