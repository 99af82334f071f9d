/**
 * Bankout AI benchmark: prints ratios measured in one run (not a pass/fail test).
 *
 *   npx tsx bench/bankout-ai.ts          quick run (200 matches per duel, 20 per round-robin pair)
 *   BANKOUT_BENCH_MATCHES=2000 BANKOUT_RR_MATCHES=100 npx tsx bench/bankout-ai.ts   full run (~7 min)
 *
 * 1. Round-robin of the fixed policies "Queen on Alert; at loot >= T King if held, else bank" for
 *    T = 10, 20, ..., 100 to find the strongest T.
 * 2. The AI against a uniformly random legal-action bot, and against the strongest fixed policy.
 * Matches come in mirrored pairs (same seed, seats swapped), cycling Bankout/Blitz and Jokers on/off;
 * the first player of round 1 comes from the seed, so seats and first moves are fair.
 */
import { performance } from 'node:perf_hooks';
import { randomBot, thresholdBot } from '../shared/src/games/bankout/baselines';
import { bankoutBot } from '../shared/src/games/bankout/bot';
import type { BankoutBot } from '../shared/src/games/bankout/playout';
import { playMatch } from '../shared/src/games/bankout/playout';
import type { BankoutOptions } from '../shared/src/games/bankout/types';

const MATCHES = Number(process.env.BANKOUT_BENCH_MATCHES ?? 200);
const RR_MATCHES = Number(process.env.BANKOUT_RR_MATCHES ?? 20);
const THRESHOLDS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

function optionsFor(i: number): BankoutOptions {
  const k = Math.floor(i / 2);
  return { mode: k % 4 < 2 ? 'bankout' : 'blitz', jokers: k % 2 === 0, turnSeconds: 0 };
}

interface Tally {
  games: number;
  wins: number;
  byKind: Map<string, { games: number; wins: number }>;
}

/** Plays `n` matches (mirrored pairs) of `a` against `b`; counts a's wins. */
function duel(a: BankoutBot, b: BankoutBot, n: number, seedBase: number, timing?: number[]): Tally {
  const t: Tally = { games: 0, wins: 0, byKind: new Map() };
  for (let i = 0; i < n; i++) {
    const seed = seedBase + Math.floor(i / 2);
    const aSeat = i % 2;
    const bots: [BankoutBot, BankoutBot] = aSeat === 0 ? [a, b] : [b, a];
    const opts = optionsFor(i);
    const r = playMatch(opts, seed, bots, timing ? { clock: () => performance.now() } : {});
    if (timing && r.decideMs) timing.push(...r.decideMs[aSeat]!);
    const won = r.state.winner === aSeat;
    t.games++;
    if (won) t.wins++;
    const kind = `${opts.mode}, jokers ${opts.jokers ? 'on' : 'off'}`;
    const k = t.byKind.get(kind) ?? { games: 0, wins: 0 };
    k.games++;
    if (won) k.wins++;
    t.byKind.set(kind, k);
  }
  return t;
}

const pct = (w: number, g: number) => `${((100 * w) / Math.max(1, g)).toFixed(1)}%`;
/** 95% interval half-width of a win rate. */
const ci = (w: number, g: number) => {
  const p = w / Math.max(1, g);
  return `±${(196 * Math.sqrt((p * (1 - p)) / Math.max(1, g))).toFixed(1)}`;
};

function main(): void {
  const t0 = performance.now();
  console.log(`Bankout AI bench: ${MATCHES} matches per AI duel, ${RR_MATCHES} per round-robin pair.\n`);

  // 1. Round-robin of the threshold policies.
  const score = new Map<number, { wins: number; games: number }>(
    THRESHOLDS.map((t) => [t, { wins: 0, games: 0 }]),
  );
  for (let i = 0; i < THRESHOLDS.length; i++) {
    for (let j = i + 1; j < THRESHOLDS.length; j++) {
      const [ti, tj] = [THRESHOLDS[i]!, THRESHOLDS[j]!];
      const r = duel(thresholdBot(ti), thresholdBot(tj), RR_MATCHES, 1_000_000 + 1000 * i + 10 * j);
      score.get(ti)!.wins += r.wins;
      score.get(ti)!.games += r.games;
      score.get(tj)!.wins += r.games - r.wins;
      score.get(tj)!.games += r.games;
    }
  }
  const ranked = [...score.entries()].sort((x, y) => y[1].wins / y[1].games - x[1].wins / x[1].games);
  console.log('Round-robin of fixed policies (Queen on Alert; at loot >= T, King if held, else bank)');
  console.log('  T    win rate   games');
  for (const [t, s] of ranked)
    console.log(`  ${String(t).padStart(3)}  ${pct(s.wins, s.games).padStart(7)}   ${s.games}`);
  const bestT = ranked[0]![0];
  console.log(`  strongest: T = ${bestT}\n`);

  // 2. The AI against random and against the strongest fixed policy.
  const timing: number[] = [];
  const rows: [string, Tally][] = [
    ['AI vs random legal actions', duel(bankoutBot, randomBot, MATCHES, 1, timing)],
    [`AI vs fixed policy T=${bestT}`, duel(bankoutBot, thresholdBot(bestT), MATCHES, 500_000, timing)],
  ];
  console.log('Duel                              AI wins   95% CI   matches   target');
  const targets = ['>= 99%', '>= 55%'];
  rows.forEach(([name, t], i) => {
    console.log(
      `${name.padEnd(32)}  ${pct(t.wins, t.games).padStart(7)}  ${ci(t.wins, t.games).padStart(6)}   ${String(t.games).padStart(7)}   ${targets[i]}`,
    );
    for (const [kind, k] of t.byKind) {
      console.log(
        `    ${kind.padEnd(28)}  ${pct(k.wins, k.games).padStart(7)}            ${String(k.games).padStart(7)}`,
      );
    }
  });
  timing.sort((a, b) => a - b);
  const q = (f: number) => timing[Math.min(timing.length - 1, Math.floor(f * timing.length))] ?? 0;
  console.log(
    `\nAI decision time over ${timing.length} decisions: median ${q(0.5).toFixed(3)} ms, p99 ${q(0.99).toFixed(3)} ms, max ${q(1).toFixed(3)} ms`,
  );
  console.log(`Total bench time ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

main();
