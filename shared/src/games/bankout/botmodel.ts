/**
 * What the AI believes, from its view only: the composition of the next draw (card counting), the
 * chance the opponent holds a Joker, and how likely a pair of banks is to win (the utility the
 * search maximises).
 */
import type { GameView } from '../../core/contract';
import { buildDeck, countRanks, isNumberRank, lootValue, rankOf } from './cards';
import type { RankCounts } from './cards';
import type { BankoutPrivate, BankoutPublic, Rank } from './types';

export type View = GameView<BankoutPublic, BankoutPrivate>;

/** Probabilities of the next card, grouped the way the rules treat them. */
export interface DrawOdds {
  total: number;
  num: number;
  /** Mean value of a number card. */
  numMean: number;
  J: number;
  A: number;
  Q: number;
  K: number;
  X: number;
}

const HAND_RANKS: Rank[] = ['Q', 'K', 'X'];

/** Cards of this round not yet accounted for publicly and not in my hand, by rank. */
function unseenByOthers(view: View): RankCounts {
  const pool: RankCounts = { ...view.public.unseen };
  for (const c of view.private?.hand ?? []) {
    const r = rankOf(c);
    pool[r] = (pool[r] ?? 0) - 1;
  }
  return pool;
}

/** The opponent's hand cards, counted among the unseen Q/K/X. */
function handTypeCount(pool: RankCounts): number {
  return HAND_RANKS.reduce((n, r) => n + Math.max(0, pool[r] ?? 0), 0);
}

/** Probability the opponent holds at least one Joker (round 3). */
export function opponentJokerChance(view: View, me: number): number {
  const pool = unseenByOthers(view);
  const h = view.public.players[1 - me]?.handCount ?? 0;
  const x = Math.max(0, pool.X ?? 0);
  const total = handTypeCount(pool);
  if (h === 0 || x === 0 || total === 0) return 0;
  // P(no Joker among h cards drawn from `total`, x of them Jokers).
  let none = 1;
  for (let i = 0; i < h; i++) none *= Math.max(0, total - x - i) / Math.max(1, total - i);
  return 1 - none;
}

/** The composition of the next card, as this seat can know it. */
export function drawOdds(view: View, me: number): DrawOdds | null {
  const pub = view.public;
  let pool: RankCounts;
  if (pub.deckCount > 0) {
    pool = unseenByOthers(view);
    // The opponent's face-down cards are among the unseen Q/K/X: take their expected share out.
    const h = pub.players[1 - me]?.handCount ?? 0;
    const ht = handTypeCount(pool);
    if (h > 0 && ht > 0) for (const r of HAND_RANKS) pool[r] = (pool[r] ?? 0) * (1 - h / ht);
  } else if (pub.mode === 'bankout' && !pub.suddenDeath && pub.discardCount > 0) {
    // The discard pile is reshuffled: everything of the round not unseen and not on the table.
    pool = countRanks(buildDeck(pub.round, pub.jokers, pub.suddenDeath));
    for (const [r, n] of Object.entries(pub.unseen)) pool[r as Rank] = (pool[r as Rank] ?? 0) - (n ?? 0);
    for (const c of pub.drawnThisTurn) pool[rankOf(c)] = (pool[rankOf(c)] ?? 0) - 1;
  } else {
    return null;
  }
  const odds: DrawOdds = { total: 0, num: 0, numMean: 0, J: 0, A: 0, Q: 0, K: 0, X: 0 };
  let numSum = 0;
  for (const [r, raw] of Object.entries(pool) as [Rank, number][]) {
    const n = Math.max(0, raw);
    odds.total += n;
    if (isNumberRank(r)) {
      odds.num += n;
      numSum += n * lootValue(r);
    } else odds[r as 'J' | 'A' | 'Q' | 'K' | 'X'] += n;
  }
  if (odds.total <= 0) return null;
  odds.numMean = odds.num > 0 ? numSum / odds.num : 0;
  for (const k of ['num', 'J', 'A', 'Q', 'K', 'X'] as const) odds[k] /= odds.total;
  return odds;
}

// ---- Win probability of a race to $1,000 (Bankout mode) ----

const STEP = 10;
const CELLS = 100; // 100 cells of $10 = $1,000
/** A typical turn's gain, in $10 cells: P(gain = index × $10). Bust or nothing is index 0. */
const TURN_GAIN: number[] = (() => {
  const d = new Array<number>(21).fill(0);
  const mass: [number, number][] = [
    [0, 0.3],
    [2, 0.04],
    [3, 0.06],
    [4, 0.08],
    [5, 0.09],
    [6, 0.09],
    [7, 0.08],
    [8, 0.07],
    [9, 0.05],
    [10, 0.04],
    [12, 0.04],
    [14, 0.03],
    [16, 0.02],
    [20, 0.01],
  ];
  let total = 0;
  for (const [i, p] of mass) {
    d[i]! += p;
    total += p;
  }
  return d.map((p) => p / total);
})();

/** RACE[i][j]: chance the player to move wins with i cells banked against j (i, j < CELLS). */
const RACE: Float64Array[] = (() => {
  const m = Array.from({ length: CELLS }, () => new Float64Array(CELLS));
  const d0 = TURN_GAIN[0]!;
  const rest = (i: number, j: number) => {
    let r = 0;
    for (let g = 1; g < TURN_GAIN.length; g++) {
      const p = TURN_GAIN[g]!;
      if (p === 0) continue;
      r += p * (i + g >= CELLS ? 1 : 1 - m[j]![i + g]!);
    }
    return r;
  };
  for (let sum = 2 * (CELLS - 1); sum >= 0; sum--) {
    for (let i = Math.max(0, sum - CELLS + 1); i <= Math.min(CELLS - 1, sum); i++) {
      const j = sum - i;
      if (j < i) continue;
      const rij = rest(i, j);
      const rji = rest(j, i);
      // x = d0 (1 - y) + rij, y = d0 (1 - x) + rji
      const x = (d0 - d0 * d0 - d0 * rji + rij) / (1 - d0 * d0);
      const y = d0 * (1 - x) + rji;
      m[i]![j] = x;
      m[j]![i] = y;
    }
  }
  return m;
})();

function raceCell(i: number, j: number): number {
  return RACE[Math.min(CELLS - 1, i)]![Math.min(CELLS - 1, j)]!;
}

/** Chance to win a race to $1,000 from banks (mine, theirs), with `meToMove`. */
export function raceWin(mine: number, theirs: number, meToMove: boolean): number {
  if (mine >= 1000) return 1;
  if (theirs >= 1000) return 0;
  const a = mine / STEP;
  const b = theirs / STEP;
  const a0 = Math.floor(a);
  const fa = a - a0;
  const b0 = Math.floor(b);
  const fb = b - b0;
  const at = (i: number, j: number) => (meToMove ? raceCell(i, j) : 1 - raceCell(j, i));
  const cell = (i: number, j: number) => (i >= CELLS ? 1 : at(i, j));
  const lo = (1 - fb) * cell(a0, b0) + fb * cell(a0, b0 + 1);
  const hi = (1 - fb) * cell(a0 + 1, b0) + fb * cell(a0 + 1, b0 + 1);
  return (1 - fa) * lo + fa * hi;
}

// ---- Blitz: the higher total when the cards run out ----

/** Spread of the bank difference per card still to be played (from simulated matches). */
const BLITZ_SD_PER_CARD = 14;

function normalCdf(z: number): number {
  // Abramowitz-Stegun 7.1.26 on erf.
  const t = 1 / (1 + 0.3275911 * Math.abs(z / Math.SQRT2));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(z * z) / 2);
  return z >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/** Chance to finish with the higher total, `cardsLeft` cards still to come. A tie counts one half. */
export function leadWin(lead: number, cardsLeft: number): number {
  if (cardsLeft <= 0) return lead > 0 ? 1 : lead < 0 ? 0 : 0.5;
  return normalCdf(lead / (BLITZ_SD_PER_CARD * Math.sqrt(cardsLeft)));
}

/** Cards still to be played in this Blitz match after the current deck (later rounds' decks). */
export function laterCards(pub: BankoutPublic): number {
  if (pub.mode !== 'blitz' || pub.suddenDeath) return 0;
  let n = 0;
  for (let r = pub.round + 1; r <= 3; r++) n += buildDeck(r, pub.jokers, false).length;
  return n;
}
