import { DEALER_SEAT, applyRecorded } from '../../core/redeal';
import { Random, seedRng } from '../../core/rng';
import type { GameAction } from '../../core/contract';
import { tacticalRisk } from './index';
import { apply, legalActions, toAct } from './rules';
import { current } from './state';
import { newGame } from './testkit';
import { type Faction, turnOrder } from './board';
import type { TacticalRiskState } from './types';

const takeOver = (faction: Faction, seat: number): GameAction =>
  ({ type: 'takeOver', faction, seat }) as GameAction;

/** The dealer's-seat take-over, as the room records it and a replay applies it. */
function recorded(s: TacticalRiskState, faction: Faction, seat: number) {
  return applyRecorded(tacticalRisk, s, DEALER_SEAT, takeOver(faction, seat));
}

function refusal(s: TacticalRiskState, faction: Faction, seat: number): string {
  const before = JSON.stringify(s);
  const r = recorded(s, faction, seat);
  expect(JSON.stringify(s)).toBe(before);
  return r.ok ? 'accepted' : r.error.code;
}

/** A recorded match: the normal AI plays every seat; `extra` is spliced in at action `at`. */
function playRecord(steps: number, extra?: { at: number; faction: Faction; seat: number }) {
  let s = newGame({}, 3);
  const random = new Random(seedRng(9));
  const actions: { seat: number; action: GameAction; faction?: Faction }[] = [];
  for (let i = 0; i < steps && s.phase !== 'finished'; i++) {
    // At the first step from `at` on outside the country's own turn (a take-over starts with its next turn).
    if (
      extra &&
      i >= extra.at &&
      !actions.some((a) => a.seat === DEALER_SEAT) &&
      current(s) !== extra.faction
    ) {
      const r = recorded(s, extra.faction, extra.seat);
      if (!r.ok) throw new Error(r.error.code);
      s = r.state;
      actions.push({ seat: DEALER_SEAT, action: takeOver(extra.faction, extra.seat) });
    }
    const seat = toAct(s)[0]!;
    const legal = legalActions(s, seat);
    const action = tacticalRisk.bot.decide(tacticalRisk.view(s, seat), legal, () => random.float());
    const r = apply(s, seat, action);
    if (!r.ok) throw new Error(`${r.error.code} ${JSON.stringify(action)}`);
    actions.push({ seat, action, faction: current(s) });
    s = r.state;
  }
  return { state: s, actions };
}

function replay(actions: { seat: number; action: GameAction }[]): TacticalRiskState | string {
  let s = newGame({}, 3);
  for (const [i, { seat, action }] of actions.entries()) {
    const r = applyRecorded(tacticalRisk, s, seat, action);
    if (!r.ok) return `${i}: ${r.error.code}`;
    s = r.state;
  }
  return s;
}

describe('taking over an AI-played country of your side (edition 5)', () => {
  it('the seat plays the country from then on: its turns are that seat’s, the log says who', () => {
    const s = newGame({}, 1);
    expect(s.controller.British).toBe(2);
    const r = recorded(s, 'British', 0);
    if (!r.ok) throw new Error(r.error.code);
    expect(r.state.controller.British).toBe(0);
    expect(r.state.controller.Russians).toBe(0);
    expect(r.events.map((e) => e.text)).toEqual(['Ann takes over the British from the AI.']);
    // The British's turn is seat 0's now, no longer seat 2's.
    const britishTurn = (x: TacticalRiskState) => ({ ...x, turn: turnOrder.indexOf('British') });
    expect(toAct(britishTurn(s))).toEqual([2]);
    expect(toAct(britishTurn(r.state))).toEqual([0]);
  });

  it('refuses another side’s country, one already yours, free-for-all, the draft, a finished match, an old edition', () => {
    const s = newGame({}, 1);
    expect(refusal(s, 'Germans', 0)).toBe('NOT_YOUR_SIDE');
    expect(refusal(s, 'Russians', 0)).toBe('ALREADY_YOURS');
    expect(refusal(s, 'British', 9)).toBe('NO_SUCH_SEAT');
    expect(refusal(newGame({ mode: 'ffa' }, 1), 'British', 0)).toBe('NOT_YOUR_SIDE');
    expect(refusal(newGame({ mode: 'draft' }, 1), 'British', 0)).toBe('WRONG_PHASE');
    const over = {
      ...s,
      phase: 'finished' as const,
      winner: { factions: ['Germans' as Faction], reason: 'x' },
    };
    expect(refusal(over, 'British', 0)).toBe('GAME_OVER');
    expect(refusal(newGame({ edition: 4 }, 1), 'British', 0)).toBe('NO_TAKE_OVER');
    expect(refusal(s, 'British', 0)).toBe('accepted');
  });

  it('is the room’s alone: a seat sending it as an action is refused, and no legal list offers it', () => {
    const s = newGame({}, 1);
    const r = apply(s, 0, { type: 'takeOver', faction: 'British', seat: 0 });
    expect(r.ok ? 'accepted' : r.error.code).toBe('ROOM_ONLY');
    for (const seat of [0, 1, 2, 3, 4])
      expect(legalActions(s, seat).some((a) => a.type === 'takeOver')).toBe(false);
  });

  it('a record with a take-over replays exactly; without it, the new player’s moves are refused', () => {
    const steps = 260;
    const played = playRecord(steps, { at: 40, faction: 'Americans', seat: 0 });
    // The Americans' turns after the take-over are seat 0's in the record.
    const taken = played.actions.slice(played.actions.findIndex((a) => a.seat === DEALER_SEAT) + 1);
    expect(taken.filter((a) => a.faction === 'Americans').length).toBeGreaterThan(0);
    // (Other seats answer only as defenders in the Americans' battles: the Axis seats 1 and 3.)
    const others = taken.filter((a) => a.faction === 'Americans' && a.seat !== 0);
    expect(others.every((a) => a.seat === 1 || a.seat === 3)).toBe(true);
    expect(taken.some((a) => a.seat === 4)).toBe(false);
    const again = replay(played.actions);
    expect(typeof again).not.toBe('string');
    expect(JSON.stringify(again)).toBe(JSON.stringify(played.state));
    const without = played.actions.filter((a) => a.seat !== DEALER_SEAT);
    expect(replay(without)).toMatch(/NOT_YOUR_TURN/);
  });
});
