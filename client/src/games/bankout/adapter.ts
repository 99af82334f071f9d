/**
 * The one place that reads Bankout's fields from the decoded room state: it rebuilds the plain
 * BankoutPublic / BankoutPrivate views the scene renders (the same shapes the local match gives).
 */
import type { GameView } from '@parlor/shared/core/contract';
import type {
  BankoutMode,
  BankoutPhase,
  BankoutPrivate,
  BankoutPublic,
  Rank,
} from '@parlor/shared/games/bankout/types';
import { arr, bool, num, obj, str } from '../../net/stateAdapter';
import type { PlainState } from '../types';

export type BankoutView = GameView<BankoutPublic, BankoutPrivate>;

export function bankoutViewFromState(state: PlainState, seat: number): BankoutView {
  const seats = arr(state.seats).map(obj);
  const promptKind = str(state.promptKind);
  const winner = num(state.winner, -1);
  const unseen: Partial<Record<Rank, number>> = {};
  for (const [rank, count] of Object.entries(obj(state.unseen))) unseen[rank as Rank] = num(count);
  const pub: BankoutPublic = {
    mode: (str(state.mode, 'bankout') as BankoutMode) ?? 'bankout',
    jokers: bool(state.jokers),
    turnSeconds: num(state.turnSeconds),
    round: num(state.round, 1),
    suddenDeath: bool(state.suddenDeath),
    turn: num(state.turn),
    turnNumber: num(state.turnNumber),
    phase: str(state.phase, 'turn') as BankoutPhase,
    prompt:
      promptKind === 'joker' || promptKind === 'counter' || promptKind === 'discard'
        ? { kind: promptKind, seat: num(state.promptSeat) }
        : null,
    deckCount: num(state.deckCount),
    discardCount: num(state.discardCount),
    drawnThisTurn: arr(state.drawnThisTurn).map((c) => str(c)),
    lastRevealed: str(state.lastRevealed) || null,
    pot: num(state.pot),
    players: seats.map((s) => ({
      name: str(s.name),
      bank: num(s.bank),
      loot: num(s.loot),
      alert: bool(s.alert),
      jacks: num(s.jacks),
      latent: num(s.latent),
      handCount: num(s.handCount),
      roundsWon: num(s.roundsWon),
    })),
    unseen,
    winner: winner >= 0 ? winner : null,
  };
  const mine = seat >= 0 ? seats[seat]?.private : undefined;
  const priv: BankoutPrivate | null =
    mine && typeof mine === 'object'
      ? { hand: arr(obj(mine).hand).map((c) => str(c)), bustRisk: num(obj(mine).bustRisk) }
      : null;
  return { public: pub, private: priv };
}
