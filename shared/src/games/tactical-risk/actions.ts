/** The shape of an incoming action (the rules then judge whether it is allowed now). */
import { z } from 'zod';
import { FACTIONS, UNIT_TYPES } from './board';
import type { TacticalRiskAction } from './types';

const name = z.string().min(1).max(60);
const unitType = z.enum(UNIT_TYPES);
const counts = z.partialRecord(unitType, z.number().int().min(0).max(200));
const ids = z.array(z.number().int().min(0)).max(500);

export const actionSchema: z.ZodType<TacticalRiskAction> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('draft'), faction: z.enum(FACTIONS) }),
  z.object({ type: z.literal('buy'), units: counts }),
  z.object({
    type: z.literal('move'),
    units: ids.min(1),
    path: z.array(name).min(2).max(12),
    transport: z.number().int().min(0).optional(),
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
  // The room's own (ClientMsg.takeOver), recorded at the dealer's seat: never a seat's action.
  z.object({ type: z.literal('takeOver'), faction: z.enum(FACTIONS), seat: z.number().int().min(0).max(15) }),
]) as z.ZodType<TacticalRiskAction>;

/** ClientMsg.takeOver's payload: the country to play from now on. */
export const takeOverPayload = z.object({ faction: z.enum(FACTIONS) });
