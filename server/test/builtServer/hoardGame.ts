/**
 * "Hoard", a fixture game for the built-server tests: up to six seats, and the moment the match
 * starts every seat is dealt a large secret hand (HOARD_CARDS strings of about 70 bytes each, some
 * 16 KB a seat): all six hands travel in one patch, well past 64 KB together. On your turn you
 * `pass`. Each card names its seat, so a client can tell its own from another's.
 */
import { ArraySchema, type, view } from '@colyseus/schema';
import { type GameDefinition, refuse } from '@parlor/shared';
import { z } from 'zod';
import type { GameAdapter } from '../../src/rooms/GameAdapter';
import { gameSchemas } from '../../src/rooms/schema';
import { syncArray } from '../../src/rooms/sync';

export const HOARD_CARDS = 230;
export const HOARD_SEATS = 6;

/** Card `i` of `seat`'s hand: its seat, its index and some deterministic filler. */
export function hoardCard(seat: number, i: number): string {
  return `HOARD-S${seat}-C${String(i).padStart(3, '0')}-${'x'.repeat(40 + ((seat * 31 + i * 7) % 20))}`;
}

type HoardAction = { type: 'pass' };
interface HoardState {
  turn: number;
  seats: number;
  passes: number;
}

export const hoardGame: GameDefinition<
  HoardState,
  HoardAction,
  object,
  { turn: number },
  { hand: string[] }
> = {
  id: 'hoard',
  title: 'Hoard',
  tagline: 'A test fixture',
  seats: { min: 2, max: HOARD_SEATS },
  optionsSchema: z.object({}) as z.ZodType<object>,
  optionFields: [],
  actionSchema: z.object({ type: z.literal('pass') }).strict() as z.ZodType<HoardAction>,
  setup: (_options, seats) => ({ turn: 0, seats: seats.length, passes: 0 }),
  // Nothing is ever dealt face down: a redeal changes nothing.
  redeal: (s) => s,
  legalActions: (s, seat) => (s.turn === seat && s.passes < 100 ? [{ type: 'pass' }] : []),
  apply: (s, seat) => {
    if (seat !== s.turn) return refuse('NOT_YOUR_TURN', 'Wait for your turn.');
    return {
      ok: true,
      state: { ...s, turn: (s.turn + 1) % s.seats, passes: s.passes + 1 },
      events: [{ type: 'pass', text: `seat ${seat} passes`, seat }],
    };
  },
  view: (s, viewer) => ({
    public: { turn: s.turn },
    private:
      viewer >= 0 && viewer < s.seats
        ? { hand: Array.from({ length: HOARD_CARDS }, (_, i) => hoardCard(viewer, i)) }
        : null,
  }),
  phase: () => 'turn',
  toAct: (s) => (s.passes < 100 ? [s.turn] : []),
  timeout: () => null,
  outcome: (s) => (s.passes < 100 ? null : { winners: [0], summary: 'done', scores: [] }),
  bot: { decide: (_view, legal) => legal[0]! },
};

const { GameRoomState, PrivateState, SeatState } = gameSchemas();
export class HoardPrivateState extends PrivateState {
  @type(['string']) hand = new ArraySchema<string>();
}
export class HoardSeatState extends SeatState {
  @view() @type(HoardPrivateState) override private = new HoardPrivateState();
}
export class HoardRoomState extends GameRoomState {
  @type('int8') turn = -1;
}

export const hoardAdapter: GameAdapter<
  HoardState,
  HoardAction,
  object,
  { turn: number },
  { hand: string[] },
  HoardRoomState,
  HoardSeatState
> = {
  definition: hoardGame,
  createState: () => new HoardRoomState(),
  createSeat: () => new HoardSeatState(),
  project: (state, pub, privates) => {
    state.turn = pub.turn;
    state.seats.forEach((seat, i) =>
      syncArray((seat as HoardSeatState).private.hand, privates[i]?.hand ?? []),
    );
  },
};
