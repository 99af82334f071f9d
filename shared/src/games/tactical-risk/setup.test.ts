import { FACTIONS, LAND, factionSetups } from './board';
import { tacticalRisk } from './index';
import { optionsSchema } from './options';
import { legalActions, toAct } from './rules';
import { act, newGame, refusal } from './testkit';

describe('Tactical Risk setup', () => {
  it('starts from the classic board: owners, units, treasuries, Russians to buy', () => {
    const s = newGame();
    expect(s.phase).toBe('purchase');
    expect(s.round).toBe(1);
    for (const f of factionSetups) {
      expect(s.treasury[f.name]).toBe(f.startingPUs);
      for (const t of f.territories) expect(s.owner[t]).toBe(f.name);
      const expected = f.units.reduce(
        (a, e) => a + Object.values(e.units).reduce((x, n) => x + (n ?? 0), 0),
        0,
      );
      expect(s.units.filter((u) => u.owner === f.name)).toHaveLength(expected);
    }
    expect(LAND.filter((t) => s.owner[t] === null)).toHaveLength(14);
    expect(toAct(s)).toEqual([0]);
  });

  it('is deterministic for a seed', () => {
    expect(newGame({}, 7)).toEqual(newGame({}, 7));
  });

  it('deals factions to fewer seats by alliance (team mode)', () => {
    const two = newGame({}, 1, 2);
    expect(FACTIONS.map((f) => two.controller[f])).toEqual([0, 1, 0, 1, 0]);
    const three = newGame({}, 1, 3);
    expect(three.controller.Americans).toBe(2);
    expect(three.controller.Germans).toBe(three.controller.Japanese);
  });

  it('drafts factions in seat order before the first turn', () => {
    let s = newGame({ mode: 'draft' }, 1, 2);
    expect(s.phase).toBe('draft');
    expect(legalActions(s, 0)).toHaveLength(5);
    expect(refusal(s, { type: 'buy', units: { infantry: 1 } })).toBe('WRONG_PHASE');
    s = act(s, { type: 'draft', faction: 'Germans' });
    expect(toAct(s)).toEqual([1]);
    expect(refusal(s, { type: 'draft', faction: 'Germans' })).toBe('TAKEN');
    for (const f of ['Russians', 'British', 'Japanese', 'Americans'] as const)
      s = act(s, { type: 'draft', faction: f });
    expect(s.phase).toBe('purchase');
    expect(s.controller).toMatchObject({ Germans: 0, Russians: 1, British: 0, Japanese: 1, Americans: 0 });
    expect(toAct(s)).toEqual([1]);
  });

  it('makes every faction hostile in free-for-all', () => {
    const s = newGame({ mode: 'ffa' });
    expect(Object.values(s.alliance).every((a) => a === null)).toBe(true);
  });

  it('fills option defaults and validates actions by shape', () => {
    expect(optionsSchema.parse({})).toMatchObject({ mode: 'classic', capitalsToWin: 3, fogOfWar: false });
    expect(() => optionsSchema.parse({ capitalsToWin: 9 })).toThrow();
    expect(
      tacticalRisk.actionSchema.safeParse({ type: 'move', units: [1], path: ['Germany', 'Poland'] }).success,
    ).toBe(true);
    expect(tacticalRisk.actionSchema.safeParse({ type: 'move', units: [], path: ['Germany'] }).success).toBe(
      false,
    );
  });
});

describe('bad input', () => {
  it('refuses malformed and out-of-turn actions without throwing', () => {
    const s = newGame();
    s.phase = 'combatMove';
    const junk: unknown[] = [
      null,
      {},
      { type: 'fly' },
      { type: 'move' },
      { type: 'move', units: 'all', path: 'Russia' },
      { type: 'move', units: [1], path: [] },
      { type: 'move', units: [-5], path: ['Russia', 'Caucasus'] },
      { type: 'casualties', units: [1] },
      { type: 'place', unit: 'dragon', territory: 'Russia' },
      { type: 'buy', units: null },
      { type: 'fight', territory: 42 },
      { type: 'retreat', to: 'Nowhere' },
    ];
    for (const phase of ['purchase', 'combatMove', 'nonCombatMove', 'place'] as const) {
      s.phase = phase;
      for (const a of junk) {
        const r = tacticalRisk.apply(s, 0, a as never);
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error.code).not.toBe('INTERNAL');
      }
    }
    expect(tacticalRisk.apply(s, 1, { type: 'endPhase' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_YOUR_TURN' },
    });
    expect(tacticalRisk.apply(s, 9, { type: 'endPhase' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_YOUR_TURN' },
    });
    expect(legalActions(s, 1)).toEqual([]);
  });
});
