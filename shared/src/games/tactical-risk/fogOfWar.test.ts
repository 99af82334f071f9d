/**
 * Fog of war's rulings (docs/rules/tactical-risk.md, "Fog of war"): moves into places out of sight
 * are judged on what the seat sees, and what they find there is resolved by the rules; a move that
 * brings places into sight cannot be undone; purchases, placements and crashes are told to their
 * seat only, and so are a battle's retreat options. Edition 2 and games without fog keep their answers.
 */
import { LAND, SEA, isWater, neighbours } from './board';
import { tacticalRisk } from './index';
import { apply, legalActions } from './rules';
import { act, count, emptyBoard, fightOut, ids, put, refusal } from './testkit';
import type { TacticalRiskAction, TacticalRiskState } from './types';
import { visiblePlaces } from './view';

const move = (units: number[], ...path: string[]): TacticalRiskAction => ({ type: 'move', units, path });

/** A German-held territory, a hostile one next to it and a Russian one out of sight beyond it. */
function intoTheFog(s: TacticalRiskState): { from: string; mid: string; dest: string } {
  const seen = visiblePlaces(s, s.controller.Germans);
  for (const dest of LAND.filter((t) => !seen.has(t) && s.owner[t] === 'Russians'))
    for (const mid of neighbours(dest).filter((m) => !isWater(m) && s.owner[m] === 'Russians'))
      for (const from of neighbours(mid)) if (s.owner[from] === 'Germans') return { from, mid, dest };
  throw new Error('no such territories');
}

describe('fog of war: what a move into the fog finds', () => {
  it('aircraft attack a place out of sight: a battle if defenders are there, none otherwise', () => {
    for (const defended of [true, false]) {
      let s = emptyBoard('Germans', 'combatMove', { fogOfWar: true });
      const { from, mid, dest } = intoTheFog(s);
      const [fighter] = put(s, 'Germans', from, { fighter: 1 });
      if (defended) put(s, 'Russians', dest, { infantry: 1 });
      const r = apply(s, s.controller.Germans, move([fighter!.id], from, mid, dest));
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      const ev = r.events.find((e) => e.type === 'move')!;
      expect(ev.to).toBe(s.controller.Germans);
      expect(ev.text.includes('where they find enemy units')).toBe(defended);
      s = act(r.state, { type: 'endPhase' });
      expect(s.battles).toEqual(defended ? [dest] : []);
      if (!defended) {
        // Nothing there: no battle, no capture (aircraft never take land); it flies home.
        expect(s.owner[dest]).toBe('Russians');
        expect(s.phase).toBe('nonCombatMove');
        expect(refusal(s, move([fighter!.id], dest, mid, from))).toBeNull();
      }
    }
  });

  it('aircraft still may not attack empty enemy land they can see', () => {
    const s = emptyBoard('Germans', 'combatMove', { fogOfWar: true });
    const { from, mid } = intoTheFog(s);
    const [fighter] = put(s, 'Germans', from, { fighter: 1 });
    expect(refusal(s, move([fighter!.id], from, mid))).toBe('NO_TARGET');
  });

  it('armour takes a place out of sight only when no defenders are there (else a battle)', () => {
    for (const defended of [true, false]) {
      let s = emptyBoard('Germans', 'combatMove', { fogOfWar: true });
      const { from, mid, dest } = intoTheFog(s);
      const tank = put(s, 'Germans', from, { armour: 1 });
      if (defended) put(s, 'Russians', dest, { infantry: 2 });
      s = act(s, move(ids(tank), from, mid, dest));
      expect(s.owner[mid]).toBe('Germans'); // the blitz through the empty territory in sight
      expect(s.owner[dest]).toBe(defended ? 'Russians' : 'Germans');
      s = act(s, { type: 'endPhase' });
      expect(s.battles).toEqual(defended ? [dest] : []);
    }
  });

  it('ships sent into enemy ships out of sight in the non-combat move stop in the zone before', () => {
    const s = emptyBoard('Germans', 'nonCombatMove', { fogOfWar: true });
    put(s, 'Germans', 'Germany', { infantry: 1 });
    const seen = visiblePlaces(s, s.controller.Germans);
    let path: string[] | null = null;
    for (const a of SEA.filter((z) => seen.has(z)))
      for (const b of neighbours(a).filter(isWater))
        for (const c of neighbours(b).filter((z) => isWater(z) && !seen.has(z) && z !== a))
          if (!path && !neighbours(a).includes(c)) path = [a, b, c];
    expect(path).not.toBeNull();
    const [a, b, c] = path!;
    const [ship] = put(s, 'Germans', a!, { destroyer: 1 });
    put(s, 'British', c!, { submarine: 1 });
    expect(legalActions(s, s.controller.Germans)).toContainEqual(move([ship!.id], a!, b!, c!));
    const r = apply(s, s.controller.Germans, move([ship!.id], a!, b!, c!));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const moved = r.state.units.find((u) => u.id === ship!.id)!;
    expect([moved.at, moved.moved]).toEqual([b, 1]);
    expect(r.events.find((e) => e.type === 'move')!.text).toBe(
      `The Germans move Destroyer from ${a} to ${b}: enemy ships in ${c} stop them.`,
    );
    // Without the submarine the same move goes all the way.
    const clear = { ...s, units: s.units.filter((u) => u.owner === 'Germans') };
    expect(count(act(clear, move([ship!.id], a!, b!, c!)), c!, 'Germans')).toBe(1);
  });

  it('a bombing raid into the fog that finds no factory bombs nothing', () => {
    let s = emptyBoard('Germans', 'combatMove', { fogOfWar: true });
    const { from, mid, dest } = intoTheFog(s);
    const [bomber] = put(s, 'Germans', from, { bomber: 1 });
    const before = s.treasury.Russians;
    s = act(s, { type: 'move', units: [bomber!.id], path: [from, mid, dest], raid: true });
    s = act(s, { type: 'endPhase' });
    expect(s.battles).toEqual([`raid:${dest}`]);
    const r = apply(s, s.controller.Germans, { type: 'fight', territory: `raid:${dest}` });
    expect(r.ok && r.events.find((e) => e.type === 'raid')!.text).toBe(
      `Bombing raid on ${dest}: the bombers find no factory to bomb.`,
    );
    s = fightOut(s, `raid:${dest}`);
    expect(s.treasury.Russians).toBe(before);
  });
});

describe('fog of war: undo and what is told', () => {
  it('a move that brings places into sight cannot be undone; one inside known ground can', () => {
    for (const fogOfWar of [true, false]) {
      const s = emptyBoard('Germans', 'combatMove', { fogOfWar });
      const { from, mid } = intoTheFog(s);
      const tank = put(s, 'Germans', from, { armour: 1 });
      const out = act(s, move(ids(tank), from, mid));
      expect(refusal(out, { type: 'undo' })).toBe(fogOfWar ? 'NOTHING_TO_UNDO' : null);
      const home = neighbours(from).find(
        (t) =>
          s.owner[t] === 'Germans' &&
          neighbours(t).every((n) => visiblePlaces(s, s.controller.Germans).has(n)),
      )!;
      expect(refusal(act(s, move(ids(tank), from, home)), { type: 'undo' })).toBeNull();
    }
  });

  it('purchases and placements are told to their seat only under fog', () => {
    for (const fogOfWar of [true, false]) {
      const s = emptyBoard('Germans', 'purchase', { fogOfWar });
      const r = apply(s, s.controller.Germans, { type: 'buy', units: { infantry: 2 } });
      expect(r.ok && r.events.find((e) => e.type === 'buy')!.to).toBe(
        fogOfWar ? s.controller.Germans : undefined,
      );
    }
  });

  it("a battle's retreat options are told to the attacker only (its legal actions) under fog", () => {
    for (const fogOfWar of [true, false]) {
      const s = emptyBoard('Germans', 'battle', { fogOfWar });
      s.battles = ['Baltic Sea Zone'];
      s.battle = {
        key: 'Baltic Sea Zone',
        territory: 'Baltic Sea Zone',
        kind: 'sea',
        attacker: 'Germans',
        defender: 'British',
        round: 2,
        steps: ['defenderSubmerge', 'firstStrike', 'general', 'endCheck'],
        prompt: {
          kind: 'attackerRound',
          faction: 'Germans',
          retreats: ['North Sea Zone'],
          canSubmerge: false,
        },
        queue: [],
        out: [],
        firedFirst: [],
        lastRolls: { attacker: [], defender: [], attackerAt: [], defenderAt: [], label: '' },
        bombard: null,
      };
      const germans = s.controller.Germans;
      expect(legalActions(s, germans)).toContainEqual({ type: 'retreat', to: 'North Sea Zone' });
      for (const seat of [-1, germans, s.controller.British]) {
        const p = tacticalRisk.view(s, seat).public.battle!.prompt;
        expect(p?.kind === 'attackerRound' && p.retreats).toEqual(fogOfWar ? [] : ['North Sea Zone']);
      }
    }
  });

  it('edition 2 keeps judging fog-of-war moves on the real board', () => {
    const s = emptyBoard('Germans', 'combatMove', { fogOfWar: true, edition: 2 });
    const { from, mid, dest } = intoTheFog(s);
    const [fighter] = put(s, 'Germans', from, { fighter: 1 });
    expect(refusal(s, move([fighter!.id], from, mid, dest))).toBe('NO_TARGET');
    put(s, 'Russians', dest, { infantry: 1 });
    expect(refusal(s, move([fighter!.id], from, mid, dest))).toBeNull();
  });
});
