/**
 * Devices AI benchmark: prints win rates measured in one run (not a pass/fail test).
 *
 *   npx tsx bench/devices-ai.ts                       quick run (200 four-player games per row)
 *   DEVICES_BENCH_GAMES=1000 npx tsx bench/devices-ai.ts
 *
 * The AI plays against random bots (one seat AI, the rest random), its seat rotating through the
 * table, with the default options (4 nweeks, 30 Points). A win is a sole win. Target: >= 80% in
 * 4-player games against the random-action bot (a kind of action uniformly, then one of that kind).
 * The AI plays its normal level; two more rows play the easy and the hard level against random bots,
 * and the decision times are printed per level.
 */
import type { BotLevel } from '../shared/src/core/contract';
import { performance } from 'node:perf_hooks';
import { randomBot, uniformRandomBot } from '../shared/src/games/devices/baselines';
import { devicesBot } from '../shared/src/games/devices/bot';
import type { DevicesBot } from '../shared/src/games/devices/playout';
import { playGame } from '../shared/src/games/devices/playout';

const GAMES = Number(process.env.DEVICES_BENCH_GAMES ?? 200);
const OPTIONS = { ndaySeconds: 45, nweeks: 4, targetPoints: 30 };

interface Row {
  games: number;
  wins: number;
  actions: number;
}

function duel(
  opponent: DevicesBot,
  seats: number,
  n: number,
  seedBase: number,
  timing: number[],
  level: BotLevel = 'normal',
): Row {
  const row: Row = { games: 0, wins: 0, actions: 0 };
  const ai: DevicesBot = { decide: (v, legal, random) => devicesBot.decide(v, legal, random, level) };
  for (let i = 0; i < n; i++) {
    const seat = i % seats;
    const bots = Array.from({ length: seats }, () => opponent);
    bots[seat] = ai;
    const r = playGame(OPTIONS, seedBase + i, bots, { clock: () => performance.now() });
    timing.push(...r.decideMs![seat]!);
    const w = r.state.outcome!.winners;
    row.games++;
    row.actions += r.actions;
    if (w.length === 1 && w[0] === seat) row.wins++;
  }
  return row;
}

const pct = (w: number, g: number) => `${((100 * w) / Math.max(1, g)).toFixed(1)}%`;
const ci = (w: number, g: number) => {
  const p = w / Math.max(1, g);
  return `±${(196 * Math.sqrt((p * (1 - p)) / Math.max(1, g))).toFixed(1)}`;
};

function main(): void {
  const t0 = performance.now();
  const timing: number[] = [];
  const easyTiming: number[] = [];
  const hardTiming: number[] = [];
  console.log(`Devices AI bench: ${GAMES} games per 4-player row, ${GAMES / 4} per other row.\n`);
  const rows: [string, Row, string][] = [
    ['4 players, AI vs 3 random-action', duel(randomBot, 4, GAMES, 1, timing), '>= 80%'],
    ['4 players, AI vs 3 uniform-random', duel(uniformRandomBot, 4, GAMES, 100_000, timing), ''],
    ['2 players, AI vs random-action', duel(randomBot, 2, GAMES / 4, 200_000, timing), ''],
    ['8 players, AI vs 7 random-action', duel(randomBot, 8, GAMES / 4, 300_000, timing), ''],
    ['4 players, easy AI vs 3 random-action', duel(randomBot, 4, GAMES / 4, 400_000, easyTiming, 'easy'), ''],
    ['4 players, hard AI vs 3 random-action', duel(randomBot, 4, GAMES / 4, 500_000, hardTiming, 'hard'), ''],
  ];
  console.log('Row                                  AI wins   95% CI   games   actions/game   target');
  for (const [name, r, target] of rows)
    console.log(
      `${name.padEnd(36)} ${pct(r.wins, r.games).padStart(7)}  ${ci(r.wins, r.games).padStart(6)}   ${String(r.games).padStart(5)}   ${(r.actions / r.games).toFixed(0).padStart(12)}   ${target}`,
    );
  console.log('');
  for (const [level, xs] of [
    ['normal', timing],
    ['easy', easyTiming],
    ['hard', hardTiming],
  ] as const) {
    xs.sort((a, b) => a - b);
    const q = (f: number) => xs[Math.min(xs.length - 1, Math.floor(f * xs.length))] ?? 0;
    console.log(
      `AI (${level}) decision time over ${xs.length} decisions: median ${q(0.5).toFixed(3)} ms, p99 ${q(0.99).toFixed(3)} ms, max ${q(1).toFixed(3)} ms`,
    );
  }
  console.log(`Total bench time ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

main();
