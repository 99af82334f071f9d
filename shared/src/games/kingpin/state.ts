/** Constants and small helpers over the server state shared by the rules files. */
import type { GameEvent } from '../../core/contract';
import { copyPlain } from '../../core/copyPlain';
import type { BoardCard, CardId, KingpinSeatState, KingpinState } from './types';

export const SLOTS = 6;
/** Hand + board. */
export const CARD_LIMIT = 6;
export const START_MONEY = 12;
export const TOTAL_TOKENS = 40;
export const TOTAL_CARDS = 40;
/** Shield limits never exceed this. */
export const SHIELD_CEILING = 4;
/** Combined attacks: at most this many cards unless the board is mono-clan. */
export const MAX_COMBINED = 3;
/** Safety ruling: after this many turns the match is decided on Boss HP (see docs/rules/kingpin.md). */
export const TURN_CAP = 200;
/** Opening truce (table option): no Boss can be attacked until every player has started this many turns. */
export const TRUCE_TURNS = 2;
/** The design's Boss HP (cards.csv) and the default table's (see docs/rules/kingpin.md, Balance). */
export const DESIGN_BOSS_HP = 10;
export const DEFAULT_BOSS_HP = 20;
/** Quarter points per HP. */
export const Q = 4;

export type Events = GameEvent[];

/** "1 shield", "3 shields" for the logs. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function nameOf(s: KingpinState, seat: number): string {
  return s.names[seat] ?? `Player ${seat + 1}`;
}

export function freshSeat(boss: CardId): KingpinSeatState {
  return {
    safe: START_MONEY,
    board: Array.from({ length: SLOTS }, () => null),
    hand: [boss],
    boss,
    eliminated: false,
    turnsTaken: 0,
    lastBribeTurn: -10,
    noBuyTurn: -1,
    deckLook: null,
  };
}

/** A deep copy: apply never changes the state it was given. */
export function cloneState(s: KingpinState): KingpinState {
  return copyPlain(s);
}

export function boardCards(p: KingpinSeatState): BoardCard[] {
  return p.board.filter((c): c is BoardCard => c !== null);
}

export function cardCount(p: KingpinSeatState): number {
  return p.hand.length + boardCards(p).length;
}

export function hasRoom(p: KingpinSeatState): boolean {
  return cardCount(p) < CARD_LIMIT;
}

export function freeSlot(p: KingpinSeatState): number {
  return p.board.findIndex((c) => c === null);
}

export function opponents(s: KingpinState, seat: number): number[] {
  return s.players.map((_, i) => i).filter((i) => i !== seat && !s.players[i]!.eliminated);
}

export function living(s: KingpinState): number[] {
  return s.players.map((_, i) => i).filter((i) => !s.players[i]!.eliminated);
}

/** Where a seat's card is: on its board (slot) or in its hand. */
export function findOwnCard(
  p: KingpinSeatState,
  id: CardId,
): { zone: 'board'; slot: number } | { zone: 'hand' } | null {
  const slot = p.board.findIndex((c) => c?.id === id);
  if (slot >= 0) return { zone: 'board', slot };
  return p.hand.includes(id) ? { zone: 'hand' } : null;
}

/** The base income (edition 3) is paid only while the safe holds less than this ($2 or less). */
export const INCOME_BELOW = 3;

/** Income "from the Golden Fund": taken from the Fund, the rest from the Bank when the Fund runs dry. */
export function takeIncome(s: KingpinState, n: number): number {
  return take(s, n, 'fund', 'bank');
}

/** Restored shields come back from the Bank (where destroyed shields went), then the Golden Fund. */
export function takeRestore(s: KingpinState, n: number): number {
  return take(s, n, 'bank', 'fund');
}

/** Up to `n` tokens, from `first` and then from `then`: how many there were. */
function take(s: KingpinState, n: number, first: 'fund' | 'bank', then: 'fund' | 'bank'): number {
  const a = Math.min(n, s[first]);
  s[first] -= a;
  const b = Math.min(n - a, s[then]);
  s[then] -= b;
  return a + b;
}

/** Every token, wherever it is (the invariant is TOTAL_TOKENS). */
export function tokenTotal(s: KingpinState): number {
  let n = s.bank + s.fund;
  for (const p of s.players) {
    n += p.safe;
    for (const c of boardCards(p)) n += c.shields;
  }
  n += s.prompt?.attack?.emergencyShields ?? 0;
  return n;
}

/** Every card, wherever it is (the invariant is TOTAL_CARDS, each exactly once). */
export function allCardIds(s: KingpinState): CardId[] {
  const out = [...s.drawPile, ...s.reserve, ...s.discard, ...s.unusedBosses];
  for (const p of s.players) out.push(...p.hand, ...boardCards(p).map((c) => c.id));
  if (s.prompt?.kind === 'place' && s.prompt.card) out.push(s.prompt.card);
  return out;
}
