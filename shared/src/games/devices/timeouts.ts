/**
 * Timed windows as data. Each window (the Clock Off at an nweek's start, each nday, each emergency)
 * has its own number, so its key changes whenever time moves. When the deadline passes the room
 * applies `tick` for seat 0: the Clock starts (from nweek 2 on), the nday ends, or the emergency is
 * decided.
 */
import type { TimeoutRule } from '../../core/contract';
import { CLOCK_OFF_MS, EMERGENCY_MS } from './calendar';
import { isLegacy } from './edition';
import type { DevicesAction, DevicesState } from './types';

export function timeout(s: DevicesState): TimeoutRule<DevicesAction> | null {
  if (s.phase === 'finished') return null;
  // The first nweek waits for the host's Clock: newcomers read the how-to first (bots act only
  // while the Clock is On). Edition 1 started it after CLOCK_OFF_MS as in every nweek.
  if (s.phase === 'running' && !s.clockOn && s.nweek === 1 && !isLegacy(s)) return null;
  const durationMs =
    s.phase === 'emergency' ? EMERGENCY_MS : s.clockOn ? s.options.ndaySeconds * 1000 : CLOCK_OFF_MS;
  return { key: `devices:${s.window}`, seat: 0, durationMs, action: { type: 'tick', window: s.window } };
}
