/**
 * A full rules state consistent with one seat's view, for the hard bot's rollouts: everything public
 * is copied; what the seat cannot know (the Draw Pile's order, the opponents' hands, a Boss not yet
 * on the board) is dealt at random from the cards the seat has not seen. The seat's own Informant
 * look, while it holds, fixes the top of the pile. Nothing here reads anything but the view.
 */
import { Random, keySeedFrom, seedRng } from '../../core/rng';
import { BOSS_IDS, DECK_IDS, cardDef } from './cards';
import { CURRENT_EDITION, EDITION_4, stateOptions } from './edition';
import { Q, SLOTS } from './state';
import type {
  BoardCard,
  CardId,
  KingpinCardView,
  KingpinPrivate,
  KingpinPublic,
  KingpinSeatState,
  KingpinState,
} from './types';

type View = { public: KingpinPublic; private: KingpinPrivate | null };

function boardCard(c: KingpinCardView, frozenUntil: number): BoardCard {
  return { id: c.id, shields: c.shields, damageQ: Math.round((c.maxHp - c.hp) * Q), frozenUntil };
}

/** A state the seat `me` cannot tell from the real one; `random` deals the hidden cards. */
export function determinize(view: View, me: number, random: () => number): KingpinState {
  const pub = view.public;
  const priv = view.private;
  const rng = new Random(seedRng(keySeedFrom(random)));
  const seen = new Set<CardId>([...pub.reserve, ...pub.discard, ...(priv?.hand ?? [])]);
  if (priv) seen.add(priv.boss);
  for (const p of pub.players) for (const c of p.board) if (c) seen.add(c.id);
  const look = priv?.deckLook?.cards.filter((id) => !seen.has(id)) ?? [];
  for (const id of look) seen.add(id);
  const unseen = rng.shuffle(DECK_IDS.filter((id) => !seen.has(id)));
  const bosses = rng.shuffle(BOSS_IDS.filter((id) => !seen.has(id)));
  const onTurn = pub.turn;
  const players: KingpinSeatState[] = pub.players.map((p, seat) => {
    const own = seat === me && priv !== null;
    const bossOnBoard = p.board.find((c) => c !== null && cardDef(c.id).type === 'boss')?.id;
    const boss = own ? priv.boss : (bossOnBoard ?? bosses.shift() ?? BOSS_IDS[0]!);
    let hand: CardId[];
    if (own) hand = priv.hand.slice();
    else {
      // Before its first turn a seat's Boss waits in its hand.
      const bossInHand = p.turnsTaken === 0 && !bossOnBoard && !p.eliminated;
      hand = bossInHand ? [boss] : [];
      while (hand.length < p.handCount && unseen.length > 0) hand.push(unseen.shift()!);
    }
    const current = seat === onTurn;
    const board: (BoardCard | null)[] = Array.from({ length: SLOTS }, (_, i) => {
      const c = p.board[i];
      if (!c) return null;
      // The last of the owner's turns it is frozen in (the view counts the one under way, if any).
      const frozenUntil = c.frozenTurns > 0 ? p.turnsTaken + c.frozenTurns - (current ? 1 : 0) : -1;
      return boardCard(c, frozenUntil);
    });
    return {
      safe: p.safe,
      board,
      hand,
      boss,
      eliminated: p.eliminated,
      turnsTaken: p.turnsTaken,
      lastBribeTurn: p.bribeCooldown ? p.turnsTaken - (current ? 1 : 0) : -10,
      noBuyTurn: p.supplyDisrupted ? p.turnsTaken + (current ? 0 : 1) : -1,
      deckLook: own && priv.deckLook ? structuredClone(priv.deckLook) : null,
    };
  });
  const drawPile = [...look, ...unseen].slice(0, pub.drawCount);
  return {
    options: stateOptions({
      emergencyDefense: pub.emergencyDefense,
      turnSeconds: pub.turnSeconds,
      ammoCap: pub.ammoCap,
      bossTruce: pub.bossTruce,
      bossHp: pub.bossHp,
      economicCollapse: pub.economicCollapse,
      dominationTokens: pub.dominationTokens,
      income: pub.income,
      reinforcements: pub.reinforcements !== 'off',
      // Edition 4's reinforcements (every lone Boss) in their own edition; the rest play today's.
      edition: pub.reinforcements === 'lone' ? EDITION_4 : CURRENT_EDITION,
    }),
    rng: rng.state,
    names: pub.players.map((p) => p.name),
    turn: pub.turn,
    turnNumber: pub.turnNumber,
    phase: pub.phase,
    prompt: pub.prompt ? structuredClone(pub.prompt) : null,
    promptSeq: 0,
    deployedThisTurn: pub.deployedThisTurn,
    players,
    bank: pub.bank,
    fund: pub.fund,
    drawPile,
    reserve: pub.reserve.slice(),
    discard: pub.discard.slice(),
    unusedBosses: bosses,
    blackout: pub.blackout ? { ...pub.blackout } : null,
    lastRevealed: pub.lastRevealed,
    winner: pub.winner,
    capped: false,
    winReason: pub.winReason,
    bribedThisTurn: pub.bribedThisTurn,
  };
}
