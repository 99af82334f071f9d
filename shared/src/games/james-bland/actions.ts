/**
 * James Bland's actions, from one source: this schema validates an incoming action's shape (the rules
 * then judge whether it is allowed now), the types are inferred from it, and equality is
 * core/actions.ts's.
 */
import { z } from 'zod';
import { ASSETS, BANNER_MAX, DEFENSES, GADGETS, NPCS, OFFENSES } from './data';

const seat = z.number().int().min(0).max(5);
const offense = z.enum([...OFFENSES, 'safeTurn']);
const defense = z.enum([...DEFENSES, 'none']);
const position = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** Everything an agent commits to in one Planning Phase (RULINGS 13). */
export const planSchema = z.object({
  offense,
  /** The target of a direct offense; Alliance Disruption: the first partner of the pact. */
  target: seat.optional(),
  /** Alliance Disruption: the other partner. False Flag: the agent to frame (X). */
  target2: seat.optional(),
  /** IP spent to enhance the roll: +1 each, at most +2 (RULINGS 2). */
  enhance: z.number().int().min(0).max(2),
  /** A one-time attack gadget to use: Explosives Box (Sabotage) or Anvil Drone (Assassination). */
  useGadget: z.enum(['explosivesBox', 'anvilDrone']).optional(),
  /** Where you think a Mobile Operations target will be. */
  positionGuess: position.optional(),
  /** Surveillance pre-guess of the target's defense (+2 IP when right). */
  defenseGuess: defense.optional(),
  defense,
  /** Mobile Operations: where you skate to. */
  position: position.optional(),
  /** Preemptive Strike: the suspected attacker. */
  suspect: seat.optional(),
  /** Alliance Building: the partners you offer a pact (2 IP each); it forms when they name you too. */
  partners: z.array(seat).max(5).optional(),
  /**
   * Alliance Building with a controller (design 6.4): an asset one of the named partners controls.
   * If that pact forms, the asset passes to you and you pay its control cost to the controller.
   */
  claimAsset: z.enum(ASSETS).optional(),
  /** Information Warfare: the banner and where it sends the attackers who believe it. */
  banner: z.object({ text: z.string().max(BANNER_MAX), redirect: seat }).optional(),
  /** Pay 1 IP for the Disinformation counter against Misinformation. */
  counterMisinformation: z.boolean(),
  /** Exactly two guesses of other agents' offenses (+2 IP when both are right), or none. */
  predictions: z.array(z.object({ seat, offense })).max(2),
  /** Use the ACME Mobile Fortress this round. */
  fortress: z.boolean(),
});

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('plan'), plan: planSchema }),
  /** Sent by the room at a deadline (see timeouts.ts): default choices for every seat still missing. */
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
]);

export type Plan = z.infer<typeof planSchema>;
export type JamesBlandAction = z.infer<typeof actionSchema>;
