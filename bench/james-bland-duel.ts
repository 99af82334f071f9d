/**
 * James Bland's duel (the 1v1 variant) before and after edition 4 (the Mailman calls every other
 * round): seeded bot duels per edition, printing how long they last, how they end, how many wins are
 * shared, and the first seat's share of the sole wins. Prints measurements (not a pass/fail test).
 *
 *   npx tsx bench/james-bland-duel.ts            100 duels per edition and level (normal, hard)
 *   JB_DUELS=400 npx tsx bench/james-bland-duel.ts
 *   JB_DUEL_ROWS=4:hard:first,4:hard:random npx tsx bench/james-bland-duel.ts   (chosen rows)
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

/**
 * `order`: who acts first in Adaptation (the simultaneous shop): seat 0 always (`first`, the plain
 * headless playout), or a seat drawn at every step (`random`, as at a table where either may click
 * first).
 */
function duels(edition: number, level: BotLevel, order: 'first' | 'random'): void {
  const bot: JamesBlandBot = { decide: (v, legal, random) => jamesBlandBot.decide(v, legal, random, level) };
  const rounds: number[] = [];
  const endings = new Map<string, number>();
  let shared = 0;
  let sole = 0;
  let firstSeat = 0;
  for (let i = 0; i < DUELS; i++) {
    const { state } = playMatch({ planningSeconds: 0, roundLimit: 30, edition }, 40_000 + i, [bot, bot], {
      seatChoice: order,
    });
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
      `edition ${edition}, ${level} vs ${level}, ${order === 'first' ? 'seat 0' : 'either'} shops first`.padEnd(
        44,
      ),
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
const only = process.env.JB_DUEL_ROWS; // e.g. "4:hard:random" (edition:level:order, comma-separated)
const rows: [number, BotLevel, 'first' | 'random'][] = only
  ? only.split(',').map((r) => {
      const [e, l, o] = r.split(':');
      return [Number(e), l as BotLevel, o === 'random' ? 'random' : 'first'];
    })
  : (['normal', 'hard'] as const).flatMap((l) => [
      [3, l, 'first'],
      [4, l, 'first'],
      [4, l, 'random'],
    ]);
for (const [edition, level, order] of rows) duels(edition, level, order);
