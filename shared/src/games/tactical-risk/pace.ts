/**
 * How the AI countries pace their moves at a table (the `botPace` option). `watch` keeps the server's
 * bot delay before every move (about a second), so a table can follow each move on the map; `quick`
 * gives each move a short think time only, so an AI country's turn passes in a few seconds beyond the
 * AI's own thinking. Not a rule: it only decides when the server asks a bot to act.
 */
import type { BotPace } from '../../core/contract';
import type { TacticalRiskState } from './types';

/** Think time before each move of a quick AI (ms, drawn uniformly). */
export const QUICK_THINK_MS: readonly [number, number] = [40, 120];

export function tacticalRiskBotPace(s: TacticalRiskState): BotPace | null {
  if (s.options.botPace !== 'quick') return null;
  // One window for the whole match: no reading pause between phases, only the think time.
  return { thinkMs: QUICK_THINK_MS, gapMs: 0, window: 'match', readMs: 0 };
}
