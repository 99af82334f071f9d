/**
 * Rebuilds Bankout's GameView from what a client decoded, so tests can let the game's own bot
 * choose for a remote client (and prove the synced state is enough to play from).
 */
import { type GameView } from '@parlor/shared';
import type { BankoutAction, BankoutPrivate, BankoutPublic } from '@parlor/shared/games/bankout/types';
import { bankout } from '@parlor/shared/games/bankout/index';
import type { StateJson } from './clients';

export function viewFromState(s: StateJson, seat: number): GameView<BankoutPublic, BankoutPrivate> {
  const pub: BankoutPublic = {
    mode: s.mode,
    jokers: s.jokers,
    turnSeconds: s.turnSeconds,
    round: s.round,
    suddenDeath: s.suddenDeath,
    turn: s.turn,
    turnNumber: s.turnNumber,
    phase: s.phase,
    prompt: s.promptKind ? { kind: s.promptKind, seat: s.promptSeat } : null,
    deckCount: s.deckCount,
    discardCount: s.discardCount,
    drawnThisTurn: s.drawnThisTurn,
    lastRevealed: s.lastRevealed || null,
    pot: s.pot,
    players: s.seats.map((p: StateJson) => ({
      name: p.name,
      bank: p.bank,
      loot: p.loot,
      alert: p.alert,
      jacks: p.jacks,
      latent: p.latent,
      handCount: p.handCount,
      roundsWon: p.roundsWon,
    })),
    unseen: s.unseen,
    winner: s.winner < 0 ? null : s.winner,
  };
  const priv = s.seats[seat]?.private;
  return { public: pub, private: priv ? { hand: priv.hand, bustRisk: priv.bustRisk } : null };
}

/** A driver choice: Bankout's bot decides from the client's decoded state and legal list. */
export function bankoutBotChoice(
  legal: string[],
  state: StateJson,
  seat: number,
  random: () => number,
): string {
  const actions = legal.map((l) => JSON.parse(l) as BankoutAction);
  const decided = bankout.bot.decide(viewFromState(state, seat), actions, random);
  const found = legal.find((l) => JSON.stringify(JSON.parse(l)) === JSON.stringify(decided));
  return found ?? legal.find((l) => JSON.parse(l).type === decided.type) ?? legal[0]!;
}

/** Picks a legal payload: mostly draw, sometimes bank, anything else uniformly. */
export function bankoutPickAction(legal: string[], random: () => number): string {
  const byType = (type: string) => legal.find((l) => JSON.parse(l).type === type);
  const draw = byType('draw');
  const bank = byType('bank');
  const r = random();
  if (draw && r < 0.6) return draw;
  if (bank && r < 0.85) return bank;
  return legal[Math.floor(random() * legal.length)]!;
}
