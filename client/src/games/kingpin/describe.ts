/**
 * Words for Kingpin actions (button labels and tooltips) and a stable test id per exact payload.
 * Nothing here decides a rule: it only names the payloads the server listed in `legal`.
 */
import type { KingpinAction, KingpinPublic } from '@parlor/shared/games/kingpin/types';
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
        ? { text: 'Buy from pile', title: 'Reveal the top card (needs its Price in your safe; not paid)' }
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
    case 'discard':
      return { text: 'Discard', title: 'Remove this card to the Discard Pile (main action)' };
    case 'sell':
      return { text: 'Sell', title: 'Send this card to the Reserve for money (main action)' };
    case 'pass':
      return { text: 'End turn', title: 'End your turn without a main action' };
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
