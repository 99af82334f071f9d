/**
 * Tactical Risk's actions, from one source: this schema validates an incoming action's shape (the
 * rules then judge whether it is allowed now), the type is inferred from it, and equality is
 * core/actions.ts's.
 */
import { z } from 'zod';
import { FACTIONS, UNIT_TYPES } from './board';

const name = z.string().min(1).max(60);
const unitType = z.enum(UNIT_TYPES);
const counts = z.partialRecord(unitType, z.number().int().min(0).max(200));
const ids = z.array(z.number().int().min(0)).max(500);

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('draft'), faction: z.enum(FACTIONS) }),
  z.object({ type: z.literal('buy'), units: counts }),
  z.object({
    type: z.literal('move'),
    units: ids.min(1),
    /** Territories from the units' location to the destination, both included. */
    path: z.array(name).min(2).max(12),
    /** Loading: the transport to board (else the first with room). */
    transport: z.number().int().min(0).optional(),
    /** Bombers: a strategic bombing raid on the destination's factory. */
    raid: z.boolean().optional(),
  }),
  z.object({ type: z.literal('fight'), territory: name }),
  z.object({ type: z.literal('casualties'), units: ids }),
  z.object({ type: z.literal('press') }),
  z.object({ type: z.literal('retreat'), to: name }),
  z.object({ type: z.literal('submerge') }),
  z.object({
    type: z.literal('place'),
    unit: unitType,
    territory: name,
    count: z.number().int().min(1).max(50).optional(),
  }),
  z.object({ type: z.literal('undo') }),
  z.object({ type: z.literal('endPhase') }),
  /**
   * The room's own (ClientMsg.takeOver), recorded at the dealer's seat, never a seat's action: `seat`
   * plays `faction` from now on (takeOver.ts).
   */
  z.object({ type: z.literal('takeOver'), faction: z.enum(FACTIONS), seat: z.number().int().min(0).max(15) }),
]);

/** What a seat (or the room, for `takeOver`) may send. */
export type TacticalRiskSentAction = z.infer<typeof actionSchema>;

/** ClientMsg.takeOver's payload: the country to play from now on. */
export const takeOverPayload = z.object({ faction: z.enum(FACTIONS) });
