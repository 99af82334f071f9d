/**
 * Bankout's synchronised state. Field names mirror BankoutPublic / BankoutPlayerPublic so the
 * client reads them as the rules name them. Money is float64 (banks and the Blitz pot grow past
 * 65,535); the hand lives only under the seat's `@view()` private child.
 */
import { ArraySchema, MapSchema, type, view } from '@colyseus/schema';
import { gameSchemas } from '../../rooms/schema';

/** Bankout's own base classes (see gameSchemas): its rooms' handshake describes Bankout alone. */
export const bankoutBases = gameSchemas();
const { GameRoomState, PrivateState, SeatState } = bankoutBases;

export class BankoutPrivateState extends PrivateState {
  @type(['string']) hand = new ArraySchema<string>();
  /** Chance (0..1) that the next draw busts this seat. */
  @type('float32') bustRisk = 0;
}

export class BankoutSeatState extends SeatState {
  @type('float64') bank = 0;
  @type('float64') loot = 0;
  @type('boolean') alert = false;
  @type('uint8') jacks = 0;
  @type('uint8') latent = 0;
  @type('uint8') handCount = 0;
  @type('uint8') roundsWon = 0;
  @view() @type(BankoutPrivateState) override private = new BankoutPrivateState();
}

export class BankoutRoomState extends GameRoomState {
  @type('string') mode = '';
  @type('boolean') jokers = false;
  @type('uint16') turnSeconds = 0;
  @type('uint16') round = 0;
  @type('boolean') suddenDeath = false;
  @type('int8') turn = -1;
  @type('uint32') turnNumber = 0;
  /** '' = no prompt; else 'joker' | 'counter' | 'discard'. */
  @type('string') promptKind = '';
  @type('int8') promptSeat = -1;
  @type('uint16') deckCount = 0;
  @type('uint16') discardCount = 0;
  @type(['string']) drawnThisTurn = new ArraySchema<string>();
  /** '' = none. */
  @type('string') lastRevealed = '';
  @type('float64') pot = 0;
  /** Rank -> count of cards no one has seen (deck + face-down hands). */
  @type({ map: 'uint8' }) unseen = new MapSchema<number>();
  /** Match winner seat once finished, else -1. */
  @type('int8') winner = -1;
}
