/**
 * Tactical Risk AI benchmark (not a pass/fail test): seeded five-faction games where the AI plays one
 * side and a uniformly random bot (a random kind of legal action, then a random one of it) plays every
 * faction of the other. Sides alternate: odd games the AI plays the Allies, even games the Axis.
 * A game ends on a victory condition (alliance victory) or at the round limit, where the side with
 * more production wins; both are reported. Also the time of one AI turn (all decide() calls of a
 * faction's turn), a full five-AI game with economic victory on, and five-AI games with alliance
 * victory only (no economic victory) over several seeds: how many end on capitals before round 30.
 *
 *   npx tsx bench/tactical-risk-ai.ts                      50 games, round limit 25, 8 all-AI seeds
 *   TR_BENCH_GAMES=10 TR_BENCH_ROUNDS=15 npx tsx bench/tactical-risk-ai.ts
 *   TR_BENCH_GAMES=0 TR_BENCH_ALLIANCE_SEEDS=16 npx tsx bench/tactical-risk-ai.ts   all-AI seeds only
 */
import { performance } from 'node:perf_hooks';
import { Random, seedRng } from '../shared/src/core/rng';
import { randomBot } from '../shared/src/games/tactical-risk/baselines';
import { tacticalRiskBot } from '../shared/src/games/tactical-risk/bot';
import { DEFAULT_OPTIONS } from '../shared/src/games/tactical-risk/options';
import type { TacticalRiskBot } from '../shared/src/games/tactical-risk/playout';
import { playMatch } from '../shared/src/games/tactical-risk/playout';
import { apply, legalActions, toAct } from '../shared/src/games/tactical-risk/rules';
import { setup } from '../shared/src/games/tactical-risk/setup';
import { view } from '../shared/src/games/tactical-risk/view';

const GAMES = Number(process.env.TR_BENCH_GAMES ?? 50);
const ROUNDS = Number(process.env.TR_BENCH_ROUNDS ?? 25);
const ALLIANCE_SEEDS = Number(process.env.TR_BENCH_ALLIANCE_SEEDS ?? 8);
const AXIS_SEATS = new Set([1, 3]); // classic, five seats: Russians, Germans, British, Japanese, Americans

interface Game {
  aiAllies: boolean;
  aiWon: boolean;
  byCondition: boolean;
  rounds: number;
  turnMs: number[];
}

function playOne(seed: number, allAi = false, roundLimit = ROUNDS): Game & { reason: string } {
  const aiAllies = seed % 2 === 1;
  const bots: TacticalRiskBot[] = [0, 1, 2, 3, 4].map((i) =>
    allAi || AXIS_SEATS.has(i) !== aiAllies ? tacticalRiskBot : randomBot,
  );
  let s = setup(
    { ...DEFAULT_OPTIONS, roundLimit },
    bots.map((_, i) => ({ name: `Bot ${i + 1}`, bot: true })),
    seed,
  );
  const random = new Random(seedRng(seed ^ 0x5eed));
  const turnMs: number[] = [];
  let turn = -1;
  let acc = 0;
  while (s.phase !== 'finished') {
    const seat = toAct(s)[0]!;
    const legal = legalActions(s, seat);
    const t0 = performance.now();
    const action = bots[seat]!.decide(view(s, seat), legal, () => random.float());
    const dt = performance.now() - t0;
    if (bots[seat] === tacticalRiskBot && !s.battle?.prompt) {
      if (s.turnNumber !== turn) {
        if (turn >= 0 && acc > 0) turnMs.push(acc);
        turn = s.turnNumber;
        acc = 0;
      }
      acc += dt;
    }
    const r = apply(s, seat, action);
    if (!r.ok) throw new Error(`refused: ${r.error.message}`);
    s = r.state;
  }
  if (acc > 0) turnMs.push(acc);
  const aiSide = aiAllies ? 'Allies' : 'Axis';
  const aiWon = s.winner!.factions.every((f) => s.alliance[f] === aiSide) && s.winner!.factions.length < 5;
  return {
    aiAllies,
    aiWon,
    byCondition: !/Round limit/.test(s.winner!.reason),
    rounds: s.round,
    turnMs,
    reason: s.winner!.reason,
  };
}

const median = (xs: number[]) => {
  const a = xs.slice().sort((x, y) => x - y);
  return a.length ? a[a.length >> 1]! : NaN;
};

if (GAMES > 0) {
  const t0 = performance.now();
  const games: Game[] = [];
  for (let seed = 1; seed <= GAMES; seed++) games.push(playOne(seed));
  const wins = games.filter((g) => g.aiWon);
  const allTurns = games.flatMap((g) => g.turnMs);
  console.log(`${GAMES} seeded five-faction games, AI side against all-random, round limit ${ROUNDS}:`);
  for (const side of [true, false]) {
    const gs = games.filter((g) => g.aiAllies === side);
    const w = gs.filter((g) => g.aiWon);
    console.log(
      `  AI as ${side ? 'Allies' : 'Axis  '}: won ${w.length}/${gs.length}` +
        ` (${w.filter((g) => g.byCondition).length} by victory condition, median round ${median(w.filter((g) => g.byCondition).map((g) => g.rounds))};` +
        ` ${w.filter((g) => !g.byCondition).length} on production at the limit)`,
    );
  }
  console.log(
    `  AI side won ${wins.length}/${GAMES} = ${((100 * wins.length) / GAMES).toFixed(1)}% (target >= 95%)`,
  );
  const sortedTurns = allTurns.slice().sort((x, y) => x - y);
  const p95 = sortedTurns[Math.floor(0.95 * (sortedTurns.length - 1))] ?? NaN;
  console.log(
    `  one AI turn: median ${median(allTurns).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...allTurns).toFixed(1)} ms over ${allTurns.length} turns (target median < 3 s)`,
  );
  console.log(`  wall time ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const full = performance.now();
const r = playMatch(
  { economicVictory: true, roundLimit: 40 },
  2,
  [0, 1, 2, 3, 4].map(() => tacticalRiskBot),
);
console.log(
  `Five AI factions, economic victory on: ${r.state.winner?.reason} (round ${r.state.round}, ${r.actions} actions, ${((performance.now() - full) / 1000).toFixed(1)} s)`,
);
if (ALLIANCE_SEEDS > 0) {
  const t1 = performance.now();
  const runs = Array.from({ length: ALLIANCE_SEEDS }, (_, i) => playOne(i + 1, true, 30));
  for (const [i, g] of runs.entries())
    console.log(
      `  seed ${i + 1}: ${g.byCondition ? 'capitals' : 'round limit'}, round ${g.rounds}: ${g.reason}`,
    );
  const ended = runs.filter((g) => g.byCondition);
  const turns = runs.flatMap((g) => g.turnMs).sort((x, y) => x - y);
  console.log(
    `Five AI factions, alliance victory only, seeds 1-${ALLIANCE_SEEDS}: ${ended.length}/${ALLIANCE_SEEDS} end on capitals` +
      ` (median round ${median(ended.map((g) => g.rounds))}); one AI turn median ${median(turns).toFixed(1)} ms,` +
      ` p95 ${turns[Math.floor(0.95 * (turns.length - 1))]?.toFixed(1)} ms; ${((performance.now() - t1) / 1000).toFixed(1)} s`,
  );
}
