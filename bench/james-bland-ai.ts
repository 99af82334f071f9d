/**
 * James Bland bot benchmark: prints measurements (not a pass/fail test).
 *
 *   npx tsx bench/james-bland-ai.ts                 500 seeded duels, 500 four-player games, 100 all-bot games
 *   JB_BENCH_GAMES=2000 npx tsx bench/james-bland-ai.ts
 *
 * 1. One-on-one (the 1v1 variant): the bot against a random-action bot, seats alternating. Goal >= 75%.
 * 2. Four players: the bot in one seat (rotating) against three random-action bots. Goal >= 95%.
 *    For both: win rate, game length in rounds (mean, median, p90) and how games end.
 * 3. Four bots against each other, at each level (easy, normal, hard): the time all four bots take
 *    to decide one full round (planning, banner answers, adaptation), p50 / p99 / max (goal < 100 ms;
 *    this used to be a timed test in bot.test.ts), and how games end.
 */
import type { BotLevel } from '../shared/src/core/contract';
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
const quantile = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
};

function againstRandom(players: number, goal: string): void {
  let wins = 0;
  const ways = new Map<string, number>();
  const rounds: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < GAMES; i++) {
    const seat = i % players;
    const bots: JamesBlandBot[] = Array.from({ length: players }, () => randomBot);
    bots[seat] = jamesBlandBot;
    const r = playMatch(OPTIONS, 10_000 + i, bots);
    const won = r.state.winners.includes(seat);
    if (won) wins++;
    rounds.push(r.state.round);
    const k = `${won ? 'won' : 'lost'}: ${how(r.state.summary)}`;
    ways.set(k, (ways.get(k) ?? 0) + 1);
  }
  const mean = rounds.reduce((a, b) => a + b, 0) / rounds.length;
  console.log(
    `Bot vs ${players - 1} random-action bot${players > 2 ? 's' : ''}, ${GAMES} ${players}-player games (${((performance.now() - t0) / 1000).toFixed(1)} s):`,
  );
  console.log(
    `  bot wins ${wins} = ${pct(wins, GAMES)} (goal ${goal}; a random seat would win ~${pct(1, players)})`,
  );
  console.log(
    `  game length: ${mean.toFixed(1)} rounds on average, median ${quantile(rounds, 0.5)}, p90 ${quantile(rounds, 0.9)}, max ${Math.max(...rounds)}`,
  );
  for (const [k, n] of [...ways].sort((a, b) => b[1] - a[1])) console.log(`  ${k}: ${n}`);
}

againstRandom(2, '>= 75%');
console.log('');
againstRandom(4, '>= 95%');

/** CPU time of this process in ms: on a shared, loaded machine wall time mostly measures waiting. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const stats = (xs: number[]) =>
  `p50 ${quantile(xs, 0.5).toFixed(2)} ms, p99 ${quantile(xs, 0.99).toFixed(2)} ms, max ${Math.max(...xs).toFixed(2)} ms`;

function selfPlay(level: BotLevel): void {
  const wall: number[] = [];
  const cpu: number[] = [];
  const endings = new Map<string, number>();
  const selfRounds: number[] = [];
  const bot: JamesBlandBot = { decide: (v, legal, random) => jamesBlandBot.decide(v, legal, random, level) };
  for (let i = 0; i < SELF_GAMES; i++) {
    const bots = [bot, bot, bot, bot];
    const r = playMatch(OPTIONS, 20_000 + i, bots, { clock: () => performance.now() });
    wall.push(...(r.roundMs ?? []).filter((x) => x !== undefined));
    // The same game again (deterministic), timed by CPU.
    const c = playMatch(OPTIONS, 20_000 + i, bots, { clock: cpuMs });
    cpu.push(...(c.roundMs ?? []).filter((x) => x !== undefined));
    selfRounds.push(r.state.round);
    const k = how(r.state.summary);
    endings.set(k, (endings.get(k) ?? 0) + 1);
  }
  const meanRounds = selfRounds.reduce((a, b) => a + b, 0) / selfRounds.length;
  console.log(
    `\nFour ${level} bots, ${SELF_GAMES} games (${meanRounds.toFixed(1)} rounds on average), ${wall.length} rounds: one full round of bot decisions takes (goal < 100 ms)`,
  );
  console.log(`  wall time: ${stats(wall)}`);
  console.log(`  CPU time:  ${stats(cpu)}`);
  for (const [k, n] of [...endings].sort((a, b) => b[1] - a[1])) console.log(`  ${k}: ${n}`);
}

for (const level of ['easy', 'normal', 'hard'] as const) selfPlay(level);
