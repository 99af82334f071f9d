/**
 * A game's advice for a first match (GameMeta.firstMatchLevel), read against a waiting table: what
 * the waiting room's first-match button would change. Pure, so the waiting room and its tests read
 * the same answer.
 */
import type { BotLevel, FirstMatchAdvice } from './contract';
import { DEFAULT_BOT_LEVEL } from './contract';

/** A level as the waiting room names it. */
export const LEVEL_NAMES: Record<BotLevel, string> = { easy: 'Easy', normal: 'Normal', hard: 'Hard' };

/** A waiting table's seat, as the waiting room knows it. */
export interface FirstMatchSeat {
  occupied: boolean;
  bot: boolean;
  botLevel?: BotLevel;
}

export interface FirstMatchChanges {
  /** What the advice says for these seats, after "<Game> advises" ("Easy AIs"), and why. */
  says: string;
  why: string;
  /** The AI seats whose level changes, in seat order. */
  levels: { seat: number; level: BotLevel }[];
  /** The table's options with the advice's over them, when any of them changes; else null. */
  options: Record<string, unknown> | null;
}

/**
 * What applying `advice` at a table with these seats and options changes: each AI seat's level (the
 * advice's `level`, or its `bySeat` answer for the seats people sit in) and the options `bySeat`
 * sets; and what the advice says for these seats. Empty seats are neither people nor AIs: they
 * change nothing.
 */
export function firstMatchChanges(
  advice: FirstMatchAdvice,
  seats: readonly FirstMatchSeat[],
  options: Readonly<Record<string, unknown>>,
): FirstMatchChanges {
  const people = seats.flatMap((s, i) => (s.occupied && !s.bot ? [i] : []));
  const setup = advice.bySeat?.(people, seats.length, options);
  const levels = seats.flatMap((s, i) => {
    if (!s.bot) return [];
    const level = setup ? setup.levels[i] : advice.level;
    return level && level !== (s.botLevel ?? DEFAULT_BOT_LEVEL) ? [{ seat: i, level }] : [];
  });
  const asked = Object.entries(setup?.options ?? {});
  const differs = asked.some(([k, v]) => JSON.stringify(options[k]) !== JSON.stringify(v));
  return {
    says: setup?.says ?? advice.says ?? `${LEVEL_NAMES[advice.level]} AIs`,
    why: setup?.why ?? advice.why,
    levels,
    options: differs ? { ...options, ...Object.fromEntries(asked) } : null,
  };
}
