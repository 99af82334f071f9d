/**
 * Drawing a card, resolved in the ruled order (ruling 2):
 * Jack: Jacks +1 and Alert on; then if Latent > 0 auto-play a Queen from hand or bust; then if
 * Jacks >= 3 bust. Ace: on Alert busts; off Alert with 2 Latent busts; else Latent +1.
 * Numbers add loot; Queens, Kings and round-3 Jokers go face down into the hand (hand limit 2);
 * a round-2 Joker asks for its choice at once.
 */
import { Random } from '../../core/rng';
import { cardLabel, goesToHand, lootValue, rankOf } from './cards';
import { bust, queenEffect } from './effects';
import type { Events } from './state';
import { HAND_LIMIT, nameOf } from './state';
import type { BankoutState } from './types';

/** Draws the top card for the seat whose turn it is (the caller checked that a card can be drawn). */
export function drawCard(s: BankoutState, ev: Events): void {
  const seat = s.turn;
  const name = nameOf(s, seat);
  if (s.deck.length === 0) reshuffle(s, ev);
  const card = s.deck.shift()!;
  const rank = rankOf(card);
  const p = s.players[seat]!;
  const deckCount = s.deck.length;

  if (goesToHand(rank, s.round)) {
    p.hand.push(card);
    ev.push({
      type: 'drawHidden',
      seat,
      text: `${name} drew a card into hand.`,
      data: { seat, handCount: p.hand.length, deckCount },
    });
    ev.push({
      type: 'drawHidden',
      seat,
      to: seat,
      text: `You drew ${cardLabel(card)} into your hand.`,
      data: { seat, card, handCount: p.hand.length, deckCount },
    });
    if (p.hand.length > HAND_LIMIT) {
      s.phase = 'discard';
      s.prompt = { kind: 'discard', seat };
      s.promptSeq += 1;
      s.pendingCard = card;
    }
    return;
  }

  s.drawnThisTurn.push(card);
  s.lastRevealed = card;
  const label = cardLabel(card);
  const drawData = { seat, card, deckCount };

  if (rank === 'X') {
    ev.push({
      type: 'joker',
      seat,
      text: `${name} drew a Joker: swap, King or Queen?`,
      data: { ...drawData, choosing: true },
    });
    s.phase = 'joker';
    s.prompt = { kind: 'joker', seat };
    s.promptSeq += 1;
    s.pendingCard = card;
    return;
  }

  if (rank === 'J') {
    p.jacks += 1;
    p.alert = true;
    ev.push({
      type: 'draw',
      seat,
      text: `${name} drew ${label}: Alert!`,
      data: { ...drawData, jacks: p.jacks },
    });
    if (p.latent > 0) {
      const queen = p.hand.find((c) => rankOf(c) === 'Q');
      if (queen === undefined) {
        bust(s, 'a Jack set off a latent Ace', ev);
        return;
      }
      p.hand.splice(p.hand.indexOf(queen), 1);
      s.discard.push(queen);
      s.lastRevealed = queen;
      queenEffect(p);
      ev.push({
        type: 'queen',
        seat,
        text: `${name}'s ${cardLabel(queen)} played itself to cover the latent Ace.`,
        data: { seat, card: queen, auto: true, jacks: p.jacks, latent: p.latent },
      });
    }
    if (p.jacks >= 3) bust(s, 'a third Jack', ev);
    return;
  }

  if (rank === 'A') {
    const busts = p.alert || p.latent >= 2;
    if (!busts) p.latent += 1;
    const note = busts ? '' : `: latent Ace (${p.latent})`;
    ev.push({
      type: 'draw',
      seat,
      text: `${name} drew ${label}${note}.`,
      data: { ...drawData, latent: p.latent },
    });
    if (p.alert) bust(s, 'an Ace on Alert', ev);
    else if (busts) bust(s, 'a third Ace', ev);
    return;
  }

  p.loot += lootValue(rank);
  ev.push({ type: 'draw', seat, text: `${name} drew ${label}.`, data: { ...drawData, loot: p.loot } });
}

/** Bankout mode: the discard pile becomes the new deck (cards on the table and in hands stay). */
function reshuffle(s: BankoutState, ev: Events): void {
  const random = new Random(s.rng);
  s.deck = random.shuffle(s.discard);
  s.rng = random.state;
  s.discard = [];
  s.lastRevealed = null;
  ev.push({
    type: 'reshuffle',
    text: `The deck ran out: the discard pile is shuffled into a new deck of ${s.deck.length} cards.`,
    data: { deckCount: s.deck.length },
  });
}
