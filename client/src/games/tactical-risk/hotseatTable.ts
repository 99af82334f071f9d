/**
 * Hot seat: the pieces the router fetches when `#/hotseat/tactical-risk` opens (the rules run in
 * this page, with no server), kept out of the lobby's code.
 */
import { tacticalRisk } from '@parlor/shared/games/tactical-risk/index';
import { LocalTable } from '../../offline/LocalTable';
import { type HotSeatSetup, hotSeatDialog } from './hotseat';
import { tacticalRiskViewFromRules } from './localView';

export { hotSeatDialog };

/** The local table everyone at this screen plays, seats and options as the setup form chose. */
export function hotSeatTable(setup: HotSeatSetup, botDelayMs: number): LocalTable {
  return new LocalTable({
    game: tacticalRisk,
    seats: setup.seats,
    options: setup.options,
    botDelayMs,
    viewOf: (view) => tacticalRiskViewFromRules(view as Parameters<typeof tacticalRiskViewFromRules>[0]),
  });
}
