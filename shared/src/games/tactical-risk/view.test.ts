import { SPECTATOR } from '../../core/contract';
import { tacticalRisk } from './index';
import { act, emptyBoard, newGame, put } from './testkit';

describe('views', () => {
  it('shows the whole board to everyone without fog, never the rng', () => {
    const s = newGame();
    const v = tacticalRisk.view(s, SPECTATOR);
    expect(v.public.units).toHaveLength(s.units.length);
    expect(v.private).toBeNull();
    expect(JSON.stringify(v)).not.toContain('rng');
    expect(tacticalRisk.view(s, 1).private).toEqual({
      factions: ['Germans'],
      units: null,
      pending: null,
      placedAt: null,
    });
  });

  it('with fog of war, shows enemy units only next to what a seat holds (leak test)', () => {
    const s = emptyBoard('Germans', 'combatMove', { fogOfWar: true });
    put(s, 'Germans', 'Germany', { infantry: 1 });
    put(s, 'Russians', 'Karelia S.S.R.', { armour: 1 }); // next to German East Europe
    put(s, 'Japanese', 'Japan', { infantry: 1 }); // ally of the Germans
    put(s, 'Americans', 'Hawaiian Islands', { infantry: 3 }); // far from every Axis holding
    put(s, 'British', 'United Kingdom', { fighter: 1 });
    const pub = tacticalRisk.view(s, SPECTATOR);
    expect(pub.public.units).toEqual([]);
    const german = tacticalRisk.view(s, s.controller.Germans);
    const seen = german.private!.units!.map((u) => `${u.owner}@${u.at}`);
    expect(seen).toContain('Germans@Germany');
    expect(seen).toContain('Russians@Karelia S.S.R.');
    expect(seen).toContain('Japanese@Japan');
    expect(seen).not.toContain('Americans@Hawaiian Islands');
    const american = tacticalRisk.view(s, s.controller.Americans);
    expect(american.private!.units!.some((u) => u.owner === 'Americans')).toBe(true);
    // What one seat decodes never holds an enemy unit it may not see.
    for (let seat = 0; seat < 5; seat++) {
      const v = tacticalRisk.view(s, seat);
      const mine = v.private!.factions;
      for (const u of v.private!.units!) {
        const friendly = mine.some((f) => s.alliance[f] === s.alliance[u.owner]);
        if (!friendly) expect(u.at).not.toBe('Hawaiian Islands');
      }
    }
  });

  it("under fog, follows the rules doc's ruling: a side sees next to its holdings and its units only", () => {
    const board = (mode: 'classic' | 'ffa') => {
      const s = emptyBoard('Germans', 'combatMove', { fogOfWar: true, mode });
      put(s, 'Americans', 'Japan Sea Zone', { destroyer: 1 }); // next to Japan, held by the Germans' ally
      put(s, 'Americans', 'Hawaiian Islands', { infantry: 1 });
      put(s, 'Americans', 'West US Sea Zone', { destroyer: 1 });
      put(s, 'Americans', 'East US Sea Zone', { carrier: 1 }); // two steps or more from every Axis place
      return s;
    };
    const seen = (s: ReturnType<typeof board>, seat: number) =>
      new Set(tacticalRisk.view(s, seat).private!.units!.map((u) => `${u.owner}@${u.at}`));
    const s = board('classic');
    const german = s.controller.Germans;
    expect(seen(s, german).has('Americans@Japan Sea Zone')).toBe(true);
    expect(seen(s, german).has('Americans@Hawaiian Islands')).toBe(false);
    expect(seen(s, german).has('Americans@West US Sea Zone')).toBe(false);
    // A German submarine off Hawaii sees its own zone and the places next to it, no further.
    put(s, 'Americans', 'Hawaii Sea Zone', { transport: 1 });
    put(s, 'Germans', 'Hawaii Sea Zone', { submarine: 1 });
    const now = seen(s, german);
    expect(now.has('Americans@Hawaii Sea Zone')).toBe(true);
    expect(now.has('Americans@Hawaiian Islands')).toBe(true);
    expect(now.has('Americans@West US Sea Zone')).toBe(true);
    expect(now.has('Americans@East US Sea Zone')).toBe(false);
    // ...and so does its ally: the Japanese seat sees what the submarine sees.
    expect(seen(s, s.controller.Japanese).has('Americans@Hawaiian Islands')).toBe(true);
    // In free-for-all nobody shares: the Germans no longer see next to Japan, nor the Japanese off Hawaii.
    const f = board('ffa');
    put(f, 'Germans', 'Hawaii Sea Zone', { submarine: 1 });
    expect(seen(f, f.controller.Germans).has('Americans@Japan Sea Zone')).toBe(false);
    expect(seen(f, f.controller.Japanese).has('Americans@Japan Sea Zone')).toBe(true);
    expect(seen(f, f.controller.Japanese).has('Americans@Hawaiian Islands')).toBe(false);
    expect(seen(f, f.controller.Japanese).has('Germans@Hawaii Sea Zone')).toBe(false);
  });

  it('under fog, keeps purchases and placements to their faction', () => {
    let s = emptyBoard('Germans', 'purchase', { fogOfWar: true });
    s = act(s, { type: 'buy', units: { armour: 2 } });
    const seat = s.controller.Germans;
    expect(
      tacticalRisk.view(s, SPECTATOR).public.factions.every((f) => Object.keys(f.pending).length === 0),
    ).toBe(true);
    expect(tacticalRisk.view(s, seat).private!.pending).toEqual({ Germans: { armour: 2 } });
    expect(tacticalRisk.view(s, s.controller.Russians).private!.pending).toEqual({ Russians: {} });
    s.placedAt = { Germany: 2 };
    expect(tacticalRisk.view(s, SPECTATOR).public.placedAt).toEqual({});
    expect(tacticalRisk.view(s, seat).private!.placedAt).toEqual({ Germany: 2 });
    expect(tacticalRisk.view(s, s.controller.Russians).private!.placedAt).toEqual({});
  });

  it('under fog, tells only the mover where its units went', () => {
    const s = emptyBoard('Germans', 'combatMove', { fogOfWar: true });
    const [inf] = put(s, 'Germans', 'Germany', { infantry: 1 });
    const r = tacticalRisk.apply(s, s.controller.Germans, {
      type: 'move',
      units: [inf!.id],
      path: ['Germany', 'East Europe'],
    });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.events.find((e) => e.type === 'move')?.to).toBe(s.controller.Germans);
    const t = act(emptyBoard('Germans', 'combatMove'), { type: 'endPhase' });
    expect(t.phase).toBe('nonCombatMove');
  });

  it('has a timer only when the table asks for one', () => {
    expect(tacticalRisk.timeout(newGame())).toBeNull();
    const timed = tacticalRisk.timeout(newGame({ phaseSeconds: 90 }));
    // The default time bank (300 s) comes first when the phase runs out (see timeouts.test.ts).
    expect(timed).toMatchObject({ seat: 0, durationMs: 90_000, action: { type: 'timeBank' } });
  });
});
