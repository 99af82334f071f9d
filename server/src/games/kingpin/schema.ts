/**
 * Kingpin's synchronised state. Field names mirror KingpinPublic / KingpinPlayerPublic /
 * KingpinCardView (shared/src/games/kingpin/types.ts) so the client reads them as the rules name
 * them. The hand, the Boss before it is placed and Informant's deck look live only under the seat's
 * `@view()` private child; the Draw Pile is a count, its order never enters the state.
 * HP figures are float32: they are multiples of 0.25, which float32 holds exactly.
 */
import { ArraySchema, Schema, type, view } from '@colyseus/schema';
import { gameSchemas } from '../../rooms/schema';

/** Kingpin's own base classes (see gameSchemas): its rooms' handshake describes Kingpin alone. */
export const kingpinBases = gameSchemas();
const { GameRoomState, PrivateState, SeatState } = kingpinBases;

/** One of a board's 6 slots; `id` '' = empty (slots are reused in place, never replaced). */
export class KingpinSlotState extends Schema {
  @type('string') id = '';
  @type('uint8') shields = 0;
  @type('uint8') shieldLimit = 0;
  @type('float32') hp = 0;
  @type('float32') maxHp = 0;
  @type('float32') atk = 0;
  @type('boolean') frozen = false;
  @type('boolean') unbribable = false;
  /** -1 = cannot be bribed. */
  @type('int16') bribeCost = -1;
}

export class KingpinPrivateState extends PrivateState {
  /** Card ids, oldest first. */
  @type(['string']) hand = new ArraySchema<string>();
  /** This seat's Boss (drawn blind at setup). */
  @type('string') boss = '';
  /** Informant's look at the top of the Draw Pile (top first); empty = none. */
  @type(['string']) deckLook = new ArraySchema<string>();
  /** The turnNumber of that look; -1 = none. */
  @type('int32') deckLookTurn = -1;
}

export class KingpinSeatState extends SeatState {
  @type('uint8') safe = 0;
  @type([KingpinSlotState]) board = new ArraySchema<KingpinSlotState>();
  @type('uint8') handCount = 0;
  @type('boolean') eliminated = false;
  /** '' = no mono-clan synergy. */
  @type('string') synergy = '';
  @type('float32') rage = 0;
  @type('uint8') maxAttackers = 0;
  @type('boolean') bribeCooldown = false;
  @type('boolean') supplyDisrupted = false;
  @type('uint16') turnsTaken = 0;
  @view() @type(KingpinPrivateState) override private = new KingpinPrivateState();

  constructor() {
    super();
    for (let i = 0; i < 6; i++) this.board.push(new KingpinSlotState());
  }
}

/** The declared attack of a prompt (`seat` -1 = none). */
export class KingpinAttackState extends Schema {
  @type('int8') seat = -1;
  @type(['uint8']) attackers = new ArraySchema<number>();
  @type('int8') targetSeat = -1;
  /** 'board' | 'hand' ('' = none). */
  @type('string') targetZone = '';
  @type('int8') targetSlot = -1;
  /** The hand card a hand attack hit (public once declared); '' = none. */
  @type('string') handCard = '';
  @type('uint8') ammo = 0;
  @type('boolean') entry = false;
  @type('uint8') emergencyShields = 0;
}

export class KingpinRoomState extends GameRoomState {
  @type('boolean') emergencyDefense = false;
  @type('uint16') turnSeconds = 0;
  /** Table options (see docs/rules/kingpin.md): 0 = uncapped ammunition. */
  @type('uint8') ammoCap = 0;
  @type('boolean') bossTruce = false;
  /** The opening truce protects every Boss right now. */
  @type('boolean') truceActive = false;
  @type('uint8') bossHp = 0;
  @type('boolean') economicCollapse = false;
  /** 0 = no Domination victory. */
  @type('uint8') dominationTokens = 0;
  /** The seat to move has bribed: only an attack or the end of the turn remain (§6.2). */
  @type('boolean') bribedThisTurn = false;
  /** '' while running; else 'boss' | 'collapse' | 'domination' | 'cap'. */
  @type('string') winReason = '';
  @type('int8') turn = -1;
  @type('uint16') turnNumber = 0;
  @type('uint16') turnCap = 0;
  /** '' = no prompt; else 'place' | 'ammo' | 'pick' | 'emergency'. */
  @type('string') promptKind = '';
  @type('int8') promptSeat = -1;
  @type('string') promptCard = '';
  /** '' | 'entry_attack' | 'freeze'. */
  @type('string') promptPick = '';
  /** 'turn' | 'end' ('' = no prompt). */
  @type('string') promptThen = '';
  @type(KingpinAttackState) attack = new KingpinAttackState();
  @type('boolean') deployedThisTurn = false;
  @type('uint8') bank = 0;
  @type('uint8') fund = 0;
  @type('uint8') drawCount = 0;
  @type(['string']) reserve = new ArraySchema<string>();
  @type(['string']) discard = new ArraySchema<string>();
  /** -1 = no Blackout. */
  @type('int8') blackoutSeat = -1;
  @type('int16') blackoutUntil = -1;
  @type('string') lastRevealed = '';
  @type('int8') winner = -1;
}
