/**
 * Derived figures: which abilities are on, auras summed over a board, clan synergy, shield limits,
 * HP, attack values, Rage and bribe costs. Everything here is recomputed from the state on demand.
 */
import { cardDef, modOf } from './cards';
import { isLegacy, rulesOf } from './edition';
import { MAX_COMBINED, Q, SHIELD_CEILING, boardCards, opponents } from './state';
import type { CardId, Clan, KingpinState, ModifierKey } from './types';

/** Blackout switches every card ability (the modifiers column) off; printed figures and synergies stay. */
export function abilitiesOn(s: KingpinState): boolean {
  return s.blackout === null;
}

/** The card ids on a seat's board. */
export function boardIds(s: KingpinState, seat: number): CardId[] {
  return boardCards(s.players[seat]!).map((c) => c.id);
}

/** Sum of an ability over a list of cards (0 during Blackout). */
export function sumMod(s: KingpinState, ids: readonly CardId[], key: ModifierKey): number {
  if (!abilitiesOn(s)) return 0;
  let n = 0;
  for (const id of ids) n += modOf(id, key);
  return n;
}

/** Sum of an ability over a seat's board. */
export function boardMod(s: KingpinState, seat: number, key: ModifierKey): number {
  return sumMod(s, boardIds(s, seat), key);
}

/** Whether a card's own ability is active (abilities on and the card has it). */
export function cardHas(s: KingpinState, id: CardId, key: ModifierKey): boolean {
  return abilitiesOn(s) && modOf(id, key) > 0;
}

/** The clan of a mono-clan board (every card of one clan, solo cards break it), else null. */
export function synergyOf(ids: readonly CardId[]): Exclude<Clan, 'solo'> | null {
  if (ids.length === 0) return null;
  const clan = cardDef(ids[0]!).clan;
  if (clan === null || clan === 'solo') return null;
  return ids.every((id) => cardDef(id).clan === clan) ? clan : null;
}

export function synergy(s: KingpinState, seat: number): Exclude<Clan, 'solo'> | null {
  return synergyOf(boardIds(s, seat));
}

/** Shield-limit reduction from the opponents' Hackers. */
function hackPenalty(s: KingpinState, seat: number): number {
  let n = 0;
  for (const o of opponents(s, seat)) n += boardMod(s, o, 'enemy_shields');
  return n;
}

/**
 * The Authority aura of a board: each card adds its Authority, or its "shield limits +1" when it
 * has no Authority. Ruling (§6.4): a card's `def_all` is the same aura its Authority already
 * gives, not a second one, so the Bosses (Authority 1, def_all 1) add 1 and a D=1 card beside a
 * Boss holds 2 shields, as §6.4's example says. The Commissar (def_all only) adds 1.
 * Edition 1 counted both (a Boss added 2).
 */
export function authorityAura(s: KingpinState, ids: readonly CardId[]): number {
  if (isLegacy(s)) return sumMod(s, ids, 'def_all') + sumMod(s, ids, 'authority');
  if (!abilitiesOn(s)) return 0;
  let n = 0;
  for (const id of ids) n += Math.max(modOf(id, 'authority'), modOf(id, 'def_all'));
  return n;
}

/**
 * Shield limit of `id` on a board made of `ids` (which include it): min(4, D + Authority auras
 * + clan synergy), then lowered by the opponents' Hackers, never below 0.
 */
export function shieldLimitOn(s: KingpinState, seat: number, id: CardId, ids: readonly CardId[]): number {
  const syn = synergyOf(ids);
  const raw =
    cardDef(id).defend + authorityAura(s, ids) + (syn === 'gangsters' || syn === 'authorities' ? 1 : 0);
  return Math.max(0, Math.min(SHIELD_CEILING, raw) - hackPenalty(s, seat));
}

export function shieldLimit(s: KingpinState, seat: number, slot: number): number {
  const card = s.players[seat]!.board[slot];
  if (!card) return 0;
  return shieldLimitOn(s, seat, card.id, boardIds(s, seat));
}

/** Maximum HP in quarter points on a board made of `ids`. */
export function maxHpQOn(s: KingpinState, id: CardId, ids: readonly CardId[]): number {
  const syn = synergyOf(ids);
  const def = cardDef(id);
  // The Bosses' HP is a table option (default 20; the design's 10).
  const printed = def.type === 'boss' ? rulesOf(s).bossHp : def.hp;
  return (printed + (syn === 'authorities' || syn === 'loners' ? 1 : 0)) * Q;
}

export function maxHpQ(s: KingpinState, seat: number, slot: number): number {
  const card = s.players[seat]!.board[slot];
  if (!card) return 0;
  return maxHpQOn(s, card.id, boardIds(s, seat));
}

export function hpQ(s: KingpinState, seat: number, slot: number): number {
  const card = s.players[seat]!.board[slot];
  if (!card) return 0;
  return maxHpQ(s, seat, slot) - card.damageQ;
}

/** Effective ATK of a board card: printed ATK + auras (atk_all, Stormer bonus, Hacker count). */
export function cardAtk(s: KingpinState, seat: number, slot: number): number {
  const card = s.players[seat]!.board[slot];
  if (!card) return 0;
  const ids = boardIds(s, seat);
  const def = cardDef(card.id);
  let atk = def.atk + sumMod(s, ids, 'atk_all');
  if (def.faction === 'stormers') atk += sumMod(s, ids, 'atk_faction');
  if (cardHas(s, card.id, 'atk_per_hack')) {
    const hackers = ids.filter((i) => modOf(i, 'enemy_shields') > 0).length;
    atk += modOf(card.id, 'atk_per_hack') * hackers;
  }
  return atk;
}

/** Total Rage of a board (added once per attacking card): printed Rage + Gangster/Loner synergy. */
export function rageOf(s: KingpinState, seat: number): number {
  const ids = boardIds(s, seat);
  let r = 0;
  for (const id of ids) r += cardDef(id).rage;
  const syn = synergyOf(ids);
  if (syn === 'gangsters' || syn === 'loners') r += 1;
  return r;
}

export function maxAttackers(s: KingpinState, seat: number): number {
  return synergy(s, seat) ? Number.MAX_SAFE_INTEGER : MAX_COMBINED;
}

export function isFrozen(s: KingpinState, seat: number, slot: number): boolean {
  const card = s.players[seat]!.board[slot];
  return !!card && card.frozenUntil >= s.players[seat]!.turnsTaken;
}

/**
 * How many of its owner's turns the card on (seat, slot) still cannot attack in, counting the turn
 * under way when the owner is on turn (the view's `frozenTurns`; 0 when it can attack at the owner's
 * turn under way or next one). `frozenUntil` is the last of the owner's turns (its turnsTaken count)
 * the card is frozen in.
 */
export function frozenTurns(s: KingpinState, seat: number, slot: number): number {
  const card = s.players[seat]!.board[slot];
  if (!card) return 0;
  const p = s.players[seat]!;
  const next = s.turn === seat ? p.turnsTaken : p.turnsTaken + 1;
  return Math.max(0, card.frozenUntil - next + 1);
}

/** Whether the card on (seat, slot) can be bribed at all. Bosses never can. */
export function isUnbribable(s: KingpinState, seat: number, slot: number): boolean {
  const card = s.players[seat]!.board[slot];
  if (!card) return true;
  if (cardDef(card.id).type === 'boss') return true;
  return cardHas(s, card.id, 'unbribable') || boardMod(s, seat, 'unbribable_all') > 0;
}

/** Shield tokens' own corruption: 2 on Authority cards, 3 on the others. */
export function shieldCorruption(id: CardId): number {
  return cardDef(id).clan === 'authorities' ? 2 : 3;
}

/**
 * What bribing (seat, slot) costs: Corruption (doubled by corruption_resist) + 2 per other bribe_cost
 * card of the owner + each shield's corruption. Null when it cannot be bribed.
 */
export function bribeCost(s: KingpinState, seat: number, slot: number): number | null {
  const card = s.players[seat]!.board[slot];
  if (!card || isUnbribable(s, seat, slot)) return null;
  const def = cardDef(card.id);
  let cost = def.corruption * (cardHas(s, card.id, 'corruption_resist') ? 2 : 1);
  const others = boardIds(s, seat).filter((id) => id !== card.id);
  cost += sumMod(s, others, 'bribe_cost');
  cost += card.shields * shieldCorruption(card.id);
  return cost;
}

/** A seat's hand is protected from hand attacks and forced discards (Sentry). */
export function handGuarded(s: KingpinState, seat: number): boolean {
  const guard = boardMod(s, seat, 'hand_guard');
  return guard > 0 && s.players[seat]!.hand.length <= guard;
}

/** Purchase discount (Trader). */
export function discount(s: KingpinState, seat: number): number {
  return boardMod(s, seat, 'discount');
}
