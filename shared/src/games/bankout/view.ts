/**
 * The single place that decides hidden information. Public: banks, per-turn counters, hand counts,
 * face-up cards of this turn, counts of unseen cards by rank. Private: the seat's hand and its bust
 * risk. Never shown: the deck order, any hand card of another seat, the rng.
 */
import type { GameView, Viewer } from '../../core/contract';
import type { RankCounts } from './cards';
import { ALL_RANKS, countRanks, rankIndex, rankOf } from './cards';
import { reshuffles } from './state';
import type { BankoutPrivate, BankoutPublic, BankoutSeatState, BankoutState } from './types';

/** A state's unseen cards, counted by rank index (ALL_RANKS' order), and how many in all. */
interface Unseen {
  byRank: Uint8Array;
  total: number;
}

/**
 * The last state's unseen counts. After each action the public view and the drawing seat's bust
 * risk both need them, for the same state, one after the other: one entry is enough, and cheaper
 * than a WeakMap (states are never changed after they are made: apply copies).
 */
let memo: { state: BankoutState; unseen: Unseen } | null = null;

/** Cards no one has seen publicly: the deck and every face-down hand card (read only: memoised). */
function unseenOf(s: BankoutState): Unseen {
  if (memo?.state === s) return memo.unseen;
  const byRank = new Uint8Array(ALL_RANKS.length);
  for (const card of s.deck) byRank[rankIndex(card)]!++;
  let total = s.deck.length;
  for (const p of s.players) {
    for (const card of p.hand) byRank[rankIndex(card)]!++;
    total += p.hand.length;
  }
  const unseen = { byRank, total };
  memo = { state: s, unseen };
  return unseen;
}

/**
 * Counts by rank index as a fresh object keyed by rank, the ranks with none left out, keys in rank
 * order (keys inserted as ranks turned up in the deck would tell every viewer which of J, Q, K, A,
 * X comes first in it). Built from a literal and named stores, not a loop of computed keys: keys
 * like '2'..'10' are array indices to the engine, and that loop was several times slower.
 */
function countsOf(raw: Uint8Array): RankCounts {
  const counts: RankCounts = {
    '2': raw[0],
    '3': raw[1],
    '4': raw[2],
    '5': raw[3],
    '6': raw[4],
    '7': raw[5],
    '8': raw[6],
    '9': raw[7],
    '10': raw[8],
  };
  for (let i = 0; i < 9; i++) if (raw[i] === 0) delete counts[ALL_RANKS[i]!];
  if (raw[9]! > 0) counts.J = raw[9];
  if (raw[10]! > 0) counts.Q = raw[10];
  if (raw[11]! > 0) counts.K = raw[11];
  if (raw[12]! > 0) counts.A = raw[12];
  if (raw[13]! > 0) counts.X = raw[13];
  return counts;
}

/** The unseen counts by rank, as a fresh object the caller may change. */
export function unseenCounts(s: BankoutState): RankCounts {
  return countsOf(unseenOf(s).byRank);
}

const RANK_J = ALL_RANKS.indexOf('J');
const RANK_A = ALL_RANKS.indexOf('A');

type TurnCounters = Pick<BankoutSeatState, 'alert' | 'jacks' | 'latent'>;

/** The chance that the next card busts: `jacks` and `aces` among `total` equally likely cards. */
function bustOdds(p: TurnCounters, queensInHand: number, jacks: number, aces: number, total: number): number {
  if (total === 0) return 0;
  const jackBusts = p.latent > 0 ? queensInHand === 0 : p.jacks >= 2;
  const aceBusts = p.alert || p.latent >= 2;
  return ((jackBusts ? jacks : 0) + (aceBusts ? aces : 0)) / total;
}

/**
 * The chance that the next draw busts a seat in this turn state, when the next card is drawn
 * uniformly from `pool` (counts by rank). A Jack busts with a latent Ace and no Queen in hand to
 * auto-play, or as the third Jack; an Ace busts on Alert or as the third latent Ace.
 */
export function bustChance(p: TurnCounters, queensInHand: number, pool: RankCounts): number {
  let total = 0;
  for (const n of Object.values(pool)) total += n ?? 0;
  return bustOdds(p, queensInHand, pool.J ?? 0, pool.A ?? 0, total);
}

/** What a seat knows could come next: the unseen cards minus its own hand, or the pile to reshuffle. */
export function drawPoolFor(s: BankoutState, seat: number): RankCounts {
  if (s.deck.length === 0) return reshuffles(s) ? countRanks(s.discard) : {};
  const pool = unseenCounts(s);
  for (const card of s.players[seat]!.hand) {
    const r = rankOf(card);
    pool[r] = (pool[r] ?? 0) - 1;
  }
  return pool;
}

/**
 * bustChance over drawPoolFor(s, seat), without building the pool: it runs after every action, and
 * from the deck the pool is the shared unseen counts less the seat's own hand.
 */
export function bustRiskFor(s: BankoutState, seat: number): number {
  const me = s.players[seat]!;
  let queens = 0;
  let jacks = 0;
  let aces = 0;
  for (const card of me.hand) {
    const r = rankOf(card);
    if (r === 'Q') queens++;
    else if (r === 'J') jacks++;
    else if (r === 'A') aces++;
  }
  if (s.deck.length === 0) return bustChance(me, queens, drawPoolFor(s, seat));
  const { byRank, total } = unseenOf(s);
  return bustOdds(me, queens, byRank[RANK_J]! - jacks, byRank[RANK_A]! - aces, total - me.hand.length);
}

export function view(s: BankoutState, viewer: Viewer): GameView<BankoutPublic, BankoutPrivate> {
  return { public: publicView(s), private: privateView(s, viewer) };
}

/** What every viewer sees (the same for all). */
export function publicView(s: BankoutState): BankoutPublic {
  return {
    mode: s.options.mode,
    jokers: s.options.jokers,
    turnSeconds: s.options.turnSeconds,
    round: s.round,
    suddenDeath: s.suddenDeath,
    turn: s.turn,
    turnNumber: s.turnNumber,
    phase: s.phase,
    prompt: s.prompt ? { ...s.prompt } : null,
    deckCount: s.deck.length,
    discardCount: s.discard.length,
    drawnThisTurn: s.drawnThisTurn.slice(),
    lastRevealed: s.lastRevealed,
    pot: s.pot,
    players: s.players.map((p, i) => ({
      name: s.names[i] ?? `Player ${i + 1}`,
      bank: p.bank,
      loot: p.loot,
      alert: p.alert,
      jacks: p.jacks,
      latent: p.latent,
      handCount: p.hand.length,
      roundsWon: p.roundsWon,
    })),
    unseen: unseenCounts(s),
    winner: s.winner,
  };
}

/**
 * A seat's own secrets: its hand and its bust risk (null for spectators). The risk is only worked
 * out for the seat that may draw now (0 otherwise): it is all a player is shown, and the waiting
 * seat's private part then stays unchanged while the other one draws (no patch for it).
 */
export function privateView(s: BankoutState, viewer: Viewer): BankoutPrivate | null {
  const me = viewer === 0 || viewer === 1 ? s.players[viewer] : undefined;
  if (!me) return null;
  const mayDraw = s.phase === 'turn' && s.turn === viewer;
  if (!mayDraw) return { hand: me.hand.slice(), bustRisk: 0 };
  return { hand: me.hand.slice(), bustRisk: bustRiskFor(s, viewer) };
}
