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
 *   TR_NEWCOMER=Russians TR_TABLES=design,easy-foes TR_SEEDS=40 TR_CAP=12 ...   a first game's table, before/after
 *   TR_NEWCOMER=Germans TR_TABLES=design,bid=18+bidSide=Axis,easy-foes+bid=18+bidSide=Axis ...   the waiting
 *     room's first match by side (meta.ts firstMatchBySeat) for each side, against the other ways
 *   TR_LEVELS=Germans=hard TR_BID=0 ...                    levels per faction, another bid
 *   TR_BID=18 TR_BID_SIDE=Axis ...                          the bid to the other side
 *   TR_SEEDS=5 TR_CAP=20 npx tsx bench/tactical-risk-allbots.ts
 *   TR_FOG=1 TR_EDITION=2 TR_SEEDS=5 npx tsx bench/tactical-risk-allbots.ts   fog of war, rules edition 2
 */
import { performance } from 'node:perf_hooks';
import type { BotLevel } from '../shared/src/core/contract';
import type { Faction } from '../shared/src/games/tactical-risk/board';
import { CAPITALS, FACTIONS, LAND, isWater } from '../shared/src/games/tactical-risk/board';
import type {
  TacticalRiskAction,
  TacticalRiskOptions,
  TacticalRiskState,
  UnitCounts,
} from '../shared/src/games/tactical-risk/types';
import { simulateBattle } from '../shared/src/games/tactical-risk/calculator';
import { moveClass, moveGroupsOf } from '../shared/src/games/tactical-risk/destinations';
import { decideWith } from '../shared/src/games/tactical-risk/bot';
import type { BotProfile } from '../shared/src/games/tactical-risk/botLevel';
import { profileOf } from '../shared/src/games/tactical-risk/botLevel';
import { DEFAULT_OPTIONS } from '../shared/src/games/tactical-risk/options';
import { apply, legalActions, toAct } from '../shared/src/games/tactical-risk/rules';
import { setup } from '../shared/src/games/tactical-risk/setup';
import { current, hostile, isLand, production } from '../shared/src/games/tactical-risk/state';
import { QUICK_THINK_MS } from '../shared/src/games/tactical-risk/pace';
import { view } from '../shared/src/games/tactical-risk/view';
import { limitLead } from '../shared/src/games/tactical-risk/turns';
import { enemiesReaching } from '../shared/src/games/tactical-risk/capitalWarning';
import { seaborneUnits, threatUnits } from '../shared/src/games/tactical-risk/botBoard';
import { screenView, wireView } from '../shared/src/games/tactical-risk/wireView';

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
const LIMITS = [
  ...new Set(
    (process.env.TR_LIMITS ?? `8,10,${DEFAULT_OPTIONS.roundLimit},12`).split(',').filter(Boolean).map(Number),
  ),
];
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
  /** The watched seat's rounds (playOne's `watch`): what it was offered and what it won. */
  offered: SeatRound[];
  /** Per faction: its turns that ended with its capital held but no land unit of its own in it. */
  emptyCapital: Partial<Record<Faction, number>>;
  /**
   * Of those turns: an enemy land unit could reach the capital next turn by the confirm card's
   * reach (capitalWarning.ts: marching, blitzing or by transport, from the faction's own screen), by
   * the AI's own count of land units in reach (botBoard threatUnits and seaborneUnits), and the
   * capital lost by the end of the next round.
   */
  emptyReachable: Partial<Record<Faction, number>>;
  emptyLandThreat: Partial<Record<Faction, number>>;
  emptyThenLost: Partial<Record<Faction, number>>;
  /** Per faction: its round-1 purchase (the bid is spent there): the money it had and left. */
  round1: Partial<Record<Faction, { had: number; left: number }>>;
}

/** One round of a newcomer's seat: what its move card offered at the start of its combat move, and its battles. */
interface SeatRound {
  round: number;
  /** Enemy land where one selection (one kind of unit from one place) shows win >= 70% on the move card. */
  card70: number;
  /** Enemy land where all its units that can reach it together would show win >= 70%. */
  all70: number;
  /** Empty enemy land its units can reach (taken without a fight; the card shows no odds). */
  empty: number;
  attacksWon: number;
  attacksLost: number;
  /** Land it took in its turn (fought for or walked into). */
  taken: number;
}

function playOne(
  seed: number,
  levels: Partial<Record<Faction, BotLevel>> = LEVELS,
  alliedPlan = true,
  /** Stop once this faction's capital has fallen (a newcomer row needs nothing after). */
  stopWhenLost?: Faction,
  /** Table options over the bench's own (a newcomer row's table). */
  table: Partial<TacticalRiskOptions> = {},
  /** A newcomer's seat: what its move card offers and which battles it wins, per round. */
  watch?: Faction,
): GameStats {
  const profiles = Object.fromEntries(
    FACTIONS.map((f) => {
      const p = profileOf(levels[f]);
      return [f, alliedPlan ? p : { ...p, alliedPlan: false }];
    }),
  ) as Record<Faction, BotProfile>;
  let s = setup(
    {
      ...DEFAULT_OPTIONS,
      roundLimit: 0,
      fogOfWar: FOG,
      edition: EDITION,
      bid: BID,
      bidSide: BID_SIDE,
      ...table,
    },
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
    offered: [],
    emptyCapital: {},
    emptyReachable: {},
    emptyLandThreat: {},
    emptyThenLost: {},
    round1: {},
  };
  let measuredTurn = -1;
  const emptyAt: { f: Faction; round: number }[] = [];
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
    let mine: SeatRound | undefined;
    if (watch && f === watch) {
      if (measuredTurn !== s.turnNumber && s.phase === 'combatMove') {
        measuredTurn = s.turnNumber;
        st.offered.push({
          round: s.round,
          ...moveCardAttacks(s, watch),
          attacksWon: 0,
          attacksLost: 0,
          taken: 0,
        });
      }
      mine = st.offered.at(-1)?.round === s.round ? st.offered.at(-1) : undefined;
    }
    const r = apply(s, seat, action);
    if (!r.ok) throw new Error(`seed ${seed}: refused ${r.error.code} ${r.error.message}`);
    if (s.phase === 'purchase' && r.state.phase !== 'purchase') {
      if (s.round === 1) st.round1[f] = { had, left: r.state.treasury[f] };
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
          if (mine && !isWater(d.territory)) {
            if (d.winner === 'attacker') mine.attacksWon++;
            else mine.attacksLost++;
          }
        }
      }
    }
    if (r.state.turnNumber !== s.turnNumber) {
      const cap = CAPITALS[FACTIONS.indexOf(f)]!;
      const guarded = r.state.units.some(
        (u) => u.owner === f && u.at === cap && isLand(u.type) && u.type !== 'aaGun' && u.type !== 'factory',
      );
      if (r.state.owner[cap] === f && !guarded) {
        const add = (k: 'emptyCapital' | 'emptyReachable' | 'emptyLandThreat') =>
          (st[k][f] = (st[k][f] ?? 0) + 1);
        add('emptyCapital');
        const seen = screenView(wireView(view(r.state, r.state.controller[f]))).public;
        if (enemiesReaching(seen, f, cap).length) add('emptyReachable');
        if ([...threatUnits(r.state, cap, f), ...seaborneUnits(r.state, cap, f)].some((u) => isLand(u.type)))
          add('emptyLandThreat');
        emptyAt.push({ f, round: s.round });
      }
    }
    if (mine) for (const t of LAND) if (r.state.owner[t] === watch && s.owner[t] !== watch) mine.taken++;
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
  for (const e of emptyAt) {
    const lost = st.capitalLost[e.f];
    if (lost !== undefined && lost >= e.round && lost <= e.round + 1)
      st.emptyThenLost[e.f] = (st.emptyThenLost[e.f] ?? 0) + 1;
  }
  st.rounds = s.round;
  st.winner = s.winner ? s.winner.factions.join('+') : null;
  st.reason = s.winner?.reason ?? `round cap ${CAP}`;
  return st;
}

/** The calculator's odds as the move card shows them (client planOdds: 1,000 trials, seed 7). */
function cardWin(attacker: UnitCounts, defender: UnitCounts, aaGun: boolean): number {
  return simulateBattle({ attacker, defender, aaGun, trials: 1000, seed: 7 }).attackerWin;
}

/**
 * What a faction's move card offers at the start of its combat move: for each enemy land territory
 * its units can reach (the rules' move templates), the best "win" the card shows for one selection
 * (every unit of one kind, land, air or cargo, from one place, as the card's Select all does; the
 * client's planOdds: its units already there join, AA guns and factories do not fight), and the
 * win if every unit that can reach it went (several moves). Land battles only; no bombardment.
 */
function moveCardAttacks(s: TacticalRiskState, f: Faction): { card70: number; all70: number; empty: number } {
  const seat = s.controller[f];
  const legal = legalActions(s, seat) as TacticalRiskAction[];
  const byId = new Map(s.units.map((u) => [u.id, u]));
  // Unit id -> its move group's ids (a template names the group's first unit).
  const groupOf = new Map<number, number[]>();
  const places = new Set<string>();
  for (const a of legal) if (a.type === 'move' && !a.raid) places.add(a.path[0]!);
  for (const at of places)
    for (const g of moveGroupsOf(s.units.filter((u) => u.owner === f && u.at === at)))
      for (const id of g) groupOf.set(id, g);
  // Destination -> (source|class) -> unit ids that can go there.
  const reach = new Map<string, Map<string, Set<number>>>();
  for (const a of legal) {
    if (a.type !== 'move' || a.raid) continue;
    const dest = a.path.at(-1)!;
    if (isWater(dest)) continue;
    const owner = s.owner[dest];
    const enemyUnits = s.units.some((u) => u.at === dest && hostile(s, u.owner, f));
    if (!enemyUnits && (owner === null || owner === undefined || !hostile(s, owner, f))) continue;
    const from = a.path[0]!;
    const u0 = byId.get(a.units[0]!)!;
    const key = `${from}|${moveClass(u0.type, from)}`;
    const m = reach.get(dest) ?? new Map<string, Set<number>>();
    reach.set(dest, m);
    const ids = m.get(key) ?? new Set<number>();
    m.set(key, ids);
    for (const id of groupOf.get(a.units[0]!) ?? a.units) ids.add(id);
  }
  let card70 = 0;
  let all70 = 0;
  let empty = 0;
  for (const [dest, m] of reach) {
    const defender: UnitCounts = {};
    const there: UnitCounts = {};
    let aaGun = false;
    for (const u of s.units) {
      if (u.at !== dest) continue;
      if (u.owner === f) {
        if (u.type !== 'aaGun' && u.type !== 'factory') there[u.type] = (there[u.type] ?? 0) + 1;
      } else if (hostile(s, u.owner, f)) {
        if (u.type === 'aaGun') aaGun = true;
        else if (u.type !== 'factory') defender[u.type] = (defender[u.type] ?? 0) + 1;
      }
    }
    if (Object.keys(defender).length === 0) {
      empty++;
      continue;
    }
    const counts = (ids: Iterable<number>): UnitCounts => {
      const c: UnitCounts = { ...there };
      for (const id of ids) {
        const t = byId.get(id)!.type;
        c[t] = (c[t] ?? 0) + 1;
      }
      return c;
    };
    const best = Math.max(...[...m.values()].map((ids) => cardWin(counts(ids), defender, aaGun)));
    if (best >= 0.7) card70++;
    const every = new Set([...m.values()].flatMap((ids) => [...ids]));
    if (best >= 0.7 || cardWin(counts(every), defender, aaGun) >= 0.7) all70++;
  }
  return { card70, all70, empty };
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

/**
 * A newcomer's table (TR_TABLES): `design` (the default table, the other AIs normal), `easy-foes`
 * (the other side's AIs easy), `easy-friends` (its own side's AIs easy), `bid=N` and `bidSide=Axis`
 * (the table's bid), joined with `+`: e.g. `design,easy-foes,easy-foes+bid=18`.
 */
interface NewcomerTable {
  name: string;
  easyFoes: boolean;
  easyFriends: boolean;
  options: Partial<TacticalRiskOptions>;
}

function parseTables(spec: string): NewcomerTable[] {
  return spec
    .split(',')
    .filter(Boolean)
    .map((name) => {
      const t: NewcomerTable = { name, easyFoes: false, easyFriends: false, options: {} };
      for (const part of name.split('+')) {
        const [k, v] = part.split('=');
        if (k === 'easy-foes') t.easyFoes = true;
        else if (k === 'easy-friends') t.easyFriends = true;
        else if (k === 'bid') t.options.bid = Number(v);
        else if (k === 'bidSide') t.options.bidSide = v as 'Allies' | 'Axis';
        else if (k !== 'design') throw new Error(`unknown table part ${part}`);
      }
      return t;
    });
}
const TABLES = parseTables(process.env.TR_TABLES ?? 'design');
const AXIS: readonly Faction[] = ['Germans', 'Japanese'];

/**
 * One faction played by the easy AI (a newcomer's stand-in) against AIs, at each table of TR_TABLES,
 * the same seeds each: how long it keeps its capital, whether its side wins, and what its move card
 * offered and it won per round (a game goes on to the cap after its capital falls, as a newcomer's
 * would).
 */
function newcomer(f: Faction): void {
  for (const table of TABLES) {
    const t0 = performance.now();
    const games: GameStats[] = [];
    const levels: Partial<Record<Faction, BotLevel>> = {};
    for (const x of FACTIONS) {
      const friend = AXIS.includes(x) === AXIS.includes(f);
      levels[x] = x === f ? 'easy' : (friend ? table.easyFriends : table.easyFoes) ? 'easy' : 'normal';
    }
    for (let seed = FIRST; seed < FIRST + SEEDS; seed++)
      games.push(playOne(seed, levels, true, undefined, table.options, f));
    const limit = DEFAULT_OPTIONS.roundLimit;
    const kept = games.map((g) => {
      const lost = g.capitalLost[f];
      // Rounds it kept its capital: the rounds before the one whose end found it lost (never lost: the cap,
      // also when its side won outright before it).
      return lost === undefined ? CAP : lost - 1;
    });
    const held = games.filter((g) => g.capitalLost[f] === undefined).length;
    const side = AXIS.includes(f) ? 'Axis' : 'Allies';
    const sideWins = games.filter((g) => underLimit(g, limit) === side).length;
    const outright = games.filter((g) => g.winner?.includes(f)).length;
    const rounds = games.flatMap((g) => g.offered);
    const sum = (k: keyof SeatRound) => rounds.reduce((a, r) => a + r[k], 0);
    const mean = (k: keyof SeatRound) => (sum(k) / Math.max(1, rounds.length)).toFixed(2);
    const byRound = (k: keyof SeatRound) =>
      Array.from({ length: CAP }, (_, i) => {
        const at = rounds.filter((r) => r.round === i + 1);
        return at.length ? (at.reduce((a, r) => a + r[k], 0) / at.length).toFixed(1) : '-';
      }).join(' ');
    console.log(
      `newcomer (easy AI) as ${f}, table "${table.name}" (others: ${FACTIONS.filter((x) => x !== f)
        .map((x) => `${x} ${levels[x]}`)
        .join(', ')}; bid ${table.options.bid ?? BID} to the ${table.options.bidSide ?? BID_SIDE}),` +
        ` ${SEEDS} games (seeds ${FIRST}-${FIRST + SEEDS - 1}, cap ${CAP}):\n` +
        `  capital kept median ${median(kept)} rounds (target >= 5), under 5 rounds in` +
        ` ${kept.filter((k) => k < 5).length}, held to the cap in ${held}; kept: ${kept.join(' ')}\n` +
        `  its side (${side}) wins at the round limit ${limit} in ${sideWins} (${pctOf(sideWins, games.length)}),` +
        ` outright by round ${CAP} in ${outright}\n` +
        `  per round of its (${rounds.length} turns): attacks the move card shows at win >= 70%: mean` +
        ` ${mean('card70')}, none in ${rounds.filter((r) => r.card70 === 0).length} turns` +
        ` (${pctOf(rounds.filter((r) => r.card70 === 0).length, rounds.length)}); with every unit that can` +
        ` reach: ${mean('all70')}; empty enemy land in reach ${mean('empty')}\n` +
        `  by round 1-${CAP} (means): card attacks >= 70% ${byRound('card70')}; with every unit ${byRound('all70')};` +
        ` battles won ${byRound('attacksWon')}\n` +
        `  its battles: won ${sum('attacksWon')}, lost ${sum('attacksLost')} (per game: won` +
        ` ${(sum('attacksWon') / games.length).toFixed(1)}, lost ${(sum('attacksLost') / games.length).toFixed(1)});` +
        ` land taken ${(sum('taken') / games.length).toFixed(1)} per game; wall ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
  }
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
  for (const r of new Set([3, 6, DEFAULT_OPTIONS.roundLimit, 12])) {
    const at = games.filter((g) => g.prod[r - 1]);
    console.log(
      `production at the end of round ${r} (median over the ${at.length} games still on): ` +
        FACTIONS.map((f) => `${f} ${median(at.map((g) => g.prod[r - 1]![f]))}`).join(', '),
    );
  }
  console.log(
    'faction turns ending with its capital held and no land unit of its own in it (AA guns and factories not counted): ' +
      FACTIONS.map((f) => `${f} ${games.reduce((a, g) => a + (g.emptyCapital[f] ?? 0), 0)}`).join(', ') +
      ` (of ${games.reduce((a, g) => a + g.prod.length, 0)} faction turns each, about)`,
  );
  const sumOf = (k: 'emptyReachable' | 'emptyLandThreat' | 'emptyThenLost') =>
    FACTIONS.map((f) => `${f} ${games.reduce((a, g) => a + (g[k][f] ?? 0), 0)}`).join(', ');
  console.log(
    `  of those, an enemy land unit could reach it next turn (the confirm card's reach, transports included): ${sumOf('emptyReachable')};` +
      ` the AI saw land units in reach (threatUnits, seaborneUnits): ${sumOf('emptyLandThreat')}; the capital lost by the next round's end: ${sumOf('emptyThenLost')}`,
  );
  console.log(
    'round-1 purchase (the bid is spent there): money had / left unspent, median: ' +
      FACTIONS.map((f) => {
        const r1 = games.flatMap((g) => (g.round1[f] ? [g.round1[f]] : []));
        return `${f} ${median(r1.map((x) => x.had))} / ${median(r1.map((x) => x.left))}`;
      }).join(', '),
  );
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
