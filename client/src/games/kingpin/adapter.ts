/**
 * The one place that reads Kingpin's fields from the decoded room state: it rebuilds the plain
 * KingpinPublic / KingpinPrivate views the scene renders (the shapes the rules' view() gives).
 */
import type { GameView } from '@parlor/shared/core/contract';
import type {
  AttackTarget,
  KingpinCardView,
  KingpinPhase,
  KingpinPlayerPublic,
  KingpinPrivate,
  KingpinPrompt,
  KingpinPublic,
  PickReason,
  WinReason,
} from '@parlor/shared/games/kingpin/types';
import { arr, bool, num, obj, str } from '../../net/stateAdapter';
import type { PlainState } from '../types';

export type KingpinView = GameView<KingpinPublic, KingpinPrivate>;

function cardView(raw: unknown): KingpinCardView | null {
  const c = obj(raw);
  const id = str(c.id);
  if (!id) return null;
  const bribe = num(c.bribeCost, -1);
  return {
    id,
    shields: num(c.shields),
    shieldLimit: num(c.shieldLimit),
    hp: num(c.hp),
    maxHp: num(c.maxHp),
    atk: num(c.atk),
    frozen: bool(c.frozen),
    unbribable: bool(c.unbribable),
    bribeCost: bribe >= 0 ? bribe : null,
  };
}

function player(raw: unknown): KingpinPlayerPublic {
  const s = obj(raw);
  const board = arr(s.board).map(cardView);
  while (board.length < 6) board.push(null);
  const synergy = str(s.synergy);
  return {
    name: str(s.name),
    safe: num(s.safe),
    board,
    handCount: num(s.handCount),
    eliminated: bool(s.eliminated),
    synergy: synergy === 'gangsters' || synergy === 'authorities' || synergy === 'loners' ? synergy : null,
    rage: num(s.rage),
    maxAttackers: num(s.maxAttackers, 3),
    bribeCooldown: bool(s.bribeCooldown),
    supplyDisrupted: bool(s.supplyDisrupted),
    turnsTaken: num(s.turnsTaken),
  };
}

function prompt(state: PlainState): KingpinPrompt | null {
  const kind = str(state.promptKind);
  if (kind !== 'place' && kind !== 'ammo' && kind !== 'pick' && kind !== 'emergency') return null;
  const a = obj(state.attack);
  const attackSeat = num(a.seat, -1);
  const target: AttackTarget =
    str(a.targetZone) === 'hand'
      ? { seat: num(a.targetSeat), zone: 'hand' }
      : { seat: num(a.targetSeat), zone: 'board', slot: num(a.targetSlot) };
  const pick = str(state.promptPick);
  return {
    kind,
    seat: num(state.promptSeat),
    card: str(state.promptCard) || null,
    pick: pick === 'entry_attack' || pick === 'freeze' ? (pick as PickReason) : null,
    attack:
      attackSeat >= 0
        ? {
            seat: attackSeat,
            attackers: arr(a.attackers).map((n) => num(n)),
            target,
            handCard: str(a.handCard) || null,
            ammo: num(a.ammo),
            entry: bool(a.entry),
            emergencyShields: num(a.emergencyShields),
          }
        : null,
    then: str(state.promptThen) === 'end' ? 'end' : 'turn',
  };
}

function winReason(raw: string): WinReason | null {
  return raw === 'boss' || raw === 'collapse' || raw === 'domination' || raw === 'cap' ? raw : null;
}

export function kingpinViewFromState(state: PlainState, seat: number): KingpinView {
  const seats = arr(state.seats).map(obj);
  const winner = num(state.winner, -1);
  const blackoutSeat = num(state.blackoutSeat, -1);
  const pub: KingpinPublic = {
    emergencyDefense: bool(state.emergencyDefense),
    turnSeconds: num(state.turnSeconds),
    ammoCap: num(state.ammoCap),
    bossTruce: bool(state.bossTruce),
    truceActive: bool(state.truceActive),
    bossHp: num(state.bossHp, 20),
    economicCollapse: bool(state.economicCollapse),
    dominationTokens: num(state.dominationTokens),
    bribedThisTurn: bool(state.bribedThisTurn),
    winReason: winReason(str(state.winReason)),
    turn: num(state.turn),
    turnNumber: num(state.turnNumber),
    turnCap: num(state.turnCap),
    phase: (str(state.phase, 'turn') || 'turn') as KingpinPhase,
    prompt: prompt(state),
    deployedThisTurn: bool(state.deployedThisTurn),
    players: seats.map(player),
    bank: num(state.bank),
    fund: num(state.fund),
    drawCount: num(state.drawCount),
    reserve: arr(state.reserve).map((c) => str(c)),
    discard: arr(state.discard).map((c) => str(c)),
    blackout: blackoutSeat >= 0 ? { seat: blackoutSeat, untilTurn: num(state.blackoutUntil) } : null,
    lastRevealed: str(state.lastRevealed) || null,
    winner: winner >= 0 ? winner : null,
  };
  const mine = seat >= 0 ? seats[seat]?.private : undefined;
  let priv: KingpinPrivate | null = null;
  if (mine && typeof mine === 'object') {
    const m = obj(mine);
    const look = arr(m.deckLook).map((c) => str(c));
    priv = {
      hand: arr(m.hand).map((c) => str(c)),
      boss: str(m.boss),
      deckLook: look.length ? { cards: look, turnNumber: num(m.deckLookTurn) } : null,
    };
  }
  return { public: pub, private: priv };
}
