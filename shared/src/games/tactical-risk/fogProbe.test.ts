/**
 * Fog of war through refusals: a seat that sends `move` with every unit id in turn must get one and
 * the same refusal for an id that does not exist, an ally's or enemy's unit, and a unit out of its
 * sight, so the answers map nothing it may not see (issue 20: "That Armour is not yours" named the
 * type of units out of sight; "No unit N" told which ids exist).
 */
import { apply, toAct } from './rules';
import { act, newGame } from './testkit';
import { visiblePlaces } from './view';
import type { TacticalRiskState } from './types';

function probe(s: TacticalRiskState, seat: number, from: string, to: string) {
  const answers = new Map<string, number[]>();
  for (let id = 0; id < s.nextId + 40; id++) {
    const r = apply(s, seat, { type: 'move', units: [id], path: [from, to] });
    const key = r.ok ? 'accepted' : `${r.error.code}: ${r.error.message}`;
    answers.set(key, [...(answers.get(key) ?? []), id]);
  }
  return answers;
}

describe('fog of war: probing unit ids', () => {
  it('answers every id the mover does not own with one identical refusal', () => {
    // Round 1, the Russians' combat move.
    const s = act(newGame({ fogOfWar: true }, 7), { type: 'endPhase' });
    expect(s.phase).toBe('combatMove');
    const seat = toAct(s)[0]!;
    const answers = probe(s, seat, 'Russia', 'Karelia S.S.R.');
    const own = new Set(s.units.filter((u) => u.owner === 'Russians').map((u) => u.id));
    const places = visiblePlaces(s, seat);
    const hidden = s.units.filter((u) => !places.has(u.at));
    expect(hidden.length).toBeGreaterThan(0); // the probe covers units out of sight
    // Every id that is not a Russian unit: nonexistent, allied, visible enemy, hidden enemy.
    const foreign = [...answers.entries()].filter(([, list]) => list.some((id) => !own.has(id)));
    expect(foreign).toHaveLength(1);
    const [refusal, list] = foreign[0]!;
    expect(refusal).toBe('NOT_YOURS: You have no such unit to move.');
    expect(list.every((id) => !own.has(id))).toBe(true);
    expect(list).toHaveLength(s.nextId + 40 - own.size);
    // Nothing in any answer names a unit type the seat cannot see.
    for (const key of answers.keys()) expect(key).not.toMatch(/Battleship|Carrier|Submarine|Bomber/);
  });
});
