/**
 * Devices: how the AI spreads its hostile Powers (issue 24). Prints measured numbers; not a test.
 *
 *   npx tsx bench/devices-targets.ts                    50 seeded games (DEVICES_TARGET_GAMES=...)
 *
 * Each game is one stand-in for a person (seat 0, the random-action bot) against three AI bots at the
 * default options. A hostile Power is one that takes money from a player or taps or destroys another
 * player's Device. Target: no single player is the target of more than half of all the bots' hostile
 * Powers, over the 50 games and in most single games. Also prints the bots' market moves per nday
 * (their budget at the normal pace is 3).
 */
import { randomBot } from '../shared/src/games/devices/baselines';
import { BOT_BUDGET, devicesBot } from '../shared/src/games/devices/bot';
import { DEFAULT_OPTIONS } from '../shared/src/games/devices/options';
import type { DevicesBot, PlayoutStep } from '../shared/src/games/devices/playout';
import { playGame } from '../shared/src/games/devices/playout';

const GAMES = Number(process.env.DEVICES_TARGET_GAMES ?? 50);
const SEATS = 4;
const AI = new Set([1, 2, 3]);

/** The seat a hostile activation hits, or null if it is not hostile. */
function victimOf(step: PlayoutStep): number | null {
  const a = step.action;
  if (a.type !== 'activate') return null;
  const engine = step.before.engine;
  const device = engine.devices.find((d) => d.id === a.device);
  const power = device?.powers.find((p) => p.name === a.power);
  if (!power) return null;
  for (const e of power.effects) {
    if (e.kind === 'take' && a.player !== undefined && a.player !== step.seat) return a.player;
    if (e.kind === 'tapDevice' || e.kind === 'destroyDevice') {
      const target = engine.devices.find((d) => d.id === a.target);
      if (target && target.owner !== step.seat) return target.owner;
    }
  }
  return null;
}

function main(): void {
  const hits = Array.from({ length: SEATS }, () => 0);
  let gamesOverHalf = 0;
  let gamesWithHits = 0;
  let worstGameShare = 0;
  const movesPerNday: number[] = [];
  const bots: DevicesBot[] = [randomBot, devicesBot, devicesBot, devicesBot];
  for (let g = 0; g < GAMES; g++) {
    const game = Array.from({ length: SEATS }, () => 0);
    const moves = new Map<string, number>();
    playGame(DEFAULT_OPTIONS, 7_000 + g, bots, {
      onStep: (step) => {
        if (!AI.has(step.seat)) return;
        const before = step.before;
        if ((step.after.acted?.[step.seat] ?? 0) > (before.acted?.[step.seat] ?? 0)) {
          const key = `${step.seat}:${before.nweek}:${before.nday}`;
          moves.set(key, (moves.get(key) ?? 0) + 1);
        }
        const victim = victimOf(step);
        if (victim !== null) game[victim]!++;
      },
    });
    movesPerNday.push(...moves.values());
    const total = game.reduce((x, y) => x + y, 0);
    game.forEach((n, i) => (hits[i]! += n));
    if (total > 0) {
      gamesWithHits++;
      const share = Math.max(...game) / total;
      worstGameShare = Math.max(worstGameShare, share);
      if (share > 0.5) gamesOverHalf++;
    }
  }
  const total = hits.reduce((x, y) => x + y, 0);
  console.log(
    `Devices bot targets: ${GAMES} games, the random stand-in for a person in seat 0, AI in 1-3.\n`,
  );
  console.log('Target   hostile Powers   share');
  hits.forEach((n, i) =>
    console.log(
      `seat ${i}${i === 0 ? ' (person)' : '         '} ${String(n).padStart(8)}   ${((100 * n) / Math.max(1, total)).toFixed(1).padStart(5)}%`,
    ),
  );
  const top = Math.max(...hits) / Math.max(1, total);
  console.log(`\nLargest share over all games: ${(100 * top).toFixed(1)}% (target: at most 50%)`);
  console.log(
    `Games where one player took more than half the hits: ${gamesOverHalf} of ${gamesWithHits} with any; worst single game ${(100 * worstGameShare).toFixed(0)}%`,
  );
  movesPerNday.sort((a, b) => a - b);
  const q = (f: number) =>
    movesPerNday[Math.min(movesPerNday.length - 1, Math.floor(f * movesPerNday.length))] ?? 0;
  console.log(
    `Bot market moves per nday (when any): median ${q(0.5)}, max ${q(1)} (budget at the normal pace: ${BOT_BUDGET.normal})`,
  );
}

main();
