/** Kingpin on the platform: its schema and the one projection from its views. */
import {
  type KingpinAction,
  type KingpinOptions,
  type KingpinPrivate,
  type KingpinPublic,
  type KingpinState,
  kingpin,
} from '@parlor/shared';
import type { GameAdapter } from '../../rooms/GameAdapter';
import { assignChanged, syncArray } from '../../rooms/sync';
import { KingpinRoomState, KingpinSeatState, type KingpinSlotState } from './schema';

// Derived from the exported view type (deep imports do not resolve in the built server).
type KingpinCardView = NonNullable<KingpinPublic['players'][number]['board'][number]>;
type KingpinPrompt = KingpinPublic['prompt'];

const EMPTY_SLOT = {
  id: '',
  shields: 0,
  shieldLimit: 0,
  hp: 0,
  maxHp: 0,
  atk: 0,
  frozen: false,
  unbribable: false,
  bribeCost: -1,
};

function projectSlot(slot: KingpinSlotState, card: KingpinCardView | null): void {
  if (!card) {
    assignChanged(slot, EMPTY_SLOT);
    return;
  }
  assignChanged(slot, {
    id: card.id,
    shields: card.shields,
    shieldLimit: card.shieldLimit,
    hp: card.hp,
    maxHp: card.maxHp,
    atk: card.atk,
    frozen: card.frozen,
    unbribable: card.unbribable,
    bribeCost: card.bribeCost ?? -1,
  });
}

function projectPrompt(state: KingpinRoomState, prompt: KingpinPrompt): void {
  assignChanged(state, {
    promptKind: prompt?.kind ?? '',
    promptSeat: prompt?.seat ?? -1,
    promptCard: prompt?.card ?? '',
    promptPick: prompt?.pick ?? '',
    promptThen: prompt?.then ?? '',
  });
  const attack = prompt?.attack ?? null;
  const target = attack?.target;
  assignChanged(state.attack, {
    seat: attack?.seat ?? -1,
    targetSeat: target?.seat ?? -1,
    targetZone: target?.zone ?? '',
    targetSlot: target?.zone === 'board' ? target.slot : -1,
    handCard: attack?.handCard ?? '',
    ammo: attack?.ammo ?? 0,
    entry: attack?.entry ?? false,
    emergencyShields: attack?.emergencyShields ?? 0,
  });
  syncArray(state.attack.attackers, attack?.attackers ?? []);
}

export function projectKingpin(
  state: KingpinRoomState,
  pub: KingpinPublic,
  privates: (KingpinPrivate | null)[],
): void {
  assignChanged(state, {
    emergencyDefense: pub.emergencyDefense,
    turnSeconds: pub.turnSeconds,
    ammoCap: pub.ammoCap,
    bossTruce: pub.bossTruce,
    truceActive: pub.truceActive,
    bossHp: pub.bossHp,
    economicCollapse: pub.economicCollapse,
    dominationTokens: pub.dominationTokens,
    bribedThisTurn: pub.bribedThisTurn,
    winReason: pub.winReason ?? '',
    turn: pub.turn,
    turnNumber: pub.turnNumber,
    turnCap: pub.turnCap,
    deployedThisTurn: pub.deployedThisTurn,
    bank: pub.bank,
    fund: pub.fund,
    drawCount: pub.drawCount,
    blackoutSeat: pub.blackout?.seat ?? -1,
    blackoutUntil: pub.blackout?.untilTurn ?? -1,
    lastRevealed: pub.lastRevealed ?? '',
    winner: pub.winner ?? -1,
  });
  projectPrompt(state, pub.prompt);
  syncArray(state.reserve, pub.reserve);
  syncArray(state.discard, pub.discard);
  pub.players.forEach((p, i) => {
    const seat = state.seats[i] as KingpinSeatState | undefined;
    if (!seat) return;
    assignChanged(seat, {
      safe: p.safe,
      handCount: p.handCount,
      eliminated: p.eliminated,
      synergy: p.synergy ?? '',
      rage: p.rage,
      maxAttackers: p.maxAttackers,
      bribeCooldown: p.bribeCooldown,
      supplyDisrupted: p.supplyDisrupted,
      turnsTaken: p.turnsTaken,
    });
    seat.board.forEach((slot, s) => projectSlot(slot, p.board[s] ?? null));
    const priv = privates[i];
    syncArray(seat.private.hand, priv?.hand ?? []);
    if (seat.private.boss !== (priv?.boss ?? '')) seat.private.boss = priv?.boss ?? '';
    syncArray(seat.private.deckLook, priv?.deckLook?.cards ?? []);
    const lookTurn = priv?.deckLook?.turnNumber ?? -1;
    if (seat.private.deckLookTurn !== lookTurn) seat.private.deckLookTurn = lookTurn;
  });
}

export const kingpinAdapter: GameAdapter<
  KingpinState,
  KingpinAction,
  KingpinOptions,
  KingpinPublic,
  KingpinPrivate,
  KingpinRoomState,
  KingpinSeatState
> = {
  definition: kingpin,
  createState: () => new KingpinRoomState(),
  createSeat: () => new KingpinSeatState(),
  project: projectKingpin,
};
