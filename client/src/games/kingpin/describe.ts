/**
 * Words for Kingpin actions (button labels and tooltips) and a stable test id per exact payload.
 * Nothing here decides a rule: it only names the payloads the server listed in `legal`.
 */
import { CARDS, CARD_TABLE, modOf } from '@parlor/shared/games/kingpin/cards';
import type { KingpinAction, KingpinPublic, ModifierKey } from '@parlor/shared/games/kingpin/types';
import { nameOf } from './cards';

export type Selection =
  | { kind: 'board'; seat: number; slot: number }
  | { kind: 'hand'; card: string }
  | { kind: 'reserve'; card: string };

/** `kp-buy-reserve-gangster_fighter`, `kp-bribe-1-2`: the payload's values in order. */
export function actionTestId(a: KingpinAction): string {
  const parts: string[] = [a.type];
  for (const [k, v] of Object.entries(a)) {
    if (k === 'type') continue;
    if (v && typeof v === 'object' && !Array.isArray(v)) parts.push(...Object.values(v).map(String));
    else if (Array.isArray(v)) parts.push(v.join('.'));
    else parts.push(String(v));
  }
  return `kp-${parts.join('-')}`;
}

/** The cheapest Price of a card the pile can hold (events aside: they cost nothing and resolve). */
const CHEAPEST = Math.min(...CARD_TABLE.filter((d) => d.inDeck && d.type !== 'event').map((d) => d.price));
/** The highest Price in the deck: with this much in the safe, every card bought is kept. */
const DEAREST = Math.max(...CARD_TABLE.filter((d) => d.inDeck).map((d) => d.price));

/**
 * "Buy from pile", saying before the press what the safe allows: with less than any card's Price
 * the revealed card goes to the Reserve (the action is still used), and the label says so.
 */
export function pileLabel(pub: KingpinPublic): { text: string; title: string } {
  const me = pub.players[pub.turn];
  const off = me && !pub.blackout ? me.board.reduce((n, c) => n + (c ? modOf(c.id, 'discount') : 0), 0) : 0;
  const budget = (me?.safe ?? 0) + off;
  if (budget < CHEAPEST)
    return {
      text: 'Buy → Reserve ($0)',
      title:
        'Your safe is empty: the top card is revealed and goes to the Reserve (every card has a Price of at least $1; an event still resolves). Keep $1-5 in your safe to keep what you buy: the Price is checked, not paid.',
    };
  if (budget < DEAREST)
    return {
      text: 'Buy from pile',
      title: `Reveal the top card: you keep it if its Price is at most $${budget} (checked, not paid); a dearer card goes to the Reserve`,
    };
  return { text: 'Buy from pile', title: 'Reveal the top card (needs its Price in your safe; not paid)' };
}

function cardAt(pub: KingpinPublic, seat: number, slot: number): string {
  const id = pub.players[seat]?.board[slot]?.id;
  return id ? nameOf(id) : `slot ${slot + 1}`;
}

/** Does this action concern the selected card? */
export function concerns(a: KingpinAction, sel: Selection, pub: KingpinPublic, me: number): boolean {
  if (sel.kind === 'hand' || sel.kind === 'reserve') {
    if (sel.kind === 'reserve') return a.type === 'buy' && a.source === 'reserve' && a.card === sel.card;
    return (a.type === 'deploy' || a.type === 'discard' || a.type === 'sell') && a.card === sel.card;
  }
  const id = pub.players[sel.seat]?.board[sel.slot]?.id;
  if (sel.seat === me) {
    switch (a.type) {
      case 'safeToShield':
      case 'shieldToSafe':
      case 'recall':
        return a.slot === sel.slot;
      case 'moveShield':
        return a.from === sel.slot;
      case 'discard':
      case 'sell':
        return a.card === id;
      case 'emergencyShield':
        return a.from === sel.slot;
      default:
        return false;
    }
  }
  if (a.type === 'bribe') return a.target.seat === sel.seat && a.target.slot === sel.slot;
  if (a.type === 'pick') return a.target?.seat === sel.seat && a.target.slot === sel.slot;
  return false;
}

export function label(a: KingpinAction, pub: KingpinPublic): { text: string; title: string } {
  switch (a.type) {
    case 'moveShield':
      return {
        text: `Shield → ${cardAt(pub, pub.turn, a.to)}`,
        title: 'Move one shield to another of your cards (Defense Management, free)',
      };
    case 'shieldToSafe':
      return { text: 'Shield → safe', title: 'Flip one shield of this card to money in your safe (free)' };
    case 'safeToShield':
      return {
        text: '+ Shield ($1)',
        title: 'Flip one money from your safe to a shield on this card (free)',
      };
    case 'deploy':
      return { text: 'Put on board', title: 'Play this hand card to your lowest free slot (once per turn)' };
    case 'recall':
      return { text: 'Back to hand', title: 'This card returns to your hand; its shields flip to your safe' };
    case 'buy':
      return a.source === 'pile'
        ? pileLabel(pub)
        : {
            text: `Buy ${nameOf(a.card)}`,
            title: 'Take this Reserve card (needs its Price in your safe; not paid)',
          };
    case 'bribe': {
      const cost = pub.players[a.target.seat]?.board[a.target.slot]?.bribeCost;
      return {
        text: `Bribe ($${cost ?? '?'})`,
        title: 'Pay its bribe cost from your safe: the card moves to your hand (main action)',
      };
    }
    case 'attack':
      return { text: 'Attack', title: 'Attack with the chosen cards (main action)' };
    case 'discard': {
      const onBoard = pub.players[pub.turn]?.board.find((c) => c?.id === a.card);
      if (a.shields === 'board')
        return {
          text: 'Discard, shields to my cards',
          title:
            'Remove this card to the Discard Pile; its shields move onto your other cards (lowest slot first), the rest to your safe (main action)',
        };
      return onBoard && onBoard.shields > 0
        ? {
            text: 'Discard, shields to safe',
            title: 'Remove this card to the Discard Pile; its shields flip into your safe (main action)',
          }
        : { text: 'Discard', title: 'Remove this card to the Discard Pile (main action)' };
    }
    case 'sell':
      return { text: 'Sell', title: 'Send this card to the Reserve for money (main action)' };
    case 'pass':
      return pub.bribedThisTurn
        ? { text: 'End turn', title: 'End your turn without attacking after the bribe' }
        : { text: 'End turn', title: 'End your turn without a main action' };
    case 'place':
      return a.to === 'hand'
        ? { text: 'Keep in hand', title: 'The bought card goes to your hand' }
        : {
            text: a.shields > 0 ? `Play + ${a.shields} shield${a.shields > 1 ? 's' : ''}` : 'Play to board',
            title: 'Play the bought card to your board, with shields flipped from your safe',
          };
    case 'ammo':
      return { text: `Fire (+${a.amount} ammo)`, title: 'Spend money as ammunition: +1 damage each' };
    case 'pick':
      return a.target
        ? { text: `Target ${cardAt(pub, a.target.seat, a.target.slot)}`, title: 'Choose this card' }
        : { text: 'Skip', title: 'Do not use the ability now' };
    case 'emergencyShield':
      return {
        text: `Shield from ${cardAt(pub, a.from === undefined ? 0 : (pub.prompt?.seat ?? 0), a.from)}`,
        title: 'Emergency Defense: move a shield onto the attacked hand card',
      };
    case 'emergencyDone':
      return { text: 'Done', title: 'Let the attack resolve' };
  }
}

/** Whether an ability of the card is on (abilities are off during Blackout). */
function has(pub: KingpinPublic, id: string, key: ModifierKey): boolean {
  return pub.blackout === null && modOf(id, key) > 0;
}

/**
 * Why the rules protect this board card from attacks right now, in words (null = they do not).
 * Words only: the legal list from the server stays the one that decides.
 */
export function protectionNote(pub: KingpinPublic, seat: number, slot: number): string | null {
  const p = pub.players[seat];
  const c = p?.board[slot];
  if (!p || !c) return null;
  const isBoss = c.id.startsWith('boss_');
  const notes: string[] = [];
  if (isBoss && pub.truceActive)
    notes.push('Opening truce: no Boss can be attacked until every player has had two turns.');
  const guards = p.board.filter((x) => x && has(pub, x.id, 'guard_all'));
  if (guards.length && !has(pub, c.id, 'guard_all'))
    notes.push(`Bodyguards: every attack on ${p.name} must target their Bodyguards while they stand.`);
  if (isBoss && p.board.some((x) => x && has(pub, x.id, 'guard')))
    notes.push(`${p.name}'s Guard protects this Boss: destroy or bribe the Guard first.`);
  return notes.length ? notes.join(' ') : null;
}

/** Why the planned attack cannot be confirmed (the Confirm button is greyed), in words. */
export function attackBlockReason(
  pub: KingpinPublic,
  me: number,
  attackers: number[],
  target: { seat: number; zone: 'board'; slot: number } | { seat: number; zone: 'hand' } | null,
): string {
  if (attackers.length === 0) return 'Tap one or more of your highlighted cards to attack with.';
  if (!target) return 'Tap an enemy card to attack.';
  const max = pub.players[me]?.maxAttackers ?? 3;
  if (attackers.length > max) return `At most ${max} attackers (any number on a board of one clan).`;
  if (target.zone === 'board') {
    const note = protectionNote(pub, target.seat, target.slot);
    if (note) return note;
  } else if (!attackers.some((s) => has(pub, pub.players[me]?.board[s]?.id ?? '', 'hand_attack')))
    return 'Only an attack joined by a Sniper can hit a hand.';
  return 'This attack is not allowed now.';
}

/**
 * Why an action one might look for on the selected card is not offered now (a bribe, putting a
 * hand card on the board), in words; null when nothing is missing or it is not your turn.
 */
export function missingNote(
  pub: KingpinPublic,
  me: number,
  sel: Selection,
  legal: KingpinAction[],
  handCount: number,
): string | null {
  const mine = pub.players[me];
  if (!mine || pub.turn !== me || pub.phase !== 'turn' || pub.prompt) return null;
  const cards = mine.board.filter((c) => c !== null).length + handCount;
  if (sel.kind === 'board' && sel.seat !== me) {
    if (legal.some((a) => a.type === 'bribe' && a.target.seat === sel.seat && a.target.slot === sel.slot))
      return null;
    const c = pub.players[sel.seat]?.board[sel.slot];
    if (!c) return null;
    if (c.bribeCost === null) return 'No bribe: this card cannot be bribed.';
    if (pub.bribedThisTurn) return 'No bribe: you have bribed this turn; attack or end your turn.';
    if (mine.bribeCooldown) return 'No bribe: you bribed on your last turn (not two turns in a row).';
    if (cards >= 6) return 'No bribe: you hold 6 cards (hand and board), the limit.';
    if (c.bribeCost > mine.safe) return `No bribe: it costs $${c.bribeCost}, your safe holds $${mine.safe}.`;
    return 'No bribe: you already hold a unique card.';
  }
  if (sel.kind === 'hand' && !legal.some((a) => a.type === 'deploy' && a.card === sel.card)) {
    if (pub.bribedThisTurn) return 'After a bribe only an attack (or ending the turn) remains.';
    if (pub.deployedThisTurn) return 'Not on the board this turn: one card per turn goes from hand to board.';
    if (mine.board.every((c) => c !== null)) return 'Not on the board: your 6 slots are full.';
  }
  if (
    sel.kind === 'reserve' &&
    !legal.some((a) => a.type === 'buy' && a.source === 'reserve' && a.card === sel.card)
  ) {
    const price = modPrice(sel.card);
    if (mine.supplyDisrupted) return 'No buying this turn (Supply Disruption).';
    if (cards >= 6) return 'No buying: you hold 6 cards (hand and board), the limit.';
    if (price !== null && price > mine.safe)
      return `Not affordable: your safe must hold its Price ($${price}, less $1 with a Trader).`;
    return 'You cannot buy it now (at most one unique card each).';
  }
  return null;
}

function modPrice(id: string): number | null {
  const def = CARDS.get(id);
  return def ? def.price : null;
}
