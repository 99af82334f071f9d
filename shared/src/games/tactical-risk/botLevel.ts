/**
 * How each level of the Tactical Risk AI plays: one profile per BotLevel, read by the phase plans
 * (botEconomy.ts, botCombatMove.ts, botNonCombatMove.ts and the battles in bot.ts).
 * - easy: a newcomer's mistakes. It attacks at poor odds, leaves its capital thin, spends on big
 *   units (armour, aircraft) even under threat and never retreats.
 * - normal: the AI as it was before levels.
 * - hard: plays as normal, and plays the last round before the table's round limit for the
 *   production count (lastRound below). Being only more cautious lost to normal (issue 32; the
 *   measured rows are in docs/rules/tactical-risk.md).
 */
import type { BotLevel } from '../../core/contract';
import type { Faction } from './board';
import { turnOrder } from './board';
import { hostile } from './state';
import type { TacticalRiskState } from './types';

export interface BotProfile {
  level: BotLevel;
  /** Capture odds a new attack needs (a follow-up wave needs `followUpOdds`). */
  attackOdds: number;
  followUpOdds: number;
  /** Capture odds an amphibious landing needs (an invasion of its target capital: 30%). */
  landingOdds: number;
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
  /** Plays the last round before the table's round limit for the production count (`lastRound`). */
  lastRound: boolean;
}

export const PROFILES: Record<BotLevel, BotProfile> = {
  easy: {
    level: 'easy',
    attackOdds: 0.4,
    followUpOdds: 0.3,
    landingOdds: 0.7,
    trials: 100,
    reserve: () => 1,
    threatenedAt: Infinity,
    bigSpender: true,
    retreatBelow: 0,
    alliedPlan: false,
    lastRound: false,
  },
  normal: {
    level: 'normal',
    attackOdds: 0.75,
    followUpOdds: 0.5,
    landingOdds: 0.7,
    trials: 300,
    reserve: (threat) => Math.min(12, Math.ceil(threat / 2) + 2),
    threatenedAt: 0.8,
    bigSpender: false,
    retreatBelow: 0.3,
    alliedPlan: true,
    lastRound: false,
  },
  hard: {
    level: 'hard',
    attackOdds: 0.75,
    followUpOdds: 0.5,
    landingOdds: 0.7,
    trials: 300,
    reserve: (threat) => Math.min(12, Math.ceil(threat / 2) + 2),
    threatenedAt: 0.8,
    bigSpender: false,
    retreatBelow: 0.3,
    alliedPlan: true,
    lastRound: true,
  },
};

/**
 * The profile for `f`'s turn now. In the last round before a round limit (production then decides)
 * a `lastRound` profile spends its army on territory: units have no later turn to fight in, so it
 * attacks at lower odds and presses every battle; when no enemy faction moves after it that round
 * nothing can take back what it takes or hit its capital, so it also attacks at any fair chance and
 * keeps no guard in its capital.
 */
export function lastRound(s: TacticalRiskState, f: Faction, p: BotProfile): BotProfile {
  const limit = s.options.roundLimit;
  if (!p.lastRound || !(limit > 0) || s.round < limit) return p;
  const later = turnOrder.slice(turnOrder.indexOf(f) + 1).some((g) => hostile(s, g, f));
  return later
    ? { ...p, attackOdds: 0.5, followUpOdds: 0.35, landingOdds: 0.5, retreatBelow: 0 }
    : { ...p, attackOdds: 0.3, followUpOdds: 0.2, landingOdds: 0.3, retreatBelow: 0, reserve: () => 0 };
}

export function profileOf(level: BotLevel | undefined): BotProfile {
  return PROFILES[level ?? 'normal'] ?? PROFILES.normal;
}
