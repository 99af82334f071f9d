/** A new match: the board of the setup data, factions dealt to seats (or drafted), Russians to move. */
import type { SeatSetup } from '../../core/contract';
import { Random, type Seed, seedRng } from '../../core/rng';
import type { Faction, UnitType } from './board';
import { FACTIONS, factionSetups, territoryList, turnOrder } from './board';
import { stateOptions } from './edition';
import { SEAT_FACTIONS } from './meta';
import { newUnit } from './state';
import { startingBank } from './timeBank';
import { beginTurn } from './turns';
import type { TacticalRiskOptions, TacticalRiskState } from './types';

/** Which factions each seat plays, by seat count (Classic and Free-for-all): meta.ts's table. */
export { SEAT_FACTIONS };

export function setup(options: TacticalRiskOptions, seats: SeatSetup[], seed: Seed): TacticalRiskState {
  const random = new Random(seedRng(seed));
  const seatCount = Math.max(1, Math.min(5, seats.length || 2));
  const controller = {} as Record<Faction, number>;
  const deal = SEAT_FACTIONS[seatCount]!;
  for (const f of FACTIONS) {
    controller[f] = options.mode === 'draft' ? -1 : deal.findIndex((fs) => fs.includes(f));
  }
  const owner: Record<string, Faction | null> = {};
  for (const t of territoryList) if (!t.isWater) owner[t.name] = (t.originalOwner as Faction | null) ?? null;
  const s: TacticalRiskState = {
    options: stateOptions(options),
    rng: random.state,
    names: Array.from({ length: seatCount }, (_, i) => seats[i]?.name ?? `Player ${i + 1}`),
    controller,
    alliance: Object.fromEntries(
      factionSetups.map((f) => [f.name, options.mode === 'ffa' ? null : f.alliance]),
    ) as TacticalRiskState['alliance'],
    phase: options.mode === 'draft' ? 'draft' : 'purchase',
    round: 1,
    turn: 0,
    turnNumber: 0,
    seq: 0,
    owner,
    turnStartOwner: owner,
    treasury: Object.fromEntries(factionSetups.map((f) => [f.name, f.startingPUs])) as Record<
      Faction,
      number
    >,
    pending: Object.fromEntries(FACTIONS.map((f) => [f, {}])) as TacticalRiskState['pending'],
    units: [],
    nextId: 1,
    factoriesAtStart: [],
    placedAt: {},
    battles: [],
    battle: null,
    lastBattle: null,
    draftSeat: 0,
    prev: null,
    bank: Array.from({ length: seatCount }, () => startingBank(options)),
    bankDraw: null,
    winner: null,
  };
  for (const f of factionSetups) {
    for (const { territory, units } of f.units) {
      for (const [type, n] of Object.entries(units)) {
        for (let i = 0; i < (n ?? 0); i++) newUnit(s, type as UnitType, f.name, territory);
      }
    }
  }
  applyBid(s);
  beginTurn(s);
  return s;
}

/**
 * The bid: the `bidSide` alliance's factions share `bid` extra IPC at the start, evenly in turn order
 * (the first ones take the remainder), to spend in their first purchase. Alliance modes only.
 */
export function applyBid(s: TacticalRiskState): void {
  const bid = s.options.bid ?? 0;
  if (bid <= 0 || s.options.mode === 'ffa') return;
  const side = turnOrder.filter((f) => s.alliance[f] === (s.options.bidSide ?? 'Allies'));
  side.forEach((f, i) => {
    s.treasury[f] += Math.floor(bid / side.length) + (i < bid % side.length ? 1 : 0);
  });
}
