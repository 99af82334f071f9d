/** A new match: blind Boss draw, 12 money each, the Golden Fund, a shuffled Draw Pile, a random first player. */
import type { GameEvent, SeatSetup } from '../../core/contract';
import { dealing } from '../../core/dealing';
import { Random, type Seed, seedRng } from '../../core/rng';
import { BOSS_IDS, DECK_IDS } from './cards';
import { LEGACY_EDITION, stateOptions } from './edition';
import { START_MONEY, TOTAL_TOKENS, freshSeat } from './state';
import { startTurn } from './turn';
import type { KingpinOptions, KingpinState } from './types';

function deal(options: KingpinOptions, seats: SeatSetup[], seed: Seed, events: GameEvent[]): KingpinState {
  const n = Math.max(2, Math.min(3, seats.length));
  const random = new Random(seedRng(seed));
  const bosses = random.shuffle(BOSS_IDS);
  const drawPile = random.shuffle(DECK_IDS);
  const first = random.int(0, n - 1);
  const s: KingpinState = {
    options: stateOptions(options),
    rng: random.state,
    names: Array.from({ length: n }, (_, i) => seats[i]?.name ?? `Player ${i + 1}`),
    turn: first,
    turnNumber: 0,
    phase: 'turn',
    prompt: null,
    promptSeq: 0,
    deployedThisTurn: false,
    players: bosses.slice(0, n).map((boss) => freshSeat(boss)),
    bank: 0,
    // 2 players: the missing player's 12 + the 4 extra tokens; 3 players: the 4 extra.
    fund: TOTAL_TOKENS - n * START_MONEY,
    drawPile,
    reserve: [],
    discard: [],
    unusedBosses: bosses.slice(n),
    blackout: null,
    lastRevealed: null,
    winner: null,
    capped: false,
    // Edition 1's states have neither field (their recorded digests must not change).
    ...(options.edition === LEGACY_EDITION ? {} : { winReason: null, bribedThisTurn: false }),
  };
  startTurn(s, first, events);
  return s;
}

/** `setup`, and the first turn's start for the table's log (`openingEvents`). */
export const { setup, openingEvents } = dealing(deal);
