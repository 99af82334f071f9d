/**
 * Balance measurements over seeded bot matches, shared by the balance benchmark
 * (bench/kingpin-balance.ts) and the fast guarantee test (balance.test.ts).
 */
import { playMatch, type KingpinBot } from './playout';
import { setup } from './setup';
import type { KingpinOptions } from './types';

export interface BalanceReport {
  games: number;
  /** Matches that ended before every player had started two turns. */
  openingEnds: number;
  /** Players eliminated before starting their second turn (summed over the matches). */
  earlyEliminations: number;
  /** Matches with a winner (not a draw at the turn cap). */
  decided: number;
  /** Decided matches won by the seat that moved first. */
  firstWins: number;
  /** Median number of turns (all players' turns counted). */
  medianTurns: number;
  /** Matches decided at the turn cap. */
  capped: number;
  /** Wins per seat index. */
  winsBySeat: number[];
}

/** Plays `games` matches with seeds `seed0`, `seed0 + 1`, ... and measures them. */
export function measureBalance(
  options: KingpinOptions,
  bots: KingpinBot[],
  games: number,
  seed0: number,
): BalanceReport {
  const seats = bots.map((_, i) => ({ name: `P${i + 1}`, bot: true }));
  const lengths: number[] = [];
  const r: BalanceReport = {
    games,
    openingEnds: 0,
    earlyEliminations: 0,
    decided: 0,
    firstWins: 0,
    medianTurns: 0,
    capped: 0,
    winsBySeat: bots.map(() => 0),
  };
  for (let i = 0; i < games; i++) {
    const seed = seed0 + i;
    const first = setup(options, seats, seed).turn;
    const out = playMatch(options, seed, bots, {
      onStep: ({ before, after }) => {
        after.players.forEach((p, k) => {
          if (p.eliminated && !before.players[k]!.eliminated && p.turnsTaken < 2) r.earlyEliminations++;
        });
      },
    }).state;
    lengths.push(out.turnNumber);
    if (out.players.some((p) => p.turnsTaken < 2)) r.openingEnds++;
    if (out.capped) r.capped++;
    if (out.winner !== null) {
      r.decided++;
      r.winsBySeat[out.winner]!++;
      if (out.winner === first) r.firstWins++;
    }
  }
  lengths.sort((a, b) => a - b);
  const mid = Math.floor(lengths.length / 2);
  r.medianTurns = lengths.length % 2 ? lengths[mid]! : (lengths[mid - 1]! + lengths[mid]!) / 2;
  return r;
}
