/**
 * Rules editions (see shared/src/core/editions.ts). Edition 1 is Kingpin as it was before the
 * opening truce, the Boss HP option, the ammunition cap, the optional victories, bribe-then-attack,
 * the Raid ruling, discarding shields onto the board and the single Authority aura. Matches recorded
 * under it replay to exactly the states they had, so an edition-1 state stores only the options
 * edition 1 knew (no `edition` key: its absence means edition 1) and none of the newer state fields.
 * Every rule that differs asks `isLegacy(s)` or reads the options through `rulesOf(s)`.
 * Edition 3 adds the base income (`income`, $1 a turn on the default table): an edition-2 state
 * stores no `income` key (its records and digests stay as they were), and `rulesOf` reads it as 0.
 * Edition 4 adds the reinforcements option (`reinforcements`, off by default): editions 1-3 store no
 * such key and `rulesOf` reads it as off. Edition 5 stores the same options; its reinforcements are
 * a catch-up (only a Boss that has lost more HP than a rival Boss gets the card, frozen through its
 * owner's next turn) and on by default; an edition-4 table keeps edition 4's (every lone Boss,
 * frozen for the turn): see `reinforcementRule`.
 */
import { DESIGN_BOSS_HP } from './state';
import type {
  KingpinOptions,
  KingpinState,
  KingpinStateOptions,
  ReinforcementRule,
  WinReason,
} from './types';

export const LEGACY_EDITION = 1;
/** The edition before the base income (edition 3). */
export const EDITION_2 = 2;
/** The edition before reinforcements (edition 4). */
export const EDITION_3 = 3;
/** Reinforcements for every lone Boss, off by default (edition 5 made them a catch-up, on by default). */
export const EDITION_4 = 4;
export const CURRENT_EDITION = 5;

/** The values editions 1-3 play the option added in edition 4 with (no reinforcements). */
export const EDITION_3_OPTIONS: Pick<KingpinOptions, 'reinforcements'> = { reinforcements: false };

/** The values editions 1 and 2 play the options added in editions 3 and 4 with (no base income). */
export const EDITION_2_OPTIONS: Pick<KingpinOptions, 'income' | 'reinforcements'> = {
  income: 0,
  ...EDITION_3_OPTIONS,
};

/** The values edition 1 plays the options added in edition 2 with (the design's rules, nothing optional). */
export const EDITION_1_OPTIONS: Omit<KingpinOptions, 'emergencyDefense' | 'turnSeconds'> = {
  edition: LEGACY_EDITION,
  bossTruce: false,
  bossHp: DESIGN_BOSS_HP,
  ammoCap: 0,
  economicCollapse: false,
  dominationTokens: 0,
  ...EDITION_2_OPTIONS,
};

export function edition(s: Pick<KingpinState, 'options'>): number {
  return s.options.edition ?? LEGACY_EDITION;
}

/** True for a match begun under edition 1 (recorded before Kingpin had editions). */
export function isLegacy(s: Pick<KingpinState, 'options'>): boolean {
  return edition(s) === LEGACY_EDITION;
}

/** The match's full options, an older edition's values filled in for the options it did not have. */
export function rulesOf(s: Pick<KingpinState, 'options'>): KingpinOptions {
  if (isLegacy(s)) return { ...EDITION_1_OPTIONS, ...s.options };
  const ed = edition(s);
  if (ed === EDITION_2) return { ...(s.options as KingpinOptions), ...EDITION_2_OPTIONS };
  if (ed === EDITION_3) return { ...(s.options as KingpinOptions), ...EDITION_3_OPTIONS };
  return s.options as KingpinOptions;
}

/**
 * Which reinforcements the match plays (docs/rules/kingpin.md "The endgame"): none, edition 4's
 * (`lone`: every Boss left alone on its board with an empty hand, the card frozen for the turn) or
 * edition 5's (`behind`: only while that Boss has lost more HP than another living Boss, the card
 * frozen through its owner's next turn).
 */
export function reinforcementRule(s: Pick<KingpinState, 'options'>): ReinforcementRule {
  if (!rulesOf(s).reinforcements) return 'off';
  return edition(s) === EDITION_4 ? 'lone' : 'behind';
}

/** A seat as edition 5's catch-up compares it: out or not, and the HP its Boss has lost (0 without one). */
export interface BossLoss {
  eliminated: boolean;
  /** In any one unit for every seat (the rules count quarters, the view HP). */
  lost: number;
}

/**
 * Edition 5's "behind" (`reinforcementRule`'s `behind`): the living rival whose Boss has lost the
 * least HP, when that is less than `seat`'s Boss has lost; else null (the seat is not behind). The
 * one test for the rules (turn.ts, from the state) and the normal bot (botNormal.ts `replaced`, from
 * the view).
 */
export function lessHurtRival(seats: readonly BossLoss[], seat: number): number | null {
  let best: number | null = null;
  seats.forEach((q, k) => {
    if (k === seat || q.eliminated) return;
    if (best === null || q.lost < seats[best]!.lost) best = k;
  });
  return best !== null && seats[best]!.lost < seats[seat]!.lost ? best : null;
}

/**
 * The options a new state stores: all of them from edition 4 on; edition 3 all but reinforcements,
 * edition 2 all but the income and reinforcements it did not have; for edition 1 only the ones its
 * states always had, plus any newer option set away from edition 1's value (never in a record).
 */
export function stateOptions(options: KingpinOptions): KingpinStateOptions {
  if (options.edition === EDITION_3) {
    const { reinforcements: _none, ...rest } = options;
    return rest;
  }
  if (options.edition === EDITION_2) {
    const { income: _none, reinforcements: _neither, ...rest } = options;
    return rest;
  }
  if (options.edition !== LEGACY_EDITION) return { ...options };
  const out: KingpinStateOptions = {
    emergencyDefense: options.emergencyDefense,
    turnSeconds: options.turnSeconds,
  };
  for (const key of Object.keys(EDITION_1_OPTIONS) as (keyof typeof EDITION_1_OPTIONS)[]) {
    if (key !== 'edition' && options[key] !== EDITION_1_OPTIONS[key])
      Object.assign(out, { [key]: options[key] });
  }
  return out;
}

/** How the match was won; edition-1 states do not store it, so it is derived from `capped`. */
export function winReasonOf(s: KingpinState): WinReason | null {
  if (s.winReason !== undefined) return s.winReason;
  if (s.winner === null) return null;
  return s.capped ? 'cap' : 'boss';
}

/** Records how the match was won (edition 2 on; edition 1 derives it, see winReasonOf). */
export function setWinReason(s: KingpinState, reason: WinReason | null): void {
  if (!isLegacy(s)) s.winReason = reason;
}
