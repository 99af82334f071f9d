/**
 * Peek (shared/test/games/peek.ts, a game that exists only for tests) on the server: its schema and
 * the one projection from its views, in the form every game's adapter takes; and the view rebuilt
 * from a client's decoded state, so its bot can play for a remote client. Registered in the leak
 * test's registry (server/test/rooms/leak.test.ts) like any product game.
 */
import { ArraySchema, type, view } from '@colyseus/schema';
import type { GameView } from '@parlor/shared';
import {
  type PeekAction,
  type PeekOptions,
  type PeekPrivate,
  type PeekPublic,
  type PeekState,
  peek,
} from '../../../shared/test/games/peek';
import type { GameAdapter } from '../../src/rooms/GameAdapter';
import { gameSchemas } from '../../src/rooms/schema';
import { assignChanged, syncArray } from '../../src/rooms/sync';
import type { StateJson } from './clients';

/** Peek's own base classes (see gameSchemas). */
export const peekBases = gameSchemas();
const { GameRoomState, PrivateState, SeatState } = peekBases;

export class PeekPrivateState extends PrivateState {
  @type('string') card = '';
}

export class PeekSeatState extends SeatState {
  /** The seat's card once the cards are shown; '' before. */
  @type('string') shown = '';
  @view() @type(PeekPrivateState) override private = new PeekPrivateState();
}

export class PeekRoomState extends GameRoomState {
  @type('int8') turn = -1;
  @type('uint16') turnNumber = 0;
  @type('uint8') round = 0;
  @type('uint8') rounds = 0;
  @type('uint8') deckCount = 0;
  @type(['string']) discards = new ArraySchema<string>();
  @type(['int8']) winners = new ArraySchema<number>();
}

export function projectPeek(state: PeekRoomState, pub: PeekPublic, privates: (PeekPrivate | null)[]): void {
  assignChanged(state, {
    turn: pub.turn,
    turnNumber: pub.turnNumber,
    round: pub.round,
    rounds: pub.rounds,
    deckCount: pub.deckCount,
  });
  syncArray(state.discards, pub.discards);
  syncArray(state.winners, pub.winners ?? []);
  state.seats.forEach((seat, i) => {
    const s = seat as PeekSeatState;
    assignChanged(s, { shown: pub.shown?.[i] ?? '' });
    const card = privates[i]?.card ?? '';
    if (s.private.card !== card) s.private.card = card;
  });
}

export const peekAdapter: GameAdapter<
  PeekState,
  PeekAction,
  PeekOptions,
  PeekPublic,
  PeekPrivate,
  PeekRoomState,
  PeekSeatState
> = {
  definition: peek,
  createState: () => new PeekRoomState(),
  createSeat: () => new PeekSeatState(),
  project: projectPeek,
};

/** Peek's view as a client rebuilds it from its decoded state. */
export function peekViewFromState(s: StateJson, seat: number): GameView<PeekPublic, PeekPrivate> {
  const winners = s.winners as number[];
  const finished = s.status === 'finished';
  const pub: PeekPublic = {
    names: s.seats.map((p: StateJson) => p.name),
    turn: s.turn,
    turnNumber: s.turnNumber,
    round: s.round,
    rounds: s.rounds,
    deckCount: s.deckCount,
    discards: [...s.discards],
    shown: finished ? s.seats.map((p: StateJson) => p.shown) : null,
    winners: finished ? [...winners] : null,
  };
  const priv = s.seats[seat]?.private;
  return { public: pub, private: priv ? { card: priv.card } : null };
}
