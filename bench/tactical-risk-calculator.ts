/**
 * Tactical Risk battle calculator benchmark: 10,000 trials of a typical battle (target: < 250 ms).
 *
 *   npx tsx bench/tactical-risk-calculator.ts
 */
import { performance } from 'node:perf_hooks';
import { simulateBattle } from '../shared/src/games/tactical-risk/calculator';

const battles = [
  {
    name: 'land: 6 inf, 2 art, 3 armour, 2 fighters vs 8 inf, 2 armour, 1 fighter + AA',
    input: {
      attacker: { infantry: 6, artillery: 2, armour: 3, fighter: 2 },
      defender: { infantry: 8, armour: 2, fighter: 1 },
      aaGun: true,
    },
  },
  {
    name: 'sea: 2 subs, 1 destroyer, 1 battleship, 2 fighters vs 1 carrier, 2 fighters, 1 destroyer, 1 transport',
    input: {
      attacker: { submarine: 2, destroyer: 1, battleship: 1, fighter: 2 },
      defender: { carrier: 1, fighter: 2, destroyer: 1, transport: 1 },
      sea: true,
    },
  },
  {
    name: 'amphibious: 4 inf, 2 armour + 2 battleships bombarding vs 5 inf, 1 armour',
    input: { attacker: { infantry: 4, armour: 2 }, defender: { infantry: 5, armour: 1 }, bombard: 2 },
  },
];

simulateBattle({ ...battles[0]!.input, trials: 2000 }); // warm up the JIT
for (const b of battles) {
  const times: number[] = [];
  let last = simulateBattle({ ...b.input, trials: 10 });
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    last = simulateBattle({ ...b.input, trials: 10_000, seed: i + 1 });
    times.push(performance.now() - t0);
  }
  times.sort((x, y) => x - y);
  console.log(b.name);
  console.log(
    `  10,000 trials: median ${times[2]!.toFixed(1)} ms (min ${times[0]!.toFixed(1)}, max ${times[4]!.toFixed(1)}; target < 250 ms)`,
  );
  console.log(
    `  attacker wins ${(100 * last.attackerWin).toFixed(1)}%, defender ${(100 * last.defenderWin).toFixed(1)}%, draw ${(100 * last.draw).toFixed(1)}%, capture ${(100 * last.capture).toFixed(1)}%`,
  );
}
