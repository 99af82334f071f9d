/**
 * James Bland: how often an operation "could not reach them Underground" (issue 32). Prints shares
 * measured in one run; not a test.
 *
 *   npx tsx bench/james-bland-underground.ts          40 seeded four-seat matches per row (JB_UG_MATCHES=...)
 *
 * Rows: four bots of one level; and one easy seat (a newcomer's stand-in) with three normal bots.
 * Per row: the share of revealed operations that ended Underground; of the bots' own operations, that
 * share, split by whether the target had gone Underground at the reveal before (what the bot saw) and
 * how many of those paid the 3 IP that get through.
 */
import { createHash } from 'node:crypto';
import type { BotLevel } from '../shared/src/core/contract';
import { playout } from '../shared/src/core/playout';
import { jamesBland } from '../shared/src/games/james-bland/index';
import type { JamesBlandAction, JamesBlandState, Plan } from '../shared/src/games/james-bland/types';

const MATCHES = Number(process.env.JB_UG_MATCHES ?? 40);
const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}% of ${b}`;

function run(label: string, levels: BotLevel[]): void {
  let ops = 0;
  let under = 0;
  let botOps = 0;
  let botUnder = 0;
  let sawUnder = 0;
  let sawUnderBlocked = 0;
  let sawUnderEnhanced = 0;
  let networkAttacks = 0;
  for (let i = 0; i < MATCHES; i++) {
    const seed = createHash('sha256').update(`jb-ug:${i}`).digest('hex');
    // Each plan as chosen, and the defenses each seat showed at the reveal before it.
    let plans = new Map<number, Plan>();
    let seen = new Map<number, string>();
    let lastRound = -1;
    playout(
      jamesBland as never,
      { planningSeconds: 0, roundLimit: 30 },
      seed,
      Array(4).fill(jamesBland.bot) as never,
      {
        levels,
        label: 'jb-underground',
        onStep: (step) => {
          const before = step.before as JamesBlandState;
          const after = step.after as JamesBlandState;
          const a = step.action as JamesBlandAction;
          if (a.type === 'plan') plans.set(step.seat, a.plan);
          const r = after.reveal;
          if (!r || r.round === lastRound || before.reveal === r) return;
          lastRound = r.round;
          for (const o of r.offenses) {
            const def = r.defenses.find((d) => d.seat === o.target)?.defense;
            const isUnder = o.result === 'untargetable' && def === 'underground';
            ops++;
            if (isUnder) under++;
            // Attackers are secret in the reveal: find the plan that made this operation.
            const attacker = [...plans.entries()].find(
              ([, p]) => p.offense === o.offense && p.target === o.target,
            )?.[0];
            if (attacker === undefined || levels[attacker] === 'easy') continue;
            botOps++;
            if (isUnder) botUnder++;
            if (o.offense === 'networkAttack') networkAttacks++;
            if (seen.get(o.target) === 'underground') {
              sawUnder++;
              if (isUnder) sawUnderBlocked++;
              if (plans.get(attacker)!.enhance > 0) sawUnderEnhanced++;
            }
          }
          seen = new Map(r.defenses.map((d) => [d.seat, d.defense]));
          plans = new Map();
        },
      },
    );
  }
  console.log(
    [
      label.padEnd(22),
      `Underground ${pct(under, ops)} operations`,
      `bots' own ${pct(botUnder, botOps)}`,
      `Network Attacks ${pct(networkAttacks, botOps)}`,
      `on a target seen Underground: ${pct(sawUnder, botOps)}, of them stopped ${pct(sawUnderBlocked, sawUnder)}, 3 IP paid ${pct(sawUnderEnhanced, sawUnder)}`,
    ].join(' | '),
  );
}

console.log(`james-bland Underground: ${MATCHES} four-seat matches per row`);
run('normal x4', ['normal', 'normal', 'normal', 'normal']);
run('hard x4', ['hard', 'hard', 'hard', 'hard']);
run('easy + normal x3', ['easy', 'normal', 'normal', 'normal']);
