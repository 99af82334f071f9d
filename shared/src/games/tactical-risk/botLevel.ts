/**
 * How each level of the Tactical Risk AI plays: one profile per BotLevel, read by the phase plans
 * (botEconomy.ts, botCombatMove.ts, botNonCombatMove.ts and the battles in bot.ts). At a table
 * decided by production at its round limit, territory taken counts and caution loses (issue 32's
 * measurements, docs/rules/tactical-risk.md), so every level takes territory at fair odds:
 * - easy: a newcomer's mistakes. It spends on big units (armour, fighters, bombers) even under
 *   threat, never helps an ally's capital, never retreats, asks the calculator for fewer trials, and
 *   picks among its fair attacks more loosely (the obvious one rather than the best).
 * - normal: attacks at 40% capture odds, buys the infantry wall when threatened, plays the Allies'
 *   plan on the Allied side, and keeps a capital guard the calculator sizes to the enemy units in
 *   reach (the table's balance with five AIs needs it: without it the Allies took Germany by round
 *   10 and won every game).
 * - hard: keeps one unit in its capital (the guard costs more territory than it saves: measured),
 *   always plays its best-scored attack, and plays the last round before the round limit for the
 *   production count (lastRound below).
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
  /** When set, the capital's guard comes from the calculator instead (botBoard.ts capitalReserve). */
  holdOdds?: number;
  /** Buys infantry only when the threat to its capital exceeds its defence times this. */
  threatenedAt: number;
  /** Spends like a newcomer: the big units first, whatever the threat. */
  bigSpender: boolean;
  /** Buys infantry and artillery in pairs (the most attack and defence per IPC), never the rich mix. */
  pairs: boolean;
  /** Retreats when its odds in a battle fall below this (0: never). */
  retreatBelow: number;
  /** On the Allied side, plays the Allies' plan (botAllies.ts: capitals in danger first). */
  alliedPlan: boolean;
  /** Plays the last round before the table's round limit for the production count (`lastRound`). */
  lastRound: boolean;
  /**
   * Variety (issue 32): with a seeded random source, attacks are drawn among those scoring within
   * this share of the best, and purchases start their pattern at a drawn place (0: the best always).
   */
  spread: number;
}

/** What every level shares: it takes territory at 40% capture odds. */
const BASE: BotProfile = {
  level: 'normal',
  attackOdds: 0.4,
  followUpOdds: 0.3,
  landingOdds: 0.7,
  trials: 300,
  reserve: () => 1,
  threatenedAt: 0.8,
  bigSpender: false,
  pairs: false,
  retreatBelow: 0.3,
  alliedPlan: true,
  lastRound: false,
  spread: 0.1,
};

export const PROFILES: Record<BotLevel, BotProfile> = {
  easy: {
    ...BASE,
    level: 'easy',
    trials: 100,
    threatenedAt: Infinity,
    bigSpender: true,
    retreatBelow: 0,
    alliedPlan: false,
    spread: 0.3,
  },
  normal: {
    ...BASE,
    // A capital guard from the calculator: against the enemy units in reach it holds at least half
    // the time, at most min(12, threat / 2 + 2) units.
    reserve: (threat) => Math.min(12, Math.ceil(threat / 2) + 2),
    holdOdds: 0.5,
  },
  hard: {
    ...BASE,
    level: 'hard',
    lastRound: true,
    spread: 0,
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
    ? { ...p, attackOdds: 0.25, followUpOdds: 0.2, landingOdds: 0.5, retreatBelow: 0 }
    : {
        ...p,
        attackOdds: 0.15,
        followUpOdds: 0.1,
        landingOdds: 0.3,
        retreatBelow: 0,
        reserve: () => 0,
        holdOdds: undefined,
      };
}

export function profileOf(level: BotLevel | undefined): BotProfile {
  return PROFILES[level ?? 'normal'] ?? PROFILES.normal;
}
