/**
 * James Bland bot benchmark: prints measurements (not a pass/fail test).
 *
 *   npx tsx bench/james-bland-ai.ts                 500 seeded 4-player games + 100 all-bot games
 *   JB_BENCH_GAMES=2000 npx tsx bench/james-bland-ai.ts
 *
 * 1. The bot in one seat (rotating through the four seats) against three random-action bots:
 *    its win rate (the goal is >= 70%) and how it wins.
 * 2. Four bots against each other: the time all four bots take to decide one full round
 *    (planning, banner answers, adaptation), p50 / p99 / max (the goal is < 100 ms), and how games end.
 */
import { performance } from 'node:perf_hooks';
import { randomBot } from '../shared/src/games/james-bland/baselines';
import type { JamesBlandBot } from '../shared/src/games/james-bland/baselines';
import { jamesBlandBot } from '../shared/src/games/james-bland/bot';
import { playMatch } from '../shared/src/games/james-bland/playout';

const GAMES = Number(process.env.JB_BENCH_GAMES ?? 500);
const SELF_GAMES = Number(process.env.JB_BENCH_SELF_GAMES ?? 100);
const OPTIONS = { planningSeconds: 0, roundLimit: 30 };

const how = (summary: string) => (summary.split(': ')[1] ?? summary).replace(/ \(.*/, '');
const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)}%`;

let wins = 0;
const ways = new Map<string, number>();
let rounds = 0;
const t0 = performance.now();
for (let i = 0; i < GAMES; i++) {
  const seat = i % 4;
  const bots: JamesBlandBot[] = [randomBot, randomBot, randomBot, randomBot];
  bots[seat] = jamesBlandBot;
  const r = playMatch(OPTIONS, 10_000 + i, bots);
  const won = r.state.winners.includes(seat);
  if (won) wins++;
  rounds += r.state.round;
  const k = `${won ? 'won' : 'lost'}: ${how(r.state.summary)}`;
  ways.set(k, (ways.get(k) ?? 0) + 1);
}
console.log(
  `Bot vs 3 random-action bots, ${GAMES} four-player games (${((performance.now() - t0) / 1000).toFixed(1)} s):`,
);
console.log(
  `  bot wins ${wins} = ${pct(wins, GAMES)} (goal >= 70%; a random seat would win ~25%), ${(rounds / GAMES).toFixed(1)} rounds per game`,
);
for (const [k, n] of [...ways].sort((a, b) => b[1] - a[1])) console.log(`  ${k}: ${n}`);

const perRound: number[] = [];
const endings = new Map<string, number>();
for (let i = 0; i < SELF_GAMES; i++) {
  const r = playMatch(OPTIONS, 20_000 + i, [jamesBlandBot, jamesBlandBot, jamesBlandBot, jamesBlandBot], {
    clock: () => performance.now(),
  });
  perRound.push(...(r.roundMs ?? []).filter((x) => x !== undefined));
  const k = how(r.state.summary);
  endings.set(k, (endings.get(k) ?? 0) + 1);
}
perRound.sort((a, b) => a - b);
const q = (p: number) => perRound[Math.min(perRound.length - 1, Math.floor(p * perRound.length))]!.toFixed(2);
console.log(
  `\nFour bots, ${SELF_GAMES} games, ${perRound.length} rounds: one full round of bot decisions takes`,
);
console.log(
  `  p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${perRound[perRound.length - 1]!.toFixed(2)} ms (goal < 100 ms)`,
);
for (const [k, n] of [...endings].sort((a, b) => b[1] - a[1])) console.log(`  ${k}: ${n}`);
