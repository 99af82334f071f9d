/** The shape of an incoming action (the rules then judge whether it is allowed now). */
import { z } from 'zod';
import { ASSETS, BANNER_MAX, DEFENSES, GADGETS, NPCS, OFFENSES } from './data';
import type { JamesBlandAction } from './types';

const seat = z.number().int().min(0).max(5);
const offense = z.enum([...OFFENSES, 'safeTurn']);
const defense = z.enum([...DEFENSES, 'none']);
const position = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const planSchema = z.object({
  offense,
  target: seat.optional(),
  target2: seat.optional(),
  enhance: z.number().int().min(0).max(2),
  useGadget: z.enum(['explosivesBox', 'anvilDrone']).optional(),
  positionGuess: position.optional(),
  defenseGuess: defense.optional(),
  defense,
  position: position.optional(),
  suspect: seat.optional(),
  partners: z.array(seat).max(5).optional(),
  claimAsset: z.enum(ASSETS).optional(),
  banner: z.object({ text: z.string().max(BANNER_MAX), redirect: seat }).optional(),
  counterMisinformation: z.boolean(),
  predictions: z.array(z.object({ seat, offense })).max(2),
  fortress: z.boolean(),
});

export const actionSchema: z.ZodType<JamesBlandAction> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('plan'), plan: planSchema }),
  z.object({ type: z.literal('timeUp') }),
  z.object({ type: z.literal('banner'), believe: z.boolean() }),
  z.object({ type: z.literal('buyGadget'), gadget: z.enum(GADGETS) }),
  z.object({ type: z.literal('recharge'), gadget: z.enum(GADGETS) }),
  z.object({ type: z.literal('bribe'), npc: z.enum(NPCS) }),
  z.object({ type: z.literal('recover') }),
  z.object({ type: z.literal('buyAsset'), asset: z.enum(ASSETS) }),
  z.object({ type: z.literal('offerPact'), to: seat }),
  z.object({ type: z.literal('acceptPact'), from: seat }),
  z.object({ type: z.literal('extendPact'), partner: seat }),
  z.object({ type: z.literal('breakPact'), partner: seat }),
  z.object({ type: z.literal('offerCoordination'), to: seat, target: seat }),
  z.object({ type: z.literal('acceptCoordination'), from: seat }),
  z.object({ type: z.literal('escape') }),
  z.object({ type: z.literal('haunt'), target: seat }),
  z.object({ type: z.literal('aimCamera'), target: seat }),
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('showdown'), choice: z.enum(['assassination', 'sabotage']) }),
]) as z.ZodType<JamesBlandAction>;
