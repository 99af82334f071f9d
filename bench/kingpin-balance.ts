/**
 * Kingpin balance benchmark: prints numbers measured in one run (not a pass/fail test).
 *
 *   npx tsx bench/kingpin-balance.ts          200 matches per row (KINGPIN_BALANCE_MATCHES to change)
 *
 * 1. The bot against itself, 2 and 3 players, the design's pure rules (no truce, uncapped
 *    ammunition, Bosses at 10 HP) beside the default table (opening truce, Bosses at 20 HP): the share of matches
 *    that end in the opening (before every player has had two turns), players eliminated before
 *    their second turn, the first player's share of the decided matches, the median length in turns.
 * 2. The bot against uniformly random legal play (default table, seats alternating).
 * 3. The bot against its previous version (bench/kingpin-bot-v1.ts; default table, seats alternating).
 * 4. How a match feels (bench/kingpin-hits.ts), 2 and 3 players, the design's rules and the default
 *    table before (edition 2: no income) and after the base income (edition 3: $1 while the safe holds $2 or less),
 *    with edition 4's reinforcements on (every lone Boss; off by default there) and today's default
 *    (edition 5: the catch-up reinforcements, only while your Boss has lost more HP), the normal
 *    bot against itself and the easy bot (a newcomer's stand-in, its seat rotating) against normal
 *    ones: the first Boss hit as a share of that Boss's HP (median, p90), the share of decided
 *    matches won by the player hit first, and dead turns per player per match: turns WITHOUT A
 *    CHOICE (shared/src/games/kingpin/choices.ts: at most one sensible play at the turn's start;
 *    median, mean, share of turns; goal: median <= 2), with the money in the safe at those turns.
 *    KINGPIN_INCOME_2=1 adds a $2-a-turn table. Then the endgame (issue 33): per match, its Boss-only
 *    turns (bench/kingpin-hits.ts bossOnlyTurn: every board only its Boss, or nothing to do but hit a
 *    Boss, fire ammunition, shield) and their share of the match, the distinct sensible plays per
 *    turn in the first and the second half, and at Boss-only turns the safe, Reserve, pile and hand.
 * 5. Two newcomer stand-ins (bench/kingpin-spender.ts): the spender, who spends every dollar, and
 *    the follower, the scripted newcomer of tests/browser/tools/kingpinNewcomer.ts; one seat
 *    rotating, against easy and normal bots, 2 and 3 players, before and after the base income: its
 *    dead turns (without a choice), its longest dead run, when it first starts a turn at $0, its wins (`--spender` prints this section alone, KINGPIN_AGAINST=easy only
 *    the easy rows; `--feel` section 4 alone; KINGPIN_FEEL_TABLES=3,4 and KINGPIN_FEEL_PLAYERS=2
 *    keep only those tables of section 4, by their index, and that player count (in section 5 too);
 *    KINGPIN_SPENDER_TABLES=3,4 keeps section 5's tables by index (the four default tables, then any
 *    KINGPIN_AMMO_CAPS ones) and KINGPIN_STAND_IN=follower one stand-in; KINGPIN_STAND_IN=heedless adds the follower who never
 *    shields its Boss, bench/kingpin-spender.ts heedlessBot).
 * KINGPIN_AMMO_CAPS=4,6 adds today's default table with those ammunition caps to sections 4 and 5.
 */
import { performance } from 'node:perf_hooks';
import { measureBalance } from '../shared/src/games/kingpin/balance';
import { randomBot } from '../shared/src/games/kingpin/baselines';
import { kingpinBot } from '../shared/src/games/kingpin/bot';
import { DEFAULT_OPTIONS, DESIGN_RULES } from '../shared/src/games/kingpin/options';
import type { KingpinBot } from '../shared/src/games/kingpin/playout';
import type { KingpinOptions } from '../shared/src/games/kingpin/types';
import { kingpinBotV1 } from './kingpin-bot-v1';
import { measureHits } from './kingpin-hits';

const GAMES = Number(process.env.KINGPIN_BALANCE_MATCHES ?? 200);
const SEED = 1000;
const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(0)}%`.padStart(4);

const TABLES: { label: string; options: KingpinOptions }[] = [
  { label: "design's pure rules", options: { ...DEFAULT_OPTIONS, ...DESIGN_RULES } },
  { label: 'default (truce, Boss 20 HP)', options: DEFAULT_OPTIONS },
];

/**
 * The default table before the base income (edition 2, money only from cards), with it (edition 3:
 * $1 while the safe holds $2 or less; edition 4's default table plays the same), with edition 4's
 * reinforcements on (every lone Boss; off by default there), and today's default (edition 5: the
 * catch-up reinforcements).
 */
const BEFORE_INCOME: KingpinOptions = { ...DEFAULT_OPTIONS, income: 0, reinforcements: false, edition: 2 };
const MONEY_TABLES: { label: string; options: KingpinOptions }[] = [
  { label: 'default, no income (ed. 2)', options: BEFORE_INCOME },
  { label: 'default, $1 net (ed. 3-4)', options: { ...DEFAULT_OPTIONS, reinforcements: false, edition: 3 } },
  { label: 'ed. 4 reinforcements on', options: { ...DEFAULT_OPTIONS, reinforcements: true, edition: 4 } },
  { label: 'default, catch-up (ed. 5)', options: DEFAULT_OPTIONS },
];
if (process.env.KINGPIN_INCOME_2)
  MONEY_TABLES.push({ label: 'default, $2 a turn', options: { ...DEFAULT_OPTIONS, income: 2 } });

/**
 * KINGPIN_AMMO_CAPS=4,6 adds today's default table with each of these ammunition caps (issue 33: a
 * lone Boss holding $12 at the truce's end deals 16-17 in one hit), after the other tables (so
 * KINGPIN_FEEL_TABLES counts them from 5, or 6 with KINGPIN_INCOME_2).
 */
const CAP_TABLES = (process.env.KINGPIN_AMMO_CAPS?.split(',').map(Number) ?? []).map((cap) => ({
  label: `default, ammo cap ${cap}`,
  options: { ...DEFAULT_OPTIONS, ammoCap: cap },
}));

/** Section 4's tables: the design's rules, the default tables of editions 2-5, and any capped ones. */
const FEEL_TABLES = [TABLES[0]!, ...MONEY_TABLES, ...CAP_TABLES];

/** Wins of `bot` against `other` over `games` matches, the bot's seat alternating (2 players). */
function headToHead(bot: KingpinBot, other: KingpinBot, options: KingpinOptions): number {
  let wins = 0;
  for (let seat = 0; seat < 2; seat++) {
    const bots = seat === 0 ? [bot, other] : [other, bot];
    wins += measureBalance(options, bots, GAMES / 2, SEED + 7_000 * (seat + 1)).winsBySeat[seat]!;
  }
  return wins;
}

/** Wins of `bot` in 3-player matches against two `other`s, its seat rotating. */
function threeWay(bot: KingpinBot, other: KingpinBot, options: KingpinOptions): number {
  let wins = 0;
  for (let seat = 0; seat < 3; seat++) {
    const bots = [other, other, other];
    bots[seat] = bot;
    wins += measureBalance(options, bots, Math.round(GAMES / 3), SEED + 9_000 + 500 * seat).winsBySeat[seat]!;
  }
  return wins;
}

function main(): void {
  const t0 = performance.now();
  console.log(`Kingpin balance: the bot against itself, ${GAMES} seeded matches per row`);
  console.log(
    '  players  table                         opening ends  out before 2nd turn  first player wins  median turns  turn cap',
  );
  for (const players of [2, 3]) {
    for (const t of TABLES) {
      const r = measureBalance(t.options, Array(players).fill(kingpinBot), GAMES, SEED);
      console.log(
        `  ${players}        ${t.label.padEnd(30)}${pct(r.openingEnds, r.games).padStart(12)}` +
          `${String(r.earlyEliminations).padStart(21)}` +
          `${`${pct(r.firstWins, r.decided)} of ${r.decided}`.padStart(19)}` +
          `${String(r.medianTurns).padStart(14)}${String(r.capped).padStart(10)}`,
      );
    }
  }
  console.log(
    '  targets (default, 2 players): opening ends 0%, first player 35-65%, median >= 12; 3 players: nobody out before 2nd turn',
  );
  const vsRandom = headToHead(kingpinBot, randomBot, DEFAULT_OPTIONS);
  const vsRandom3 = threeWay(kingpinBot, randomBot, DEFAULT_OPTIONS);
  console.log(
    `Bot vs random legal play (default table): 2 players ${pct(vsRandom, GAMES)} of ${GAMES} (target >= 95%), 3 players ${pct(vsRandom3, 3 * Math.round(GAMES / 3))} of ${3 * Math.round(GAMES / 3)}`,
  );
  const vsOld = headToHead(kingpinBot, kingpinBotV1, DEFAULT_OPTIONS);
  const vsOldDesign = headToHead(kingpinBot, kingpinBotV1, TABLES[0]!.options);
  console.log(
    `Bot vs its previous version: default table ${pct(vsOld, GAMES)} of ${GAMES} (target > 50%), design's rules ${pct(vsOldDesign, GAMES)} of ${GAMES}`,
  );
  feel();
  spenders();
  console.log(`  total ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const quantile = (xs: number[], q: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

function feel(): void {
  console.log(
    `How a match feels, ${GAMES} seeded matches per row (levels: bot = normal; easy = one easy seat, rotating)`,
  );
  console.log(
    '  dead turn = a turn WITHOUT A CHOICE: at most one sensible play at its start (choices.ts); idle = the old count (only a pass or a pile buy to the Reserve)',
  );
  console.log(
    '  players  table                         seats          first Boss hit (median, p90)  hit first wins  dead turns/player (median, mean, share)  easy seat (median, mean, share)  idle/player (mean)  dead at $0 / $1-2 / $3+  turns (median)  easy seat: its first Boss hit taken (median, p90)  easy seat wins  its biggest (median, p90; >= half its HP)  ammo in it $ (median, p90)  DESTROY warnings: per match, came true',
  );
  const endgame: string[] = [];
  const onlyTables = process.env.KINGPIN_FEEL_TABLES?.split(',').map(Number);
  const onlyPlayers = process.env.KINGPIN_FEEL_PLAYERS?.split(',').map(Number);
  for (const players of onlyPlayers ?? [2, 3]) {
    for (const t of FEEL_TABLES.filter((_, i) => !onlyTables || onlyTables.includes(i))) {
      for (const [label, levels, watch] of [
        ['bot vs bot', Array(players).fill('normal'), null],
        ['easy vs normal', ['easy', ...Array(players - 1).fill('normal')], 'easy'],
      ] as const) {
        const r = measureHits(t.options, [...levels], watch, GAMES, SEED);
        endgame.push(endgameRow(`  ${players}        ${t.label.padEnd(30)}${label.padEnd(15)}`, r));
        const hits = `${pct(quantile(r.firstHits, 0.5) * 100, 100)}, ${pct(quantile(r.firstHits, 0.9) * 100, 100)}`;
        const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
        const dead = `${quantile(r.deadAll, 0.5)}, ${mean(r.deadAll).toFixed(1)}, ${pct(sum(r.deadAll), r.turns)}`;
        const watched = watch
          ? `${quantile(r.deadWatched, 0.5)}, ${mean(r.deadWatched).toFixed(1)}, ${pct(sum(r.deadWatched), sum(r.turnsWatched))}`
          : '-';
        const total = r.deadBySafe.reduce((a, b) => a + b, 0);
        console.log(
          `  ${players}        ${t.label.padEnd(30)}${label.padEnd(15)}${hits.padStart(28)}` +
            `${`${pct(r.hitFirstWins, r.hitDecided)} of ${r.hitDecided}`.padStart(16)}${dead.padStart(41)}` +
            `${watched.padStart(33)}${mean(r.idleAll).toFixed(1).padStart(20)}` +
            `${r.deadBySafe
              .map((d) => pct(d, total))
              .join(' /')
              .padStart(25)}${String(quantile(r.matchTurns, 0.5)).padStart(16)}` +
            (watch
              ? `${`${pct(quantile(r.firstHitsWatched, 0.5) * 100, 100)}, ${pct(quantile(r.firstHitsWatched, 0.9) * 100, 100)}`.padStart(51)}` +
                `${`${pct(r.watchedWins, r.matches)} of ${r.matches}`.padStart(16)}` +
                biggestCols(r)
              : ''),
        );
      }
    }
  }
  console.log('  goal: the median player has at most 2 dead turns per match');
  console.log(ENDGAME_HEAD);
  for (const line of endgame) console.log(line);
}

/**
 * The watched seat's biggest Boss hit taken: median, p90, share of seats hit for half its HP or more;
 * its ammunition; and the threat line's "could DESTROY your Boss" at its main actions: per seat and
 * match, and the share that came true (the Boss fell before that seat's next turn).
 */
function biggestCols(r: ReturnType<typeof measureHits>): string {
  const b = r.biggestWatched;
  const half = b.filter((x) => x >= 0.5).length;
  return (
    `${pct(quantile(b, 0.5) * 100, 100)}, ${pct(quantile(b, 0.9) * 100, 100)}; ${pct(half, b.length)}`.padStart(
      43,
    ) +
    `${quantile(r.biggestAmmoWatched, 0.5)}, ${quantile(r.biggestAmmoWatched, 0.9)}`.padStart(34) +
    `${(r.warned / Math.max(1, r.biggestWatched.length)).toFixed(1)}, ${pct(r.warnedTrue, r.warned)}`.padStart(
      41,
    )
  );
}

const ENDGAME_HEAD = [
  '  The endgame: Boss-only turn = at its start every board holds only its Boss, or the seat can only attack a Boss, fire ammunition or shield;',
  '  plays = distinct sensible plays at a turn start (choices.ts), mean per match, first half / second half of the match (by turn number);',
  '  at Boss-only turns: mean safe, Reserve size, Draw Pile size, hand size',
  '  players  table                         seats          Boss-only turns/match (median, mean)  share of match (median, mean)  plays 1st half / 2nd half (median)  safe / Reserve / pile / hand',
].join('\n');

/** One row of the endgame table (measureHits' per-match Boss-only counts and plays per half). */
function endgameRow(head: string, r: ReturnType<typeof measureHits>): string {
  const w = r.bossOnlyWhy;
  const per = (x: number) => (w.turns ? (x / w.turns).toFixed(1) : '-');
  return (
    head +
    `${quantile(r.bossOnly, 0.5)}, ${mean(r.bossOnly).toFixed(1)}`.padStart(38) +
    `${pct(quantile(r.bossOnlyShare, 0.5) * 100, 100)}, ${pct(mean(r.bossOnlyShare) * 100, 100)}`.padStart(
      31,
    ) +
    `${quantile(r.playsFirstHalf, 0.5).toFixed(1)} / ${quantile(r.playsSecondHalf, 0.5).toFixed(1)}`.padStart(
      36,
    ) +
    `${per(w.safe)} / ${per(w.reserve)} / ${per(w.pile)} / ${per(w.hand)}`.padStart(30)
  );
}

/**
 * Two newcomer stand-ins (bench/kingpin-spender.ts), one seat rotating, against easy and normal
 * bots: the spender (shields where the threat line says, cards played with all the shields it can
 * pay, the least killing ammunition or Max) and the follower (the scripted newcomer of
 * tests/browser/tools/kingpinNewcomer.ts: the threat line's shields, every card in one attack, one
 * shield on a bought card). Per row: its dead turns, its longest run of them, its turns, when it ran
 * dry, and its wins (chance: 50% with two players, 33% with three).
 */
function spenders(): void {
  console.log(`Newcomer stand-ins, ${GAMES} seeded matches per row, the stand-in's seat rotating`);
  console.log(
    '  players  table                         stand-in  against   dead turns (median, mean, share of its turns)  longest dead run (median, p90)  its turns (median)  ran dry (share; at its turn, median)  stand-in wins  its first Boss hit taken (median, p90)  its biggest (median, p90; >= half its HP)  ammo in it $ (median, p90)  DESTROY warnings: per match, came true',
  );
  const only = process.env.KINGPIN_AGAINST?.split(',');
  const onlyTables = process.env.KINGPIN_SPENDER_TABLES?.split(',').map(Number);
  const onlyWho = process.env.KINGPIN_STAND_IN?.split(',');
  const onlyPlayers = process.env.KINGPIN_FEEL_PLAYERS?.split(',').map(Number);
  const tables = [...MONEY_TABLES, ...CAP_TABLES].filter((_, i) => !onlyTables || onlyTables.includes(i));
  for (const players of onlyPlayers ?? [2, 3]) {
    for (const t of tables) {
      for (const who of ['spender', 'follower', 'heedless'] as const) {
        if (onlyWho ? !onlyWho.includes(who) : who === 'heedless') continue;
        for (const against of ['easy', 'normal'] as const) {
          if (only && !only.includes(against)) continue;
          const r = measureHits(t.options, [who, ...Array(players - 1).fill(against)], who, GAMES, SEED);
          const turns = r.turnsWatched.reduce((a, b) => a + b, 0);
          const dead = r.deadWatched.reduce((a, b) => a + b, 0);
          console.log(
            `  ${players}        ${t.label.padEnd(30)}${who.padEnd(10)}${against.padEnd(10)}` +
              `${`${quantile(r.deadWatched, 0.5)}, ${mean(r.deadWatched).toFixed(1)}, ${pct(dead, turns)}`.padStart(46)}` +
              `${`${quantile(r.longestWatched, 0.5)}, ${quantile(r.longestWatched, 0.9)}`.padStart(32)}` +
              `${String(quantile(r.turnsWatched, 0.5)).padStart(20)}` +
              `${`${pct(r.dryWatched.length, r.turnsWatched.length)}; ${quantile(r.dryWatched, 0.5)}`.padStart(38)}` +
              `${`${pct(r.watchedWins, r.matches)} of ${r.matches}`.padStart(15)}` +
              `${`${pct(quantile(r.firstHitsWatched, 0.5) * 100, 100)}, ${pct(quantile(r.firstHitsWatched, 0.9) * 100, 100)}`.padStart(40)}` +
              biggestCols(r),
          );
        }
      }
    }
  }
  console.log(
    '  goals: the median newcomer has at most 2 dead turns per match, and no long dead stretch; against the level for a first game it wins 30-50%',
  );
}

if (process.argv.includes('--feel')) feel();
else if (process.argv.includes('--spender')) spenders();
else main();
