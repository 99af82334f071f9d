/** Bankout on the platform: its schema and the one projection from its views. */
import {
  type BankoutAction,
  type BankoutOptions,
  type BankoutPrivate,
  type BankoutPublic,
  type BankoutState,
  bankout,
} from '@parlor/shared';
import type { GameAdapter } from '../../rooms/GameAdapter';
import { assignChanged, syncArray, syncMap } from '../../rooms/sync';
import { BankoutRoomState, BankoutSeatState } from './schema';

export function projectBankout(
  state: BankoutRoomState,
  pub: BankoutPublic,
  privates: (BankoutPrivate | null)[],
): void {
  assignChanged(state, {
    mode: pub.mode,
    jokers: pub.jokers,
    turnSeconds: pub.turnSeconds,
    round: pub.round,
    suddenDeath: pub.suddenDeath,
    turn: pub.turn,
    turnNumber: pub.turnNumber,
    promptKind: pub.prompt?.kind ?? '',
    promptSeat: pub.prompt?.seat ?? -1,
    deckCount: pub.deckCount,
    discardCount: pub.discardCount,
    lastRevealed: pub.lastRevealed ?? '',
    pot: pub.pot,
    winner: pub.winner ?? -1,
  });
  syncArray(state.drawnThisTurn, pub.drawnThisTurn);
  syncMap(state.unseen, pub.unseen);
  pub.players.forEach((p, i) => {
    const seat = state.seats[i] as BankoutSeatState | undefined;
    if (!seat) return;
    assignChanged(seat, {
      bank: p.bank,
      loot: p.loot,
      alert: p.alert,
      jacks: p.jacks,
      latent: p.latent,
      handCount: p.handCount,
      roundsWon: p.roundsWon,
    });
    const priv = privates[i];
    syncArray(seat.private.hand, priv?.hand ?? []);
    if (seat.private.bustRisk !== (priv?.bustRisk ?? 0)) seat.private.bustRisk = priv?.bustRisk ?? 0;
  });
}

export const bankoutAdapter: GameAdapter<
  BankoutState,
  BankoutAction,
  BankoutOptions,
  BankoutPublic,
  BankoutPrivate,
  BankoutRoomState,
  BankoutSeatState
> = {
  definition: bankout,
  createState: () => new BankoutRoomState(),
  createSeat: () => new BankoutSeatState(),
  project: projectBankout,
};
