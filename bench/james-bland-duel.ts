/**
 * James Bland's duel (the 1v1 variant) before and after edition 4 (the Mailman calls every other
 * round): seeded bot duels per edition, printing how long they last, how they end, how many wins are
 * shared, and the first seat's share of the sole wins. Prints measurements (not a pass/fail test).
 *
 *   npx tsx bench/james-bland-duel.ts            100 duels per edition and level (normal, hard)
 *   JB_DUELS=400 npx tsx bench/james-bland-duel.ts
 */
import type { BotLevel } from '../shared/src/core/contract';
import type { JamesBlandBot } from '../shared/src/games/james-bland/baselines';
import { jamesBlandBot } from '../shared/src/games/james-bland/bot';
import { playMatch } from '../shared/src/games/james-bland/playout';

const DUELS = Number(process.env.JB_DUELS ?? 100);
const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`;
const quantile = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
const how = (summary: string) => (summary.split(': ')[1] ?? summary).replace(/ \(.*/, '');

function duels(edition: number, level: BotLevel): void {
  const bot: JamesBlandBot = { decide: (v, legal, random) => jamesBlandBot.decide(v, legal, random, level) };
  const rounds: number[] = [];
  const endings = new Map<string, number>();
  let shared = 0;
  let sole = 0;
  let firstSeat = 0;
  for (let i = 0; i < DUELS; i++) {
    const { state } = playMatch({ planningSeconds: 0, roundLimit: 30, edition }, 40_000 + i, [bot, bot]);
    rounds.push(state.round);
    const k = how(state.summary);
    endings.set(k, (endings.get(k) ?? 0) + 1);
    if (state.winners.length > 1) shared++;
    else if (state.winners.length === 1) {
      sole++;
      if (state.winners[0] === 0) firstSeat++;
    }
  }
  const mean = rounds.reduce((a, b) => a + b, 0) / rounds.length;
  console.log(
    [
      `edition ${edition}, ${level} vs ${level}`.padEnd(26),
      `rounds mean ${mean.toFixed(1)} median ${quantile(rounds, 0.5)} p10 ${quantile(rounds, 0.1)} p90 ${quantile(rounds, 0.9)} max ${Math.max(...rounds)}`,
      `shared wins ${pct(shared, DUELS)}`,
      `first seat ${pct(firstSeat, sole)} of ${sole} sole wins`,
      [...endings]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k} ${n}`)
        .join(', '),
    ].join(' | '),
  );
}

console.log(`${DUELS} seeded bot duels per row (seeds 40000..)`);
for (const level of ['normal', 'hard'] as const) for (const edition of [3, 4]) duels(edition, level);
