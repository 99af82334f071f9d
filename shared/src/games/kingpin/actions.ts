/** The shape of an incoming action (the rules then judge whether it is allowed now). */
import { z } from 'zod';
import type { KingpinAction } from './types';

const slot = z.number().int().min(0).max(5);
const seat = z.number().int().min(0).max(2);
const card = z.string().min(1).max(40);
const count = z.number().int().min(0).max(40);
const cardRef = z.object({ seat, slot });
const target = z.discriminatedUnion('zone', [
  z.object({ seat, zone: z.literal('board'), slot }),
  z.object({ seat, zone: z.literal('hand') }),
]);

export const actionSchema: z.ZodType<KingpinAction> = z.union([
  z.object({ type: z.literal('moveShield'), from: slot, to: slot }),
  z.object({ type: z.literal('shieldToSafe'), slot }),
  z.object({ type: z.literal('safeToShield'), slot }),
  z.object({ type: z.literal('deploy'), card }),
  z.object({ type: z.literal('recall'), slot }),
  z.object({ type: z.literal('buy'), source: z.literal('pile') }),
  z.object({ type: z.literal('buy'), source: z.literal('reserve'), card }),
  z.object({ type: z.literal('bribe'), target: cardRef }),
  z.object({ type: z.literal('attack'), attackers: z.array(slot).min(1).max(6), target }),
  z.object({ type: z.literal('discard'), card, shields: z.literal('board').optional() }),
  z.object({ type: z.literal('sell'), card }),
  z.object({ type: z.literal('pass') }),
  z.object({ type: z.literal('place'), to: z.literal('hand') }),
  z.object({ type: z.literal('place'), to: z.literal('board'), shields: count }),
  z.object({ type: z.literal('ammo'), amount: count }),
  z.object({ type: z.literal('pick'), target: cardRef.nullable() }),
  z.object({ type: z.literal('emergencyShield'), from: slot }),
  z.object({ type: z.literal('emergencyDone') }),
]) as z.ZodType<KingpinAction>;

/** A canonical string for an action (attackers sorted, fields in a fixed order): same move, same key. */
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
