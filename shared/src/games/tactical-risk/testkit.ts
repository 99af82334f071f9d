/** Test helpers: boards built by hand, actions that must succeed, counts. */
import { seedRng } from '../../core/rng';
import type { Faction, UnitType } from './board';
import { turnOrder } from './board';
import { DEFAULT_OPTIONS } from './options';
import { apply, toAct } from './rules';
import { setup } from './setup';
import { newUnit } from './state';
import { beginTurn } from './turns';
import type { TacticalRiskAction, TacticalRiskOptions, TacticalRiskState, Unit } from './types';

export function fiveSeats(): { name: string; bot: boolean }[] {
  return ['Ann', 'Ben', 'Cy', 'Di', 'Ed'].map((name) => ({ name, bot: false }));
}

export function newGame(options: Partial<TacticalRiskOptions> = {}, seed = 1, seats = 5): TacticalRiskState {
  // The classic board as the rules tests know it: no bid, no round limit unless a test asks for one.
  return setup({ ...DEFAULT_OPTIONS, bid: 0, roundLimit: 0, ...options }, fiveSeats().slice(0, seats), seed);
}

/** The classic board with no units at all, `faction` to move in `phase`. */
export function emptyBoard(
  faction: Faction = 'Germans',
  phase: TacticalRiskState['phase'] = 'combatMove',
  options: Partial<TacticalRiskOptions> = {},
  seed = 1,
): TacticalRiskState {
  const s = newGame(options, seed);
  s.units = [];
  s.turn = turnOrder.indexOf(faction);
  beginTurnIn(s, phase);
  return s;
}

/** Begins the mover's turn again after a set-up (its snapshots then count the units put), in `phase`. */
export function beginTurnIn(s: TacticalRiskState, phase: TacticalRiskState['phase']): void {
  beginTurn(s);
  s.phase = phase;
}

/** Puts units on the board (call beginTurn again if factories matter for placement). */
export function put(
  s: TacticalRiskState,
  owner: Faction,
  at: string,
  units: Partial<Record<UnitType, number>>,
): Unit[] {
  const out: Unit[] = [];
  for (const [type, n] of Object.entries(units)) {
    for (let i = 0; i < (n ?? 0); i++) out.push(newUnit(s, type as UnitType, owner, at));
  }
  return out;
}

export function ids(units: Unit[]): number[] {
  return units.map((u) => u.id);
}

/** Applies an action for the seat to act; fails the test with the refusal otherwise. */
export function act(s: TacticalRiskState, action: TacticalRiskAction): TacticalRiskState {
  const seat = toAct(s)[0]!;
  const r = apply(s, seat, action);
  if (!r.ok) throw new Error(`refused ${r.error.code}: ${r.error.message} (${JSON.stringify(action)})`);
  return r.state;
}

/** The refusal code of an action for the seat to act (null when accepted). */
export function refusal(s: TacticalRiskState, action: TacticalRiskAction): string | null {
  const r = apply(s, toAct(s)[0]!, action);
  return r.ok ? null : r.error.code;
}

export function count(s: TacticalRiskState, at: string, owner?: Faction, type?: UnitType): number {
  return s.units.filter((u) => u.at === at && (!owner || u.owner === owner) && (!type || u.type === type))
    .length;
}

/** Runs the current battle to its end answering every prompt with the suggestion / press. */
export function fightOut(s: TacticalRiskState, key: string): TacticalRiskState {
  s = act(s, { type: 'fight', territory: key });
  while (s.battle) {
    const p = s.battle.prompt!;
    s = act(s, p.kind === 'casualties' ? { type: 'casualties', units: p.suggestion } : { type: 'press' });
  }
  return s;
}

/** Opens the battle at `key` and takes the suggested casualties while they are asked: its first round. */
export function fightRound(s: TacticalRiskState, key: string): TacticalRiskState {
  let x = act(s, { type: 'fight', territory: key });
  while (x.battle?.prompt?.kind === 'casualties')
    x = act(x, { type: 'casualties', units: x.battle.prompt.suggestion });
  return x;
}

/** Sets the dice stream to the one of the first seed (from `from`) for which `ok` holds after `run`. */
export function withSeedWhere(
  s: TacticalRiskState,
  run: (s: TacticalRiskState) => TacticalRiskState,
  ok: (after: TacticalRiskState) => boolean,
  from = 1,
): TacticalRiskState {
  for (let seed = from; seed < from + 2000; seed++) {
    const trial = { ...s, rng: seedRng(seed) };
    const after = run(trial);
    if (ok(after)) return after;
  }
  throw new Error('no seed gives that outcome');
}

export const move = (units: number[], ...path: string[]): TacticalRiskAction => ({
  type: 'move',
  units,
  path,
});

/**
 * Karelia S.S.R. (five Russian infantry) attacked by two German tanks walking in from East Europe and
 * two infantry landed from the Baltic, the combat move over: the state and the landed infantry.
 */
export function seaborneKarelia(options: Partial<TacticalRiskOptions> = {}): {
  state: TacticalRiskState;
  landed: Unit[];
} {
  let k = emptyBoard('Germans', 'combatMove', options);
  put(k, 'Germans', 'Baltic Sea Zone', { transport: 1 });
  const boat = put(k, 'Germans', 'Germany', { infantry: 2 });
  const walk = put(k, 'Germans', 'East Europe', { armour: 2 });
  put(k, 'Russians', 'Karelia S.S.R.', { infantry: 5 });
  k = act(k, move(ids(boat), 'Germany', 'Baltic Sea Zone'));
  k = act(k, move(ids(boat), 'Baltic Sea Zone', 'Karelia S.S.R.'));
  k = act(k, move(ids(walk), 'East Europe', 'Karelia S.S.R.'));
  return { state: act(k, { type: 'endPhase' }), landed: boat };
}
