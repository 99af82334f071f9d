/** The shape of an incoming action (the rules then judge whether it is allowed now). */
import { z } from 'zod';
import type { BankoutAction } from './types';

const cardId = z.string().min(2).max(3);
const jokerChoice = z.enum(['swap', 'king', 'queen']);

export const actionSchema: z.ZodType<BankoutAction> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('draw') }),
  z.object({ type: z.literal('bank') }),
  z.object({ type: z.literal('endTurn') }),
  z.object({ type: z.literal('play'), card: cardId, choice: jokerChoice.optional() }),
  z.object({ type: z.literal('joker'), choice: jokerChoice }),
  z.object({ type: z.literal('counter'), accept: z.boolean() }),
  z.object({ type: z.literal('discard'), card: cardId }),
]);

/** Two actions are the same move (used to check an action against the legal list). */
export function sameAction(a: BankoutAction, b: BankoutAction): boolean {
  if (a.type !== b.type) return false;
  switch (a.type) {
    case 'play':
      return b.type === 'play' && a.card === b.card && a.choice === b.choice;
    case 'joker':
      return b.type === 'joker' && a.choice === b.choice;
    case 'counter':
      return b.type === 'counter' && a.accept === b.accept;
    case 'discard':
      return b.type === 'discard' && a.card === b.card;
    default:
      return true;
  }
}
