/**
 * A tiny game for platform tests ("Race"): on your turn `step` (count +1 and draw a secret card
 * into your hidden hand) or `pass`. First to `target` wins. An optional turn timer passes for you.
 * Small enough that every platform behaviour can be driven by hand.
 */
import { ArraySchema, type, view } from '@colyseus/schema';
import { type GameDefinition, Random, refuse, seedRng } from '@parlor/shared';
import { z } from 'zod';
import type { GameAdapter } from '../../src/rooms/GameAdapter';
import { gameSchemas } from '../../src/rooms/schema';

/** Race's own base classes (see gameSchemas): its rooms' handshake describes Race alone. */
export const raceBases = gameSchemas();
const { GameRoomState, PrivateState, SeatState } = raceBases;
import { syncArray } from '../../src/rooms/sync';

export type RaceAction = { type: 'step' } | { type: 'pass' };
export interface RaceOptions {
  target: number;
  turnMs: number;
}
export interface RaceState {
  options: RaceOptions;
  names: string[];
  turn: number;
  turnNumber: number;
  counts: number[];
  hands: string[][];
  deck: string[];
  winner: number | null;
}
export interface RacePublic {
  turn: number;
  counts: number[];
  handCounts: number[];
  deckCount: number;
}
export interface RacePrivate {
  hand: string[];
}

const optionsSchema = z.object({
  target: z.number().int().min(1).max(50).default(3),
  turnMs: z.number().int().min(0).max(60_000).default(0),
});
const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('step') }).strict(),
  z.object({ type: z.literal('pass') }).strict(),
]);

/** Secret card names are distinctive so a leak test can search raw bytes for them. */
export const RACE_CARDS = Array.from({ length: 40 }, (_, i) => `SECRET${String(i).padStart(2, '0')}`);

export const raceGame: GameDefinition<RaceState, RaceAction, RaceOptions, RacePublic, RacePrivate> = {
  id: 'race',
  title: 'Race',
  tagline: 'A test fixture',
  seats: { min: 2, max: 3 },
  optionsSchema: optionsSchema as z.ZodType<RaceOptions>,
  optionFields: [],
  actionSchema: actionSchema as z.ZodType<RaceAction>,
  setup: (options, seats, seed) => ({
    options,
    names: seats.map((s) => s.name),
    turn: 0,
    turnNumber: 0,
    counts: seats.map(() => 0),
    hands: seats.map(() => []),
    deck: new Random(seedRng(seed)).shuffle(RACE_CARDS),
    winner: null,
  }),
  // Deals afresh what no seat has seen: the deck's order (issue 31).
  redeal: (s, seed) => ({ ...s, deck: new Random(seedRng(seed)).shuffle(s.deck) }),
  legalActions: (s, seat) =>
    s.winner === null && s.turn === seat ? [{ type: 'step' }, { type: 'pass' }] : [],
  apply: (s, seat, action) => {
    if (s.winner !== null) return refuse('GAME_OVER', 'The race is over.');
    if (seat !== s.turn) return refuse('NOT_YOUR_TURN', 'Wait for your turn.');
    const next: RaceState = {
      ...s,
      counts: s.counts.slice(),
      hands: s.hands.map((h) => h.slice()),
      deck: s.deck.slice(),
      turnNumber: s.turnNumber + 1,
      turn: (s.turn + 1) % s.counts.length,
    };
    const name = s.names[seat];
    if (action.type === 'pass')
      return { ok: true, state: next, events: [{ type: 'pass', text: `${name} passes`, seat }] };
    next.counts[seat]! += 1;
    const card = next.deck.shift()!;
    next.hands[seat]!.push(card);
    if (next.counts[seat]! >= s.options.target) next.winner = seat;
    return {
      ok: true,
      state: next,
      events: [
        { type: 'step', text: `${name} steps`, seat },
        { type: 'drew', text: `You drew ${card}`, to: seat, data: { card } },
      ],
    };
  },
  view: (s, viewer) => ({
    public: {
      turn: s.turn,
      counts: s.counts.slice(),
      handCounts: s.hands.map((h) => h.length),
      deckCount: s.deck.length,
    },
    private: viewer >= 0 && viewer < s.hands.length ? { hand: s.hands[viewer]!.slice() } : null,
  }),
  phase: (s) => (s.winner === null ? 'turn' : 'finished'),
  toAct: (s) => (s.winner === null ? [s.turn] : []),
  timeout: (s) =>
    s.winner === null && s.options.turnMs > 0
      ? { key: `turn:${s.turnNumber}`, seat: s.turn, durationMs: s.options.turnMs, action: { type: 'pass' } }
      : null,
  outcome: (s) =>
    s.winner === null
      ? null
      : { winners: [s.winner], summary: `${s.names[s.winner]} wins the race`, scores: s.counts },
  bot: { decide: (_view, legal) => legal[0]! },
};

export class RacePrivateState extends PrivateState {
  @type(['string']) hand = new ArraySchema<string>();
}
export class RaceSeatState extends SeatState {
  @type('uint8') count = 0;
  @type('uint8') handCount = 0;
  @view() @type(RacePrivateState) override private = new RacePrivateState();
}
export class RaceRoomState extends GameRoomState {
  @type('int8') turn = -1;
  @type('uint8') deckCount = 0;
}

export const raceAdapter: GameAdapter<
  RaceState,
  RaceAction,
  RaceOptions,
  RacePublic,
  RacePrivate,
  RaceRoomState,
  RaceSeatState
> = {
  definition: raceGame,
  createState: () => new RaceRoomState(),
  createSeat: () => new RaceSeatState(),
  project: (state, pub, privates) => {
    state.turn = pub.turn;
    state.deckCount = pub.deckCount;
    pub.counts.forEach((count, i) => {
      const seat = state.seats[i] as RaceSeatState;
      seat.count = count;
      seat.handCount = pub.handCounts[i]!;
      syncArray(seat.private.hand, privates[i]?.hand ?? []);
    });
  },
};
