/**
 * Devices: the bots against simple loops a newcomer finds (issue 32). Prints ratios measured in one
 * run; not a test.
 *
 *   npx tsx bench/devices-loops.ts                 40 seeded matches per row
 *   DEVICES_LOOPS_MATCHES=100 npx tsx bench/devices-loops.ts charms     only the loops named
 *   DEVICES_LOOPS_LEVELS=normal,hard npx tsx bench/devices-loops.ts      only those levels
 *
 * Each match seats one scripted loop against bots of one level (the loop's seat rotates over the
 * matches), with the default options except the nweeks of the row: one nweek (the walkthrough's
 * match) and four (the default table). A scripted seat acts at a person's pace: at most its few market
 * moves per nday, then it passes. Per row: the share of matches the loop wins (shared wins count;
 * chance is 50% at two seats, 25% at four), its mean Points and the best bot's.
 *
 * The loops:
 *   - charms: buy a Lucky Charm (m5) and Wish it for a Point, once per nday (the walkthrough's loop);
 *   - mints: buy Mints while it has m20 (not in the last nweek), Coin each of them, and put the rest
 *     into the charms loop;
 *   - fish: buy a Fish Stall, then Sell a Point for m8, buy a Lucky Charm and Wish it (m3 a loop),
 *     twice per nday.
 */
import { createHash } from 'node:crypto';
import type { Bot, BotLevel } from '../shared/src/core/contract';
import { playout } from '../shared/src/core/playout';
import { devices } from '../shared/src/games/devices/index';
import { DEFAULT_OPTIONS } from '../shared/src/games/devices/options';
import type { DevicesAction, DevicesBot, DevicesOptions } from '../shared/src/games/devices/types';

type View = Parameters<DevicesBot['decide']>[0];

/** A scripted seat: its next market move from its view, or null to pass. */
type Script = (v: View, legal: DevicesAction[]) => DevicesAction | null;

const find = (legal: DevicesAction[], pred: (a: DevicesAction) => boolean) => legal.find(pred) ?? null;
const buy = (legal: DevicesAction[], name: string) =>
  find(legal, (a) => a.type === 'purchase' && a.blueprint === name);
/** An untapped own Device's Power (the legal list holds only what can be activated now). */
const use = (v: View, legal: DevicesAction[], device: string, power: string) => {
  const ids = new Set(
    v.public.devices.filter((d) => d.owner === v.private!.seat && d.name === device).map((d) => d.id),
  );
  return find(legal, (a) => a.type === 'activate' && a.power === power && ids.has(a.device));
};
const owns = (v: View, name: string) =>
  v.public.devices.some((d) => d.owner === v.private!.seat && d.name === name);
const me = (v: View) => v.public.players[v.private!.seat]!;

const charms: Script = (v, legal) => use(v, legal, 'Lucky Charm', 'Wish') ?? buy(legal, 'Lucky Charm');

const LOOPS: Record<string, { moves: number; script: Script }> = {
  charms: { moves: 2, script: charms },
  mints: {
    moves: 4,
    script: (v, legal) =>
      use(v, legal, 'Mint', 'Coin') ??
      (v.public.nweek < v.public.nweeks && me(v).money >= 20 ? buy(legal, 'Mint') : null) ??
      charms(v, legal),
  },
  fish: {
    moves: 6,
    script: (v, legal) => {
      if (!owns(v, 'Fish Stall')) return buy(legal, 'Fish Stall') ?? charms(v, legal);
      if (me(v).money < 5 && !owns(v, 'Lucky Charm')) return use(v, legal, 'Fish Stall', 'Sell');
      return charms(v, legal);
    },
  },
};

function scripted({ moves, script }: { moves: number; script: Script }): DevicesBot {
  return {
    decide(view, legal) {
      const pass = legal.find((a) => a.type === 'pass');
      const v = view as View;
      if ((v.private?.actedThisNday ?? 0) < moves) {
        const a = script(v, legal);
        if (a) return a;
      }
      // Ballotday: vote no on every proposal (a newcomer's caution); else pass.
      const vote = legal.find((a) => a.type === 'vote' && !a.yes);
      return vote ?? pass ?? legal[0]!;
    },
  };
}

const MATCHES = Number(process.env.DEVICES_LOOPS_MATCHES ?? 40);
const wanted = process.argv.slice(2);
/** DEVICES_LOOPS_LEVELS=normal,hard: only those levels' rows. */
const LEVELS = (process.env.DEVICES_LOOPS_LEVELS ?? 'easy,normal,hard').split(',') as BotLevel[];
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function row(loop: string, level: BotLevel, seats: number, nweeks: number): string {
  const options: DevicesOptions = { ...DEFAULT_OPTIONS, nweeks };
  const bot = devices.bot as unknown as Bot<DevicesAction, unknown, unknown>;
  let wins = 0;
  let loopPoints = 0;
  let botPoints = 0;
  for (let i = 0; i < MATCHES; i++) {
    const seat = i % seats;
    const bots = Array.from({ length: seats }, (_, s) => (s === seat ? scripted(LOOPS[loop]!) : bot));
    const seed = createHash('sha256').update(`loops:${seats}:${nweeks}:${i}`).digest('hex');
    const r = playout(devices as never, options, seed, bots as never, {
      levels: Array(seats).fill(level),
      seatChoice: 'random',
      label: 'devices-loops',
    });
    const winners = devices.outcome(r.state as never)?.winners ?? [];
    if (winners.includes(seat)) wins++;
    const pts = devices.view(r.state as never, -1).public.players.map((p) => p.points);
    loopPoints += pts[seat]!;
    botPoints += Math.max(...pts.filter((_, s) => s !== seat));
  }
  return [
    `${loop} vs ${level}`.padEnd(16),
    `${seats} seats, ${nweeks} nweek${nweeks > 1 ? 's' : ''}`.padEnd(18),
    `loop wins ${pct(wins / MATCHES).padStart(6)} (chance ${pct(1 / seats)})`,
    `mean Points: loop ${(loopPoints / MATCHES).toFixed(1)}, best bot ${(botPoints / MATCHES).toFixed(1)}`,
  ].join(' | ');
}

console.log(`devices loops: ${MATCHES} matches per row`);
for (const loop of Object.keys(LOOPS)) {
  if (wanted.length && !wanted.includes(loop)) continue;
  for (const nweeks of [1, 4])
    for (const seats of [2, 4]) for (const level of LEVELS) console.log(row(loop, level, seats, nweeks));
}
