/**
 * The Interaction Matrix (design section 5, RULINGS 3): every (offense, defense) pair, plus "none",
 * is a cell. A cell either rolls (with a modifier), blocks (the failure outcome applies without a
 * roll), succeeds automatically (no-roll offenses), or finds the target untargetable (nothing
 * happens beyond the costs already paid).
 *
 * Outcome objects have the design's shape. Status fields are effects on that agent:
 * `active` = no change (as in the design's samples), `exposed` = the Exposed marker (RULINGS 5),
 * `compromised` = one compromise step, `captured`, `stuck` (caught by a Honeypot). Intel kinds name
 * what a side learns or draws. `effects` (absent from the design's samples) lists the offense's
 * special consequences that the resolver carries out.
 *
 * The four sample entries of section 5 are normative and reproduced exactly (matrix.test.ts).
 */
import type { DefenseChoice, OffenseId } from './data';
import { DEFENSES, OFFENSES } from './data';

export type StatusEffect = 'active' | 'exposed' | 'compromised' | 'captured' | 'stuck';

export type IntelKind =
  /** The defender learns who attacked. */
  | 'attackerIdentity'
  /** The defender sees one of the attacker's gadgets. */
  | 'attackerGadget'
  /** The attacker learns the defender's new status. */
  | 'defenderStatus'
  | 'defenderCompromised'
  /** The attacker sees the defender's chosen defense. */
  | 'defenderDefense'
  /** Draw one Intel Card from the deck. */
  | 'intelCard'
  /** Draw one Intel Card about the defender (a Secret Intel Card). */
  | 'targetIntelCard'
  /** Take one random Intel Card from the other side. */
  | 'confiscateCard';

export type EffectId =
  | 'halveIncome'
  | 'revealCodename'
  | 'surveillanceGuess'
  | 'bugged'
  | 'stealHalfIp'
  | 'stealGadget'
  | 'delayedIp2'
  | 'removeAllianceLink'
  | 'denyBonuses'
  | 'breakPact'
  | 'frame'
  | 'destroySurveillanceGadget';

export interface Outcome {
  offenseSucceeds: boolean;
  ipChangeOffender: number;
  ipChangeDefender: number;
  newStatusOffender: StatusEffect;
  newStatusDefender: StatusEffect;
  intelOffender: IntelKind[];
  intelDefender: IntelKind[];
  effects?: EffectId[];
}

export type CellMode = 'roll' | 'block' | 'auto' | 'untargetable';

export interface Cell {
  mode: CellMode;
  /** Added to the roll (roll cells only). */
  modifier: number;
  /** What happens when the offense succeeds (roll/auto cells). */
  success: Outcome | null;
  /** What happens when it fails or is blocked (roll/block cells). */
  failure: Outcome | null;
  /** Underground: the cell rolls only when the attacker spent at least this much IP; else untargetable. */
  minSpend?: number;
}

export type DefenseColumn = DefenseChoice;
export const COLUMNS: readonly DefenseColumn[] = [...DEFENSES, 'none'];

function o(
  offenseSucceeds: boolean,
  ipChangeOffender: number,
  ipChangeDefender: number,
  newStatusOffender: StatusEffect,
  newStatusDefender: StatusEffect,
  intelOffender: IntelKind[],
  intelDefender: IntelKind[],
  effects?: EffectId[],
): Outcome {
  const out: Outcome = {
    offenseSucceeds,
    ipChangeOffender,
    ipChangeDefender,
    newStatusOffender,
    newStatusDefender,
    intelOffender,
    intelDefender,
  };
  if (effects) out.effects = effects;
  return out;
}

/** Section 3: each offense's success and failure with no defense in the way. */
export const BASE: Record<OffenseId, { success: Outcome; failure: Outcome | null }> = {
  // Normative: the design's "default" sample entry.
  assassination: {
    success: o(true, 3, -3, 'active', 'compromised', ['defenderStatus'], []),
    failure: o(false, -1, 0, 'exposed', 'active', [], []),
  },
  sabotage: {
    success: o(true, 2, 0, 'active', 'active', [], [], ['halveIncome']),
    failure: o(false, 0, 0, 'active', 'active', [], []),
  },
  exposure: {
    success: o(true, 2, 0, 'active', 'active', ['intelCard'], [], ['revealCodename']),
    failure: o(false, -1, 0, 'exposed', 'active', [], []),
  },
  surveillance: {
    success: o(true, 0, 0, 'active', 'active', ['defenderDefense', 'intelCard'], [], ['surveillanceGuess']),
    failure: o(false, 0, 0, 'active', 'active', [], ['intelCard']),
  },
  infiltration: {
    success: o(true, 1, 0, 'active', 'active', ['targetIntelCard'], [], ['bugged']),
    failure: o(false, -1, 0, 'active', 'active', [], ['confiscateCard']),
  },
  assetTheft: {
    success: o(true, 1, 0, 'active', 'active', [], [], ['stealHalfIp', 'stealGadget']),
    failure: o(false, 0, 0, 'active', 'active', [], ['intelCard']),
  },
  // No roll: unblocked it pays +2 next round; the block is the Disinformation counter or defense.
  misinformation: {
    success: o(true, 0, 0, 'active', 'active', [], [], ['delayedIp2']),
    failure: o(false, -1, 0, 'active', 'active', [], ['intelCard']),
  },
  networkAttack: {
    success: o(true, 0, 0, 'active', 'active', [], [], ['removeAllianceLink']),
    failure: o(false, -2, 0, 'active', 'active', [], ['intelCard']),
  },
  resourceDenial: {
    success: o(true, 1, 0, 'active', 'active', [], [], ['denyBonuses']),
    failure: o(false, -2, 0, 'active', 'active', [], ['intelCard']),
  },
  // Targets a pact: the defender figures apply to each of the two partners.
  allianceDisruption: {
    success: o(true, 1, -1, 'active', 'active', [], [], ['breakPact']),
    failure: o(false, -2, 0, 'active', 'active', [], ['intelCard']),
  },
  falseFlag: {
    success: o(true, 2, 0, 'active', 'active', [], [], ['frame']),
    failure: o(false, -2, 0, 'active', 'active', [], ['intelCard']),
  },
  capture: {
    success: o(true, 2, 0, 'active', 'captured', [], []),
    failure: o(false, -1, 0, 'exposed', 'active', [], []),
  },
};

const roll = (off: OffenseId, modifier = 0): Cell => ({
  mode: 'roll',
  modifier,
  success: BASE[off].success,
  failure: BASE[off].failure,
});
const auto = (off: OffenseId): Cell => ({
  mode: 'auto',
  modifier: 0,
  success: BASE[off].success,
  failure: null,
});
const block = (failure: Outcome): Cell => ({ mode: 'block', modifier: 0, success: null, failure });
const untargetable: Cell = { mode: 'untargetable', modifier: 0, success: null, failure: null };

/**
 * Defensive success pays the defender (design 6.1): neutralising an attack +1, a counter-intelligence
 * intercept (a block by a counter-intelligence defense or tool, design 4.2 and 6.2) +2.
 */
export const NEUTRALISE_IP = 1;
export const INTERCEPT_IP = 2;

type Row = Record<DefenseColumn, Cell>;

/** What blocks pay the defender, and RULINGS 4's Safe House against Sabotage: per edition. */
interface Payouts {
  neutralise: number;
  intercept: number;
  honeypot: number;
  sabotageSafeHouseRuling: boolean;
}
/** Edition 2: design 6.1's defensive payouts and RULINGS 4. */
const PAYOUTS: Payouts = {
  neutralise: NEUTRALISE_IP,
  intercept: INTERCEPT_IP,
  honeypot: NEUTRALISE_IP,
  sabotageSafeHouseRuling: true,
};
/** Edition 1: only the Safe House / Bodyguard samples paid (+1); intercepts and Honeypot paid nothing. */
const LEGACY_PAYOUTS: Payouts = {
  neutralise: NEUTRALISE_IP,
  intercept: 0,
  honeypot: 0,
  sabotageSafeHouseRuling: false,
};

function buildMatrix(pay: Payouts): { matrix: Record<OffenseId, Row>; misinfoCountered: Outcome } {
  /** Safe House / Bodyguard blocks: the design's normative samples (and the same for Infiltration). */
  const SAFE_HOUSE_BLOCK = o(false, -1, pay.neutralise, 'exposed', 'active', [], ['attackerIdentity']);
  /**
   * Safe House against Sabotage (RULINGS 4): the attacker loses 1 IP (and the gadget), the defender
   * earns +1; no Exposed marker and no name (that is the Assassination sample's, not RULINGS 4's).
   */
  const SAFE_HOUSE_SABOTAGE_BLOCK = !pay.sabotageSafeHouseRuling
    ? SAFE_HOUSE_BLOCK
    : o(false, -1, pay.neutralise, 'active', 'active', [], []);
  const BODYGUARD_BLOCK = o(false, -1, pay.neutralise, 'exposed', 'active', [], ['attackerGadget']);
  /** Mobile Operations: the design's normative sample for Assassination that gets through. */
  const MOBILE_ASSASSINATION = o(true, 2, -2, 'active', 'compromised', ['defenderCompromised'], []);
  /** Sweep & Clear: the attempt fails; the defender draws a card and learns who it was (an intercept). */
  const sweep = (off: OffenseId) =>
    o(
      false,
      BASE[off].failure?.ipChangeOffender ?? 0,
      pay.intercept,
      'active',
      'active',
      [],
      ['attackerIdentity', 'intelCard'],
    );
  /** Honeypot: the attacker is Stuck (no offense next round); the defender draws 2 cards (+1 neutralised). */
  const honeypot = (off: OffenseId) =>
    o(
      false,
      BASE[off].failure?.ipChangeOffender ?? 0,
      pay.honeypot,
      'stuck',
      'active',
      [],
      ['intelCard', 'intelCard'],
    );
  /** False Flag against counter-intelligence (design 3.11): an intercept. */
  const FALSE_FLAG_CAUGHT: Outcome = { ...BASE.falseFlag.failure!, ipChangeDefender: pay.intercept };
  /** Misinformation countered (design 3.7) by the Disinformation counter or defense: an intercept. */
  const MISINFO_COUNTERED: Outcome = { ...BASE.misinformation.failure!, ipChangeDefender: pay.intercept };
  /** False Identity: the Exposure fails and the attacker is exposed instead (an intercept). */
  const MASK_SWAP = o(false, -1, pay.intercept, 'exposed', 'active', [], ['attackerIdentity']);
  /** Counter-Surveillance: the spent IP is lost (already paid), the Listening Devices destroyed, a card drawn. */
  const MIRRORED = o(
    false,
    0,
    pay.intercept,
    'active',
    'active',
    [],
    ['intelCard'],
    ['destroySurveillanceGadget'],
  );
  /** Sabotage failing its roll against Counter-Surveillance costs the attacker 1 IP (design 3.2). */
  const SABOTAGE_SPOTTED = o(false, -1, 0, 'active', 'active', [], []);

  const matrix: Record<OffenseId, Row> = {
    assassination: {
      safeHouse: block(SAFE_HOUSE_BLOCK),
      bodyguardDetail: block(BODYGUARD_BLOCK),
      mobileOperations: {
        mode: 'roll',
        modifier: -2,
        success: MOBILE_ASSASSINATION,
        failure: BASE.assassination.failure,
      },
      underground: untargetable,
      sweepAndClear: roll('assassination'),
      falseIdentity: roll('assassination'),
      counterSurveillance: roll('assassination'),
      disinformation: roll('assassination'),
      preemptiveStrike: roll('assassination'),
      allianceBuilding: roll('assassination'),
      honeypot: block(honeypot('assassination')),
      informationWarfare: roll('assassination'),
      none: roll('assassination'),
    },
    sabotage: {
      safeHouse: block(SAFE_HOUSE_SABOTAGE_BLOCK),
      bodyguardDetail: roll('sabotage'),
      mobileOperations: roll('sabotage', -2),
      underground: untargetable,
      sweepAndClear: roll('sabotage'),
      falseIdentity: roll('sabotage'),
      counterSurveillance: {
        mode: 'roll',
        modifier: 0,
        success: BASE.sabotage.success,
        failure: SABOTAGE_SPOTTED,
      },
      disinformation: roll('sabotage'),
      preemptiveStrike: roll('sabotage'),
      allianceBuilding: roll('sabotage'),
      honeypot: block(honeypot('sabotage')),
      informationWarfare: roll('sabotage'),
      none: roll('sabotage'),
    },
    exposure: {
      safeHouse: roll('exposure'),
      bodyguardDetail: roll('exposure'),
      mobileOperations: roll('exposure', -2),
      underground: untargetable,
      sweepAndClear: roll('exposure'),
      falseIdentity: block(MASK_SWAP),
      counterSurveillance: roll('exposure'),
      disinformation: roll('exposure'),
      preemptiveStrike: roll('exposure'),
      allianceBuilding: roll('exposure'),
      honeypot: block(honeypot('exposure')),
      informationWarfare: roll('exposure'),
      none: roll('exposure'),
    },
    surveillance: {
      safeHouse: roll('surveillance'),
      bodyguardDetail: roll('surveillance'),
      mobileOperations: roll('surveillance', -2),
      underground: untargetable,
      sweepAndClear: block(sweep('surveillance')),
      falseIdentity: roll('surveillance'),
      counterSurveillance: block(MIRRORED),
      disinformation: roll('surveillance'),
      preemptiveStrike: roll('surveillance'),
      allianceBuilding: roll('surveillance'),
      honeypot: block(honeypot('surveillance')),
      informationWarfare: roll('surveillance'),
      none: roll('surveillance'),
    },
    infiltration: {
      safeHouse: roll('infiltration'),
      bodyguardDetail: block(BODYGUARD_BLOCK),
      mobileOperations: roll('infiltration', -2),
      underground: untargetable,
      sweepAndClear: block(sweep('infiltration')),
      falseIdentity: roll('infiltration'),
      counterSurveillance: roll('infiltration'),
      disinformation: roll('infiltration'),
      preemptiveStrike: roll('infiltration'),
      allianceBuilding: roll('infiltration'),
      honeypot: block(honeypot('infiltration')),
      informationWarfare: roll('infiltration'),
      none: roll('infiltration'),
    },
    assetTheft: {
      safeHouse: roll('assetTheft'),
      bodyguardDetail: roll('assetTheft'),
      mobileOperations: roll('assetTheft', -2),
      underground: untargetable,
      sweepAndClear: roll('assetTheft'),
      falseIdentity: roll('assetTheft'),
      counterSurveillance: roll('assetTheft'),
      disinformation: roll('assetTheft'),
      preemptiveStrike: roll('assetTheft'),
      allianceBuilding: roll('assetTheft'),
      honeypot: block(honeypot('assetTheft')),
      informationWarfare: roll('assetTheft'),
      none: roll('assetTheft'),
    },
    misinformation: {
      safeHouse: auto('misinformation'),
      bodyguardDetail: auto('misinformation'),
      mobileOperations: auto('misinformation'),
      underground: untargetable,
      sweepAndClear: auto('misinformation'),
      falseIdentity: auto('misinformation'),
      counterSurveillance: auto('misinformation'),
      disinformation: block(MISINFO_COUNTERED),
      preemptiveStrike: auto('misinformation'),
      allianceBuilding: auto('misinformation'),
      honeypot: block(honeypot('misinformation')),
      informationWarfare: auto('misinformation'),
      none: auto('misinformation'),
    },
    networkAttack: {
      safeHouse: roll('networkAttack'),
      bodyguardDetail: roll('networkAttack'),
      mobileOperations: roll('networkAttack', -2),
      underground: { ...roll('networkAttack'), minSpend: 3 },
      sweepAndClear: roll('networkAttack'),
      falseIdentity: roll('networkAttack'),
      counterSurveillance: roll('networkAttack'),
      disinformation: roll('networkAttack'),
      preemptiveStrike: roll('networkAttack'),
      allianceBuilding: roll('networkAttack'),
      honeypot: block(honeypot('networkAttack')),
      informationWarfare: roll('networkAttack'),
      none: roll('networkAttack'),
    },
    resourceDenial: {
      safeHouse: roll('resourceDenial'),
      bodyguardDetail: roll('resourceDenial'),
      mobileOperations: roll('resourceDenial', -2),
      underground: untargetable,
      sweepAndClear: roll('resourceDenial'),
      falseIdentity: roll('resourceDenial'),
      counterSurveillance: roll('resourceDenial'),
      disinformation: roll('resourceDenial'),
      preemptiveStrike: roll('resourceDenial'),
      allianceBuilding: roll('resourceDenial'),
      honeypot: block(honeypot('resourceDenial')),
      informationWarfare: roll('resourceDenial'),
      none: roll('resourceDenial'),
    },
    // Aimed at a pact, not at an agent's person: personal defenses do not apply (the column is the
    // first named partner's defense).
    allianceDisruption: {
      safeHouse: roll('allianceDisruption'),
      bodyguardDetail: roll('allianceDisruption'),
      mobileOperations: roll('allianceDisruption'),
      underground: roll('allianceDisruption'),
      sweepAndClear: roll('allianceDisruption'),
      falseIdentity: roll('allianceDisruption'),
      counterSurveillance: roll('allianceDisruption'),
      disinformation: roll('allianceDisruption'),
      preemptiveStrike: roll('allianceDisruption'),
      allianceBuilding: roll('allianceDisruption'),
      honeypot: roll('allianceDisruption'),
      informationWarfare: roll('allianceDisruption'),
      none: roll('allianceDisruption'),
    },
    falseFlag: {
      safeHouse: auto('falseFlag'),
      bodyguardDetail: auto('falseFlag'),
      mobileOperations: auto('falseFlag'),
      underground: untargetable,
      sweepAndClear: block(FALSE_FLAG_CAUGHT),
      falseIdentity: block(FALSE_FLAG_CAUGHT),
      counterSurveillance: block(FALSE_FLAG_CAUGHT),
      disinformation: block(FALSE_FLAG_CAUGHT),
      preemptiveStrike: auto('falseFlag'),
      allianceBuilding: auto('falseFlag'),
      honeypot: block(honeypot('falseFlag')),
      informationWarfare: auto('falseFlag'),
      none: auto('falseFlag'),
    },
    capture: {
      safeHouse: roll('capture'),
      bodyguardDetail: roll('capture'),
      mobileOperations: roll('capture', -2),
      underground: untargetable,
      sweepAndClear: roll('capture'),
      falseIdentity: roll('capture'),
      counterSurveillance: roll('capture'),
      disinformation: roll('capture'),
      preemptiveStrike: roll('capture'),
      allianceBuilding: roll('capture'),
      honeypot: block(honeypot('capture')),
      informationWarfare: roll('capture'),
      none: roll('capture'),
    },
  };
  return { matrix, misinfoCountered: MISINFO_COUNTERED };
}

const EDITION_2 = buildMatrix(PAYOUTS);
const EDITION_1 = buildMatrix(LEGACY_PAYOUTS);

/** The attack matrix (edition 2). */
export const MATRIX = EDITION_2.matrix;
/** The attack matrix of edition 1. */
export const LEGACY_MATRIX = EDITION_1.matrix;
/** Misinformation countered (design 3.7) by the Disinformation counter or defense (edition 2). */
export const MISINFO_COUNTERED = EDITION_2.misinfoCountered;

/** The matrix of the edition being played. */
export const matrixFor = (legacy: boolean) => (legacy ? LEGACY_MATRIX : MATRIX);
/** Misinformation countered, in the edition being played. */
export const misinfoCounteredFor = (legacy: boolean) => (legacy ? EDITION_1 : EDITION_2).misinfoCountered;

export function cellFor(offense: OffenseId, defense: DefenseChoice): Cell {
  return MATRIX[offense][defense];
}

/** Every offense and column, for completeness checks and tools. */
export const MATRIX_KEYS = { offenses: OFFENSES, columns: COLUMNS };
