/**
 * Devices' actions, from one source: this schema validates an incoming action's shape (the rules then
 * judge whether it is allowed now), the types are inferred from it, and equality is core/actions.ts's.
 */
import { z } from 'zod';

const id = z.number().int().min(0).max(1_000_000);
const amount = z.number().int().min(0).max(9999);
const name = z.string().min(1).max(32);

/** A Blueprint as proposed: Powers in the RFC's text form. */
export const proposalSchema = z.object({
  name,
  uniqueness: z.enum(['Non-Unique', 'Player', 'Game']),
  count: z.union([amount, z.literal('Infinite')]),
  price: amount,
  /** Present = Biddable from this Starting Price. */
  startingPrice: amount.optional(),
  powers: z.array(z.string().max(200)).max(4),
  /** The Additional Device Definition's Attributes ("colour = gold"), given to every Device made. */
  attributes: z
    .record(
      z.string().min(1).max(24),
      z.union([z.string().min(1).max(32), z.number().int().min(0).max(999_999_999)]),
    )
    .refine((r) => Object.keys(r).length <= 6, 'At most 6 Attributes.')
    .optional(),
  /** ... and its Properties ("Shiny"). */
  properties: z.array(z.string().min(1).max(24)).max(6).optional(),
});

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('purchase'), blueprint: name }),
  z.object({ type: z.literal('bid'), blueprint: name, amount }),
  z.object({
    type: z.literal('activate'),
    device: id,
    power: name,
    x: amount.optional(),
    player: z.number().int().min(0).max(7).optional(),
    target: id.optional(),
  }),
  z.object({ type: z.literal('destroy'), device: id }),
  /** Offer one of your Devices to a player for a price (money and/or Points; none = a gift). */
  z.object({
    type: z.literal('offer'),
    device: id,
    to: z.number().int().min(0).max(7),
    money: amount.optional(),
    points: amount.optional(),
  }),
  z.object({ type: z.literal('accept'), offer: id }),
  z.object({ type: z.literal('decline'), offer: id }),
  z.object({ type: z.literal('convert'), points: z.number().int().min(1).max(9999) }),
  /** Save (or replace) your private draft proposal. */
  z.object({ type: z.literal('draft'), spec: proposalSchema }),
  /** Make your draft public: it is voted on at the next Ballotday. */
  z.object({ type: z.literal('submit') }),
  z.object({ type: z.literal('vote'), proposal: id, yes: z.boolean() }),
  /** Done for this nday (the nday ends early once every player has passed). */
  z.object({ type: z.literal('pass') }),
  z.object({ type: z.literal('panic'), on: z.boolean() }),
  z.object({ type: z.literal('emergencyVote'), choice: z.enum(['resume', 'rollback', 'end']) }),
  /** The table's host starts the Clock (the room lets no one else send it; edition 1: seat 0). */
  z.object({ type: z.literal('startClock') }),
  /**
   * Time passes: the server's timer alone applies it (the room refuses it from every client and
   * bot): starts the Clock, ends the nday or the emergency. Edition 1 records hold it from seat 0.
   */
  z.object({ type: z.literal('tick'), window: id }),
]);

export type ProposalSpec = z.infer<typeof proposalSchema>;
export type DevicesAction = z.infer<typeof actionSchema>;
