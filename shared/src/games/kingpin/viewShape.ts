/**
 * How Kingpin's view travels (see core/viewShape.ts). The hand, the Boss before it is placed and
 * Informant's deck look live only in the seat's private part; the Draw Pile is a count, its order
 * never enters the state. HP figures are float32: multiples of 0.25, which float32 holds exactly.
 */
import { describeView, v } from '../../core/viewShape';
import type {
  CardId,
  KingpinPhase,
  KingpinPrivate,
  KingpinPublic,
  PickReason,
  ReinforcementRule,
  WinReason,
} from './types';

const card = v.string<CardId>();

export const kingpinViewShape = describeView<KingpinPublic, KingpinPrivate>()({
  public: {
    emergencyDefense: v.boolean,
    turnSeconds: v.uint16,
    ammoCap: v.uint8,
    bossTruce: v.boolean,
    truceActive: v.boolean,
    bossHp: v.uint8,
    economicCollapse: v.boolean,
    dominationTokens: v.uint8,
    income: v.uint8,
    reinforcements: v.string<ReinforcementRule>(),
    turn: v.int8,
    turnNumber: v.uint16,
    turnCap: v.uint16,
    phase: v.phase<KingpinPhase>(),
    prompt: v.nullable(
      v.object({
        kind: v.string<'place' | 'ammo' | 'pick' | 'emergency'>(),
        seat: v.int8,
        card: v.nullable(card, ''),
        pick: v.nullable(v.string<PickReason>(), ''),
        attack: v.nullable(
          v.object({
            seat: v.int8,
            attackers: v.list(v.uint8),
            target: v.union('zone', { board: { seat: v.int8, slot: v.int8 }, hand: { seat: v.int8 } }),
            handCard: v.nullable(card, ''),
            ammo: v.uint8,
            entry: v.boolean,
            emergencyShields: v.uint8,
          }),
          { when: 'seat', is: -1 },
        ),
        then: v.string<'turn' | 'end'>(),
      }),
      { when: 'kind' },
    ),
    deployedThisTurn: v.boolean,
    bribedThisTurn: v.boolean,
    winReason: v.nullable(v.string<WinReason>(), ''),
    players: v.seats({
      name: v.seatName,
      safe: v.uint8,
      /** Six slots, each a card or empty. */
      board: v.rows(
        v.nullable(
          v.object({
            id: card,
            shields: v.uint8,
            shieldLimit: v.uint8,
            hp: v.float32,
            maxHp: v.float32,
            atk: v.float32,
            frozenTurns: v.uint8,
            frozen: v.boolean,
            unbribable: v.boolean,
            bribeCost: v.nullable(v.int16, -1),
          }),
          { when: 'id' },
        ),
      ),
      handCount: v.uint8,
      eliminated: v.boolean,
      synergy: v.nullable(v.string<'gangsters' | 'authorities' | 'loners'>(), ''),
      rage: v.float32,
      maxAttackers: v.uint8,
      bribeCooldown: v.boolean,
      supplyDisrupted: v.boolean,
      turnsTaken: v.uint16,
    }),
    bank: v.uint8,
    fund: v.uint8,
    drawCount: v.uint8,
    reserve: v.list(card),
    discard: v.list(card),
    blackout: v.nullable(v.object({ seat: v.int8, untilTurn: v.int16 }), { when: 'seat', is: -1 }),
    lastRevealed: v.nullable(card, ''),
    winner: v.nullable(v.int8, -1),
  },
  private: {
    hand: v.list(card),
    boss: card,
    deckLook: v.nullable(v.object({ cards: v.list(card), turnNumber: v.int32 }), {
      when: 'turnNumber',
      is: -1,
    }),
  },
});
