/**
 * Kingpin's threat line against what really happens (issue 33: "could DESTROY your Boss next turn"
 * five turns in a row, and it never happened). Prints numbers measured in one run, no pass/fail.
 *
 *   npx tsx bench/kingpin-threat.ts     200 seeded matches per row (KINGPIN_THREAT_MATCHES to change;
 *                                       KINGPIN_THREAT_SEATS=reader,easy to choose the watched seats)
 *
 * One watched seat, rotating, against normal bots (KINGPIN_THREAT_AGAINST=easy: easy ones, the level
 * a first match is advised); 2 and 3 players; today's default table. Watched:
 * the follower (bench/kingpin-spender.ts, the scripted newcomer: adds the shields the line asks for),
 * the reader (the follower, and it buys the Reserve card the line names when it says to keep the
 * money), the easy bot, the normal bot. At the end of each of the watched seat's turns the line it
 * last read (threat.ts, from its seat's view only) is compared with the opponents' next turns, until
 * its own next turn:
 * - "could DESTROY" as announced before this change (the rules' worst case: the best attack with
 *   every dollar and every shield flipped into ammunition) and after it (in capitals when one card
 *   with the money in its safe can do it: `oneCard`; "together could destroy" when its cards
 *   together with its safe can: `withSafe`), and how often the Boss really fell;
 * - why an announced destruction did not happen (what the opponent named did instead), and why a
 *   destruction was not announced (what the killing attack had that the table did not show);
 * - the watched seat's Boss shields from the safe, its buys and its wins per match.
 */
import { createHash } from 'node:crypto';
import type { Bot } from '../shared/src/core/contract';
import { playout } from '../shared/src/core/playout';
import { kingpin } from '../shared/src/games/kingpin/index';
import { seatOf } from '../shared/src/games/kingpin/botModel';
import { DEFAULT_OPTIONS } from '../shared/src/games/kingpin/options';
import {
  bossShieldAdvice,
  otherBossesAtRisk,
  threatReport,
  type Hit,
} from '../shared/src/games/kingpin/threat';
import type {
  KingpinAction,
  KingpinPrivate,
  KingpinPublic,
  KingpinState,
} from '../shared/src/games/kingpin/types';
import { view } from '../shared/src/games/kingpin/view';
import { followerBot } from './kingpin-spender';

const GAMES = Number(process.env.KINGPIN_THREAT_MATCHES ?? 200);
/** The opponents' level: normal, or easy (the level a first match is advised: KINGPIN_THREAT_AGAINST=easy). */
const AGAINST: 'easy' | 'normal' = process.env.KINGPIN_THREAT_AGAINST === 'easy' ? 'easy' : 'normal';
const SEED = 3300;
type Watched = 'follower' | 'reader' | 'easy' | 'normal';

/** The follower, and when the line says to keep the money for a Reserve card, it buys that card. */
const readerBot: Bot<KingpinAction, KingpinPublic, KingpinPrivate> = {
  decide(v, legal, random, level) {
    const pub = v.public;
    const seat = seatOf(pub);
    if (pub.phase === 'turn' && pub.turn === seat) {
      const advice = bossShieldAdvice(pub, seat);
      if (advice?.kind === 'take') {
        const buy = legal.find(
          (a) => a.type === 'buy' && a.source === 'reserve' && advice.reserve.includes(a.card),
        );
        if (buy) return buy;
      }
    }
    return followerBot.decide(v, legal, random, level);
  },
};

interface Row {
  turns: number;
  /** "Could destroy" turns by the rule before (worst case) and after (with the safe), and those that happened. */
  before: number;
  beforeHappened: number;
  after: number;
  afterHappened: number;
  /** The rule "one card with its safe could destroy it" (oneCard), measured beside. */
  one: number;
  oneHappened: number;
  /** After: those whose line also named another player's Boss at risk ("or Cy's"), and happened. */
  shared: number;
  sharedHappened: number;
  bossLost: number;
  /** Why an announced destruction did not happen, by rule. */
  whyBefore: Record<string, number>;
  whyAfter: Record<string, number>;
  /** Why a destruction was not announced (after). */
  unannounced: Record<string, number>;
  longestRun: number[];
  bossShields: number[];
  buys: number[];
  wins: number;
}

const bossSlot = (s: KingpinState, seat: number) =>
  s.players[seat]!.board.findIndex((c) => c !== null && c.id.startsWith('boss_'));
const bump = (m: Record<string, number>, k: string) => (m[k] = (m[k] ?? 0) + 1);

function measure(players: number, watched: Watched): Row {
  const r: Row = {
    turns: 0,
    before: 0,
    beforeHappened: 0,
    after: 0,
    afterHappened: 0,
    one: 0,
    oneHappened: 0,
    shared: 0,
    sharedHappened: 0,
    bossLost: 0,
    whyBefore: {},
    whyAfter: {},
    unannounced: {},
    longestRun: [],
    bossShields: [],
    buys: [],
    wins: 0,
  };
  for (let i = 0; i < GAMES; i++) {
    const w = i % players;
    const seed = createHash('sha256')
      .update(`kingpin-threat:${SEED + i}`)
      .digest('hex');
    const stand = watched === 'follower' ? followerBot : watched === 'reader' ? readerBot : null;
    const bots = Array.from({ length: players }, (_, k) => (k === w && stand ? stand : kingpin.bot));
    const levels = Array.from({ length: players }, (_, k): 'easy' | 'normal' =>
      k === w ? (watched === 'easy' ? 'easy' : 'normal') : AGAINST,
    );
    // The last state of the watched seat's turn (the line it read last), and the round that follows.
    let last: KingpinState | null = null;
    let open: {
      at: KingpinState;
      worst: Hit | null;
      safe: Hit | null;
      one: Hit | null;
      others: number[];
      /** Per opponent: its attacks this round (target and ammunition fired). */
      attacks: Map<number, { seat: number; slot: number | null }[]>;
      played: Set<number>;
      /** Why the destruction was not on the line, when it happens. */
      unannounced: string | null;
    } | null = null;
    let pending: { seat: number; attackers: number[]; target: { seat: number; slot: number | null } } | null =
      null;
    let run = 0;
    let longest = 0;
    let buys = 0;
    let shields = 0;
    const classify = (hit: Hit, why: Record<string, number>) => {
      const o = hit.seat;
      const hits = open!.attacks.get(o) ?? [];
      const boss = bossSlot(open!.at, w);
      bump(
        why,
        !open!.played.has(o)
          ? 'the opponent named had no turn (out, or the match over)'
          : hits.length === 0
            ? 'it did not attack'
            : hits.some((a) => a.seat === w && a.slot === boss)
              ? 'it hit your Boss, with less'
              : hits.some((a) => a.seat === w)
                ? 'it hit another of your cards'
                : otherBossesAtRisk(view(open!.at, w).public, w, o).length
                  ? 'it attacked another player (whose Boss it could destroy too)'
                  : 'it attacked another player',
      );
    };
    const close = (s: KingpinState) => {
      if (!open) return;
      const lost = s.players[w]!.eliminated;
      r.turns++;
      if (lost) r.bossLost++;
      if (open.worst?.destroyed) {
        r.before++;
        if (lost) r.beforeHappened++;
        else classify(open.worst, r.whyBefore);
      }
      if (open.one?.destroyed) {
        r.one++;
        if (lost) r.oneHappened++;
      }
      if (open.safe?.destroyed) {
        r.after++;
        if (lost) r.afterHappened++;
        else classify(open.safe, r.whyAfter);
        if (open.others.length) {
          r.shared++;
          if (lost) r.sharedHappened++;
        }
      }
      if (lost && !open.safe?.destroyed)
        bump(r.unannounced, open.unannounced ?? 'not by an attack on the Boss');
      run = open.one?.destroyed ? run + 1 : 0;
      longest = Math.max(longest, run);
      open = null;
    };
    const result = playout(kingpin, DEFAULT_OPTIONS, seed, bots, {
      label: 'kingpin-threat',
      levels,
      onStep: ({ before, after, seat, action }) => {
        if (seat === w && action.type === 'buy') buys++;
        if (seat === w && action.type === 'safeToShield' && action.slot === bossSlot(before, w)) shields++;
        if (before.turn === w && before.phase === 'turn' && !before.players[w]!.eliminated) last = before;
        if (open && seat !== w) {
          open.played.add(seat);
          if (action.type === 'attack')
            pending = {
              seat,
              attackers: action.attackers,
              target: {
                seat: action.target.seat,
                slot: action.target.zone === 'board' ? action.target.slot : null,
              },
            };
          if (action.type === 'ammo' && pending) {
            const list = open.attacks.get(pending.seat) ?? [];
            list.push(pending.target);
            open.attacks.set(pending.seat, list);
            if (after.players[w]!.eliminated && pending.target.seat === w) {
              // The killing attack: what it had that the line could not see or did not count.
              const at = open.at;
              const o = pending.seat;
              const ids = pending.attackers.map((k) => before.players[o]!.board[k]?.id);
              const seen = view(at, w).public.players[o]!.board;
              const boss = bossSlot(at, w);
              open.unannounced = ids.some((id) => !seen.some((c) => c?.id === id))
                ? 'a card it deployed (hand) or bought that turn attacked'
                : ids.some((id) => seen.some((c) => c !== null && c.id === id && c.frozen))
                  ? 'a card frozen in your view was ready by its turn'
                  : before.players[w]!.board[boss]?.damageQ !== at.players[w]!.board[boss]?.damageQ ||
                      before.players[w]!.board[boss]?.shields !== at.players[w]!.board[boss]?.shields
                    ? 'your Boss was hit or changed before this attack'
                    : 'more money or ATK than on the table (start-of-turn abilities)';
            }
            pending = null;
          }
        }
        // The watched seat's turn ended: the line it read last is announced.
        if (before.turn === w && after.turn !== w && last && !open) {
          const pub = view(last, w).public;
          const boss = threatReport(pub, w).cards.find((c) => c.boss);
          const safe = boss?.withSafe ?? null;
          open = {
            at: last,
            worst: boss?.worst ?? null,
            safe,
            one: boss?.oneCard ?? null,
            others: safe?.destroyed ? otherBossesAtRisk(pub, w, safe.seat) : [],
            attacks: new Map(),
            played: new Set(),
            unannounced: null,
          };
          last = null;
        }
        // Its next turn starts, or it is out: close the round.
        if (open && ((after.turn === w && before.turn !== w) || after.players[w]!.eliminated)) close(after);
      },
    });
    longest = Math.max(longest, run);
    r.longestRun.push(longest);
    r.buys.push(buys);
    r.bossShields.push(shields);
    if (
      !result.state.players[w]!.eliminated &&
      result.state.players.filter((p) => !p.eliminated).length === 1
    )
      r.wins++;
  }
  return r;
}

const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(0)}%`;
const mean = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)).toFixed(1);
const WATCHED = (process.env.KINGPIN_THREAT_SEATS ?? 'follower,reader,easy,normal').split(',') as Watched[];
for (const watched of WATCHED)
  for (const players of [2, 3]) {
    const r = measure(players, watched);
    console.log(
      `\n${players} players, ${watched} vs ${AGAINST} bots, ${GAMES} matches, ${r.turns} turns read`,
    );
    console.log(
      `  "could DESTROY" announced and happened: before (worst case) ${r.beforeHappened}/${r.before} = ${pct(r.beforeHappened, r.before)}; after (one card with its safe, the capitals) ${r.oneHappened}/${r.one} = ${pct(r.oneHappened, r.one)}`,
    );
    console.log(
      `  any destruction announced after (capitals or "together could destroy": its cards with its safe) ${r.afterHappened}/${r.after} = ${pct(r.afterHappened, r.after)}; kills announced in capitals ${r.oneHappened}/${r.bossLost}, at all ${r.afterHappened}/${r.bossLost}`,
    );
    if (players > 2)
      console.log(
        `  after, the line also naming another Boss at risk ("or Cy's"): ${r.sharedHappened}/${r.shared}; alone ${r.afterHappened - r.sharedHappened}/${r.after - r.shared} = ${pct(r.afterHappened - r.sharedHappened, r.after - r.shared)}`,
      );
    console.log(
      `  Boss destroyed ${r.bossLost}, announced after ${r.afterHappened}; longest "could DESTROY" run: max ${Math.max(...r.longestRun)}`,
    );
    console.log(
      `  per match: Boss shields from the safe ${mean(r.bossShields)}, buys ${mean(r.buys)}; wins ${pct(r.wins, GAMES)}`,
    );
    for (const [label, m] of [
      ['announced (before) but did not happen', r.whyBefore],
      ['announced (after) but did not happen', r.whyAfter],
      ['destroyed but not announced (after)', r.unannounced],
    ] as const) {
      const parts = Object.entries(m).sort((a, b) => b[1] - a[1]);
      if (parts.length) console.log(`  ${label}: ${parts.map(([k, v]) => `${k} ${v}`).join('; ')}`);
    }
  }
