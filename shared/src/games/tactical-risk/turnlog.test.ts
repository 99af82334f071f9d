import { SPECTATOR } from '../../core/contract';
import { tacticalRisk } from './index';
import { act, emptyBoard, ids, put, withSeedWhere } from './testkit';
import { TURN_LOG } from './turnlog';
import { incomeOf } from './turns';
import type { TacticalRiskAction, TacticalRiskState, TurnSummary } from './types';

const move = (units: number[], ...path: string[]): TacticalRiskAction => ({ type: 'move', units, path });
const turnsSeen = (s: TacticalRiskState, viewer = SPECTATOR): TurnSummary[] =>
  tacticalRisk.view(s, viewer).public.turns;

/** The Russians buy, take Ukraine S.S.R. in a battle (and with it the Soviet Union), then end the turn. */
function russianTurn(fog = false): { s: TacticalRiskState; beforeEnd: TacticalRiskState } {
  let s = emptyBoard('Russians', 'purchase', { fogOfWar: fog });
  s.treasury.Russians = 20;
  const armour = put(s, 'Russians', 'Caucasus', { armour: 3 });
  put(s, 'Germans', 'Ukraine S.S.R.', { infantry: 1 });
  s = act(s, { type: 'buy', units: { infantry: 2 } });
  s = act(s, { type: 'endPhase' });
  s = act(s, move(ids(armour), 'Caucasus', 'Ukraine S.S.R.'));
  s = act(s, { type: 'endPhase' });
  s = withSeedWhere(
    s,
    (t) => act(t, { type: 'fight', territory: 'Ukraine S.S.R.' }),
    (t) => t.battle === null && t.owner['Ukraine S.S.R.'] === 'Russians',
  );
  s = act(s, { type: 'endPhase' }); // non-combat move
  const beforeEnd = s;
  return { s: act(s, { type: 'endPhase' }), beforeEnd }; // placement: income, the next turn
}

describe('turn summary (kept by the rules, in the public view)', () => {
  it('records purchases, battles, land and continents taken, and income, in the running turn too', () => {
    const { s, beforeEnd } = russianTurn();
    // The running turn, before its end: what changed so far, no income yet.
    const running = turnsSeen(beforeEnd).at(-1)!;
    expect(running).toMatchObject({
      faction: 'Russians',
      round: 1,
      turn: 0,
      done: false,
      spent: 6,
      income: null,
    });
    expect(running.battles).toEqual([
      { territory: 'Ukraine S.S.R.', kind: 'land', won: true, captured: true },
    ]);
    expect(running.changes).toEqual([{ territory: 'Ukraine S.S.R.', from: 'Germans', to: 'Russians' }]);
    expect(running.continents).toEqual([{ name: 'Soviet Union', bonus: 7, from: null, to: 'Russians' }]);
    // The turn over: closed with its income; the Germans' turn opened, empty.
    const [russians, germans] = turnsSeen(s);
    expect(russians).toEqual({ ...running, done: true, income: incomeOf(beforeEnd, 'Russians') });
    expect(russians!.income).toBeGreaterThan(0);
    expect(germans).toEqual({
      faction: 'Germans',
      round: 1,
      turn: 1,
      done: false,
      changes: [],
      battles: [],
      spent: 0,
      income: null,
      continents: [],
    });
  });

  it('is the same for every viewer and names no unit under fog of war', () => {
    const { s } = russianTurn(true);
    const spectator = turnsSeen(s);
    expect(spectator[0]!.spent).toBe(6);
    for (let seat = 0; seat < 5; seat++) expect(turnsSeen(s, seat)).toEqual(spectator);
    // Purchases are secret under fog: the summary carries what they cost (the treasury is public),
    // never what was bought.
    expect(JSON.stringify(spectator)).not.toMatch(/infantry|armour|"id"/);
  });

  it('undoes a purchase with the purchase, and keeps the last turns only', () => {
    let s = emptyBoard('Germans', 'purchase');
    s.treasury.Germans = 30;
    s = act(s, { type: 'buy', units: { armour: 1 } });
    s = act(s, { type: 'buy', units: { infantry: 1 } });
    expect(turnsSeen(s).at(-1)!.spent).toBe(8);
    s = act(s, { type: 'undo' });
    expect(turnsSeen(s).at(-1)!.spent).toBe(5);
    // Turns without anything done: every phase ended at once.
    for (let i = 0; i < 8; i++) while (s.turnNumber === i) s = act(s, { type: 'endPhase' });
    const turns = turnsSeen(s);
    expect(turns).toHaveLength(TURN_LOG);
    expect(turns.map((t) => t.turn)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(turns.slice(0, -1).every((t) => t.done && t.income !== null)).toBe(true);
    expect(turns.at(-1)!.done).toBe(false);
  });

  it('shows nothing for a state saved before the log existed, then starts it', () => {
    let s = emptyBoard('Germans', 'purchase');
    delete s.turnLog;
    expect(turnsSeen(s)).toEqual([]);
    s = act(s, { type: 'buy', units: { infantry: 1 } });
    expect(turnsSeen(s)).toEqual([expect.objectContaining({ faction: 'Germans', spent: 3, done: false })]);
  });
});
