/**
 * The single place that decides hidden information. Public: boards, safes, Bank, Fund, Reserve and
 * Discard Pile, pile and hand COUNTS, open prompts. Private: the seat's own hand, its Boss and its
 * deck look. Never shown: the Draw Pile order, another seat's hand, the rng.
 */
import type { GameView, Viewer } from '../../core/contract';
import { Q, TURN_CAP } from './state';
import {
  bribeCost,
  cardAtk,
  frozenTurns,
  hpQ,
  isUnbribable,
  maxAttackers,
  maxHpQ,
  rageOf,
  shieldLimit,
  synergy,
} from './stats';
import { bribeReady } from './legal';
import { bossInTruce } from './combat';
import { reinforcementRule, rulesOf, winReasonOf } from './edition';
import type { KingpinCardView, KingpinPrivate, KingpinPublic, KingpinState } from './types';

function cardView(s: KingpinState, seat: number, slot: number): KingpinCardView | null {
  const c = s.players[seat]!.board[slot];
  if (!c) return null;
  const frozen = frozenTurns(s, seat, slot);
  return {
    id: c.id,
    shields: c.shields,
    shieldLimit: shieldLimit(s, seat, slot),
    hp: hpQ(s, seat, slot) / Q,
    maxHp: maxHpQ(s, seat, slot) / Q,
    atk: cardAtk(s, seat, slot),
    frozenTurns: frozen,
    frozen: frozen > 0,
    unbribable: isUnbribable(s, seat, slot),
    bribeCost: bribeCost(s, seat, slot),
  };
}

export function publicView(s: KingpinState): KingpinPublic {
  const rules = rulesOf(s);
  return {
    emergencyDefense: rules.emergencyDefense,
    turnSeconds: rules.turnSeconds,
    ammoCap: rules.ammoCap,
    bossTruce: rules.bossTruce,
    truceActive: bossInTruce(s),
    bossHp: rules.bossHp,
    economicCollapse: rules.economicCollapse,
    dominationTokens: rules.dominationTokens,
    income: rules.income,
    reinforcements: reinforcementRule(s),
    turn: s.turn,
    turnNumber: s.turnNumber,
    turnCap: TURN_CAP,
    phase: s.phase,
    prompt: s.prompt ? structuredClone(s.prompt) : null,
    deployedThisTurn: s.deployedThisTurn,
    bribedThisTurn: s.bribedThisTurn ?? false,
    winReason: winReasonOf(s),
    players: s.players.map((p, seat) => ({
      name: s.names[seat] ?? `Player ${seat + 1}`,
      safe: p.safe,
      board: p.board.map((_, slot) => cardView(s, seat, slot)),
      handCount: p.hand.length,
      eliminated: p.eliminated,
      synergy: synergy(s, seat),
      rage: rageOf(s, seat),
      maxAttackers: Math.min(6, maxAttackers(s, seat)),
      bribeCooldown: !bribeReady(s, seat),
      supplyDisrupted: p.noBuyTurn >= p.turnsTaken && p.noBuyTurn !== -1,
      turnsTaken: p.turnsTaken,
    })),
    bank: s.bank,
    fund: s.fund,
    drawCount: s.drawPile.length,
    reserve: s.reserve.slice(),
    discard: s.discard.slice(),
    blackout: s.blackout ? { ...s.blackout } : null,
    lastRevealed: s.lastRevealed,
    winner: s.winner,
  };
}

export function view(s: KingpinState, viewer: Viewer): GameView<KingpinPublic, KingpinPrivate> {
  const pub = publicView(s);
  const me = viewer >= 0 ? s.players[viewer] : undefined;
  if (!me) return { public: pub, private: null };
  return {
    public: pub,
    private: {
      hand: me.hand.slice(),
      boss: me.boss,
      deckLook: me.deckLook ? { cards: me.deckLook.cards.slice(), turnNumber: me.deckLook.turnNumber } : null,
    },
  };
}
