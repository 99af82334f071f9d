/** Devices at a table: its view description, synced legal list, host-only Clock start, timer-only tick, bot pace. */
import type { BotPace, TableSpec } from '../../core/contract';
import type { DevicesAction, DevicesOptions, DevicesPrivate, DevicesPublic, DevicesState } from './types';
import { devicesViewShape } from './viewShape';

type BotPaceName = NonNullable<DevicesOptions['botPace']>;

/**
 * What of a seat's legal actions is synced. The full list names every target Device of every
 * targeting Power and every recipient of every offer: with 8 players and a hundred Devices that is
 * hundreds to thousands of entries per seat, rewritten on most actions. The synced list keeps one
 * entry per Power and choice of X and player (its first target Device: the rules treat every
 * Device alike as a target, see legal.ts) and one offer per Device (its first recipient). The
 * screen lets a player pick any target or recipient; the server judges it.
 */
export function devicesSyncedLegal(legal: DevicesAction[]): DevicesAction[] {
  const seen = new Set<string>();
  return legal.filter((a) => {
    let key: string | null = null;
    if (a.type === 'activate' && a.target !== undefined)
      key = `activate ${a.device} ${a.power} ${a.x ?? ''} ${a.player ?? ''}`;
    else if (a.type === 'offer') key = `offer ${a.device}`;
    if (key === null) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Think times per pace (ms); the gap keeps every bot move 1.5 s or more after another or the Clock. */
const THINK_MS: Record<BotPaceName, readonly [number, number]> = {
  relaxed: [4000, 7000],
  normal: [2500, 5000],
  quick: [1500, 3000],
};
export const BOT_GAP_MS = 1500;

/** Bots play like people: one at a time, after a think time, never on the heels of another. */
export function devicesBotPace(s: DevicesState): BotPace {
  return { thinkMs: THINK_MS[s.options.botPace ?? 'normal'], gapMs: BOT_GAP_MS, window: String(s.window) };
}

export const devicesTable: TableSpec<DevicesState, DevicesAction, DevicesPublic, DevicesPrivate> = {
  schemaName: 'Devices',
  view: devicesViewShape,
  syncedLegal: devicesSyncedLegal,
  legalAsSet: true,
  // Only the table's host starts the Clock (whatever seat they sit in); else the timer does.
  hostOnly: (a) => a.type === 'startClock',
  // Time moves on (the Clock starts, an nday or an emergency ends) by the server's timer alone.
  clockOnly: (a) => a.type === 'tick',
  botPace: devicesBotPace,
};
