/** Small helpers over the server state shared by the rules files. */
import type { GameEvent } from '../../core/contract';
import { copyPlain } from '../../core/copyPlain';
import type { EngineCtx } from '../../devices-engine';
import { MACKEREL } from '../../devices-engine';
import { ndayName } from './calendar';
import type { DevicesState, TradePrice } from './types';

export type Events = GameEvent[];

export function ctxOf(s: DevicesState, events: Events): EngineCtx {
  return { units: MACKEREL, names: s.names, events };
}

/** Panic Buttons On needed for an emergency: at least half the players, and at least two. */
export function panicThreshold(s: DevicesState): number {
  return Math.max(2, Math.ceil(s.names.length / 2));
}

/**
 * Stamps every event not stamped yet with the current nweek and nday (text and data): every Game
 * Action is logged with its time. Called before the time changes and at the end of each action.
 */
export function stamp(s: DevicesState, events: Events): void {
  for (const e of events) {
    if (e.data && 'nweek' in e.data) continue;
    e.text = `[nweek ${s.nweek}, ${ndayName(s.nday)}] ${e.text}`;
    e.data = { ...e.data, nweek: s.nweek, nday: s.nday };
  }
}

/** An offer's price (a gift when none was set, as in records made before offers had prices). */
export function priceOf(s: DevicesState, offer: number): TradePrice {
  return s.offerPrices?.[offer] ?? { money: 0, points: 0 };
}

export function cloneState(s: DevicesState): DevicesState {
  // The week-start snapshot is never changed in place (it is replaced), so it is shared, not copied.
  const { weekStart, ...rest } = s;
  return { ...copyPlain(rest), weekStart };
}
