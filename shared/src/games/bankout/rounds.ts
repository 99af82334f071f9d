/**
 * Turn ends, round ends and the match end: banks reset or carry, the pot, Sudden Death, first
 * player alternation.
 */
import { Random } from '../../core/rng';
import { buildDeck, money } from './cards';
import type { Events } from './state';
import { ROUNDS, TARGET, clearTurnCounters, nameOf, other, reshuffles, targetApplies } from './state';
import type { BankoutState } from './types';

/** Starts a round: fresh shuffled deck, empty hands, banks reset (Bankout, Sudden Death) or carried (Blitz). */
export function startRound(
  s: BankoutState,
  round: number,
  suddenDeath: boolean,
  first: number,
  ev: Events,
): void {
  const random = new Random(s.rng);
  s.deck = random.shuffle(buildDeck(round, s.options.jokers, suddenDeath));
  s.rng = random.state;
  s.round = round;
  s.suddenDeath = suddenDeath;
  s.discard = [];
  s.drawnThisTurn = [];
  s.lastRevealed = null;
  s.pendingCard = null;
  s.prompt = null;
  s.phase = 'turn';
  s.firstPlayerOfRound = first;
  s.turn = first;
  s.turnNumber += 1;
  for (const p of s.players) {
    clearTurnCounters(p);
    p.hand = [];
    if (s.options.mode === 'bankout' || suddenDeath) p.bank = 0;
  }
  const title = suddenDeath ? `Sudden Death (round ${round})` : `Round ${round}`;
  ev.push({
    type: 'turn',
    seat: first,
    text: `${title} begins: ${nameOf(s, first)} goes first.`,
    data: { seat: first, round, suddenDeath, newRound: true },
  });
}

/**
 * Ends the current turn (after a bank, a King, a swap, a bust or End turn): the turn's face-up cards
 * go to the discard pile, the counters clear, then the round may end; otherwise the other seat plays.
 */
export function finishTurn(s: BankoutState, ev: Events): void {
  const seat = s.turn;
  s.discard.push(...s.drawnThisTurn);
  s.drawnThisTurn = [];
  clearTurnCounters(s.players[seat]!);
  s.phase = 'turn';
  s.prompt = null;
  s.pendingCard = null;
  if (roundIsOver(s)) {
    endRound(s, ev);
    return;
  }
  s.turn = other(seat);
  s.turnNumber += 1;
  ev.push({ type: 'turn', seat: s.turn, text: `${nameOf(s, s.turn)}'s turn.`, data: { seat: s.turn } });
}

function roundIsOver(s: BankoutState): boolean {
  if (targetApplies(s) && s.players.some((p) => p.bank >= TARGET)) return true;
  return !reshuffles(s) && s.deck.length === 0;
}

/** The seat that reached $1,000 (the higher bank if both did; the mover on a tie), else null. */
function targetWinner(s: BankoutState): number | null {
  const [a, b] = s.players.map((p) => p.bank) as [number, number];
  if (a < TARGET && b < TARGET) return null;
  if (a === b) return s.turn;
  return a > b ? 0 : 1;
}

function banksText(s: BankoutState): string {
  return `${nameOf(s, 0)} ${money(s.players[0]!.bank)}, ${nameOf(s, 1)} ${money(s.players[1]!.bank)}`;
}

function endRound(s: BankoutState, ev: Events): void {
  const next = other(s.firstPlayerOfRound);
  if (s.options.mode === 'bankout') {
    const w = targetWinner(s) ?? s.turn;
    s.players[w]!.roundsWon += 1;
    ev.push({
      type: 'roundEnd',
      seat: w,
      text: `${nameOf(s, w)} wins round ${s.round} (${banksText(s)}).`,
      data: { round: s.round, winner: w, bank0: s.players[0]!.bank, bank1: s.players[1]!.bank },
    });
    if (s.players[w]!.roundsWon >= 2) finishMatch(s, w, ev);
    else startRound(s, s.round + 1, false, next, ev);
    return;
  }
  if (!s.suddenDeath) {
    ev.push({
      type: 'roundEnd',
      text: `Round ${s.round} is over: ${banksText(s)}; the pot is ${money(s.pot)}.`,
      data: {
        round: s.round,
        winner: null,
        bank0: s.players[0]!.bank,
        bank1: s.players[1]!.bank,
        pot: s.pot,
      },
    });
    if (s.round < ROUNDS) {
      startRound(s, s.round + 1, false, next, ev);
      return;
    }
    s.blitzTotals = s.players.map((p) => p.bank);
    const [a, b] = s.blitzTotals as [number, number];
    if (a !== b) finishMatch(s, a > b ? 0 : 1, ev);
    else startRound(s, s.round + 1, true, next, ev);
    return;
  }
  const [a, b] = s.players.map((p) => p.bank) as [number, number];
  const w = targetWinner(s) ?? (a === b ? null : a > b ? 0 : 1);
  ev.push({
    type: 'roundEnd',
    seat: w ?? undefined,
    text:
      w === null
        ? `Sudden Death is tied (${banksText(s)}): another Sudden Death.`
        : `${nameOf(s, w)} wins Sudden Death (${banksText(s)}).`,
    data: { round: s.round, winner: w, bank0: a, bank1: b, pot: s.pot },
  });
  if (w === null) startRound(s, s.round + 1, true, next, ev);
  else finishMatch(s, w, ev);
}

function finishMatch(s: BankoutState, winner: number, ev: Events): void {
  s.winner = winner;
  s.phase = 'finished';
  s.prompt = null;
  s.pendingCard = null;
  const o = outcomeOf(s);
  ev.push({ type: 'matchEnd', seat: winner, text: o.summary, data: { winner, pot: s.pot } });
}

/** The summary of a finished match (see `outcome` in the definition). */
export function outcomeOf(s: BankoutState): { winners: number[]; summary: string; scores: number[] } {
  const w = s.winner ?? 0;
  const l = other(w);
  if (s.options.mode === 'bankout') {
    const scores = s.players.map((p) => p.roundsWon);
    return {
      winners: [w],
      summary: `${nameOf(s, w)} wins ${scores[w]} rounds to ${scores[l]}.`,
      scores,
    };
  }
  const totals = s.blitzTotals ?? s.players.map((p) => p.bank);
  const base = `${nameOf(s, w)} wins the ${money(s.pot)} pot`;
  const summary = s.suddenDeath
    ? `${base} in Sudden Death after a ${money(totals[w]!)} tie.`
    : `${base}, ${money(totals[w]!)} to ${money(totals[l]!)}.`;
  return { winners: [w], summary, scores: totals.slice() };
}
