/**
 * How Bankout's view travels (see core/viewShape.ts): the server's schema and projection and the
 * client's decoding all come from this. Money is float64 (banks and the Blitz pot grow past 65,535);
 * the hand lives only in the seat's private part.
 */
import { describeView, v } from '../../core/viewShape';
import { ALL_RANKS } from './cards';
import type { BankoutMode, BankoutPhase, BankoutPrivate, BankoutPublic, CardId } from './types';

export const bankoutViewShape = describeView<BankoutPublic, BankoutPrivate>()({
  public: {
    mode: v.string<BankoutMode>(),
    jokers: v.boolean,
    turnSeconds: v.uint16,
    round: v.uint16,
    suddenDeath: v.boolean,
    turn: v.int8,
    turnNumber: v.uint32,
    phase: v.phase<BankoutPhase>(),
    prompt: v.nullable(v.object({ kind: v.string<'joker' | 'counter' | 'discard'>(), seat: v.int8 }), {
      when: 'kind',
    }),
    deckCount: v.uint16,
    discardCount: v.uint16,
    drawnThisTurn: v.list(v.string<CardId>()),
    lastRevealed: v.nullable(v.string<CardId>(), ''),
    pot: v.float64,
    players: v.seats({
      name: v.seatName,
      bank: v.float64,
      loot: v.float64,
      alert: v.boolean,
      jacks: v.uint8,
      latent: v.uint8,
      handCount: v.uint8,
      roundsWon: v.uint8,
    }),
    /** Rank -> count of cards no one has seen (deck + face-down hands). */
    unseen: v.dict(ALL_RANKS)(v.uint8),
    winner: v.nullable(v.int8, -1),
  },
  private: {
    hand: v.list(v.string<CardId>()),
    /** Chance (0..1) that the next draw busts this seat. */
    bustRisk: v.float32,
  },
});
