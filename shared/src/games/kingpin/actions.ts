/**
 * Kingpin's actions, from one source: this schema validates an incoming action's shape (the rules then
 * judge whether it is allowed now), the types are inferred from it, and equality is core/actions.ts's
 * (attackers in any order).
 */
import { z } from 'zod';
import { sameAction } from '../../core/actions';

const slot = z.number().int().min(0).max(5);
const seat = z.number().int().min(0).max(2);
const card = z.string().min(1).max(40);
const count = z.number().int().min(0).max(40);

/** A card on a board: whose board and which of its 6 slots (0..5). */
const cardRef = z.object({ seat, slot });
/** What an attack hits: a board card, or a random card of that seat's hand (hand attacks only). */
const target = z.discriminatedUnion('zone', [
  z.object({ seat, zone: z.literal('board'), slot }),
  z.object({ seat, zone: z.literal('hand') }),
]);

// A plain union: `buy` and `place` each have two shapes under one type.
export const actionSchema = z.union([
  // Defense Management (free, any number, only before the main action):
  /** Move one shield between two of your own board cards (within the receiver's limit). */
  z.object({ type: z.literal('moveShield'), from: slot, to: slot }),
  /** Flip one shield of your card to money in your safe. */
  z.object({ type: z.literal('shieldToSafe'), slot }),
  /** Flip one money from your safe to a shield on your card (within its limit). */
  z.object({ type: z.literal('safeToShield'), slot }),
  /** Put a card from your hand onto your lowest free slot (once per turn; entry abilities trigger). */
  z.object({ type: z.literal('deploy'), card }),
  /** A card with `return_hand` goes back to your hand (its shields flip to your safe). */
  z.object({ type: z.literal('recall'), slot }),
  // Main actions (exactly one ends your turn, unless it opens a prompt first):
  /** Buy: the top of the Draw Pile (revealed; an event resolves at once) or a named Reserve card. */
  z.object({ type: z.literal('buy'), source: z.literal('pile') }),
  z.object({ type: z.literal('buy'), source: z.literal('reserve'), card }),
  /** Pay the card's bribe cost; it moves to your hand. */
  z.object({ type: z.literal('bribe'), target: cardRef }),
  /** Declare attackers (your slots) and a target; then an `ammo` prompt follows. */
  z.object({ type: z.literal('attack'), attackers: z.array(slot).min(1).max(6), target }),
  /**
   * Remove one of your non-Boss cards (hand or board) to the Discard Pile. A board card's shields
   * flip into your safe, or with `shields: 'board'` move onto your other cards (lowest slot first,
   * within limits; the rest to the safe).
   */
  z.object({ type: z.literal('discard'), card, shields: z.literal('board').optional() }),
  /** With a `sell` card on your board: one of your non-Boss cards to the Reserve for money. */
  z.object({ type: z.literal('sell'), card }),
  /** End the turn without a main action (also the turn timeout). */
  z.object({ type: z.literal('pass') }),
  // Prompts:
  /** After buying a non-event card: keep it in hand, or play it to the board with shields from the safe. */
  z.object({ type: z.literal('place'), to: z.literal('hand') }),
  z.object({ type: z.literal('place'), to: z.literal('board'), shields: count }),
  /** After declaring an attack: spend this much money as ammunition (+1 damage each). */
  z.object({ type: z.literal('ammo'), amount: count }),
  /** Choose a target for an ability prompt (entry attack, freeze); null = skip. */
  z.object({ type: z.literal('pick'), target: cardRef.nullable() }),
  /** Emergency Defense (defender): move one shield from your board slot onto the attacked hand card. */
  z.object({ type: z.literal('emergencyShield'), from: slot }),
  /** Emergency Defense (defender): done; the attack resolves. */
  z.object({ type: z.literal('emergencyDone') }),
]);

export type KingpinAction = z.infer<typeof actionSchema>;
export type CardRef = z.infer<typeof cardRef>;
export type AttackTarget = z.infer<typeof target>;

/** The same move: equal field by field, attackers in any order. */
export function sameKingpinAction(a: KingpinAction, b: KingpinAction): boolean {
  return sameAction(inOrder(a), inOrder(b));
}

/**
 * Whether `legal` holds `action` (`sameKingpinAction`), with `action` put in order once and only
 * actions of its type compared: `apply` asks this of the whole legal list on every action.
 */
export function listsAction(legal: readonly KingpinAction[], action: KingpinAction): boolean {
  const wanted = inOrder(action);
  return legal.some((a) => a.type === wanted.type && sameAction(inOrder(a), wanted));
}

function inOrder(a: KingpinAction): KingpinAction {
  return a.type === 'attack' && Array.isArray(a.attackers)
    ? { ...a, attackers: [...a.attackers].sort((x, y) => x - y) }
    : a;
}

/**
 * A readable name for an action (attackers sorted, fields in a fixed order), as tests list legal
 * moves: `attack:0,1:1:board:2`, `buy:reserve:loner_nurse`. The rules compare with `sameKingpinAction`.
 */
export function actionKey(a: KingpinAction): string {
  switch (a.type) {
    case 'moveShield':
      return `moveShield:${a.from}:${a.to}`;
    case 'shieldToSafe':
    case 'safeToShield':
    case 'recall':
      return `${a.type}:${a.slot}`;
    case 'discard':
      return a.shields === 'board' ? `discard:${a.card}:board` : `discard:${a.card}`;
    case 'deploy':
    case 'sell':
      return `${a.type}:${a.card}`;
    case 'buy':
      return a.source === 'pile' ? 'buy:pile' : `buy:reserve:${a.card}`;
    case 'bribe':
      return `bribe:${a.target?.seat}:${a.target?.slot}`;
    case 'attack': {
      const attackers = Array.isArray(a.attackers) ? [...a.attackers].sort((x, y) => x - y).join(',') : '?';
      const t = a.target;
      return `attack:${attackers}:${t?.seat}:${t?.zone}:${t?.zone === 'board' ? t.slot : ''}`;
    }
    case 'place':
      return a.to === 'hand' ? 'place:hand' : `place:board:${a.shields}`;
    case 'ammo':
      return `ammo:${a.amount}`;
    case 'pick':
      return a.target ? `pick:${a.target.seat}:${a.target.slot}` : 'pick:none';
    case 'emergencyShield':
      return `emergencyShield:${a.from}`;
    case 'pass':
    case 'emergencyDone':
      return a.type;
  }
}
