/**
 * Landing from a contested sea zone, Axis & Allies style (issue 22): the landing is declared in the
 * combat move with the sea move; the sea battle is fought first; the landing goes ahead if the
 * attacker holds the zone afterwards (submerged defending submarines do not stop it) and is called
 * off otherwise. Also: a lone AA gun does not stop a blitz, and only seaborne units lose the retreat.
 */
import { apply, legalActions, toAct } from './rules';
import {
  act,
  count,
  emptyBoard,
  fightRound,
  ids,
  move,
  put,
  refusal,
  seaborneKarelia,
  withSeedWhere,
} from './testkit';
import type { TacticalRiskState, UnitCounts } from './types';

/**
 * Germans: a transport loaded with infantry sails with its escort (by default a battleship and a
 * destroyer) into the North Sea at the British defenders, the infantry landing in the United Kingdom.
 */
function invasion(
  defenders: UnitCounts,
  ukDefenders: UnitCounts,
  escort: UnitCounts = { battleship: 1, destroyer: 1 },
  infantry = 2,
) {
  let s = emptyBoard('Germans', 'combatMove');
  const fleet = put(s, 'Germans', 'Baltic Sea Zone', { transport: 1, ...escort });
  const inf = put(s, 'Germans', 'Germany', { infantry });
  put(s, 'British', 'North Sea Zone', defenders);
  put(s, 'British', 'United Kingdom', ukDefenders);
  s = act(s, move(ids(inf), 'Germany', 'Baltic Sea Zone'));
  s = act(s, move(ids(fleet), 'Baltic Sea Zone', 'North Sea Zone'));
  s = act(s, move(ids(inf), 'North Sea Zone', 'United Kingdom'));
  return { s, inf: ids(inf) };
}

/** Plays the sea battle with the given answers to the round prompts, then every other battle. */
function playAll(s: TacticalRiskState, defenderSubmerges = false): TacticalRiskState {
  while (s.phase === 'battle') {
    if (!s.battle) {
      const fight = legalActions(s, toAct(s)[0]!).find((a) => a.type === 'fight')!;
      s = act(s, fight);
      continue;
    }
    const p = s.battle.prompt!;
    if (p.kind === 'casualties') s = act(s, { type: 'casualties', units: p.suggestion });
    else if (p.kind === 'defenderSubmerge' && defenderSubmerges) s = act(s, { type: 'submerge' });
    else s = act(s, { type: 'press' });
  }
  return s;
}

describe('landing from a contested sea zone', () => {
  it('declares the landing with the sea move: the cargo waits aboard, the land stays enemy', () => {
    const { s, inf } = invasion({ submarine: 1 }, {});
    for (const id of inf)
      expect(s.units.find((u) => u.id === id)).toMatchObject({
        at: 'North Sea Zone',
        landing: 'United Kingdom',
      });
    expect(s.owner['United Kingdom']).toBe('British');
    const after = act(s, { type: 'endPhase' });
    expect(after.battles).toEqual(['North Sea Zone']);
  });

  it('clears the sea zone and captures by landing in the same turn', () => {
    const { s: start, inf } = invasion({ submarine: 1 }, { infantry: 1 });
    const s = withSeedWhere(
      act(start, { type: 'endPhase' }),
      (t) => playAll(t),
      (t) => t.owner['United Kingdom'] === 'Germans',
    );
    expect(s.phase).toBe('nonCombatMove');
    expect(count(s, 'North Sea Zone', 'British')).toBe(0);
    const landed = s.units.filter((u) => inf.includes(u.id));
    expect(landed.length).toBeGreaterThan(0);
    expect(landed.every((u) => u.at === 'United Kingdom' && u.on === null && u.amphibious)).toBe(true);
    expect(landed.every((u) => u.landing === undefined)).toBe(true);
  });

  it('fights the land battle only after the sea battle, and lists it only then', () => {
    const { s: start } = invasion({ submarine: 1 }, { infantry: 1 });
    // A fighter attacks the United Kingdom too: that battle waits for the sea battle.
    const plane = put(start, 'Germans', 'West Europe', { fighter: 1 });
    let s = act(start, move(ids(plane), 'West Europe', 'North Sea Zone', 'United Kingdom'));
    s = act(s, { type: 'endPhase' });
    expect(s.battles).toEqual(['North Sea Zone', 'United Kingdom']);
    expect(refusal(s, { type: 'fight', territory: 'United Kingdom' })).toBe('SEA_FIRST');
    expect(legalActions(s, toAct(s)[0]!)).toEqual([{ type: 'fight', territory: 'North Sea Zone' }]);
  });

  it('calls the landing off when the attacker loses the sea battle', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const fleet = put(s, 'Germans', 'Baltic Sea Zone', { transport: 1, submarine: 1 });
    const inf = put(s, 'Germans', 'Germany', { infantry: 2 });
    put(s, 'British', 'North Sea Zone', { battleship: 1, destroyer: 1 });
    s = act(s, move(ids(inf), 'Germany', 'Baltic Sea Zone'));
    s = act(s, move(ids(fleet), 'Baltic Sea Zone', 'North Sea Zone'));
    s = act(s, move(ids(inf), 'North Sea Zone', 'United Kingdom'));
    s = act(s, { type: 'endPhase' });
    const events: string[] = [];
    s = withSeedWhere(
      s,
      (t) => {
        events.length = 0;
        let x = act(t, { type: 'fight', territory: 'North Sea Zone' });
        while (x.battle) {
          const p = x.battle.prompt!;
          const r = apply(
            x,
            toAct(x)[0]!,
            p.kind === 'casualties' ? { type: 'casualties', units: p.suggestion } : { type: 'press' },
          );
          if (!r.ok) throw new Error(r.error.message);
          events.push(...r.events.map((e) => e.type));
          x = r.state;
        }
        return x;
      },
      (t) => t.lastBattle?.winner === 'defender',
    );
    // The transport went down with its cargo: nothing landed.
    for (const id of ids(inf)) expect(s.units.some((u) => u.id === id)).toBe(false);
    expect(events).toContain('battleEnd');
    expect(s.owner['United Kingdom']).toBe('British');
    expect(count(s, 'United Kingdom', 'Germans')).toBe(0);
    expect(s.battles).toEqual([]);
    expect(s.phase).toBe('nonCombatMove');
  });

  it('calls the landing off when the attacker retreats from the sea battle: the cargo stays aboard', () => {
    const landing = invasion({ battleship: 2 }, {}, { battleship: 1 }, 1);
    let s = act(landing.s, { type: 'endPhase' });
    s = withSeedWhere(
      s,
      (t) => fightRound(t, 'North Sea Zone'),
      (t) =>
        t.battle?.prompt?.kind === 'attackerRound' &&
        t.units.some((u) => u.type === 'transport' && u.owner === 'Germans'),
    );
    s = act(s, { type: 'retreat', to: 'Baltic Sea Zone' });
    const cargo = s.units.find((u) => u.id === landing.inf[0])!;
    expect(cargo).toMatchObject({ at: 'Baltic Sea Zone' });
    expect(cargo.on).not.toBeNull();
    expect(cargo.landing).toBeUndefined();
    expect(s.owner['United Kingdom']).toBe('British');
  });

  it('lands when the only defender, a submarine, submerges', () => {
    // No destroyer: the British submarine may submerge.
    let s = act(invasion({ submarine: 1 }, {}, { battleship: 1 }).s, { type: 'endPhase' });
    s = act(s, { type: 'fight', territory: 'North Sea Zone' });
    expect(s.battle?.prompt?.kind).toBe('defenderSubmerge');
    s = act(s, { type: 'submerge' });
    expect(s.battle).toBeNull();
    expect(count(s, 'North Sea Zone', 'British', 'submarine')).toBe(1);
    expect(s.owner['United Kingdom']).toBe('Germans');
    expect(count(s, 'United Kingdom', 'Germans', 'infantry')).toBe(2);
  });

  it('is refused into a neutral', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const t = put(s, 'Germans', 'West Spain Sea Zone', { transport: 1 });
    const inf = put(s, 'Germans', 'Spain', { infantry: 1 });
    s.owner.Spain = 'Germans';
    s = act(s, move(ids(inf), 'Spain', 'West Spain Sea Zone'));
    put(s, 'British', 'West Spain Sea Zone', { destroyer: 1 });
    expect(t).toHaveLength(1);
    s.owner.Spain = null;
    expect(refusal(s, move(ids(inf), 'West Spain Sea Zone', 'Spain'))).toBe('NEUTRAL');
  });
});

describe('blitz and AA guns', () => {
  it('armour blitzes through a territory held only by an AA gun, capturing the gun', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const tank = put(s, 'Germans', 'East Europe', { armour: 1 });
    const [gun] = put(s, 'Russians', 'Karelia S.S.R.', { aaGun: 1 });
    s = act(s, move(ids(tank), 'East Europe', 'Karelia S.S.R.', 'Russia'));
    expect(s.owner['Karelia S.S.R.']).toBe('Germans');
    expect(s.units.find((u) => u.id === gun!.id)!.owner).toBe('Germans');
    expect(s.owner.Russia).toBe('Germans');
  });
});

describe('retreat with seaborne attackers', () => {
  it('retreats the units that came by land; those landed from the sea fight on', () => {
    // Karelia S.S.R.: tanks walk in from East Europe, infantry land from the Baltic.
    let k = withSeedWhere(
      seaborneKarelia().state,
      (t) => fightRound(t, 'Karelia S.S.R.'),
      (t) =>
        t.battle?.prompt?.kind === 'attackerRound' &&
        t.units.some((u) => u.type === 'armour') &&
        t.units.some((u) => u.type === 'infantry' && u.owner === 'Germans'),
    );
    expect(k.battle!.prompt).toMatchObject({ retreats: ['East Europe'] });
    const tanks = k.units.filter((u) => u.type === 'armour').map((u) => u.id);
    k = act(k, { type: 'retreat', to: 'East Europe' });
    for (const id of tanks) expect(k.units.find((u) => u.id === id)!.at).toBe('East Europe');
    // The seaborne infantry fight on in Karelia until the battle ends, never offered a retreat.
    while (k.battle) {
      const p = k.battle.prompt!;
      expect(p.kind).not.toBe('attackerRound');
      k = act(k, p.kind === 'casualties' ? { type: 'casualties', units: p.suggestion } : { type: 'press' });
    }
    expect(k.battle).toBeNull();
  });
});

describe('log grammar', () => {
  it('says "the Russians capture" and never "S.S.R.."', () => {
    const s = emptyBoard('Russians', 'combatMove');
    const inf = put(s, 'Russians', 'Karelia S.S.R.', { infantry: 1 });
    s.owner['Karelia S.S.R.'] = 'Russians';
    s.owner['East Europe'] = 'Germans';
    const r = apply(s, toAct(s)[0]!, move(ids(inf), 'Karelia S.S.R.', 'East Europe'));
    if (!r.ok) throw new Error(r.error.message);
    const capture = r.events.find((e) => e.type === 'capture')!;
    expect(capture.text).toBe('The Russians capture East Europe from the Germans.');
    const t = emptyBoard('Germans', 'combatMove');
    const tank = put(t, 'Germans', 'East Europe', { armour: 1 });
    const r2 = apply(t, toAct(t)[0]!, move(ids(tank), 'East Europe', 'Karelia S.S.R.'));
    if (!r2.ok) throw new Error(r2.error.message);
    const texts = r2.events.map((e) => e.text);
    expect(texts).toContain('The Germans capture Karelia S.S.R. from the Russians.');
    expect(texts.join(' ')).not.toMatch(/\.\./);
    const refused = apply(t, toAct(t)[0]!, { type: 'fight', territory: 'Karelia S.S.R.' });
    expect(refused.ok ? '' : refused.error.message).not.toMatch(/\.\./);
  });
});
