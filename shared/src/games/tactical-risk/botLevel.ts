/**
 * How each level of the Tactical Risk AI plays: one profile per BotLevel, read by the phase plans
 * (botEconomy.ts, botCombatMove.ts, botNonCombatMove.ts and the battles in bot.ts).
 * - easy: a newcomer's mistakes. It attacks at poor odds, leaves its capital thin, spends on big
 *   units (armour, aircraft) even under threat and never retreats.
 * - normal: the AI as it was before levels.
 * - hard: plays the percentages: attacks only at better odds (more calculator trials), keeps a
 *   larger guard in its capital and buys infantry for it sooner, retreats earlier from a lost battle.
 */
import type { BotLevel } from '../../core/contract';

export interface BotProfile {
  level: BotLevel;
  /** Capture odds a new attack needs (a follow-up wave needs `followUpOdds`). */
  attackOdds: number;
  followUpOdds: number;
  /** Calculator trials per judged attack. */
  trials: number;
  /** Land units the capital keeps against `threat` (attack strength in reach of it). */
  reserve(threat: number): number;
  /** Buys infantry only when the threat to its capital exceeds its defence times this. */
  threatenedAt: number;
  /** Spends like a newcomer: the big units first, whatever the threat. */
  bigSpender: boolean;
  /** Retreats when its odds in a battle fall below this (0: never). */
  retreatBelow: number;
  /** On the Allied side, plays the Allies' plan (botAllies.ts: capitals in danger first). */
  alliedPlan: boolean;
}

export const PROFILES: Record<BotLevel, BotProfile> = {
  easy: {
    level: 'easy',
    attackOdds: 0.4,
    followUpOdds: 0.3,
    trials: 100,
    reserve: () => 1,
    threatenedAt: Infinity,
    bigSpender: true,
    retreatBelow: 0,
    alliedPlan: false,
  },
  normal: {
    level: 'normal',
    attackOdds: 0.75,
    followUpOdds: 0.5,
    trials: 300,
    reserve: (threat) => Math.min(12, Math.ceil(threat / 2) + 2),
    threatenedAt: 0.8,
    bigSpender: false,
    retreatBelow: 0.3,
    alliedPlan: true,
  },
  hard: {
    level: 'hard',
    attackOdds: 0.85,
    followUpOdds: 0.6,
    trials: 600,
    reserve: (threat) => Math.min(20, Math.ceil(threat / 1.5) + 3),
    threatenedAt: 0.6,
    bigSpender: false,
    retreatBelow: 0.4,
    alliedPlan: true,
  },
};

export function profileOf(level: BotLevel | undefined): BotProfile {
  return PROFILES[level ?? 'normal'] ?? PROFILES.normal;
}
