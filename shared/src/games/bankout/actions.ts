/**
 * Bankout's actions, from one source: this schema validates an incoming action's shape (the rules then
 * judge whether it is allowed now), the type is inferred from it, and equality is core/actions.ts's.
 */
import { z } from 'zod';

const cardId = z.string().min(2).max(3);
const jokerChoice = z.enum(['swap', 'king', 'queen']);

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('draw') }),
  z.object({ type: z.literal('bank') }),
  /** End the turn without banking: the loot is lost. */
  z.object({ type: z.literal('endTurn') }),
  /** Play a Queen or King from hand; a round-3 Joker needs `choice`. */
  z.object({ type: z.literal('play'), card: cardId, choice: jokerChoice.optional() }),
  /** Resolve a round-2 Joker just drawn. */
  z.object({ type: z.literal('joker'), choice: jokerChoice }),
  /**
   * Answer a swap declared against you (round 3): `accept` true discards your Joker to cancel it
   * (only with a Joker in hand), false lets it through. Every round-3 swap asks, Joker or not.
   */
  z.object({ type: z.literal('counter'), accept: z.boolean() }),
  /** Hand limit: drop one card (the new one included). */
  z.object({ type: z.literal('discard'), card: cardId }),
]);

/** What a seat may send. */
export type BankoutSeatAction = z.infer<typeof actionSchema>;
