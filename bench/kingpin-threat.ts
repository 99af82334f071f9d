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
 * - the watched seat's Boss shields from the safe, its buys and its wins per match;
 * - for each "could DESTROY" in capitals that did not happen, whether the rules engine itself (not
 *   threat.ts) let the opponent named destroy the Boss with one card and its safe when its turn
 *   began, and what it did instead (or what had changed by then); and the capitals again after that
 *   opponent had such a kill at its last turn's start and did not take it (the client's soft repeat,
 *   threatLine.ts), against the first ones.
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

/**
 * Whether seat `o`, on turn in `s` (its Defense Management not started), can destroy `w`'s Boss with
 * one card and its safe, by the rules engine itself (not threat.ts): every one-card attack at every
 * card of `w`'s, fired with the most ammunition it may (shields left where they are).
 */
function killNow(s: KingpinState, o: number, w: number): boolean {
  for (const a of kingpin.legalActions(s, o)) {
    if (a.type !== 'attack' || a.attackers.length !== 1 || a.target.seat !== w || a.target.zone !== 'board')
      continue;
    const r = kingpin.apply(s, o, a);
    if (!r.ok) continue;
    let t = r.state;
    if (t.phase === 'ammo') {
      const most = Math.max(
        ...kingpin.legalActions(t, o).flatMap((x) => (x.type === 'ammo' ? [x.amount] : [])),
      );
      const fired = kingpin.apply(t, o, { type: 'ammo', amount: most });
      if (!fired.ok) continue;
      t = fired.state;
    }
    if (t.players[w]!.eliminated || bossSlot(t, w) < 0) return true;
  }
  return false;
}

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
  /** Why a "could DESTROY" in capitals (oneCard) did not happen, the kill checked by the rules at its turn. */
  whyOne: Record<string, number>;
  /**
   * Capitals announced again for the same opponent after it had the kill on its last turn (seen
   * from the watched seat's view as its turn began) and did not take it: the soft repeat; and the
   * first ones (any other capitals). Announced / happened.
   */
  repeat: number;
  repeatHappened: number;
  first: number;
  firstHappened: number;
  /** The client's memory ("it could, at its turn start, from my view") against the rules engine's check. */
  memoryAgrees: number;
  memoryChecked: number;
  longestRun: number[];
  bossShields: number[];
  buys: number[];
  wins: number;
}

/** A seat's board as a kill depends on it: ids, damage, shields, frozen. */
const cardsOf = (s: KingpinState, seat: number) =>
  JSON.stringify(s.players[seat]!.board.map((c) => c && [c.id, c.damageQ, c.shields, c.frozenUntil]));
/**
 * Why a one-card kill announced at the end of `w`'s turn (`at`) was not there when `o`'s turn began
 * (`then`), the view there agreeing (else it is a figure error, counted apart): what changed between.
 */
function whatChanged(at: KingpinState, then: KingpinState, w: number, o: number): string {
  const boss = (s: KingpinState) => JSON.stringify(s.players[w]!.board[bossSlot(s, w)] ?? null);
  if (boss(at) !== boss(then)) return 'your Boss changed first (shields, or another hit)';
  if (cardsOf(at, w) !== cardsOf(then, w))
    return 'your board changed after the line (a card you played or lost: a Guard shuts the Boss off)';
  if (cardsOf(at, o) !== cardsOf(then, o)) return 'its cards changed first (hit, frozen or gone)';
  if (at.players[o]!.safe !== then.players[o]!.safe) return 'its safe changed first (spent or taken)';
  return 'something else changed first (an event, a Blackout)';
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
    whyOne: {},
    repeat: 0,
    repeatHappened: 0,
    first: 0,
    firstHappened: 0,
    memoryAgrees: 0,
    memoryChecked: 0,
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
      /**
       * Per opponent, at its turn's start: whether the rules let it destroy the Boss with one card
       * and its safe (`rules`), and whether the watched seat's view says so (`seen`, what the
       * client's memory keeps); then what it did that turn (action types, in order).
       */
      start: Map<
        number,
        {
          rules: boolean;
          seen: boolean;
          did: KingpinAction[];
          state: KingpinState;
        }
      >;
    } | null = null;
    /**
     * The opponents that had a one-card kill at their last turn's start, as the watched seat's view
     * showed it, and did not take it (what the client's memory keeps: threatLine.ts).
     */
    let passed = new Set<number>();
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
        const o = open.one.seat;
        const st = open.start.get(o);
        const again = passed.has(o);
        if (again) {
          r.repeat++;
          if (lost) r.repeatHappened++;
        } else {
          r.first++;
          if (lost) r.firstHappened++;
        }
        if (st) {
          r.memoryChecked++;
          if (st.rules === st.seen) r.memoryAgrees++;
        }
        if (!lost) {
          const boss = bossSlot(open.at, w);
          const main = st?.did.find(
            (a) => !['moveShield', 'shieldToSafe', 'safeToShield', 'deploy', 'recall'].includes(a.type),
          );
          const spent = st?.did.some((a) => a.type === 'safeToShield') ?? false;
          bump(
            r.whyOne,
            !st
              ? 'the opponent named had no turn (out, or the match over)'
              : !st.rules
                ? st.seen
                  ? 'no kill by the rules at its turn, though the view then said so: a figure error'
                  : `no kill by its turn: ${whatChanged(open.at, st.state, w, o)}`
                : !main || main.type === 'pass'
                  ? 'had the kill, passed'
                  : main.type === 'buy'
                    ? `had the kill, bought${spent ? ' (after shielding its own cards)' : ''}`
                    : main.type === 'attack' && main.target.seat === w
                      ? main.target.zone === 'board' && main.target.slot === boss
                        ? `had the kill, hit your Boss for less (another card or less money${spent ? ', after shielding its own cards' : ''})`
                        : 'had the kill, hit another of your cards'
                      : main.type === 'attack'
                        ? 'had the kill, attacked another player'
                        : `had the kill, did ${main.type}`,
          );
        }
      }
      passed = new Set(lost ? [] : [...open.start].flatMap(([o, st]) => (st.seen ? [o] : [])));
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
          if (!open.start.has(seat) && before.turn === seat && before.phase === 'turn') {
            open.start.set(seat, {
              rules: killNow(before, seat, w),
              seen: !!threatReport(view(before, w).public, w, {}, seat).cards.find((x) => x.boss)?.oneCard
                ?.destroyed,
              did: [],
              state: before,
            });
          }
          open.start.get(seat)?.did.push(action);
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
            start: new Map(),
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
    console.log(
      `  capitals, first: ${r.firstHappened}/${r.first} = ${pct(r.firstHappened, r.first)}; again after the same opponent had the kill last turn and did not take it: ${r.repeatHappened}/${r.repeat} = ${pct(r.repeatHappened, r.repeat)}; the view's "it had the kill" agrees with the rules at ${r.memoryAgrees}/${r.memoryChecked} turn starts`,
    );
    for (const [label, m] of [
      ['capitals announced but did not happen (kill checked by the rules at its turn start)', r.whyOne],
      ['announced (before) but did not happen', r.whyBefore],
      ['announced (after) but did not happen', r.whyAfter],
      ['destroyed but not announced (after)', r.unannounced],
    ] as const) {
      const parts = Object.entries(m).sort((a, b) => b[1] - a[1]);
      if (parts.length) console.log(`  ${label}: ${parts.map(([k, v]) => `${k} ${v}`).join('; ')}`);
    }
  }
