/** James Bland at a table: its view description plus its synced legal list. */
import type { TableSpec } from '../../core/contract';
import type { JamesBlandAction, JamesBlandPrivate, JamesBlandPublic, JamesBlandState } from './types';
import { jamesBlandViewShape } from './viewShape';

/**
 * The legal plans are every offense x defense x target combination (hundreds with six agents), and
 * Coordinated Operation offers every partner x target: the seat gets one entry per offense and one
 * per defense it may choose now (each an exact plan the rules accept: that half with a Safe Turn or
 * no defense), and one coordination offer per partner. The planning panel composes the rest (any
 * target, parameters, several Alliance Building partners) and the shop lets the player choose the
 * Coordinated Operation's target; the room passes whatever is sent to the rules, which judge it.
 * Bots and timers use the full list on the server.
 */
export function syncedJamesBlandLegal(legal: JamesBlandAction[]): JamesBlandAction[] {
  const seen = new Set<string>();
  return legal.filter((a) => {
    let key: string | null = null;
    if (a.type === 'plan') {
      if (a.plan.defense !== 'none' && a.plan.offense !== 'safeTurn') return false;
      key = a.plan.defense === 'none' ? `o:${a.plan.offense}` : `d:${a.plan.defense}`;
    } else if (a.type === 'offerCoordination') key = `c:${a.to}`;
    if (key === null) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const jamesBlandTable: TableSpec<
  JamesBlandState,
  JamesBlandAction,
  JamesBlandPublic,
  JamesBlandPrivate
> = {
  schemaName: 'JamesBland',
  view: jamesBlandViewShape,
  syncedLegal: syncedJamesBlandLegal,
  legalAsSet: true,
  // A window's `timeUp` is the server's timer's alone (the rules also refuse it from any real seat).
  clockOnly: (a) => a.type === 'timeUp',
};
