/**
 * Rules editions (see core/editions.ts). Edition 1 is the rules as they were before the balance
 * and design fixes of edition 2; matches recorded under it must replay byte for byte, so an
 * edition-1 state keeps the old shape: its options carry no `edition` (nor the newer clock
 * options), and the agents and the state keep their old fields. Everything edition-specific asks
 * `isLegacy` here.
 */
import type { JamesBlandOptions, JamesBlandState } from './types';

export const LATEST_EDITION = 4;

/** The edition these options ask for (a direct caller without one gets the newest). */
export const optionsEdition = (o: JamesBlandOptions): number => o.edition ?? LATEST_EDITION;

/**
 * Is this match played under edition 1? Its stored options are the old ones, without `edition`
 * (setup stores the edition explicitly for every newer one).
 */
export const isLegacy = (s: JamesBlandState): boolean => s.options.edition === undefined;

/** The edition a match is played under (1 for the old options without one). */
export const editionOf = (s: JamesBlandState): number => s.options.edition ?? 1;

/**
 * Edition 3: a plan's price counts the income a Mobile Fortress forfeits (no paid choice leaves a
 * seat below 0 IP), and each successful operation's reveal entry says what it did to whom.
 */
export const atLeast3 = (s: JamesBlandState): boolean => editionOf(s) >= 3;

/**
 * Edition 4: in a duel the ACME Mailman calls on an agent every other round at most (its three
 * secrets take five rounds, not three; ruling 12 in docs/rules/james-bland.md).
 */
export const atLeast4 = (s: JamesBlandState): boolean => editionOf(s) >= 4;
