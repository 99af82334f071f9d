/**
 * Kingpin bot benchmark: prints numbers measured in one run (not a pass/fail test).
 *
 *   npx tsx bench/kingpin-bot.ts            1,000 matches (KINGPIN_BENCH_MATCHES to change)
 *
 * The bot against a uniformly random legal-action bot: 2-player matches in mirrored pairs (same
 * seed, seats swapped), Emergency Defense on for every other pair; then a 3-player set (the bot in
 * one seat, random bots in the others). Reports win rates with a 95% interval and the bot's decision
 * times (median, p95, max) measured with performance.now around each decide call. Last, each level's
 * decision CPU times (process.cpuUsage: median, p90, p99, max) over 2- and 3-player matches against normal bots
 * (KINGPIN_BENCH_LEVEL_MATCHES, default 40, half of them with three players).
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { BotLevel } from '../shared/src/core/contract';
import { playout } from '../shared/src/core/playout';
import { kingpin } from '../shared/src/games/kingpin/index';
import { randomBot } from '../shared/src/games/kingpin/baselines';
import { kingpinBot } from '../shared/src/games/kingpin/bot';
import { DEFAULT_OPTIONS } from '../shared/src/games/kingpin/options';
import { playMatch, type KingpinBot } from '../shared/src/games/kingpin/playout';

const MATCHES = Number(process.env.KINGPIN_BENCH_MATCHES ?? 1000);
const THREE = Math.max(0, Math.round(MATCHES / 5));

const pct = (w: number, g: number) => `${((100 * w) / Math.max(1, g)).toFixed(1)}%`;
const ci = (w: number, g: number) => {
  const p = w / Math.max(1, g);
  return `±${(196 * Math.sqrt((p * (1 - p)) / Math.max(1, g))).toFixed(1)}`;
};
const quantile = (xs: number[], q: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

function main(): void {
  const t0 = performance.now();
  const times: number[] = [];
  let wins = 0;
  let capped = 0;
  let turns = 0;
  for (let i = 0; i < MATCHES; i++) {
    const seed = 50_000 + Math.floor(i / 2);
    const botSeat = i % 2;
    const bots: KingpinBot[] = botSeat === 0 ? [kingpinBot, randomBot] : [randomBot, kingpinBot];
    const r = playMatch({ ...DEFAULT_OPTIONS, emergencyDefense: Math.floor(i / 2) % 2 === 1 }, seed, bots, {
      clock: () => performance.now(),
    });
    times.push(...r.decideMs![botSeat]!);
    if (r.state.winner === botSeat) wins++;
    if (r.state.capped) capped++;
    turns += r.state.turnNumber;
  }
  let wins3 = 0;
  for (let i = 0; i < THREE; i++) {
    const botSeat = i % 3;
    const bots: KingpinBot[] = [randomBot, randomBot, randomBot];
    bots[botSeat] = kingpinBot;
    const r = playMatch({ ...DEFAULT_OPTIONS, emergencyDefense: i % 2 === 0 }, 90_000 + i, bots, {
      clock: () => performance.now(),
    });
    times.push(...r.decideMs![botSeat]!);
    if (r.state.winner === botSeat) wins3++;
  }
  console.log(`Kingpin bot vs random legal actions`);
  console.log(
    `  2 players: ${MATCHES} matches, bot wins ${wins} = ${pct(wins, MATCHES)} ${ci(wins, MATCHES)} (target >= 90%)`,
  );
  console.log(
    `             average length ${(turns / Math.max(1, MATCHES)).toFixed(1)} turns, ${capped} ended at the turn cap`,
  );
  console.log(`  3 players: ${THREE} matches, bot wins ${wins3} = ${pct(wins3, THREE)} ${ci(wins3, THREE)}`);
  console.log(
    `  decide: ${times.length} calls, median ${quantile(times, 0.5).toFixed(3)} ms (target < 50 ms), ` +
      `p95 ${quantile(times, 0.95).toFixed(3)} ms, max ${Math.max(...times).toFixed(2)} ms`,
  );
  levelTimes();
  console.log(`  total ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const LEVEL_MATCHES = Number(process.env.KINGPIN_BENCH_LEVEL_MATCHES ?? 40);

/** This process's CPU time in ms: decision costs that a busy machine does not inflate (wall time does). */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Each level's decide times, in matches against normal bots (2 players, then 3), its seat rotating. */
function levelTimes(): void {
  console.log(
    `Decision CPU times per level (${LEVEL_MATCHES} matches each against normal bots, 2 and 3 players)`,
  );
  for (const level of ['easy', 'normal', 'hard'] as BotLevel[]) {
    const times: number[] = [];
    for (let i = 0; i < LEVEL_MATCHES; i++) {
      const n = i < LEVEL_MATCHES / 2 ? 2 : 3;
      const seat = i % n;
      const levels: BotLevel[] = Array(n).fill('normal');
      levels[seat] = level;
      const seed = createHash('sha256').update(`kingpin-bot-times:${i}`).digest('hex');
      const r = playout(kingpin, DEFAULT_OPTIONS, seed, Array(n).fill(kingpinBot), {
        levels,
        clock: cpuMs,
        label: 'kingpin-bot',
      });
      times.push(...r.decideMs[seat]!);
    }
    console.log(
      `  ${level.padEnd(7)} ${times.length} calls: median ${quantile(times, 0.5).toFixed(2)} ms, ` +
        `p90 ${quantile(times, 0.9).toFixed(1)} ms, p99 ${quantile(times, 0.99).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
    );
  }
}

if (process.argv.includes('--levels')) levelTimes();
else main();
