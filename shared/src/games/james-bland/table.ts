/** James Bland at a table: its view description, its synced legal list and its bots' pace. */
import type { BotPace, TableSpec } from '../../core/contract';
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

/** No bot acts this long into Adaptation: people are still reading the round's recap (ms). */
export const ADAPTATION_READ_MS = 9000;
/** ... and in round 1, when the recap and the shop are new to everyone. */
export const ADAPTATION_READ_MS_ROUND1 = 14_000;
/** Then each bot move takes this long to think (the window is 45 s, 75 s in round 1). */
const ADAPTATION_THINK_MS = [1500, 7000] as const;
const ADAPTATION_THINK_MS_ROUND1 = [2000, 10_000] as const;
export const JB_BOT_GAP_MS = 1200;

/**
 * Adaptation is a shop everybody uses at once: bots wait out a reading window, then their purchases
 * spread over the phase (one at a time, a think time each) instead of emptying the shop at its
 * start. The other windows are simultaneous secret choices: bots answer at once (no pace).
 */
export function jamesBlandBotPace(s: JamesBlandState): BotPace | null {
  if (s.phase !== 'adaptation') return null;
  const first = s.round === 1;
  return {
    thinkMs: first ? ADAPTATION_THINK_MS_ROUND1 : ADAPTATION_THINK_MS,
    gapMs: JB_BOT_GAP_MS,
    readMs: first ? ADAPTATION_READ_MS_ROUND1 : ADAPTATION_READ_MS,
    window: `${s.round}:adaptation:${s.windowSeq}`,
  };
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
  botPace: jamesBlandBotPace,
};
