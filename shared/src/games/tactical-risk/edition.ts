/**
 * Rules editions (see core/editions.ts). Edition 1: the rules before the declared landings from
 * contested sea zones, the retreat beside an amphibious assault, the blitz past AA guns and the
 * prompt timer without phase timers; matches recorded under it replay and go on under those rules.
 * Edition 2: those four rules, with fog of war's moves still judged on the real board (so their answers
 * told where hidden enemy units stood).
 * Edition 3: under fog of war a seat's moves and placements are judged on what it can see, and a
 * move that brings new places into sight cannot be undone (sight.ts).
 * Edition 4: the bid (extra starting IPC for one alliance) and
 * the AI's pace are options, and a knocked-out faction with no money left has its whole turn passed
 * (its move phases too: idlePhases.ts). Older editions' options never carry `bid`, `bidSide` or `botPace`, so
 * their states, and their records' digests, stay as they were.
 * Edition 5: the current rules, every new table's: a seated person may take over an AI-played
 * country of their side (takeOver.ts); older records hold no take-over and replay as they were. A
 * round limit weighs each side's production against its economic-victory target (turns.ts limitLead).
 *
 * An edition-1 state keeps the options it always had (no `edition`, no `promptSeconds` key): its
 * state, and so a recorded match's digests, stay byte for byte those of the old code. So a state's
 * edition is read from its options, and a missing one is edition 1.
 */
import type { TacticalRiskOptions } from './types';

export const LATEST_EDITION = 5;

/** The first edition in which a person may take over an AI-played country of their side. */
export const TAKE_OVER_EDITION = 5;

/** The first edition whose round limit weighs production against each side's target (turns.ts). */
export const LIMIT_BY_TARGET_EDITION = 5;

/** The first edition whose options carry the bid and the AI's pace. */
export const BID_EDITION = 4;

/** The first edition that passes a knocked-out faction's whole turn, move phases included. */
export const KNOCKED_OUT_PASS_EDITION = 4;

/** The edition a state's rules follow. */
export function edition(s: { options: TacticalRiskOptions }): number {
  return s.options.edition ?? 1;
}

/** True for a match under edition 1's rules. */
export function isLegacy(s: { options: TacticalRiskOptions }): boolean {
  return edition(s) === 1;
}

/**
 * The options a new state keeps: edition 1's as the old code kept them (no `edition`, no
 * `promptSeconds`), the others with their edition made explicit (none given: the latest).
 */
export function stateOptions(options: TacticalRiskOptions): TacticalRiskOptions {
  if (options.edition === 1) {
    const { edition: _edition, promptSeconds: _prompt, bid: _b, bidSide: _s, botPace: _p, ...old } = options;
    return old;
  }
  const ed = options.edition ?? LATEST_EDITION;
  if (ed < BID_EDITION) {
    const { bid: _b, bidSide: _s, botPace: _p, ...old } = options;
    return { ...old, edition: ed };
  }
  return { ...options, edition: ed };
}
