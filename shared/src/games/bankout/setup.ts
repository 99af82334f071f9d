/** A new match: two seats, a seeded random first player, round 1 dealt. */
import type { GameEvent, SeatSetup } from '../../core/contract';
import { dealing } from '../../core/dealing';
import { Random, type Seed, seedRng } from '../../core/rng';
import { stateOptions } from './edition';
import { startRound } from './rounds';
import { freshSeat } from './state';
import type { BankoutOptions, BankoutState } from './types';

function deal(options: BankoutOptions, seats: SeatSetup[], seed: Seed, events: GameEvent[]): BankoutState {
  const random = new Random(seedRng(seed));
  const first = random.int(0, 1);
  const s: BankoutState = {
    options: stateOptions(options),
    rng: random.state,
    names: [0, 1].map((i) => seats[i]?.name ?? `Player ${i + 1}`),
    round: 0,
    suddenDeath: false,
    firstPlayerOfRound: first,
    turn: first,
    turnNumber: 0,
    phase: 'turn',
    prompt: null,
    promptSeq: 0,
    deck: [],
    discard: [],
    drawnThisTurn: [],
    lastRevealed: null,
    pot: 0,
    players: [freshSeat(), freshSeat()],
    pendingCard: null,
    blitzTotals: null,
    winner: null,
  };
  startRound(s, 1, false, first, events);
  return s;
}

/** `setup`, and the first turn's start for the table's log (`openingEvents`). */
export const { setup, openingEvents } = dealing(deal);
