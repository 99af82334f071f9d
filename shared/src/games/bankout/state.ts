/** Small helpers over the server state shared by the rules files. */
import type { GameEvent } from '../../core/contract';
import type { BankoutSeatState, BankoutState } from './types';

/** $1,000 banked wins a round in Bankout mode and a Sudden Death at once. */
export const TARGET = 1000;
export const HAND_LIMIT = 2;
export const ROUNDS = 3;

/** Events collected while one action resolves. */
export type Events = GameEvent[];

export function other(seat: number): number {
  return seat === 0 ? 1 : 0;
}

export function nameOf(s: BankoutState, seat: number): string {
  return s.names[seat] ?? `Player ${seat + 1}`;
}

export function clearTurnCounters(p: BankoutSeatState): void {
  p.loot = 0;
  p.alert = false;
  p.jacks = 0;
  p.latent = 0;
}

export function freshSeat(): BankoutSeatState {
  return { bank: 0, loot: 0, alert: false, jacks: 0, latent: 0, hand: [], roundsWon: 0 };
}

/**
 * A copy apply may change: apply never changes the state it was given. The options, the names and
 * the rng state are read-only (their types say so) and shared; everything else is copied.
 */
export function cloneState(s: BankoutState): BankoutState {
  return {
    ...s,
    prompt: s.prompt ? { ...s.prompt } : null,
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    drawnThisTurn: s.drawnThisTurn.slice(),
    players: s.players.map((p) => ({ ...p, hand: p.hand.slice() })),
    blitzTotals: s.blitzTotals ? s.blitzTotals.slice() : null,
  };
}

/** Whether the deck can give a card now (Bankout mode reshuffles the discard pile when empty). */
export function canDraw(s: BankoutState): boolean {
  if (s.deck.length > 0) return true;
  return reshuffles(s) && s.discard.length > 0;
}

/** Bankout mode reshuffles; Blitz and Sudden Death make one pass through the deck. */
export function reshuffles(s: BankoutState): boolean {
  return s.options.mode === 'bankout' && !s.suddenDeath;
}

/** Whether $1,000 banked ends the round at once (Bankout mode and Sudden Death; never Blitz rounds). */
export function targetApplies(s: BankoutState): boolean {
  return s.options.mode === 'bankout' || s.suddenDeath;
}
