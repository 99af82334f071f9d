/**
 * What each action does once the rules have accepted it: bank, end turn, bust, Queen, King and
 * Joker effects, swaps and counters, hand-limit discards.
 */
import { cardLabel, money, rankOf } from './cards';
import { isLegacy } from './edition';
import { finishTurn } from './rounds';
import type { Events } from './state';
import { nameOf, other } from './state';
import type { BankoutSeatState, BankoutState, CardId, JokerChoice } from './types';

/** Queen effect (ruling 3): Jacks -1 and Latent -1 (min 0); Alert off when Jacks reaches 0. */
export function queenEffect(p: BankoutSeatState): void {
  p.jacks = Math.max(0, p.jacks - 1);
  p.latent = Math.max(0, p.latent - 1);
  if (p.jacks === 0) p.alert = false;
}

/** The player busts: the turn's loot is lost and the turn ends. */
export function bust(s: BankoutState, reason: string, ev: Events): void {
  const seat = s.turn;
  const amount = s.players[seat]!.loot;
  ev.push({
    type: 'bust',
    seat,
    text: `${nameOf(s, seat)} busted on ${reason} and lost ${money(amount)}.`,
    data: { seat, amount, reason },
  });
  finishTurn(s, ev);
}

/** Banks loot × multiplier (1 for Bank, 2 for a King or Joker-King); the pot grows in Blitz rounds. */
function bankLoot(s: BankoutState, multiplier: 1 | 2, ev: Events, how: string, card?: CardId): void {
  const seat = s.turn;
  const p = s.players[seat]!;
  const amount = p.loot * multiplier;
  p.bank += amount;
  p.loot = 0;
  if (s.options.mode === 'blitz' && !s.suddenDeath) s.pot += amount;
  ev.push({
    type: multiplier === 2 ? 'king' : 'bank',
    seat,
    text: `${nameOf(s, seat)} ${how} ${money(amount)} (bank ${money(p.bank)}).`,
    data: card
      ? { seat, amount, bank: p.bank, pot: s.pot, card }
      : { seat, amount, bank: p.bank, pot: s.pot },
  });
  finishTurn(s, ev);
}

export function bankAction(s: BankoutState, ev: Events): void {
  bankLoot(s, 1, ev, 'banked');
}

/** The turn's time ran out: the loot banks by itself, and the log says so. */
export function timeUpAction(s: BankoutState, ev: Events): void {
  bankLoot(s, 1, ev, 'ran out of time; the loot banked by itself:');
}

export function endTurnAction(s: BankoutState, ev: Events): void {
  const seat = s.turn;
  const amount = s.players[seat]!.loot;
  ev.push({
    type: 'endTurn',
    seat,
    text: `${nameOf(s, seat)} ended the turn without banking${amount > 0 ? ` and gave up ${money(amount)}` : ''}.`,
    data: { seat, amount },
  });
  finishTurn(s, ev);
}

function reveal(s: BankoutState, card: CardId): void {
  const hand = s.players[s.turn]!.hand;
  hand.splice(hand.indexOf(card), 1);
  s.discard.push(card);
  s.lastRevealed = card;
}

/** Play a Queen, King or (round 3) Joker from hand. */
export function playAction(s: BankoutState, card: CardId, choice: JokerChoice | undefined, ev: Events): void {
  const seat = s.turn;
  const p = s.players[seat]!;
  reveal(s, card);
  const rank = rankOf(card);
  if (rank === 'Q') {
    queenEffect(p);
    ev.push({
      type: 'queen',
      seat,
      text: `${nameOf(s, seat)} played ${cardLabel(card)}.`,
      data: { seat, card, jacks: p.jacks, latent: p.latent },
    });
  } else if (rank === 'K') {
    bankLoot(s, 2, ev, `played ${cardLabel(card)} and banked twice the loot:`, card);
  } else {
    jokerEffect(s, card, choice ?? 'queen', ev);
  }
}

/** A Joker's choice, drawn in round 2 or played from hand in round 3. */
export function jokerEffect(s: BankoutState, card: CardId, choice: JokerChoice, ev: Events): void {
  const seat = s.turn;
  const p = s.players[seat]!;
  const name = nameOf(s, seat);
  s.phase = 'turn';
  s.prompt = null;
  s.pendingCard = null;
  if (choice === 'queen') {
    queenEffect(p);
    ev.push({
      type: 'joker',
      seat,
      text: `${name} used the Joker as a Queen.`,
      data: { seat, card, choice, jacks: p.jacks, latent: p.latent },
    });
    return;
  }
  if (choice === 'king') {
    ev.push({ type: 'joker', seat, text: `${name} used the Joker as a King.`, data: { seat, card, choice } });
    bankLoot(s, 2, ev, 'banked twice the loot:', card);
    return;
  }
  const opp = other(seat);
  if (isLegacy(s)) return legacySwap(s, card, choice, ev);
  if (s.round === 3 && !s.suddenDeath) {
    // Round-3 Jokers are hidden until played: every swap opens the same counter window, whether the
    // defender holds a Joker or not, so declaring a swap tells nobody what the defender holds.
    ev.push({
      type: 'joker',
      seat,
      text: `${name} played a Joker to swap banks with ${nameOf(s, opp)}, who may counter with a Joker.`,
      data: { seat, card, choice },
    });
    s.phase = 'counter';
    s.prompt = { kind: 'counter', seat: opp };
    s.promptSeq += 1;
    s.pendingCard = card;
    return;
  }
  ev.push({
    type: 'joker',
    seat,
    text: `${name} used the Joker to swap banks with ${nameOf(s, opp)}.`,
    data: { seat, card, choice },
  });
  swapBanks(s, ev);
}

/** Edition 1: only a round-3 defender holding a Joker is asked; any other swap happens at once. */
function legacySwap(s: BankoutState, card: CardId, choice: JokerChoice, ev: Events): void {
  const seat = s.turn;
  const opp = other(seat);
  ev.push({
    type: 'joker',
    seat,
    text: `${nameOf(s, seat)} used the Joker to swap banks with ${nameOf(s, opp)}!`,
    data: { seat, card, choice },
  });
  if (s.round === 3 && s.players[opp]!.hand.some((c) => rankOf(c) === 'X')) {
    s.phase = 'counter';
    s.prompt = { kind: 'counter', seat: opp };
    s.promptSeq += 1;
    s.pendingCard = card;
    return;
  }
  swapBanks(s, ev);
}

/** The swap happens: banks trade places, the swapper's loot is forfeited, their turn ends. */
function swapBanks(s: BankoutState, ev: Events): void {
  const seat = s.turn;
  const opp = other(seat);
  const me = s.players[seat]!;
  const them = s.players[opp]!;
  const lost = me.loot;
  me.loot = 0;
  [me.bank, them.bank] = [them.bank, me.bank];
  ev.push({
    type: 'swap',
    seat,
    text: `${nameOf(s, seat)} and ${nameOf(s, opp)} swapped banks: ${money(me.bank)} and ${money(them.bank)}${
      lost > 0 ? `; ${money(lost)} of loot forfeited` : ''
    }.`,
    data: { seat, target: opp, bank0: s.players[0]!.bank, bank1: s.players[1]!.bank, lost },
  });
  finishTurn(s, ev);
}

/** The defender answers a declared swap: discard a Joker to cancel it, or let it happen. */
export function counterAction(s: BankoutState, accept: boolean, ev: Events): void {
  const defenderSeat = other(s.turn);
  const defender = s.players[defenderSeat]!;
  if (!accept) {
    ev.push({
      type: 'counter',
      seat: defenderSeat,
      text: `${nameOf(s, defenderSeat)} ${isLegacy(s) ? 'does not counter the swap' : 'lets the swap through'}.`,
      data: { seat: defenderSeat, accept: false },
    });
    swapBanks(s, ev);
    return;
  }
  const joker = defender.hand.find((c) => rankOf(c) === 'X')!;
  defender.hand.splice(defender.hand.indexOf(joker), 1);
  s.discard.push(joker);
  s.lastRevealed = joker;
  const attacker = s.players[s.turn]!;
  const lost = attacker.loot;
  attacker.loot = 0;
  ev.push({
    type: 'counter',
    seat: defenderSeat,
    text: `${nameOf(s, defenderSeat)} countered with a Joker: no swap, and ${nameOf(s, s.turn)} loses ${money(lost)} of loot.`,
    data: { seat: defenderSeat, accept: true, card: joker, lost },
  });
  finishTurn(s, ev);
}

/** Hand limit: drop one of the three cards (public once discarded); the turn goes on. */
export function discardAction(s: BankoutState, card: CardId, ev: Events): void {
  const seat = s.turn;
  const p = s.players[seat]!;
  p.hand.splice(p.hand.indexOf(card), 1);
  s.discard.push(card);
  s.lastRevealed = card;
  s.phase = 'turn';
  s.prompt = null;
  s.pendingCard = null;
  ev.push({
    type: 'discard',
    seat,
    text: `${nameOf(s, seat)} discarded ${cardLabel(card)} (hand limit).`,
    data: { seat, card, handCount: p.hand.length },
  });
}
