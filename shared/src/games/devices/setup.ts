/** A new game: everyone starts with m50 and 0 Points, the starter Blueprints, nweek 1 with the Clock Off. */
import type { GameEvent, SeatSetup } from '../../core/contract';
import { dealing } from '../../core/dealing';
import { type Seed, seedRng } from '../../core/rng';
import type { EngineState } from '../../devices-engine';
import { MACKEREL, addBlueprint } from '../../devices-engine';
import { START_MONEY } from './calendar';
import { isLegacyOptions, stateOptions } from './edition';
import { blueprintSpecOf } from './proposals';
import { STARTER_BLUEPRINTS } from './starter';
import { startNweek } from './time';
import type { DevicesOptions, DevicesState } from './types';

export function starterEngine(seats: number): EngineState {
  const e: EngineState = {
    wallets: Array.from({ length: seats }, () => ({ money: START_MONEY, score: 0 })),
    blueprints: [],
    devices: [],
    offers: [],
    nextId: 1,
  };
  for (const spec of STARTER_BLUEPRINTS) {
    const r = blueprintSpecOf(spec);
    if (!r.ok) throw new Error(`starter Blueprint ${spec.name}: ${r.error.message}`);
    const err = addBlueprint(e, r.spec, MACKEREL, []);
    if (err) throw new Error(err.message);
  }
  return e;
}

function deal(options: DevicesOptions, seats: SeatSetup[], seed: Seed, events: GameEvent[]): DevicesState {
  const names = seats.map((s, i) => s.name || `Player ${i + 1}`);
  const engine = starterEngine(names.length);
  const kept = stateOptions(options);
  const s: DevicesState = {
    options: kept,
    // No rule draws at random yet; the generator is kept so the contract's replays stay exact.
    rng: seedRng(seed),
    names,
    engine,
    nweek: 0,
    nday: 1,
    clockOn: false,
    phase: 'running',
    window: 0,
    // Edition 1 states have neither field (their records hash without them).
    ...(isLegacyOptions(kept) ? {} : { acted: names.map(() => 0), offerPrices: {} }),
    passed: names.map(() => false),
    drafts: names.map(() => null),
    submittedIn: names.map(() => 0),
    proposals: [],
    nextProposalId: 1,
    panic: names.map(() => false),
    emergency: null,
    rolledBackIn: 0,
    weekStart: { engine, proposals: [] },
    outcome: null,
  };
  startNweek(s, 1, events);
  return s;
}

/** `setup`, and the first turn's start for the table's log (`openingEvents`). */
export const { setup, openingEvents } = dealing(deal);
