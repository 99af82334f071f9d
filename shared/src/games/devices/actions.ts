/** The shape of an incoming action (the rules then judge whether it is allowed now). */
import { z } from 'zod';
import type { DevicesAction, ProposalSpec } from './types';

const id = z.number().int().min(0).max(1_000_000);
const amount = z.number().int().min(0).max(9999);
const name = z.string().min(1).max(32);

export const proposalSchema: z.ZodType<ProposalSpec> = z.object({
  name,
  uniqueness: z.enum(['Non-Unique', 'Player', 'Game']),
  count: z.union([amount, z.literal('Infinite')]),
  price: amount,
  startingPrice: amount.optional(),
  powers: z.array(z.string().max(200)).max(4),
  attributes: z
    .record(
      z.string().min(1).max(24),
      z.union([z.string().min(1).max(32), z.number().int().min(0).max(999_999_999)]),
    )
    .refine((r) => Object.keys(r).length <= 6, 'At most 6 Attributes.')
    .optional(),
  properties: z.array(z.string().min(1).max(24)).max(6).optional(),
});

export const actionSchema: z.ZodType<DevicesAction> = z.discriminatedUnion('type', [
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
  z.object({ type: z.literal('draft'), spec: proposalSchema }),
  z.object({ type: z.literal('submit') }),
  z.object({ type: z.literal('vote'), proposal: id, yes: z.boolean() }),
  z.object({ type: z.literal('pass') }),
  z.object({ type: z.literal('panic'), on: z.boolean() }),
  z.object({ type: z.literal('emergencyVote'), choice: z.enum(['resume', 'rollback', 'end']) }),
  z.object({ type: z.literal('startClock') }),
  z.object({ type: z.literal('tick'), window: id }),
]);
