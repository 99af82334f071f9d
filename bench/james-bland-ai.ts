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

/** CPU time of this process in ms: on a shared, loaded machine wall time mostly measures waiting. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const wall: number[] = [];
const cpu: number[] = [];
const endings = new Map<string, number>();
for (let i = 0; i < SELF_GAMES; i++) {
  const bots = [jamesBlandBot, jamesBlandBot, jamesBlandBot, jamesBlandBot];
  const r = playMatch(OPTIONS, 20_000 + i, bots, { clock: () => performance.now() });
  wall.push(...(r.roundMs ?? []).filter((x) => x !== undefined));
  // The same game again (deterministic), timed by CPU.
  const c = playMatch(OPTIONS, 20_000 + i, bots, { clock: cpuMs });
  cpu.push(...(c.roundMs ?? []).filter((x) => x !== undefined));
  const k = how(r.state.summary);
  endings.set(k, (endings.get(k) ?? 0) + 1);
}
const stats = (xs: number[]) => {
  xs.sort((a, b) => a - b);
  const q = (p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!.toFixed(2);
  return `p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${xs[xs.length - 1]!.toFixed(2)} ms`;
};
console.log(
  `\nFour bots, ${SELF_GAMES} games, ${wall.length} rounds: one full round of bot decisions takes (goal < 100 ms)`,
);
console.log(`  wall time: ${stats(wall)}`);
console.log(`  CPU time:  ${stats(cpu)}`);
for (const [k, n] of [...endings].sort((a, b) => b[1] - a[1])) console.log(`  ${k}: ${n}`);
