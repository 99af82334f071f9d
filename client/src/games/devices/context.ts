/** What every Devices widget reads to render, built once per patch by the scene. */
import type { DevicesAction, DevicesPrivate, DevicesPublic } from '@parlor/shared/games/devices/types';

export interface MarketContext {
  pub: DevicesPublic;
  priv: DevicesPrivate | null;
  /** -1 for a spectator. */
  me: number;
  /** The table's host seat (-1 if none): only the host may start the Clock. */
  host: number;
  legal: DevicesAction[];
  /** Local epoch ms when the current window ends (0 = none). */
  deadline: number;
  send(a: DevicesAction): void;
}

export function has(ctx: MarketContext, pred: (a: DevicesAction) => boolean): DevicesAction | undefined {
  return ctx.legal.find(pred);
}

export function nameOf(ctx: MarketContext, seat: number): string {
  return ctx.pub.players[seat]?.name || `Seat ${seat + 1}`;
}
