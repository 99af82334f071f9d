import { SPECTATOR } from '../../core/contract';
import { decodeView } from '../../core/viewShape';
import { tacticalRisk } from './index';
import { emptyBoard, newGame, put } from './testkit';
import { tacticalRiskViewShape } from './viewShape';
import { screenView, stacksOf, wireView } from './wireView';

/** `Faction@Territory type n` for every counted unit type of every stack on a screen's board. */
function boardLines(view: ReturnType<typeof wireView>): string[] {
  const out: string[] = [];
  for (const [at, t] of Object.entries(view.public.territories))
    for (const [f, s] of Object.entries(t.units))
      for (const [type, n] of Object.entries(s.counts)) out.push(`${f}@${at} ${type} ${n}`);
  return out.sort();
}

function unitLines(units: { owner: string; at: string; type: string }[]): string[] {
  const n = new Map<string, number>();
  for (const u of units)
    n.set(`${u.owner}@${u.at} ${u.type}`, (n.get(`${u.owner}@${u.at} ${u.type}`) ?? 0) + 1);
  return [...n].map(([k, c]) => `${k} ${c}`).sort();
}

describe('wire view', () => {
  it('folds every unit into stacks by territory and faction, ids in unit-type order', () => {
    const s = newGame();
    const view = screenView(wireView(tacticalRisk.view(s, SPECTATOR)));
    expect(boardLines(view)).toEqual(unitLines(s.units));
    expect(Object.keys(view.public.territories)).toHaveLength(128);
    for (const here of stacksOf(s.units).values())
      for (const st of here.values()) {
        const types = st.ids.map((id) => s.units.find((u) => u.id === id)!.type);
        const counted = Object.entries(st.counts).flatMap(([t, k]) => Array<string>(k!).fill(t));
        expect(types).toEqual(counted);
      }
  });

  it('with fog of war, a seat’s screen shows exactly the units its rules view gives it', () => {
    const s = emptyBoard('Germans', 'combatMove', { fogOfWar: true });
    put(s, 'Germans', 'Germany', { infantry: 2, armour: 1 });
    put(s, 'Russians', 'Karelia S.S.R.', { armour: 1 });
    put(s, 'Americans', 'Hawaiian Islands', { infantry: 3 });
    const spectator = screenView(wireView(tacticalRisk.view(s, SPECTATOR)));
    expect(boardLines(spectator)).toEqual([]);
    const rules = tacticalRisk.view(s, s.controller.Germans);
    const german = screenView(wireView(rules));
    expect(boardLines(german)).toEqual(unitLines(rules.private!.units!));
    expect(boardLines(german).join()).not.toContain('Americans');
  });

  it('the fog strings decode back to the seat’s stacks (spent is not sent under fog)', () => {
    const s = emptyBoard('Germans', 'combatMove', { fogOfWar: true });
    put(s, 'Germans', 'Germany', { infantry: 2, fighter: 1 });
    put(s, 'Russians', 'Karelia S.S.R.', { armour: 1 });
    const wire = wireView(tacticalRisk.view(s, s.controller.Germans));
    const fog = tacticalRiskViewShape.private.units!;
    if (fog.kind !== 'entries') throw new Error('units travel as entries');
    const strings = fog.encode(wire.private!.units);
    expect(strings.Germany).toMatch(/^Germans@Germany:infantry=2,fighter=1#/);
    const state = { seats: [{ private: { units: strings, factions: ['Germans'] } }] };
    const back = decodeView(tacticalRiskViewShape, state, 0).private!;
    expect(back.units).toEqual(wire.private!.units);
  });
});
