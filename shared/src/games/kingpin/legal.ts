/**
 * What a seat may do now: `legalActions` enumerates the exact payloads (rules.ts accepts exactly
 * those), with the questions the enumeration asks (can it buy, which attacks, how much ammunition).
 */
import type { SeatIndex } from '../../core/contract';
import { pickTargets } from './abilities';
import { cardDef, isUnique } from './cards';
import { hittableHand, targetableSlots } from './combat';
import { boardCards, freeSlot, hasRoom, opponents } from './state';
import {
  boardIds,
  boardMod,
  bribeCost,
  cardAtk,
  cardHas,
  discount,
  isFrozen,
  maxAttackers,
  shieldLimit,
  shieldLimitOn,
} from './stats';
import { isLegacy, rulesOf } from './edition';
import type { AttackTarget, CardId, KingpinAction, KingpinState, PickReason } from './types';

export function toAct(s: KingpinState): SeatIndex[] {
  if (s.phase === 'finished') return [];
  return [s.prompt ? s.prompt.seat : s.turn];
}

// ─── Questions the enumeration asks ─────────────────────────────────────────────────────────────

export function ownsUnique(s: KingpinState, seat: number): boolean {
  const p = s.players[seat]!;
  return p.hand.some(isUnique) || boardCards(p).some((c) => isUnique(c.id));
}

export function canBuy(s: KingpinState, seat: number): boolean {
  const p = s.players[seat]!;
  return p.noBuyTurn !== p.turnsTaken && hasRoom(p);
}

/** Price check for a card: the safe must hold at least Price - discount (nothing is paid). */
export function affordable(s: KingpinState, seat: number, id: CardId): boolean {
  return s.players[seat]!.safe >= cardDef(id).price - discount(s, seat);
}

export function bribeReady(s: KingpinState, seat: number): boolean {
  const p = s.players[seat]!;
  return p.lastBribeTurn < p.turnsTaken - 1;
}

/** Board slots that may attack now: a card, not frozen, ATK > 0. */
export function attackerSlots(s: KingpinState, seat: number): number[] {
  const p = s.players[seat]!;
  return p.board.flatMap((c, i) => (c && !isFrozen(s, seat, i) && cardAtk(s, seat, i) > 0 ? [i] : []));
}

function subsets(items: readonly number[], maxSize: number): number[][] {
  const out: number[][] = [];
  const n = items.length;
  for (let mask = 1; mask < 1 << n; mask++) {
    const pick = items.filter((_, i) => mask & (1 << i));
    if (pick.length <= maxSize) out.push(pick);
  }
  return out;
}

/** Every attack (attackers set + target) the seat may declare now. */
export function attackOptions(
  s: KingpinState,
  seat: number,
): { attackers: number[]; target: AttackTarget }[] {
  const out: { attackers: number[]; target: AttackTarget }[] = [];
  const sets = subsets(attackerSlots(s, seat), maxAttackers(s, seat));
  if (sets.length === 0) return out;
  const boardTargets: AttackTarget[] = [];
  const handSeats: number[] = [];
  for (const o of opponents(s, seat)) {
    for (const slot of targetableSlots(s, o)) boardTargets.push({ seat: o, zone: 'board', slot });
    if (hittableHand(s, o).length > 0) handSeats.push(o);
  }
  for (const attackers of sets) {
    for (const target of boardTargets) out.push({ attackers, target });
    if (
      handSeats.length > 0 &&
      attackers.some((i) => cardHas(s, s.players[seat]!.board[i]!.id, 'hand_attack'))
    ) {
      for (const o of handSeats) out.push({ attackers, target: { seat: o, zone: 'hand' } });
    }
  }
  return out;
}

/** The most ammunition the seat may spend on one attack now (its safe, within the table's cap). */
export function maxAmmo(s: KingpinState, seat: number): number {
  const safe = s.players[seat]!.safe;
  const cap = rulesOf(s).ammoCap;
  return cap > 0 ? Math.min(safe, cap) : safe;
}

/** Whether discarding `card` could move some of its shields onto the seat's other board cards. */
export function shieldsCanMove(s: KingpinState, seat: number, card: CardId): boolean {
  const p = s.players[seat]!;
  const slot = p.board.findIndex((c) => c?.id === card);
  if (slot < 0 || p.board[slot]!.shields === 0) return false;
  return p.board.some((c, i) => c && i !== slot && shieldLimitAfter(s, seat, i, card) > c.shields);
}

/** The shield limit of the card in `slot` once `gone` has left the board (auras and synergy change). */
function shieldLimitAfter(s: KingpinState, seat: number, slot: number, gone: CardId): number {
  const ids = boardIds(s, seat).filter((id) => id !== gone);
  return shieldLimitOn(s, seat, s.players[seat]!.board[slot]!.id, ids);
}

/** Shield limit a card would have once placed on the seat's board. */
export function limitOnEntry(s: KingpinState, seat: number, id: CardId): number {
  return shieldLimitOn(s, seat, id, [...boardIds(s, seat), id]);
}

// ─── Enumeration ────────────────────────────────────────────────────────────────────────────────

function turnActions(s: KingpinState, seat: number): KingpinAction[] {
  const p = s.players[seat]!;
  const out: KingpinAction[] = [];
  if (s.bribedThisTurn) {
    // §6.2 "bribe defenders, then attack": after a bribe only an attack or the end of the turn remain.
    for (const a of attackOptions(s, seat))
      out.push({ type: 'attack', attackers: a.attackers, target: a.target });
    out.push({ type: 'pass' });
    return out;
  }
  const slots = p.board.flatMap((c, i) => (c ? [i] : []));
  // Each card's room under its shield limit, once (the limit sums auras over both boards).
  const rooms = new Map(slots.map((i) => [i, shieldLimit(s, seat, i) - p.board[i]!.shields]));
  const room = (i: number) => rooms.get(i)!;
  // Defense Management
  for (const from of slots) {
    if (p.board[from]!.shields === 0) continue;
    out.push({ type: 'shieldToSafe', slot: from });
    for (const to of slots) if (to !== from && room(to) > 0) out.push({ type: 'moveShield', from, to });
  }
  if (p.safe > 0) for (const i of slots) if (room(i) > 0) out.push({ type: 'safeToShield', slot: i });
  if (!s.deployedThisTurn && freeSlot(p) >= 0) {
    for (const card of new Set(p.hand)) out.push({ type: 'deploy', card });
  }
  for (const i of slots) if (cardHas(s, p.board[i]!.id, 'return_hand')) out.push({ type: 'recall', slot: i });
  // Main actions
  if (canBuy(s, seat)) {
    if (s.drawPile.length + s.reserve.length > 0) out.push({ type: 'buy', source: 'pile' });
    const hasUnique = ownsUnique(s, seat);
    for (const card of new Set(s.reserve)) {
      if (affordable(s, seat, card) && !(hasUnique && isUnique(card)))
        out.push({ type: 'buy', source: 'reserve', card });
    }
  }
  if (bribeReady(s, seat) && hasRoom(p)) {
    const hasUnique = ownsUnique(s, seat);
    for (const o of opponents(s, seat)) {
      s.players[o]!.board.forEach((c, slot) => {
        if (!c || (hasUnique && isUnique(c.id))) return;
        const cost = bribeCost(s, o, slot);
        if (cost !== null && cost <= p.safe) out.push({ type: 'bribe', target: { seat: o, slot } });
      });
    }
  }
  for (const a of attackOptions(s, seat))
    out.push({ type: 'attack', attackers: a.attackers, target: a.target });
  const own = [...p.hand, ...boardCards(p).map((c) => c.id)].filter((id) => cardDef(id).type !== 'boss');
  for (const card of own) {
    out.push({ type: 'discard', card });
    if (!isLegacy(s) && shieldsCanMove(s, seat, card)) out.push({ type: 'discard', card, shields: 'board' });
  }
  if (boardMod(s, seat, 'sell') > 0) for (const card of own) out.push({ type: 'sell', card });
  out.push({ type: 'pass' });
  return out;
}

function promptActions(s: KingpinState): KingpinAction[] {
  const pr = s.prompt!;
  const p = s.players[pr.seat]!;
  switch (pr.kind) {
    case 'place': {
      const out: KingpinAction[] = [{ type: 'place', to: 'hand' }];
      if (freeSlot(p) >= 0) {
        const max = Math.min(limitOnEntry(s, pr.seat, pr.card!), p.safe);
        for (let n = 0; n <= max; n++) out.push({ type: 'place', to: 'board', shields: n });
      }
      return out;
    }
    case 'ammo':
      return Array.from({ length: maxAmmo(s, pr.seat) + 1 }, (_, amount) => ({ type: 'ammo', amount }));
    case 'pick':
      return [
        ...pickTargets(s, pr.seat, pr.pick as PickReason).map((target) => ({
          type: 'pick' as const,
          target,
        })),
        { type: 'pick', target: null },
      ];
    case 'emergency': {
      const out: KingpinAction[] = [];
      const atk = pr.attack!;
      const id = atk.handCard!;
      if (atk.emergencyShields < limitOnEntry(s, pr.seat, id)) {
        p.board.forEach((c, from) => {
          if (c && c.shields > 0) out.push({ type: 'emergencyShield', from });
        });
      }
      out.push({ type: 'emergencyDone' });
      return out;
    }
  }
}

export function legalActions(s: KingpinState, seat: SeatIndex): KingpinAction[] {
  if (s.phase === 'finished' || !toAct(s).includes(seat)) return [];
  return s.phase === 'turn' ? turnActions(s, seat) : promptActions(s);
}
