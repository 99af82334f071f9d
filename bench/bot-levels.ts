/**
 * Bot levels bench: each level against the one below it, 1-vs-1, over seeded matches. Prints ratios
 * measured in one run (not a pass/fail test).
 *
 *   npx tsx bench/bot-levels.ts              every game in LEVEL_GAMES, 200 matches per row
 *   BOT_LEVELS_MATCHES=400 npx tsx bench/bot-levels.ts bankout
 *   BOT_LEVELS_ROWS=0,t npx tsx bench/bot-levels.ts devices    only the first row and the first-target rows ('3': Kingpin's three-player rows)
 *   npx tsx bench/bot-levels.ts tactical-risk    40 matches per row (an all-AI game takes ~3 s)
 *
 * Rows: hard vs normal, normal vs easy, easy vs random (a uniformly random legal action). Matches
 * come in pairs on one seed with the seats swapped. Per row: the upper side's win rate (with its 95%
 * interval), the first mover's win rate, the mean match length in actions, and variety, per side:
 * the share of matches whose first move (and whose whole first turn) is the single most common one,
 * and "same spot": at each match's position of the side's fifth decision with a choice, it decides again
 * REDECIDE times with other seeded streams; the share of answers equal to its most common answer,
 * averaged (100% = it always plays the same there; a game whose first move is forced, like Bankout's
 * opening draw, shows its variety here).
 *
 * A game plugs in with an entry in LEVEL_GAMES: its rules, its options for match i, and a random bot.
 * A game with a three-player table may add `three` (how to read an action's attacked seat): then
 * three-player rows print, per level, how often two bots attack the same seat first (over every
 * pair of seats; chance, with two rivals each, is 25%), and, with one seat played by a "newcomer"
 * (the easy level, or a frozen earlier bot in `three.baseline`), how often both other bots attack
 * the newcomer first (chance 25%).
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Bot, BotLevel, GameAction } from '../shared/src/core/contract';
import { canonicalJson, playout, type PlayoutRules } from '../shared/src/core/playout';
import { Random, seedRng } from '../shared/src/core/rng';
import { randomBot as bankoutRandom } from '../shared/src/games/bankout/baselines';
import { bankout } from '../shared/src/games/bankout/index';
import type { BankoutOptions } from '../shared/src/games/bankout/types';
import { randomBot as kingpinRandom } from '../shared/src/games/kingpin/baselines';
import { kingpin } from '../shared/src/games/kingpin/index';
import { DEFAULT_OPTIONS as KINGPIN_DEFAULTS } from '../shared/src/games/kingpin/options';
import type { KingpinAction, KingpinOptions } from '../shared/src/games/kingpin/types';
import { kingpinBotV2 } from './kingpin-bot-v2';
import { randomBot as devicesRandom } from '../shared/src/games/devices/baselines';
import { devices } from '../shared/src/games/devices/index';
import type { DevicesAction, DevicesState } from '../shared/src/games/devices/types';
import { randomBot as jamesBlandRandom } from '../shared/src/games/james-bland/baselines';
import { jamesBland } from '../shared/src/games/james-bland/index';
import type { JamesBlandAction } from '../shared/src/games/james-bland/types';
import { randomBot as tacticalRiskRandom } from '../shared/src/games/tactical-risk/baselines';
import { tacticalRisk } from '../shared/src/games/tactical-risk/index';
import { DEFAULT_OPTIONS as TACTICAL_RISK_DEFAULTS } from '../shared/src/games/tactical-risk/options';

interface LevelGame {
  rules: PlayoutRules<unknown, GameAction, unknown, unknown, unknown>;
  bot: Bot<GameAction, unknown, unknown>;
  random: Bot<GameAction, unknown, unknown>;
  optionsFor(i: number): unknown;
  three?: {
    /** The seat an action attacks, or null when it attacks nobody. */
    attacked(action: GameAction): number | null;
    /** An earlier bot to compare the first-target figures with (played at its only level). */
    baseline?: { label: string; bot: Bot<GameAction, unknown, unknown> };
  };
  /**
   * Seats per match (default 2: 1-vs-1). With more, the sides alternate seats (the upper side on the
   * even seats, then the odd ones) and a side wins when every winner sits on it.
   */
  seats?: number;
  /** Which due seat acts where several may (default the first; 'random' for real-time games). */
  seatChoice?: 'first' | 'random';
  /**
   * The seat a bot's action attacks or aims at (undefined: not hostile). With it, the bench also
   * plays TABLE_MATCHES all-bot matches per level at `tableSeats` and prints how often two bots' first
   * targets are the same seat, against chance.
   */
  targetOf?(action: GameAction, seat: number, state: unknown): number | undefined;
  tableSeats?: number;
  /** Matches per row when the game is too slow for MATCHES (BOT_LEVELS_MATCHES still overrides it). */
  matches?: number;
  /** Only these rows of ROWS (indices; default all). */
  rows?: number[];
}

const erase = <T>(x: T) => x as never;

/** The games with real levels (docs/architecture.md says the same). */
const LEVEL_GAMES: Record<string, LevelGame> = {
  bankout: {
    rules: erase(bankout),
    bot: erase(bankout.bot),
    random: erase(bankoutRandom),
    // Cycles Bankout/Blitz and Jokers on/off, a pair (both seatings) per setting.
    optionsFor(i: number): BankoutOptions {
      const k = Math.floor(i / 2);
      return { mode: k % 4 < 2 ? 'bankout' : 'blitz', jokers: k % 2 === 0, turnSeconds: 0 };
    },
  },
  kingpin: {
    rules: erase(kingpin),
    bot: erase(kingpin.bot),
    random: erase(kingpinRandom),
    // The default table; Emergency Defense on for every other pair.
    optionsFor(i: number): KingpinOptions {
      return { ...KINGPIN_DEFAULTS, emergencyDefense: Math.floor(i / 2) % 2 === 1 };
    },
    three: {
      attacked: (a) => {
        const k = a as KingpinAction;
        return k.type === 'attack' ? k.target.seat : null;
      },
      baseline: { label: 'before levels', bot: erase(kingpinBotV2) },
    },
  },
  // The duel (1v1 mode, two seats); the first-target rows at the full game's four seats.
  'james-bland': {
    rules: erase(jamesBland),
    bot: erase(jamesBland.bot),
    random: erase(jamesBlandRandom),
    optionsFor: () => ({ planningSeconds: 0, roundLimit: 30 }),
    targetOf(action) {
      const a = action as JamesBlandAction;
      return a.type === 'plan' && a.plan.offense !== 'safeTurn' ? a.plan.target : undefined;
    },
  },
  // The full game at four seats, two per side (seats alternating): hard's search against normal.
  'james-bland-4': {
    rules: erase(jamesBland),
    bot: erase(jamesBland.bot),
    random: erase(jamesBlandRandom),
    seats: 4,
    rows: [0],
    optionsFor: () => ({ planningSeconds: 0, roundLimit: 30 }),
  },
  // Four seats, two per side (no 1-vs-1 mode in its design); default options (4 nweeks, 30 Points).
  devices: {
    rules: erase(devices),
    bot: erase(devices.bot),
    random: erase(devicesRandom),
    seats: 4,
    seatChoice: 'random',
    optionsFor: () => ({ ndaySeconds: 45, nweeks: 4, targetPoints: 30 }),
    // A Power aimed at a player (Take) or at another player's Device (Tap, Destroy).
    targetOf(action, seat, state) {
      const a = action as DevicesAction;
      if (a.type !== 'activate') return undefined;
      if (a.player !== undefined && a.player !== seat) return a.player;
      if (a.target === undefined) return undefined;
      const owner = devices
        .view(state as DevicesState, -1)
        .public.devices.find((d) => d.id === a.target)?.owner;
      return owner !== undefined && owner !== seat ? owner : undefined;
    },
  },
  // Two seats, Classic: the Allies (Russians, British, Americans) against the Axis (Germans, Japanese),
  // the sides swapping seats each pair. The default table (bid 18 for the Allies, 9-round limit,
  // production decides at the limit). A match takes ~3 s, so 40 per row (20 pairs), not 200.
  'tactical-risk': {
    rules: erase(tacticalRisk),
    bot: erase(tacticalRisk.bot),
    random: erase(tacticalRiskRandom),
    optionsFor: () => TACTICAL_RISK_DEFAULTS,
    matches: 40,
  },
};

type Side = { label: string; level: BotLevel | 'random' };
const ROWS: [Side, Side][] = [
  [
    { label: 'hard', level: 'hard' },
    { label: 'normal', level: 'normal' },
  ],
  [
    { label: 'normal', level: 'normal' },
    { label: 'easy', level: 'easy' },
  ],
  [
    { label: 'easy', level: 'easy' },
    { label: 'random', level: 'random' },
  ],
];

const MATCHES_ENV = process.env.BOT_LEVELS_MATCHES;
const MATCHES = Number(MATCHES_ENV ?? 200);
/** BOT_LEVELS_PROGRESS=1: a line per match on stderr (a split row's chunks can be summed if stopped early). */
const PROGRESS = process.env.BOT_LEVELS_PROGRESS === '1';
/** The first match of each row (to split a slow row over processes: BOT_LEVELS_FIRST=100 plays matches 100..). */
const FIRST = Number(process.env.BOT_LEVELS_FIRST ?? 0);
/** Matches per row for a game: its own smaller count when it is slow, unless BOT_LEVELS_MATCHES says. */
const matchesOf = (game: LevelGame) => (MATCHES_ENV ? MATCHES : (game.matches ?? MATCHES));
const REDECIDE = 8;
/** The side's decision (among those with a choice) whose position is decided again (1-based). */
const SPOT = 5;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const ci = (p: number, n: number) => `±${(196 * Math.sqrt((p * (1 - p)) / Math.max(1, n))).toFixed(1)}`;

const keySeed = (n: number) => createHash('sha256').update(`match:${n}`).digest('hex');

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** Share of the entries equal to the most common one. */
function topShare(items: string[]): number {
  const counts = new Map<string, number>();
  for (const x of items) counts.set(x, (counts.get(x) ?? 0) + 1);
  return Math.max(0, ...counts.values()) / Math.max(1, items.length);
}

/** A bot whose every decision's CPU time (this process, ms) goes into `into`. */
function timed(bot: Bot<GameAction, unknown, unknown>, into: number[]): Bot<GameAction, unknown, unknown> {
  return {
    ...bot,
    decide(view, legal, random, level) {
      const t = process.cpuUsage();
      const a = bot.decide(view, legal, random, level);
      const d = process.cpuUsage(t);
      into.push((d.user + d.system) / 1000);
      return a;
    },
  };
}

const quantile = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
const cpuStats = (xs: number[]) =>
  `${quantile(xs, 0.5).toFixed(1)}/${quantile(xs, 0.99).toFixed(1)}/${xs.reduce((m, x) => Math.max(m, x), 0).toFixed(0)}`;

function row(game: LevelGame, upper: Side, lower: Side, seedBase: number): string {
  let upperWins = 0;
  let firstWins = 0;
  let length = 0;
  const firstMove: Record<'upper' | 'lower', string[]> = { upper: [], lower: [] };
  const firstTurn: Record<'upper' | 'lower', string[]> = { upper: [], lower: [] };
  const spot: Record<'upper' | 'lower', number[]> = { upper: [], lower: [] };
  const cpu: Record<'upper' | 'lower', number[]> = { upper: [], lower: [] };
  const t0 = performance.now();
  const matches = matchesOf(game);
  for (let i = FIRST; i < FIRST + matches; i++) {
    // A key seed, as the server's tables have: a number seed's first bot draws are alike (see below).
    const seed = keySeed(seedBase + Math.floor(i / 2));
    const upperSeat = i % 2;
    const onUpper = (seat: number) => seat % 2 === upperSeat;
    const sides = Array.from({ length: game.seats ?? 2 }, (_, seat) => (onUpper(seat) ? upper : lower));
    const levels = sides.map((s) => (s.level === 'random' ? 'normal' : s.level));
    const bots = sides.map((s, seat) =>
      timed(s.level === 'random' ? game.random : game.bot, cpu[onUpper(seat) ? 'upper' : 'lower']),
    );
    const decisions = sides.map(() => 0);
    const spots: { seat: number; state: unknown }[] = [];
    const r = playout(game.rules, game.optionsFor(i), seed, bots, {
      levels,
      seatChoice: game.seatChoice,
      label: 'bot-levels',
      onStep: (step) => {
        if (step.timedOut || game.rules.legalActions(step.before, step.seat).length < 2) return;
        if (++decisions[step.seat]! !== SPOT) return;
        spots.push({ seat: step.seat, state: step.before });
      },
    });
    for (const { seat, state } of spots) {
      const legal = game.rules.legalActions(state, seat);
      const answers = Array.from({ length: REDECIDE }, (_, j) => {
        // Keys, not small numbers: xoroshiro's first draws from nearby number seeds are alike.
        const random = new Random(seedRng(createHash('sha256').update(`${seed}:${seat}:${j}`).digest('hex')));
        const action = (sides[seat]!.level === 'random' ? game.random : game.bot).decide(
          game.rules.view(state, seat),
          legal,
          () => random.float(),
          levels[seat],
        );
        return canonicalJson(action);
      });
      spot[onUpper(seat) ? 'upper' : 'lower'].push(topShare(answers));
    }
    const winners = game.rules.outcome(r.state)?.winners ?? [];
    if (winners.length > 0 && winners.every(onUpper)) upperWins++;
    const opener = r.actions[0]?.seat;
    if (winners.length === 1 && winners[0] === opener) firstWins++;
    length += r.actions.length;
    if (PROGRESS) {
      const won = winners.length > 0 && winners.every(onUpper);
      console.error(
        `${upper.label} vs ${lower.label}: match ${i} (upper seat ${upperSeat}) ${won ? 'upper' : 'lower'} won; ` +
          `${i - FIRST + 1} played, upper ${upperWins}, first mover ${firstWins}`,
      );
    }
    for (const [who, seat] of [
      ['upper', upperSeat],
      ['lower', 1 - upperSeat],
    ] as const) {
      // The side's first seat (seat 0 or 1) stands for the side.
      const start = r.actions.findIndex((a) => a.seat === seat);
      if (start < 0) continue;
      firstMove[who].push(canonicalJson(r.actions[start]!.action));
      const end = r.actions.findIndex((a, j) => j > start && a.seat !== seat);
      firstTurn[who].push(
        canonicalJson(r.actions.slice(start, end < 0 ? undefined : end).map((a) => a.action)),
      );
    }
  }
  const p = upperWins / matches;
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  return [
    `${upper.label} vs ${lower.label}`.padEnd(17),
    `${pct(p).padStart(6)} ${ci(p, matches).padEnd(6)}`,
    `first mover ${pct(firstWins / matches)}`,
    `length ${(length / matches).toFixed(0)} actions`,
    `top first move ${pct(topShare(firstMove.upper))}/${pct(topShare(firstMove.lower))}`,
    `top first turn ${pct(topShare(firstTurn.upper))}/${pct(topShare(firstTurn.lower))}`,
    `same spot ${pct(mean(spot.upper))}/${pct(mean(spot.lower))}`,
    `decision CPU p50/p99/max ${cpuStats(cpu.upper)} / ${cpuStats(cpu.lower)} ms`,
    `${secs}s`,
  ].join(' | ');
}

/** Each seat's first attacked seat in a match (null: it attacked nobody). */
function firstTargets(
  game: LevelGame,
  actions: { seat: number; action: GameAction }[],
  seats: number,
): (number | null)[] {
  const first: (number | null)[] = Array(seats).fill(null);
  for (const { seat, action } of actions) {
    const t = game.three!.attacked(action);
    if (t !== null && first[seat] === null) first[seat] = t;
  }
  return first;
}

/**
 * Three-player rows for one kind of bot: how often two bots attack the same seat first (every pair
 * of seats), and, with a newcomer in one seat (rotating), how often both others attack it first.
 */
function threeRow(
  game: LevelGame,
  label: string,
  pick: (seat: number, newcomer: number | null) => Side | 'baseline',
  seedBase: number,
  matches: number,
): string {
  let pairs = 0;
  let same = 0;
  let ganged = 0;
  let gangedOf = 0;
  for (const withNewcomer of [false, true]) {
    for (let i = 0; i < matches; i++) {
      const newcomer = withNewcomer ? i % 3 : null;
      const sides = [0, 1, 2].map((seat) => pick(seat, newcomer));
      const bots = sides.map((s) =>
        s === 'baseline' ? game.three!.baseline!.bot : s.level === 'random' ? game.random : game.bot,
      );
      const levels = sides.map((s) => (s === 'baseline' || s.level === 'random' ? 'normal' : s.level));
      const seed = keySeed(seedBase + i + (withNewcomer ? 50_000 : 0));
      const r = playout(game.rules, game.optionsFor(i), seed, bots, {
        levels,
        label: 'bot-levels-3',
      });
      const first = firstTargets(game, r.actions, 3);
      if (newcomer === null) {
        for (const [a, b] of [
          [0, 1],
          [0, 2],
          [1, 2],
        ] as const) {
          if (first[a] === null || first[b] === null) continue;
          pairs++;
          if (first[a] === first[b]) same++;
        }
      } else {
        const others = [0, 1, 2].filter((k) => k !== newcomer);
        if (others.some((k) => first[k] === null)) continue;
        gangedOf++;
        if (others.every((k) => first[k] === newcomer)) ganged++;
      }
    }
  }
  return [
    label.padEnd(24),
    `two bots attack the same seat first ${pct(same / Math.max(1, pairs))} of ${pairs} pairs (chance 25%)`,
    `both attack the newcomer first ${pct(ganged / Math.max(1, gangedOf))} of ${gangedOf} (chance 25%)`,
  ].join(' | ');
}

/** Three-player matches per figure; the hard level's rows may be smaller (its rollouts are slow). */
const THREE = Number(process.env.BOT_LEVELS_THREE ?? MATCHES);
const THREE_HARD = Number(process.env.BOT_LEVELS_THREE_HARD ?? THREE);

function threeRows(game: LevelGame): void {
  console.log(
    `  3 players, ${THREE} matches per figure (hard: ${THREE_HARD}; newcomer = the easy level, its seat rotating):`,
  );
  const easy: Side = { label: 'easy', level: 'easy' };
  for (const level of ['easy', 'normal', 'hard'] as const) {
    const side: Side = { label: level, level };
    const n = level === 'hard' ? THREE_HARD : THREE;
    console.log('  ' + threeRow(game, `${level} bots`, (seat, nc) => (seat === nc ? easy : side), 70_000, n));
  }
  if (game.three!.baseline) {
    console.log(
      '  ' +
        threeRow(
          game,
          `${game.three!.baseline.label} (baseline)`,
          (seat, nc) => (seat === nc ? easy : 'baseline'),
          70_000,
          THREE,
        ),
    );
  }
}

const TABLE_MATCHES = Number(process.env.BOT_LEVELS_TABLE_MATCHES ?? 100);
/** Only these rows (indices into ROWS, 't' for the first-target rows), to split a slow game over processes. */
const ONLY = process.env.BOT_LEVELS_ROWS?.split(',');
const runs = (key: string) => !ONLY || ONLY.includes(key);

/**
 * All-bot matches of one level at the game's table size: of the pairs of bots that both attacked
 * someone, the share whose first targets are the same seat, against chance (each bot picking one of
 * the n - 1 others at random: (n - 2) / (n - 1)^2).
 */
function tableRow(game: LevelGame, level: BotLevel, seedBase: number): string {
  const n = game.tableSeats ?? 4;
  let pairs = 0;
  let same = 0;
  const victims = new Array<number>(n).fill(0);
  for (let i = 0; i < TABLE_MATCHES; i++) {
    const first = new Array<number | undefined>(n).fill(undefined);
    // A 256-bit key per match, as the server uses (the first draws from nearby number seeds are alike).
    const seed = createHash('sha256')
      .update(`table:${seedBase + i}`)
      .digest('hex');
    playout(game.rules, game.optionsFor(i), seed, new Array(n).fill(game.bot), {
      levels: new Array(n).fill(level),
      seatChoice: game.seatChoice,
      label: 'bot-levels table',
      onStep: (step) => {
        if (step.timedOut || first[step.seat] !== undefined) return;
        first[step.seat] = game.targetOf!(step.action, step.seat, step.before);
      },
    });
    for (let a = 0; a < n; a++) {
      if (first[a] !== undefined) victims[first[a]!]!++;
      for (let b = a + 1; b < n; b++) {
        if (first[a] === undefined || first[b] === undefined) continue;
        pairs++;
        if (first[a] === first[b]) same++;
      }
    }
  }
  return [
    `${level} x${n}`.padEnd(17),
    `two bots' first targets the same seat in ${pct(same / Math.max(1, pairs))} of ${pairs} pairs`,
    `chance ${pct((n - 2) / (n - 1) ** 2)}`,
    `first targets by seat ${victims.join('/')}`,
  ].join(' | ');
}

const wanted = process.argv.slice(2);
for (const [id, game] of Object.entries(LEVEL_GAMES)) {
  if (wanted.length > 0 && !wanted.includes(id)) continue;
  console.log(
    `${id}: ${matchesOf(game)} matches per row (upper side's win rate, 95% interval; variety upper/lower)` +
      (matchesOf(game) < MATCHES ? ` (fewer than ${MATCHES}: its matches are slow)` : ''),
  );
  ROWS.forEach(([upper, lower], k) => {
    if (runs(String(k)) && (game.rows ?? [k]).includes(k))
      console.log(row(game, upper, lower, 10_000 * (k + 1)));
  });
  if (game.three && runs('3')) threeRows(game);
  if (game.targetOf && runs('t')) {
    console.log(
      `${id}: ${TABLE_MATCHES} all-bot matches per level at ${game.tableSeats ?? 4} seats (first targets)`,
    );
    for (const level of ['easy', 'normal', 'hard'] as const) console.log(tableRow(game, level, 50_000));
  }
}
