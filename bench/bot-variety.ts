/**
 * Bot variety (issue 32): do seeded all-bot matches open alike, do bots repeat one another? Prints,
 * for the old bots (`variety: 0`) and the new ones (`variety: 1`) in one run, over the same seeds:
 *
 *   npx tsx bench/bot-variety.ts              200 matches per game and bot
 *   VARIETY_GAMES=500 npx tsx bench/bot-variety.ts
 *
 * James Bland (four bots): the share of bots' first plans (round 1) that are the single most common
 * first plan (offense, defense and target relative to the bot's seat); the share of rounds in which
 * two bots make the same attack on the same agent; the share of plans from round 2 that are Network
 * Attack + Underground; and the bot's win rate against three random-action bots (strength kept).
 * Devices (four bots, 2 nweeks): the share of matches whose first proposal is the single most common
 * one; the share of matches in which every bot that proposed in nweek 1 proposed the same Blueprint;
 * proposals per match; how often a Panic opened an emergency; and the bot's sole-win rate against
 * three random-action bots.
 */
import { randomBot as devicesRandom } from '../shared/src/games/devices/baselines';
import { makeDevicesBot } from '../shared/src/games/devices/bot';
import { playGame } from '../shared/src/games/devices/playout';
import type { DevicesBot } from '../shared/src/games/devices/types';
import { randomBot as jbRandom } from '../shared/src/games/james-bland/baselines';
import type { JamesBlandBot } from '../shared/src/games/james-bland/baselines';
import { makeJamesBlandBot } from '../shared/src/games/james-bland/bot';
import { playMatch } from '../shared/src/games/james-bland/playout';

const GAMES = Number(process.env.VARIETY_GAMES ?? 200);
const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`;

function modeShare(keys: string[]): { key: string; share: number } {
  const count = new Map<string, number>();
  for (const k of keys) count.set(k, (count.get(k) ?? 0) + 1);
  const [key, n] = [...count].sort((a, b) => b[1] - a[1])[0] ?? ['-', 0];
  return { key, share: n / Math.max(1, keys.length) };
}

function jamesBland(variety: number) {
  const bot = makeJamesBlandBot({ variety });
  const firstPlans: string[] = [];
  let rounds = 0;
  let sameAttackRounds = 0;
  let laterPlans = 0;
  let naUnderground = 0;
  for (let i = 0; i < GAMES; i++) {
    const byRound = new Map<number, { seat: number; offense: string; target: number | null }[]>();
    playMatch({ planningSeconds: 0, roundLimit: 30 }, 50_000 + i, [bot, bot, bot, bot], {
      onStep: ({ before, seat, action }) => {
        if (action.type !== 'plan') return;
        const p = action.plan;
        const round = before.round;
        if (round === 1) {
          const rel = p.target === undefined ? '-' : (p.target - seat + 4) % 4;
          firstPlans.push(`${p.offense}>${rel} + ${p.defense}`);
        } else {
          laterPlans++;
          if (p.offense === 'networkAttack' && p.defense === 'underground') naUnderground++;
        }
        const list = byRound.get(round) ?? [];
        list.push({ seat, offense: p.offense, target: p.target ?? null });
        byRound.set(round, list);
      },
    });
    for (const plans of byRound.values()) {
      rounds++;
      const attacks = plans.filter((p) => p.offense !== 'safeTurn').map((p) => `${p.offense}>${p.target}`);
      if (new Set(attacks).size < attacks.length) sameAttackRounds++;
    }
  }
  let wins = 0;
  for (let i = 0; i < GAMES; i++) {
    const seat = i % 4;
    const bots: JamesBlandBot[] = [jbRandom, jbRandom, jbRandom, jbRandom];
    bots[seat] = bot;
    if (playMatch({ planningSeconds: 0, roundLimit: 30 }, 10_000 + i, bots).state.winners.includes(seat))
      wins++;
  }
  const mode = modeShare(firstPlans);
  console.log(
    `  variety ${variety}: first plans = the most common one ${pct(mode.share * firstPlans.length, firstPlans.length)} (${mode.key}); ` +
      `rounds with two bots on the same attack and target ${pct(sameAttackRounds, rounds)}; ` +
      `Network Attack + Underground ${pct(naUnderground, laterPlans)} of plans from round 2; ` +
      `wins vs 3 random ${pct(wins, GAMES)}`,
  );
}

function devices(variety: number) {
  const bot = makeDevicesBot({ variety });
  const firstProposals: string[] = [];
  let allSame = 0;
  let withProposals = 0;
  let proposals = 0;
  let emergencies = 0;
  const options = { ndaySeconds: 45, nweeks: 2, targetPoints: 30 };
  for (let i = 0; i < GAMES; i++) {
    const week1 = new Map<number, string>();
    let first: string | null = null;
    let emergency = false;
    playGame(options, 70_000 + i, [bot, bot, bot, bot], {
      onStep: ({ before, seat, action, after }) => {
        if (action.type === 'draft') {
          const base = action.spec.name.split(' ')[0]!;
          first ??= base;
          if (before.nweek === 1 && !week1.has(seat)) week1.set(seat, base);
        }
        if (action.type === 'submit') proposals++;
        if (after.phase === 'emergency') emergency = true;
      },
    });
    if (first) firstProposals.push(first);
    if (week1.size > 1) {
      withProposals++;
      if (new Set(week1.values()).size === 1) allSame++;
    }
    if (emergency) emergencies++;
  }
  let wins = 0;
  for (let i = 0; i < GAMES; i++) {
    const seat = i % 4;
    const bots: DevicesBot[] = [devicesRandom, devicesRandom, devicesRandom, devicesRandom];
    bots[seat] = bot;
    const s = playGame(options, 20_000 + i, bots).state;
    const pts = s.engine.wallets.map((w) => w.score);
    if (pts.every((p, j) => j === seat || pts[seat]! > p)) wins++;
  }
  const mode = modeShare(firstProposals);
  console.log(
    `  variety ${variety}: first proposal = the most common one in ${pct(mode.share * firstProposals.length, GAMES)} of matches (${mode.key}); ` +
      `all nweek-1 proposers chose the same in ${pct(allSame, withProposals)} of ${withProposals}; ` +
      `${(proposals / GAMES).toFixed(1)} proposals per match; emergencies in ${pct(emergencies, GAMES)}; ` +
      `sole wins vs 3 random ${pct(wins, GAMES)}`,
  );
}

console.log(`James Bland, ${GAMES} seeded four-bot matches (and ${GAMES} against random bots):`);
jamesBland(0);
jamesBland(1);
console.log(`Devices, ${GAMES} seeded four-bot matches of 2 nweeks (and ${GAMES} against random bots):`);
devices(0);
devices(1);
