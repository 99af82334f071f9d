/** Card abilities that trigger on entry or at the start of a turn, and the ten events. */
import { Random } from '../../core/rng';
import { cardDef, modOf } from './cards';
import { isLegacy } from './edition';
import { hitCard, hittableHand, targetableSlots } from './combat';
import {
  Q,
  boardCards,
  hasRoom,
  nameOf,
  opponents,
  plural,
  takeIncome,
  takeRestore,
  type Events,
} from './state';
import { abilitiesOn, boardMod, cardHas, hpQ, shieldLimit } from './stats';
import type { CardId, CardRef, KingpinState, PickReason } from './types';
import { quarters } from './numbers';

/** The opponent with the most money (ties: the next seat in turn order). */
export function richestOpponent(s: KingpinState, seat: number): number | null {
  const n = s.players.length;
  let best: number | null = null;
  for (let k = 1; k < n; k++) {
    const o = (seat + k) % n;
    if (s.players[o]!.eliminated) continue;
    if (best === null || s.players[o]!.safe > s.players[best]!.safe) best = o;
  }
  return best;
}

function steal(s: KingpinState, seat: number, amount: number, ev: Events, why: string): void {
  const o = richestOpponent(s, seat);
  if (o === null) return;
  const n = Math.min(amount, s.players[o]!.safe);
  s.players[o]!.safe -= n;
  s.players[seat]!.safe += n;
  if (n > 0)
    ev.push({ type: 'steal', text: `${why}: ${nameOf(s, seat)} takes $${n} from ${nameOf(s, o)}.`, seat });
}

function income(s: KingpinState, seat: number, amount: number, ev: Events, why: string): void {
  const n = takeIncome(s, amount);
  s.players[seat]!.safe += n;
  if (n > 0) ev.push({ type: 'income', text: `${why}: ${nameOf(s, seat)} gains $${n}.`, seat });
}

/** The seat's most damaged board card (ties: lowest slot), or -1. */
function mostDamaged(s: KingpinState, seat: number): number {
  let best = -1;
  s.players[seat]!.board.forEach((c, i) => {
    if (c && c.damageQ > 0 && (best < 0 || c.damageQ > s.players[seat]!.board[best]!.damageQ)) best = i;
  });
  return best;
}

function heal(s: KingpinState, seat: number, amount: number, ev: Events, why: string): void {
  const slot = mostDamaged(s, seat);
  if (slot < 0) return;
  const card = s.players[seat]!.board[slot]!;
  const healed = Math.min(card.damageQ, amount * Q);
  card.damageQ -= healed;
  ev.push({
    type: 'heal',
    text: `${why} heals ${cardDef(card.id).name} of ${nameOf(s, seat)} by ${quarters(healed / Q)} HP (HP ${quarters(hpQ(s, seat, slot) / Q)} now).`,
    seat,
  });
}

/**
 * Adds up to `n` shields to (seat, slot) within its limit, taken by `take` (by default from the Bank,
 * else the Fund).
 */
function restoreShields(
  s: KingpinState,
  seat: number,
  slot: number,
  n: number,
  take: (s: KingpinState, n: number) => number = takeRestore,
): number {
  const card = s.players[seat]!.board[slot]!;
  const room = Math.max(0, shieldLimit(s, seat, slot) - card.shields);
  const got = take(s, Math.min(room, n));
  card.shields += got;
  return got;
}

/** Where `n` tokens taken by `takeIncome` (the Golden Fund first, then the Bank) came from. */
function fundOrBank(fromFund: number, n: number): string {
  if (fromFund >= n) return 'the Golden Fund';
  if (fromFund === 0) return 'the Bank';
  return `the Golden Fund (${fromFund}) and the Bank (${n - fromFund})`;
}

function deckLook(s: KingpinState, seat: number, n: number, ev: Events): void {
  s.players[seat]!.deckLook = { cards: s.drawPile.slice(0, n), turnNumber: s.turnNumber };
  ev.push({ type: 'deckLook', text: `${nameOf(s, seat)} looks at the top of the Draw Pile.`, seat });
}

/** Each opponent (not hand-guarded) discards a random non-Boss hand card. */
function forceDiscards(s: KingpinState, seat: number, ev: Events): void {
  for (const o of opponents(s, seat)) {
    const cards = hittableHand(s, o);
    if (cards.length === 0) continue;
    const random = new Random(s.rng);
    const id = random.pick(cards);
    s.rng = random.state;
    const p = s.players[o]!;
    p.hand.splice(p.hand.indexOf(id), 1);
    s.discard.push(id);
    ev.push({ type: 'forcedDiscard', text: `${nameOf(s, o)} discards ${cardDef(id).name}.`, seat: o });
  }
}

/** Targets an opponent's board card may be picked for an entry prompt. */
export function pickTargets(s: KingpinState, seat: number, reason: PickReason): CardRef[] {
  const out: CardRef[] = [];
  for (const o of opponents(s, seat)) {
    const slots =
      reason === 'entry_attack'
        ? targetableSlots(s, o)
        : s.players[o]!.board.flatMap((c, i) => (c ? [i] : []));
    for (const slot of slots) out.push({ seat: o, slot });
  }
  return out;
}

/**
 * A card entered the seat's board at `slot`: immediate entry abilities, then the prompt it needs
 * (entry attack or freeze), if any has a target. Returns the prompt reason or null.
 */
export function onEnter(s: KingpinState, seat: number, slot: number, ev: Events): PickReason | null {
  const id = s.players[seat]!.board[slot]!.id;
  if (!abilitiesOn(s)) return null;
  const name = cardDef(id).name;
  if (modOf(id, 'economy_entry') > 0) income(s, seat, modOf(id, 'economy_entry'), ev, name);
  if (modOf(id, 'steal') > 0) steal(s, seat, modOf(id, 'steal'), ev, name);
  if (modOf(id, 'deck_look') > 0) deckLook(s, seat, modOf(id, 'deck_look'), ev);
  if (modOf(id, 'shields_target') > 0) {
    const want = modOf(id, 'shields_target');
    const fund = s.fund;
    const got = restoreShields(s, seat, slot, want, takeIncome);
    // No room on the card: the token comes as money instead.
    const money = takeIncome(s, want - got);
    s.players[seat]!.safe += money;
    const what = [got ? `${plural(got, 'shield')} on it` : '', money ? `$${money}` : ''].filter(Boolean);
    if (got + money > 0)
      ev.push({
        type: 'shieldGain',
        text: `${name}: ${nameOf(s, seat)} takes ${what.join(' and ')} from ${fundOrBank(fund - s.fund, got + money)}.`,
        seat,
      });
  }
  if (modOf(id, 'discard_return') > 0) returnFromDiscard(s, seat, modOf(id, 'discard_return'), ev);
  if (modOf(id, 'opponent_discard') > 0) forceDiscards(s, seat, ev);
  if (modOf(id, 'entry_attack') > 0 && pickTargets(s, seat, 'entry_attack').length > 0) return 'entry_attack';
  if (modOf(id, 'freeze') > 0 && pickTargets(s, seat, 'freeze').length > 0) return 'freeze';
  return null;
}

/** Mechanic: the newest non-event card of the Discard Pile returns to hand (Reserve without room). */
function returnFromDiscard(s: KingpinState, seat: number, n: number, ev: Events): void {
  for (let k = 0; k < n; k++) {
    const p = s.players[seat]!;
    // At most one unique card per player.
    const hasUnique = [...p.hand, ...boardCards(p).map((c) => c.id)].some(
      (id) => cardDef(id).type === 'unique',
    );
    let idx = -1;
    for (let i = s.discard.length - 1; i >= 0; i--) {
      const t = cardDef(s.discard[i]!).type;
      if (t !== 'event' && t !== 'boss' && !(t === 'unique' && hasUnique)) {
        idx = i;
        break;
      }
    }
    if (idx < 0) return;
    const [id] = s.discard.splice(idx, 1) as [CardId];
    const toHand = hasRoom(p);
    if (toHand) p.hand.push(id);
    else s.reserve.push(id);
    ev.push({
      type: 'returned',
      text: `${cardDef(id).name} comes back from the Discard Pile to ${toHand ? `${nameOf(s, seat)}'s hand` : 'the Reserve'}.`,
      seat,
      data: { card: id },
    });
  }
}

/** Start-of-turn abilities of the seat's board, in slot order (twice with Legend). */
export function startOfTurnAbilities(s: KingpinState, seat: number, ev: Events): void {
  if (!abilitiesOn(s)) return;
  const times = boardMod(s, seat, 'double_abilities') > 0 ? 2 : 1;
  for (let t = 0; t < times; t++) {
    const p = s.players[seat]!;
    for (let slot = 0; slot < p.board.length; slot++) {
      const card = p.board[slot];
      if (!card) continue;
      const id = card.id;
      const name = cardDef(id).name;
      if (cardHas(s, id, 'economy_bonus')) income(s, seat, modOf(id, 'economy_bonus'), ev, name);
      if (cardHas(s, id, 'extort')) steal(s, seat, modOf(id, 'extort'), ev, name);
      if (cardHas(s, id, 'opponent_money')) {
        for (const o of opponents(s, seat)) {
          const n = Math.min(modOf(id, 'opponent_money'), s.players[o]!.safe);
          s.players[o]!.safe -= n;
          s.bank += n;
          if (n > 0)
            ev.push({ type: 'pay', text: `${name}: ${nameOf(s, o)} pays $${n} to the Bank.`, seat: o });
        }
      }
      if (cardHas(s, id, 'heal')) heal(s, seat, modOf(id, 'heal'), ev, name);
      if (cardHas(s, id, 'heal_target')) heal(s, seat, modOf(id, 'heal_target'), ev, name);
      if (cardHas(s, id, 'restore_shield')) {
        if (restoreShields(s, seat, slot, modOf(id, 'restore_shield')) > 0)
          ev.push({ type: 'shieldGain', text: `${name} of ${nameOf(s, seat)} gains a shield.`, seat });
      }
      if (cardHas(s, id, 'restore_all_shields')) {
        p.board.forEach((c, i) => {
          if (c && c.shields === 0 && restoreShields(s, seat, i, modOf(id, 'restore_all_shields')) > 0)
            ev.push({
              type: 'shieldGain',
              text: `${name}: ${cardDef(c.id).name} of ${nameOf(s, seat)} gains a shield.`,
              seat,
            });
        });
      }
      if (cardHas(s, id, 'deck_look')) deckLook(s, seat, modOf(id, 'deck_look'), ev);
    }
  }
}

/**
 * What an event does, for the log and the banner that every seat reads: the card's text says "you"
 * and "your" (its owner), which read as the reader's own; here they name the seat. The lines after
 * it say what each player got or lost. (Safe Cracked, Bonus and Recruitment say what they gave.)
 */
function eventLine(s: KingpinState, seat: number, id: CardId): string {
  const who = nameOf(s, seat);
  switch (id) {
    case 'event_raid':
      return isLegacy(s)
        ? `on each board but ${who}'s, the first card with a shield loses one.`
        : `on each board but ${who}'s, the first card loses a shield.`;
    case 'event_audit':
      return `everyone but ${who} pays up to $2 to the Bank.`;
    case 'event_crash':
      return 'everyone pays half their safe, rounded down, to the Golden Fund.';
    case 'event_blackout':
      return `card abilities are off until the end of ${who}'s next turn.`;
    case 'event_roundup':
      return "each player's lowest-HP card that is not a Boss goes to the Reserve.";
    case 'event_war':
      return 'every card on every board but the Bosses takes 1 damage.';
    case 'event_disruption':
      return `${who}'s opponents cannot buy on their next turn.`;
    default:
      return cardDef(id).text;
  }
}

/** Resolves an event revealed from the Draw Pile by `seat`. The card goes to the Discard Pile. */
export function resolveEvent(s: KingpinState, seat: number, id: CardId, ev: Events): void {
  const p = s.players[seat]!;
  const opps = opponents(s, seat);
  const def = cardDef(id);
  // The line the banner shows; an event that only hands out tokens says what it gave instead.
  const told = (text: string) =>
    ev.push({ type: 'event', text: `${def.name}: ${text}`, seat, data: { card: id } });
  if (id !== 'event_safe' && id !== 'event_bonus' && id !== 'event_recruit') told(eventLine(s, seat, id));
  switch (id) {
    case 'event_safe': {
      const n = Math.min(2, s.bank);
      s.bank -= n;
      p.safe += n;
      told(
        n
          ? `${nameOf(s, seat)} takes $${n} from the Bank.`
          : `nothing for ${nameOf(s, seat)}, the Bank is empty.`,
      );
      break;
    }
    case 'event_raid':
      // RULINGS Kingpin 8: the FIRST OCCUPIED slot loses a shield (none if that card has none).
      // Edition 1: the first card that has a shield loses one.
      for (const o of opps) {
        const board = s.players[o]!.board;
        const card = isLegacy(s)
          ? board.find((c) => c !== null && c.shields > 0)
          : board.find((c) => c !== null);
        if (card && card.shields > 0) {
          card.shields -= 1;
          s.bank += 1;
          ev.push({
            type: 'shieldLost',
            text: `Raid: ${cardDef(card.id).name} of ${nameOf(s, o)} loses a shield.`,
            seat: o,
          });
        } else if (card) {
          ev.push({
            type: 'shieldLost',
            text: `Raid: ${cardDef(card.id).name} of ${nameOf(s, o)} has no shield to lose.`,
            seat: o,
          });
        }
      }
      break;
    case 'event_audit':
      for (const o of opps) {
        const n = Math.min(2, s.players[o]!.safe);
        s.players[o]!.safe -= n;
        s.bank += n;
        ev.push({ type: 'pay', text: `Audit: ${nameOf(s, o)} pays $${n} to the Bank.`, seat: o });
      }
      break;
    case 'event_crash':
      for (const q of s.players) {
        if (q.eliminated) continue;
        const n = Math.floor(q.safe / 2);
        q.safe -= n;
        s.fund += n;
        ev.push({
          type: 'pay',
          text: `Market Crash: ${nameOf(s, s.players.indexOf(q))} pays $${n} to the Golden Fund.`,
          seat: s.players.indexOf(q),
        });
      }
      break;
    case 'event_blackout':
      s.blackout = { seat, untilTurn: p.turnsTaken + 1 };
      break;
    case 'event_roundup':
      for (let o = 0; o < s.players.length; o++) {
        const q = s.players[o]!;
        if (q.eliminated) continue;
        let best = -1;
        q.board.forEach((c, i) => {
          if (!c || cardDef(c.id).type === 'boss') return;
          if (best < 0 || hpQ(s, o, i) < hpQ(s, o, best)) best = i;
        });
        if (best < 0) continue;
        const card = q.board[best]!;
        q.safe += card.shields;
        q.board[best] = null;
        s.reserve.push(card.id);
        ev.push({
          type: 'roundup',
          text: `${cardDef(card.id).name} of ${nameOf(s, o)} goes to the Reserve${card.shields ? ` (its ${plural(card.shields, 'shield')} flip into the safe)` : ''}.`,
          seat: o,
        });
      }
      break;
    case 'event_war':
      for (let o = 0; o < s.players.length; o++) {
        const q = s.players[o]!;
        for (let i = 0; i < q.board.length; i++) {
          const c = q.board[i];
          if (c && cardDef(c.id).type !== 'boss') hitCard(s, o, i, Q, {}, ev);
        }
      }
      break;
    case 'event_bonus': {
      const fund = s.fund;
      const n = takeIncome(s, 3);
      p.safe += n;
      told(
        n
          ? `${nameOf(s, seat)} takes $${n} from ${fundOrBank(fund - s.fund, n)}.`
          : `nothing for ${nameOf(s, seat)}, the Golden Fund and the Bank are empty.`,
      );
      break;
    }
    case 'event_recruit': {
      const fund = s.fund;
      const taken = takeIncome(s, 2);
      let left = taken;
      for (let i = 0; i < p.board.length && left > 0; i++) {
        const c = p.board[i];
        if (!c) continue;
        const n = Math.min(left, Math.max(0, shieldLimit(s, seat, i) - c.shields));
        c.shields += n;
        left -= n;
      }
      p.safe += left;
      told(
        taken
          ? `${nameOf(s, seat)} takes ${plural(taken - left, 'shield')}${left ? ` and $${left}` : ''} from ${fundOrBank(fund - s.fund, taken)}.`
          : `nothing for ${nameOf(s, seat)}, the Golden Fund and the Bank are empty.`,
      );
      break;
    }
    case 'event_disruption':
      for (const o of opps) s.players[o]!.noBuyTurn = s.players[o]!.turnsTaken + 1;
      break;
    default:
      throw new Error(`unknown event ${id}`);
  }
  s.discard.push(id);
}

/** Shields currently on a seat's board (for logs and bots). */
export function shieldsOnBoard(s: KingpinState, seat: number): number {
  return boardCards(s.players[seat]!).reduce((n, c) => n + c.shields, 0);
}
