/**
 * Tactical Risk: five AIs against each other (5 seats, default options: Classic, alliance victory
 * only) over seeded games, with a round cap the benchmark sets (the table's default has none).
 * Prints how many games end with a winner before the cap (target: 18 of 20), the time of one AI
 * turn (every decide() call of a faction's turn and its battle prompts; targets: mean < 1 s, p99
 * < 3 s), how much of its money the AI leaves unspent after purchasing, aircraft lost with nowhere
 * to land, and attacks lost. Not a test: it prints measured numbers.
 *
 * Games run without a round limit (to the cap); easy and normal never read the limit (hard's play
 * of the last round, botLevel.ts, never shows here: there is none), so each game's result
 * under a limit L (its winner by then, else the production lead at the end of round L) is exact:
 * printed for a few limits, the table's default among them. Also: wins per side, the round each
 * capital first falls, AI actions per faction turn (what each pace adds), and with TR_NEWCOMER one
 * faction played by the easy AI against normal AIs (how long it keeps its capital).
 *
 *   npx tsx bench/tactical-risk-allbots.ts                 20 seeds, cap 30 rounds
 *   TR_SEEDS=40 TR_CAP=20 npx tsx bench/tactical-risk-allbots.ts        the issue-34 table
 *   TR_PLAN=both TR_SEEDS=40 TR_CAP=20 npx tsx bench/tactical-risk-allbots.ts   before/after the Allies' plan
 *   TR_NEWCOMER=Germans,Russians TR_SEEDS=40 TR_CAP=12 npx tsx bench/tactical-risk-allbots.ts
 *   TR_LEVELS=Germans=hard TR_BID=0 ...                    levels per faction, another bid
 *   TR_BID=18 TR_BID_SIDE=Axis ...                          the bid to the other side
 *   TR_SEEDS=5 TR_CAP=20 npx tsx bench/tactical-risk-allbots.ts
 *   TR_FOG=1 TR_EDITION=2 TR_SEEDS=5 npx tsx bench/tactical-risk-allbots.ts   fog of war, rules edition 2
 */
import { performance } from 'node:perf_hooks';
import type { BotLevel } from '../shared/src/core/contract';
import type { Faction } from '../shared/src/games/tactical-risk/board';
import { CAPITALS, FACTIONS, LAND } from '../shared/src/games/tactical-risk/board';
import type { TacticalRiskState } from '../shared/src/games/tactical-risk/types';
import { decideWith } from '../shared/src/games/tactical-risk/bot';
import type { BotProfile } from '../shared/src/games/tactical-risk/botLevel';
import { profileOf } from '../shared/src/games/tactical-risk/botLevel';
import { DEFAULT_OPTIONS } from '../shared/src/games/tactical-risk/options';
import { apply, legalActions, toAct } from '../shared/src/games/tactical-risk/rules';
import { setup } from '../shared/src/games/tactical-risk/setup';
import { current, production } from '../shared/src/games/tactical-risk/state';
import { QUICK_THINK_MS } from '../shared/src/games/tactical-risk/pace';
import { view } from '../shared/src/games/tactical-risk/view';
import { limitLead } from '../shared/src/games/tactical-risk/turns';

const SEEDS = Number(process.env.TR_SEEDS ?? 20);
const CAP = Number(process.env.TR_CAP ?? 30);
const FIRST = Number(process.env.TR_FIRST_SEED ?? 1);
const FOG = process.env.TR_FOG === '1';
const EDITION = Number(process.env.TR_EDITION ?? DEFAULT_OPTIONS.edition);
/** The Allies' bid (extra starting IPC, shared): TR_BID=18. Default: the table's default. */
const BID = Number(process.env.TR_BID ?? DEFAULT_OPTIONS.bid ?? 0);
/** The side the bid goes to: TR_BID_SIDE=Axis. Default: the table's default. */
const BID_SIDE = (process.env.TR_BID_SIDE ?? DEFAULT_OPTIONS.bidSide ?? 'Allies') as 'Allies' | 'Axis';
/** Levels per faction, e.g. TR_LEVELS=Germans=hard,Russians=easy (the rest: normal). */
const LEVELS = parseLevels(process.env.TR_LEVELS ?? '');
/** Round limits to judge the same games under (their production lead at that round's end). */
const LIMITS = (process.env.TR_LIMITS ?? `8,${DEFAULT_OPTIONS.roundLimit},10,12`)
  .split(',')
  .filter(Boolean)
  .map(Number);
/**
 * The Allies' plan (botAllies.ts): TR_PLAN=both plays the same seeds twice, first with it off (the AI
 * before it), then as the AI plays now: before and after in one run. TR_PLAN=off or on: one of them
 * (on by default), to split a slow run over two processes.
 */
const PLAN = process.env.TR_PLAN ?? 'on';
/** Stand-in newcomers: one row per faction listed, that faction played by the easy AI. */
const NEWCOMERS = (process.env.TR_NEWCOMER ?? '').split(',').filter(Boolean) as Faction[];

function parseLevels(spec: string): Partial<Record<Faction, BotLevel>> {
  const out: Partial<Record<Faction, BotLevel>> = {};
  for (const part of spec.split(',').filter(Boolean)) {
    const [f, l] = part.split('=');
    out[f as Faction] = l as BotLevel;
  }
  return out;
}

interface GameStats {
  seed: number;
  winner: string | null;
  reason: string;
  rounds: number;
  turnMs: number[];
  /** Bot actions per faction turn (each one waits the pace's think time at a table). */
  turnActions: number[];
  /** Per purchase phase: money left unspent, and the treasury it started with. */
  leftover: { left: number; had: number }[];
  crashed: number;
  attacksWon: number;
  attacksLost: number;
  /** Per faction: the first round whose end finds its capital in enemy hands (null: never). */
  capitalLost: Partial<Record<Faction, number>>;
  /** Axis minus Allied production at the end of each round (index 0: round 1). */
  lead: number[];
  /** Each faction's production at the end of each round (index 0: round 1). */
  prod: Record<Faction, number>[];
}

function playOne(
  seed: number,
  levels: Partial<Record<Faction, BotLevel>> = LEVELS,
  alliedPlan = true,
  /** Stop once this faction's capital has fallen (a newcomer row needs nothing after). */
  stopWhenLost?: Faction,
): GameStats {
  const profiles = Object.fromEntries(
    FACTIONS.map((f) => {
      const p = profileOf(levels[f]);
      return [f, alliedPlan ? p : { ...p, alliedPlan: false }];
    }),
  ) as Record<Faction, BotProfile>;
  let s = setup(
    { ...DEFAULT_OPTIONS, roundLimit: 0, fogOfWar: FOG, edition: EDITION, bid: BID, bidSide: BID_SIDE },
    [0, 1, 2, 3, 4].map((i) => ({ name: `Bot ${i + 1}`, bot: true })),
    seed,
  );
  const st: GameStats = {
    seed,
    winner: null,
    reason: '',
    rounds: 0,
    turnMs: [],
    turnActions: [],
    leftover: [],
    crashed: 0,
    attacksWon: 0,
    attacksLost: 0,
    capitalLost: {},
    lead: [],
    prod: [],
  };
  let round = s.round;
  let turn = s.turnNumber;
  let acc = 0;
  let actions = 0;
  let had = -1;
  while (s.phase !== 'finished' && s.round <= CAP) {
    if (stopWhenLost && st.capitalLost[stopWhenLost] !== undefined) break;
    const seat = toAct(s)[0]!;
    const t0 = performance.now();
    const legal = legalActions(s, seat);
    const action = decideWith(view(s, seat), legal, profiles[current(s)]);
    const dt = performance.now() - t0;
    if (s.turnNumber !== turn) {
      st.turnMs.push(acc);
      st.turnActions.push(actions);
      turn = s.turnNumber;
      acc = 0;
      actions = 0;
    }
    actions++;
    acc += dt;
    const f = current(s);
    if (s.phase === 'purchase' && had < 0) had = s.treasury[f];
    const r = apply(s, seat, action);
    if (!r.ok) throw new Error(`seed ${seed}: refused ${r.error.code} ${r.error.message}`);
    if (s.phase === 'purchase' && r.state.phase !== 'purchase') {
      st.leftover.push({ left: r.state.treasury[f], had });
      had = -1;
    }
    for (const e of r.events) {
      if (e.type === 'crash') st.crashed += (e.data as { units?: unknown[] } | undefined)?.units?.length ?? 1;
      if (e.type === 'battleEnd') {
        const d = e.data as { winner: string; territory: string };
        if (!d.territory.startsWith('raid')) {
          if (d.winner === 'attacker') st.attacksWon++;
          else st.attacksLost++;
        }
      }
    }
    s = r.state;
    if (s.round !== round || s.phase === 'finished') {
      FACTIONS.forEach((x, i) => {
        if (st.capitalLost[x] === undefined && s.owner[CAPITALS[i]!] !== x) st.capitalLost[x] = round;
      });
      if (s.round !== round) {
        st.lead.push(limitLead(s));
        st.prod.push(factionProduction(s));
      }
      round = s.round;
    }
  }
  if (acc > 0) st.turnMs.push(acc);
  st.rounds = s.round;
  st.winner = s.winner ? s.winner.factions.join('+') : null;
  st.reason = s.winner?.reason ?? `round cap ${CAP}`;
  return st;
}

const pct = (xs: number[], p: number) => {
  const a = xs.slice().sort((x, y) => x - y);
  return a[Math.min(a.length - 1, Math.floor(p * (a.length - 1)))] ?? NaN;
};

function factionProduction(s: TacticalRiskState): Record<Faction, number> {
  const out = Object.fromEntries(FACTIONS.map((f) => [f, 0])) as Record<Faction, number>;
  for (const t of LAND) {
    const o = s.owner[t];
    if (o) out[o] += production(t);
  }
  return out;
}

/** The side a game would go to under a round limit: its winner before the limit, else the production lead. */
function underLimit(g: GameStats, limit: number): string {
  if (g.winner && g.rounds <= limit) return g.winner.includes('Germans') ? 'Axis' : 'Allies';
  const lead = g.lead[limit - 1];
  if (lead === undefined) return 'none';
  return lead > 0 ? 'Axis' : lead < 0 ? 'Allies' : 'none';
}

const pctOf = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(0)}%`;
const median = (xs: number[]) => {
  const a = xs.slice().sort((x, y) => x - y);
  return a.length
    ? a.length % 2
      ? a[(a.length - 1) / 2]!
      : (a[a.length / 2 - 1]! + a[a.length / 2]!) / 2
    : NaN;
};

/** One faction played by the easy AI (a newcomer's stand-in) against normal AIs: how long it keeps its capital. */
function newcomer(f: Faction): void {
  const t0 = performance.now();
  const kept: number[] = [];
  let wins = 0;
  let held = 0;
  for (let seed = FIRST; seed < FIRST + SEEDS; seed++) {
    const g = playOne(seed, { [f]: 'easy' }, true, f);
    const lost = g.capitalLost[f];
    // Rounds it kept its capital: the rounds before the one whose end found it lost (or the whole game).
    kept.push(lost === undefined ? Math.min(g.rounds, CAP) : lost - 1);
    if (lost === undefined) held++;
    if (g.winner?.includes(f)) wins++;
  }
  const under5 = kept.filter((k) => k < 5).length;
  console.log(
    `newcomer (easy AI) as ${f} vs normal AIs, ${SEEDS} games (seeds ${FIRST}-${FIRST + SEEDS - 1}, cap ${CAP}):` +
      ` keeps its capital median ${median(kept)} rounds (target >= 5), under 5 rounds in ${under5},` +
      ` held to the cap in ${held}; kept: ${kept.join(' ')}; its side wins outright ${wins}` +
      ` (a game stops when the capital falls); wall ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
}
function allBots(alliedPlan = true): void {
  const t0 = performance.now();
  const games: GameStats[] = [];
  console.log(`\n== all AIs, the Allies' plan ${alliedPlan ? 'on (the AI now)' : 'off (before it)'} ==`);
  for (let seed = FIRST; seed < FIRST + SEEDS; seed++) {
    const g = playOne(seed, LEVELS, alliedPlan);
    games.push(g);
    const spent = g.leftover.reduce((a, x) => a + (x.had - x.left), 0);
    const hadAll = g.leftover.reduce((a, x) => a + x.had, 0);
    console.log(
      `seed ${seed}: ${g.winner ? `${g.winner} win in round ${g.rounds}` : `no winner by round ${CAP}`}` +
        ` (${g.reason}); spent ${((100 * spent) / Math.max(1, hadAll)).toFixed(0)}% of money at purchase;` +
        ` attacks won ${g.attacksWon}, lost ${g.attacksLost}; aircraft crashed ${g.crashed};` +
        ` turn mean ${(g.turnMs.reduce((a, x) => a + x, 0) / g.turnMs.length).toFixed(0)} ms;` +
        ` under the round limit ${DEFAULT_OPTIONS.roundLimit}: ${underLimit(g, DEFAULT_OPTIONS.roundLimit)};` +
        ` Moscow lost ${g.capitalLost.Russians ?? 'never'}`,
    );
  }
  const turns = games.flatMap((g) => g.turnMs);
  const ended = games.filter((g) => g.winner);
  const left = games.flatMap((g) => g.leftover);
  console.log(
    `\n${ended.length}/${games.length} games end with a winner before round ${CAP} (target 18/20);` +
      ` rounds of those: median ${pct(
        ended.map((g) => g.rounds),
        0.5,
      )}`,
  );
  console.log(
    `one AI turn over ${turns.length} turns: mean ${(turns.reduce((a, x) => a + x, 0) / turns.length).toFixed(0)} ms` +
      ` (target < 1000), p99 ${pct(turns, 0.99).toFixed(0)} ms (target < 3000), max ${Math.max(...turns).toFixed(0)} ms`,
  );
  console.log(
    `money left after purchase: median ${pct(
      left.map((x) => x.left),
      0.5,
    )} IPC, p90 ${pct(
      left.map((x) => x.left),
      0.9,
    )} IPC;` + ` purchases leaving >= 12 IPC: ${left.filter((x) => x.left >= 12).length}/${left.length}`,
  );
  console.log(
    `attacks won ${games.reduce((a, g) => a + g.attacksWon, 0)}, lost ${games.reduce((a, g) => a + g.attacksLost, 0)};` +
      ` aircraft crashed ${games.reduce((a, g) => a + g.crashed, 0)}; wall ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  const side = (g: GameStats) => (!g.winner ? 'none' : g.winner.includes('Germans') ? 'Axis' : 'Allies');
  const share = (k: string) => games.filter((g) => side(g) === k).length;
  console.log(
    `\nwins over ${games.length} games (cap ${CAP}): Axis ${share('Axis')} (${pctOf(share('Axis'), games.length)}),` +
      ` Allies ${share('Allies')} (${pctOf(share('Allies'), games.length)}), none ${share('none')}` +
      ` (target: each side 35-65%); median game ${median(games.map((g) => (g.winner ? g.rounds : CAP + 1)))} rounds` +
      ` (unfinished count as ${CAP + 1}; target < 20)`,
  );
  console.log(
    'capital first lost (median round; never = cap+1): ' +
      FACTIONS.map((f) => `${f} ${median(games.map((g) => g.capitalLost[f] ?? CAP + 1))}`).join(', '),
  );
  for (const r of [3, 6, DEFAULT_OPTIONS.roundLimit, 12]) {
    const at = games.filter((g) => g.prod[r - 1]);
    console.log(
      `production at the end of round ${r} (median over the ${at.length} games still on): ` +
        FACTIONS.map((f) => `${f} ${median(at.map((g) => g.prod[r - 1]![f]))}`).join(', '),
    );
  }
  const perTurn = games.flatMap((g) => g.turnActions);
  const [qMin, qMax] = QUICK_THINK_MS;
  console.log(
    `AI actions per faction turn: median ${pct(perTurn, 0.5)}, p90 ${pct(perTurn, 0.9)}, max ${Math.max(...perTurn)};` +
      ` pacing added per AI country at the p90: quick ${((pct(perTurn, 0.9) * (qMin + qMax)) / 2000).toFixed(1)} s,` +
      ` watch (900 ms bot delay) ${((pct(perTurn, 0.9) * 900) / 1000).toFixed(0)} s (beyond the AI's own thinking)`,
  );
  for (const limit of LIMITS) {
    const sides = games.map((g) => underLimit(g, limit));
    const n = (k: string) => sides.filter((x) => x === k).length;
    console.log(
      `  as if the round limit were ${limit}: Axis ${n('Axis')} (${pctOf(n('Axis'), games.length)}), Allies ${n('Allies')}` +
        ` (${pctOf(n('Allies'), games.length)}), tie or unplayed ${n('none')}; median game` +
        ` ${median(games.map((g) => (g.winner && g.rounds <= limit ? g.rounds : limit)))} rounds` +
        (limit === DEFAULT_OPTIONS.roundLimit ? '  <- the default table (its round limit)' : ''),
    );
  }
}

if (NEWCOMERS.length) for (const f of NEWCOMERS) newcomer(f);
else {
  if (PLAN !== 'on') allBots(false);
  if (PLAN !== 'off') allBots(true);
}
