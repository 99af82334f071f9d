/** Turns and phases with nothing in them pass by themselves (knocked-out factions sit out nothing). */
import { turnOrder } from './board';
import { apply, toAct } from './rules';
import { current } from './state';
import { act, newGame } from './testkit';
import type { TacticalRiskState } from './types';

/** London and all British land but East Canada lost to the Germans; `units`: the British keep theirs. */
function britainFallen(keepUnits: boolean, edition?: number): TacticalRiskState {
  const s = newGame(edition === undefined ? {} : { edition });
  for (const [name, owner] of Object.entries(s.owner))
    if (owner === 'British' && name !== 'East Canada') s.owner[name] = 'Germans';
  if (!keepUnits) s.units = s.units.filter((u) => u.owner !== 'British');
  s.treasury.British = 0;
  return s;
}

/** Ends phases (answering nothing else) until the British are to move or have been passed. */
function toBritishTurn(s: TacticalRiskState): { s: TacticalRiskState; events: string[] } {
  const events: string[] = [];
  while (current(s) !== 'British' || s.phase === 'battle') {
    const before = current(s);
    const r = apply(s, toAct(s)[0]!, { type: 'endPhase' });
    if (!r.ok) throw new Error(r.error.message);
    events.push(...r.events.map((e) => e.text));
    s = r.state;
    if (before === 'Germans' && current(s) !== 'Germans') break;
  }
  return { s, events };
}

test('a faction with no money, no units and nothing to place has its whole turn passed, with a log line', () => {
  const { s, events } = toBritishTurn(britainFallen(false));
  expect(turnOrder.indexOf(current(s))).toBe(turnOrder.indexOf('British') + 1);
  expect(s.phase).toBe('purchase');
  expect(events).toContain('The British have nothing to buy, move or place: their turn passes.');
  expect(events).toContain('The British collect nothing: their capital is in enemy hands.');
  expect(s.turnLog!.filter((r) => r.faction === 'British').at(-1)).toMatchObject({ done: true, income: 0 });
});

test('a knocked-out faction with units but no money has its whole turn passed, move phases too', () => {
  const fallen = britainFallen(true);
  expect(fallen.units.some((u) => u.owner === 'British' && u.type !== 'factory')).toBe(true);
  const { s, events } = toBritishTurn(fallen);
  expect(turnOrder.indexOf(current(s))).toBe(turnOrder.indexOf('British') + 1);
  expect(s.phase).toBe('purchase');
  expect(events).toContain('The British have lost their capital and have no money: their turn passes.');
  expect(s.turnLog!.filter((r) => r.faction === 'British').at(-1)).toMatchObject({ done: true, income: 0 });
});

test('under edition 3 a knocked-out faction with units still plays its move phases (its records hold them)', () => {
  const { s } = toBritishTurn(britainFallen(true, 3));
  expect(current(s)).toBe('British');
  expect(s.phase).toBe('combatMove');
});

test('a knocked-out faction with money left keeps its turn, and skips the placement', () => {
  const fallen = britainFallen(true);
  fallen.treasury.British = 3;
  let { s } = toBritishTurn(fallen);
  expect(current(s)).toBe('British');
  expect(s.phase).toBe('purchase');
  s = act(s, { type: 'endPhase' });
  expect(s.phase).toBe('combatMove');
  s = act(s, { type: 'endPhase' });
  expect(s.phase).toBe('nonCombatMove');
  s = act(s, { type: 'endPhase' });
  // Nothing bought, nothing to place: the turn is over.
  expect(current(s)).not.toBe('British');
  expect(s.phase).toBe('purchase');
});

test('a faction that holds its capital keeps every phase, even with nothing bought', () => {
  let s = newGame();
  expect(s.phase).toBe('purchase');
  const f = current(s);
  for (const phase of ['combatMove', 'nonCombatMove', 'place'] as const) {
    s = act(s, { type: 'endPhase' });
    expect(s.phase).toBe(phase);
  }
  expect(current(s)).toBe(f);
});

test('matches of earlier editions keep every phase (their records hold the clicks through them)', () => {
  const { s } = toBritishTurn(britainFallen(false, 2));
  expect(current(s)).toBe('British');
  expect(s.phase).toBe('purchase');
});
