/**
 * What a Kingpin match feels like from a seat, over seeded matches with bot levels (for
 * bench/kingpin-balance.ts): how hard the first Boss hit lands, whether the player hit first still
 * wins, and dead turns: turns WITHOUT A CHOICE (shared/src/games/kingpin/choices.ts: at most one
 * sensible play at the turn's start, e.g. $0, nothing to deploy or buy and one target to throw
 * everything at), with the money in the safe at those turns (why). The older, narrower count (a turn
 * whose only play was passing or a pile buy that went to the Reserve) is kept as `idle`.
 */
import { createHash } from 'node:crypto';
import type { Bot, BotLevel } from '../shared/src/core/contract';
import { playout } from '../shared/src/core/playout';
import { cardDef } from '../shared/src/games/kingpin/cards';
import { sensiblePlays } from '../shared/src/games/kingpin/choices';
import { kingpin } from '../shared/src/games/kingpin/index';
import { hpQ, maxHpQ } from '../shared/src/games/kingpin/stats';
import { threatReport } from '../shared/src/games/kingpin/threat';
import { publicView } from '../shared/src/games/kingpin/view';
import { followerBot, heedlessBot, spenderBot } from './kingpin-spender';
import type {
  KingpinAction,
  KingpinOptions,
  KingpinPrivate,
  KingpinPublic,
  KingpinState,
} from '../shared/src/games/kingpin/types';

/** A seat: a bot level, or a newcomer stand-in (bench/kingpin-spender.ts). */
export type SeatKind = BotLevel | 'spender' | 'follower' | 'heedless';

const STAND_INS = { spender: spenderBot, follower: followerBot, heedless: heedlessBot } as const;
const isStandIn = (k: SeatKind): k is keyof typeof STAND_INS => k in STAND_INS;

export interface HitsReport {
  matches: number;
  /** First Boss hit of each match that had one, as a share of that Boss's maximum HP. */
  firstHits: number[];
  /** The first hit on each `watch` seat's Boss that had one, as a share of that Boss's maximum HP. */
  firstHitsWatched: number[];
  /**
   * For each `watch` seat: the biggest single hit its Boss took in the match (share of its HP; 0
   * when never hit), and the ammunition that hit carried ($).
   */
  biggestWatched: number[];
  biggestAmmoWatched: number[];
  /**
   * The threat line's credibility for the `watch` seats: turns whose main action it began while the
   * threat line (threat.ts) said its Boss could be DESTROYED on an opponent's next turn, and those
   * after which the Boss was destroyed before that seat's next turn.
   */
  warned: number;
  warnedTrue: number;
  /** Decided matches with a first Boss hit, and those the player hit first went on to win. */
  hitDecided: number;
  hitFirstWins: number;
  /** Dead turns per player per match, for every seat and for the seats of `watch` level. */
  deadAll: number[];
  deadWatched: number[];
  /** For each seat of `watch` kind: its longest run of dead turns in a row, and its turns played. */
  longestWatched: number[];
  turnsWatched: number[];
  /** For each seat of `watch` kind that ever started a turn with $0: which of its turns that was. */
  dryWatched: number[];
  /** Decided matches, and those won by a seat of `watch` kind. */
  decided: number;
  watchedWins: number;
  /** Idle turns (the older count: only passing or a pile buy to the Reserve) per player per match. */
  idleAll: number[];
  /** Dead turns by the money in the safe when they happened: $0, $1-2, $3+. */
  deadBySafe: [number, number, number];
  /** Turns played (all seats). */
  turns: number;
  /** Each match's length in turns (all seats' turns). */
  matchTurns: number[];
  /**
   * The endgame (issue 33): per match, its turns that were BOSS-ONLY (bossOnlyTurn below) and their
   * share of the match's turns; and per match the mean number of distinct sensible plays at a turn's
   * start (choices.ts) in its first half and its second half (by turn number).
   */
  bossOnly: number[];
  bossOnlyShare: number[];
  playsFirstHalf: number[];
  playsSecondHalf: number[];
  /** At Boss-only turns: the safe, the Reserve's cards the seat could not afford, the pile's size (sums). */
  bossOnlyWhy: { turns: number; safe: number; reserve: number; pile: number; hand: number };
}

/**
 * A BOSS-ONLY turn: at its start every living seat's board holds only its Boss, or the seat on turn
 * has no sensible play (choices.ts) but attacking a Boss, ammunition and shields: the Boss against
 * Boss endgame the newcomer's matches ended in, however many dollars there are to fire.
 */
export function bossOnlyTurn(s: KingpinState, plays: string[]): boolean {
  const onlyBosses = s.players.every(
    (p) => p.eliminated || p.board.every((c) => c === null || cardDef(c.id).type === 'boss'),
  );
  if (onlyBosses) return true;
  return plays.every((k) => {
    if (k === 'ammo' || k === 'shield') return true;
    const m = /^attack (\d+):(\d+)$/.exec(k);
    if (!m) return false;
    const c = s.players[Number(m[1])]!.board[Number(m[2])];
    return c !== null && c !== undefined && cardDef(c.id).type === 'boss';
  });
}

/** The main actions (one ends the turn); the threat line is read just before one. */
const MAIN: KingpinAction['type'][] = ['buy', 'bribe', 'attack', 'discard', 'sell', 'pass'];

/** Whether the threat line says `seat`'s Boss could be destroyed on an opponent's next turn. */
function bossWarned(s: KingpinState, seat: number): boolean {
  return threatReport(publicView(s), seat).cards.some((c) => c.boss && c.worst?.destroyed === true);
}

const ATTACK_RESOLVES: KingpinAction['type'][] = ['ammo', 'emergencyDone', 'pick'];

function bossHp(s: KingpinState, seat: number): { id: string; hp: number; max: number } | null {
  const slot = s.players[seat]!.board.findIndex((c) => c !== null && cardDef(c.id).type === 'boss');
  if (slot < 0) return null;
  return { id: s.players[seat]!.board[slot]!.id, hp: hpQ(s, seat, slot), max: maxHpQ(s, seat, slot) };
}

/** Plays `matches` matches with these levels (rotated one seat per match), key seeds from `seed0`. */
export function measureHits(
  options: KingpinOptions,
  levels: SeatKind[],
  watch: SeatKind | null,
  matches: number,
  seed0: number,
  bot: Bot<KingpinAction, KingpinPublic, KingpinPrivate> = kingpin.bot,
): HitsReport {
  const r: HitsReport = {
    matches,
    firstHits: [],
    firstHitsWatched: [],
    biggestWatched: [],
    biggestAmmoWatched: [],
    warned: 0,
    warnedTrue: 0,
    hitDecided: 0,
    hitFirstWins: 0,
    deadAll: [],
    deadWatched: [],
    longestWatched: [],
    turnsWatched: [],
    dryWatched: [],
    decided: 0,
    watchedWins: 0,
    deadBySafe: [0, 0, 0],
    turns: 0,
    matchTurns: [],
    idleAll: [],
    bossOnly: [],
    bossOnlyShare: [],
    playsFirstHalf: [],
    playsSecondHalf: [],
    bossOnlyWhy: { turns: 0, safe: 0, reserve: 0, pile: 0, hand: 0 },
  };
  const n = levels.length;
  for (let i = 0; i < matches; i++) {
    const seatLevels = levels.map((_, k) => levels[(k + i) % n]!);
    const seed = createHash('sha256')
      .update(`kingpin-hits:${seed0 + i}`)
      .digest('hex');
    const seen: { firstHit: { seat: number; share: number } | null } = { firstHit: null };
    // Each seat's first Boss hit taken (share of its Boss's HP), null until it has one.
    const firstOn: (number | null)[] = Array(n).fill(null);
    // Each seat's biggest Boss hit taken and its ammunition; the ammunition of the attack under way.
    const biggest = Array.from({ length: n }, () => ({ share: 0, ammo: 0 }));
    let ammo = 0;
    // A watched seat warned at its last main action, until its next turn (or the end).
    const warnedSeat: boolean[] = Array(n).fill(false);
    const dead: number[] = Array(n).fill(0);
    const idle: number[] = Array(n).fill(0);
    const run: number[] = Array(n).fill(0);
    const longest: number[] = Array(n).fill(0);
    const played: number[] = Array(n).fill(0);
    const dry: (number | null)[] = Array(n).fill(null);
    // Each turn's number, its count of sensible plays and whether it was Boss-only.
    const starts: { no: number; plays: number; bossOnly: boolean }[] = [];
    // The current turn: its number and seat, whether it offered a choice, whether it has played,
    // and the safe at its start.
    const cur: {
      turn: { no: number; seat: number; choice: boolean; played: boolean; safe: number } | null;
    } = { turn: null };
    const close = () => {
      const turn = cur.turn;
      if (!turn) return;
      r.turns++;
      played[turn.seat]++;
      if (turn.safe === 0 && dry[turn.seat] === null) dry[turn.seat] = played[turn.seat]!;
      if (!turn.played) idle[turn.seat]++;
      run[turn.seat] = turn.choice ? 0 : run[turn.seat]! + 1;
      longest[turn.seat] = Math.max(longest[turn.seat]!, run[turn.seat]!);
      if (!turn.choice) {
        dead[turn.seat]++;
        r.deadBySafe[turn.safe === 0 ? 0 : turn.safe <= 2 ? 1 : 2]++;
      }
    };
    const bots = seatLevels.map((k) => (isStandIn(k) ? STAND_INS[k] : bot));
    const out = playout(kingpin, options, seed, bots, {
      levels: seatLevels.map((k) => (isStandIn(k) ? 'easy' : k)),
      label: 'kingpin-hits',
      onStep: ({ before, after, seat, action }) => {
        if (before.phase === 'turn' && cur.turn?.no !== before.turnNumber) {
          close();
          const plays = sensiblePlays(before, before.turn);
          const only = bossOnlyTurn(before, plays);
          starts.push({ no: before.turnNumber, plays: plays.length, bossOnly: only });
          if (only) {
            const p = before.players[before.turn]!;
            r.bossOnlyWhy.turns++;
            r.bossOnlyWhy.safe += p.safe;
            r.bossOnlyWhy.reserve += before.reserve.length;
            r.bossOnlyWhy.pile += before.drawPile.length;
            r.bossOnlyWhy.hand += p.hand.length;
          }
          cur.turn = {
            no: before.turnNumber,
            seat: before.turn,
            choice: plays.length > 1,
            played: false,
            safe: before.players[before.turn]!.safe,
          };
        }
        if (before.phase === 'turn' && seatLevels[before.turn] === watch && MAIN.includes(action.type)) {
          warnedSeat[before.turn] = bossWarned(before, before.turn);
        }
        for (let k = 0; k < n; k++) {
          if (!warnedSeat[k]) continue;
          const started =
            after.phase === 'turn' && after.turn === k && after.turnNumber !== before.turnNumber;
          const fell = after.players[k]!.eliminated && !before.players[k]!.eliminated;
          if (started || fell || after.phase === 'finished') {
            r.warned++;
            if (fell) r.warnedTrue++;
            warnedSeat[k] = false;
          }
        }
        const turn = cur.turn;
        if (turn && seat === turn.seat) {
          const t = action.type;
          const toReserve =
            t === 'buy' &&
            action.source === 'pile' &&
            after.phase !== 'place' &&
            after.lastRevealed !== null &&
            cardDef(after.lastRevealed).type !== 'event';
          if (['deploy', 'attack', 'bribe', 'place', 'sell', 'discard', 'recall'].includes(t))
            turn.played = true;
          if (t === 'buy' && !toReserve) turn.played = true;
        }
        if (action.type === 'attack') ammo = 0;
        if (action.type === 'ammo') ammo = action.amount;
        if (ATTACK_RESOLVES.includes(action.type)) {
          for (let k = 0; k < n; k++) {
            const b = bossHp(before, k);
            if (!b) continue;
            const a = bossHp(after, k);
            const hpAfter = a && a.id === b.id ? a.hp : 0;
            if (hpAfter >= b.hp) continue;
            const share = (b.hp - hpAfter) / b.max;
            if (share > biggest[k]!.share) biggest[k] = { share, ammo: action.type === 'pick' ? 0 : ammo };
            if (firstOn[k] !== null) continue;
            firstOn[k] = share;
            seen.firstHit ??= { seat: k, share };
          }
        }
      },
    });
    close();
    r.matchTurns.push(out.state.turnNumber);
    const only = starts.filter((t) => t.bossOnly).length;
    r.bossOnly.push(only);
    r.bossOnlyShare.push(only / Math.max(1, starts.length));
    const half = out.state.turnNumber / 2;
    const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
    r.playsFirstHalf.push(avg(starts.filter((t) => t.no <= half).map((t) => t.plays)));
    r.playsSecondHalf.push(avg(starts.filter((t) => t.no > half).map((t) => t.plays)));
    for (let k = 0; k < n; k++) {
      r.deadAll.push(dead[k]!);
      r.idleAll.push(idle[k]!);
      if (seatLevels[k] === watch) {
        r.deadWatched.push(dead[k]!);
        r.longestWatched.push(longest[k]!);
        r.turnsWatched.push(played[k]!);
        const first = firstOn[k];
        if (first !== null && first !== undefined) r.firstHitsWatched.push(first);
        r.biggestWatched.push(biggest[k]!.share);
        r.biggestAmmoWatched.push(biggest[k]!.ammo);
        if (dry[k] !== null) r.dryWatched.push(dry[k]!);
      }
    }
    if (out.state.winner !== null) {
      r.decided++;
      if (seatLevels[out.state.winner] === watch) r.watchedWins++;
    }
    const hit = seen.firstHit;
    if (hit) {
      r.firstHits.push(hit.share);
      if (out.state.winner !== null) {
        r.hitDecided++;
        if (out.state.winner === hit.seat) r.hitFirstWins++;
      }
    }
  }
  return r;
}
