import { legalActions } from './rules';
import { act, count, emptyBoard, fightOut, ids, put, refusal } from './testkit';
import type { TacticalRiskAction } from './types';

const move = (units: number[], ...path: string[]): TacticalRiskAction => ({ type: 'move', units, path });

describe('land movement', () => {
  it('moves through friendly territory up to the unit movement', () => {
    let s = emptyBoard('Germans', 'nonCombatMove');
    const inf = put(s, 'Germans', 'Germany', { infantry: 1 });
    const tank = put(s, 'Germans', 'Germany', { armour: 1 });
    expect(refusal(s, move(ids(inf), 'Germany', 'East Europe', 'Ukraine S.S.R.'))).toBe('OUT_OF_MOVES');
    s = act(s, move(ids(tank), 'Germany', 'East Europe', 'Ukraine S.S.R.'));
    s = act(s, move(ids(inf), 'Germany', 'South Europe'));
    expect(count(s, 'Ukraine S.S.R.', 'Germans', 'armour')).toBe(1);
    expect(refusal(s, move(ids(inf), 'South Europe', 'Germany'))).toBe('OUT_OF_MOVES');
    expect(refusal(s, move(ids(inf), 'South Europe', 'Germany'))).not.toBeNull();
  });

  it('refuses paths that skip, cross the sea, or start elsewhere', () => {
    const s = emptyBoard('Germans', 'combatMove');
    const inf = put(s, 'Germans', 'Germany', { infantry: 1 });
    expect(refusal(s, move(ids(inf), 'Germany', 'Ukraine S.S.R.'))).toBe('BAD_PATH');
    expect(refusal(s, move(ids(inf), 'East Europe', 'Germany'))).toBe('BAD_PATH');
    expect(refusal(s, move(ids(inf), 'Germany', 'Atlantis'))).toBe('BAD_PATH');
    expect(refusal(s, move([9999], 'Germany', 'East Europe'))).toBe('NOT_YOURS');
    const theirs = put(s, 'Russians', 'Russia', { infantry: 1 });
    expect(refusal(s, move(ids(theirs), 'Russia', 'Caucasus'))).toBe('NOT_YOURS');
  });

  it('goes into enemy territory only in the combat move; empty territory is taken on entry', () => {
    let s = emptyBoard('Germans', 'nonCombatMove');
    const inf = put(s, 'Germans', 'East Europe', { infantry: 2 });
    expect(refusal(s, move(ids(inf), 'East Europe', 'Karelia S.S.R.'))).toBe('HOSTILE');
    s.phase = 'combatMove';
    s = act(s, move(ids(inf).slice(0, 1), 'East Europe', 'Karelia S.S.R.'));
    expect(s.owner['Karelia S.S.R.']).toBe('Germans');
  });

  it('lets armour blitz through empty enemy territory (taking it), not through defenders', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const tank = put(s, 'Germans', 'East Europe', { armour: 1 });
    put(s, 'Russians', 'Russia', { infantry: 1 });
    s = act(s, move(ids(tank), 'East Europe', 'Karelia S.S.R.', 'Russia'));
    expect(s.owner['Karelia S.S.R.']).toBe('Germans');
    expect(s.battles).toEqual([]);
    s = act(s, { type: 'endPhase' });
    expect(s.phase).toBe('battle');
    expect(s.battles).toEqual(['Russia']);

    const t = emptyBoard('Germans', 'combatMove');
    const tank2 = put(t, 'Germans', 'East Europe', { armour: 1 });
    put(t, 'Russians', 'Karelia S.S.R.', { infantry: 1 });
    expect(refusal(t, move(ids(tank2), 'East Europe', 'Karelia S.S.R.', 'Russia'))).toBe('BLOCKED');
    const inf = put(t, 'Germans', 'East Europe', { infantry: 1 });
    t.owner['Karelia S.S.R.'] = 'Russians';
    expect(refusal(t, move(ids(inf), 'Germany', 'East Europe'))).toBe('BAD_PATH');
  });

  it('takes factories and AA guns with the territory, and blitzes past a lone factory', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const tank = put(s, 'Germans', 'East Europe', { armour: 1 });
    put(s, 'Russians', 'Karelia S.S.R.', { factory: 1 });
    put(s, 'Russians', 'Russia', { aaGun: 1 });
    s = act(s, move(ids(tank), 'East Europe', 'Karelia S.S.R.', 'Russia'));
    expect(s.owner['Karelia S.S.R.']).toBe('Germans');
    expect(s.owner.Russia).toBe('Germans');
    expect(s.units.filter((u) => u.type !== 'armour').map((u) => u.owner)).toEqual(['Germans', 'Germans']);
  });

  it('charges 3 IPCs to enter a neutral, takes it, and never blitzes through one', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const tank = put(s, 'Germans', 'West Europe', { armour: 2 });
    expect(refusal(s, move(ids(tank).slice(0, 1), 'West Europe', 'Spain', 'Gibraltar'))).toBe('NEUTRAL');
    const before = s.treasury.Germans;
    s = act(s, move(ids(tank).slice(0, 1), 'West Europe', 'Spain'));
    expect(s.owner.Spain).toBe('Germans');
    expect(s.treasury.Germans).toBe(before - 3);
    s.treasury.Germans = 2;
    s.phase = 'combatMove';
    expect(refusal(s, move(ids(tank).slice(1), 'West Europe', 'Switzerland'))).toBe('NO_MONEY');
    s.phase = 'nonCombatMove';
    s.treasury.Germans = 30;
    expect(refusal(s, move(ids(tank).slice(1), 'West Europe', 'Switzerland'))).toBe('HOSTILE');
  });

  it('keeps units that attacked (and land units in captured territory) from moving in the non-combat move', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const inf = put(s, 'Germans', 'East Europe', { infantry: 1 });
    const tank = put(s, 'Germans', 'East Europe', { armour: 1 });
    s = act(s, move(ids(inf), 'East Europe', 'Karelia S.S.R.'));
    s = act(s, { type: 'endPhase' });
    expect(s.phase).toBe('nonCombatMove');
    expect(refusal(s, move(ids(inf), 'Karelia S.S.R.', 'East Europe'))).toBe('ALREADY_ATTACKED');
    // Units that did not attack may still move, into the captured territory too.
    s = act(s, move(ids(tank), 'East Europe', 'Karelia S.S.R.'));
    expect(count(s, 'Karelia S.S.R.', 'Germans', 'armour')).toBe(1);
  });

  it('undoes the last move of the phase, capture and all', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const tank = put(s, 'Germans', 'East Europe', { armour: 1 });
    const before = s;
    s = act(s, move(ids(tank), 'East Europe', 'Karelia S.S.R.', 'Russia'));
    expect(s.owner.Russia).toBe('Germans');
    s = act(s, { type: 'undo' });
    expect(s.owner).toEqual(before.owner);
    expect(s.units).toEqual(before.units);
    expect(s.treasury).toEqual(before.treasury);
  });
});

describe('air movement', () => {
  it('needs a guaranteed landing after a combat move', () => {
    const s = emptyBoard('Germans', 'combatMove');
    const fighter = put(s, 'Germans', 'Germany', { fighter: 1 });
    put(s, 'Russians', 'Karelia S.S.R.', { infantry: 1 });
    put(s, 'Russians', 'Russia', { infantry: 1 });
    expect(refusal(s, move(ids(fighter), 'Germany', 'East Europe', 'Karelia S.S.R.'))).toBeNull();
    expect(refusal(s, move(ids(fighter), 'Germany', 'East Europe', 'Karelia S.S.R.', 'Russia'))).toBe(
      'NO_LANDING',
    );
    s.owner.Caucasus = 'Germans';
    s.turnStartOwner = { ...s.owner };
    expect(refusal(s, move(ids(fighter), 'Germany', 'East Europe', 'Karelia S.S.R.', 'Russia'))).not.toBe(
      'NO_LANDING',
    );
  });

  it('counts a carrier that can still reach the fighter as a landing', () => {
    const s = emptyBoard('Japanese', 'combatMove');
    const fighter = put(s, 'Japanese', 'Japan', { fighter: 1 });
    put(s, 'British', 'Hawaii Sea Zone', { destroyer: 1 });
    const path = ['Japan', 'Japan Sea Zone', 'Wake Island Sea Zone', 'Hawaii Sea Zone'];
    expect(refusal(s, move(ids(fighter), ...path))).toBe('NO_LANDING');
    put(s, 'Japanese', 'Alaska Sea Zone', { carrier: 1 });
    expect(refusal(s, move(ids(fighter), ...path))).toBeNull();
  });

  it('must end the non-combat move on land held since the turn began or a carrier with room', () => {
    let s = emptyBoard('Germans', 'nonCombatMove');
    const fighter = put(s, 'Germans', 'Germany', { fighter: 3 });
    s.owner['Karelia S.S.R.'] = 'Germans'; // captured this turn
    expect(refusal(s, move(ids(fighter).slice(0, 1), 'Germany', 'East Europe', 'Karelia S.S.R.'))).toBe(
      'NO_LANDING',
    );
    expect(refusal(s, move(ids(fighter).slice(0, 1), 'Germany', 'Baltic Sea Zone'))).toBe('NO_LANDING');
    put(s, 'Germans', 'Baltic Sea Zone', { carrier: 1 });
    s = act(s, move(ids(fighter).slice(0, 2), 'Germany', 'Baltic Sea Zone'));
    expect(refusal(s, move(ids(fighter).slice(2), 'Germany', 'Baltic Sea Zone'))).toBe('NO_LANDING');
  });

  it('may not fly over neutral territory', () => {
    const s = emptyBoard('Germans', 'nonCombatMove');
    const bomber = put(s, 'Germans', 'West Europe', { bomber: 1 });
    s.owner.Gibraltar = 'Germans';
    s.turnStartOwner = { ...s.owner };
    expect(refusal(s, move(ids(bomber), 'West Europe', 'Spain', 'Gibraltar'))).toBe('NEUTRAL');
    expect(
      refusal(s, move(ids(bomber), 'West Europe', 'West Mediteranean Sea Zone', 'Gibraltar')),
    ).toBeNull();
  });

  it('lands stranded aircraft nowhere: they are lost when the non-combat move ends', () => {
    let s = emptyBoard('Germans', 'nonCombatMove');
    put(s, 'Germans', 'Baltic Sea Zone', { fighter: 1 });
    put(s, 'Germans', 'Germany', { fighter: 1 });
    s = act(s, { type: 'endPhase' });
    expect(s.units.filter((u) => u.type === 'fighter').map((u) => u.at)).toEqual(['Germany']);
  });
});

describe('naval movement and canals', () => {
  it('sails through zones without enemy ships, two zones a turn', () => {
    const s = emptyBoard('Germans', 'nonCombatMove');
    const sub = put(s, 'Germans', 'Baltic Sea Zone', { submarine: 1 });
    expect(refusal(s, move(ids(sub), 'Baltic Sea Zone', 'North Sea Zone', 'West Spain Sea Zone'))).toBeNull();
    expect(
      refusal(s, move(ids(sub), 'Baltic Sea Zone', 'North Sea Zone', 'West Spain Sea Zone', 'Gibraltar')),
    ).toBe('BAD_PATH');
    put(s, 'British', 'North Sea Zone', { destroyer: 1 });
    expect(refusal(s, move(ids(sub), 'Baltic Sea Zone', 'North Sea Zone'))).toBe('HOSTILE');
    s.phase = 'combatMove';
    expect(refusal(s, move(ids(sub), 'Baltic Sea Zone', 'North Sea Zone', 'West Spain Sea Zone'))).toBe(
      'BLOCKED',
    );
    expect(refusal(s, move(ids(sub), 'Baltic Sea Zone', 'North Sea Zone'))).toBeNull();
  });

  it('uses the Suez canal only when both canal territories are held since the turn began', () => {
    const s = emptyBoard('British', 'nonCombatMove');
    const ship = put(s, 'British', 'East Mediteranean Sea Zone', { destroyer: 1 });
    const through = move(ids(ship), 'East Mediteranean Sea Zone', 'Red Sea Zone');
    expect(refusal(s, through)).toBeNull();
    s.owner['Syria Jordan'] = 'Germans';
    expect(refusal(s, through)).toBe('CANAL_CLOSED');
    s.owner['Syria Jordan'] = 'British'; // retaken this turn: not yet
    s.turnStartOwner = { ...s.turnStartOwner, 'Syria Jordan': 'Germans' };
    expect(refusal(s, through)).toBe('CANAL_CLOSED');
  });

  it('opens the Panama canal to whoever holds Panama (scenario: blocked and open)', () => {
    const s = emptyBoard('Americans', 'nonCombatMove');
    const ship = put(s, 'Americans', 'Carribean Sea Zone', { carrier: 1 });
    const through = move(ids(ship), 'Carribean Sea Zone', 'West Panama Sea Zone');
    expect(refusal(s, through)).toBeNull();
    s.owner.Panama = 'Japanese';
    s.turnStartOwner = { ...s.owner };
    expect(refusal(s, through)).toBe('CANAL_CLOSED');
    const j = emptyBoard('Japanese', 'nonCombatMove');
    j.owner.Panama = 'Japanese';
    j.turnStartOwner = { ...j.owner };
    const jship = put(j, 'Japanese', 'West Panama Sea Zone', { battleship: 1 });
    expect(refusal(j, move(ids(jship), 'West Panama Sea Zone', 'Carribean Sea Zone'))).toBeNull();
    const air = put(j, 'Japanese', 'Mexico', { fighter: 1 });
    j.owner.Mexico = 'Japanese';
    j.owner.Panama = 'Americans';
    j.turnStartOwner = { ...j.owner };
    // Aircraft ignore canals.
    expect(refusal(j, move(ids(air), 'Mexico', 'Panama'))).toBe('NO_LANDING');
  });
});

describe('transports', () => {
  it('carry two slots: infantry and artillery take one, armour and AA guns two', () => {
    let s = emptyBoard('Germans', 'nonCombatMove');
    const tr = put(s, 'Germans', 'Baltic Sea Zone', { transport: 1 });
    const inf = put(s, 'Germans', 'Germany', { infantry: 1 });
    const art = put(s, 'Germans', 'Germany', { artillery: 1 });
    const tank = put(s, 'Germans', 'Germany', { armour: 1 });
    s = act(s, move([...ids(inf), ...ids(art)], 'Germany', 'Baltic Sea Zone'));
    expect(s.units.filter((u) => u.on === tr[0]!.id)).toHaveLength(2);
    expect(refusal(s, move(ids(tank), 'Germany', 'Baltic Sea Zone'))).toBe('TRANSPORT_FULL');
    s = act(s, move(ids(tr), 'Baltic Sea Zone', 'North Sea Zone'));
    expect(count(s, 'North Sea Zone', 'Germans')).toBe(3);
    s = act(s, move(ids(inf), 'North Sea Zone', 'West Europe'));
    expect(count(s, 'West Europe', 'Germans', 'infantry')).toBe(1);
    expect(refusal(s, move(ids(art), 'North Sea Zone', 'Finland Norway'))).toBe('ALREADY_UNLOADED');
    expect(refusal(s, move(ids(tr), 'North Sea Zone', 'Baltic Sea Zone'))).toBe('ALREADY_UNLOADED');
  });

  it('unload into enemy territory only in the combat move (amphibious assault)', () => {
    let s = emptyBoard('Germans', 'nonCombatMove');
    put(s, 'Germans', 'North Sea Zone', { transport: 1 });
    const inf = put(s, 'Germans', 'West Europe', { infantry: 1 });
    s = act(s, move(ids(inf), 'West Europe', 'North Sea Zone'));
    expect(refusal(s, move(ids(inf), 'North Sea Zone', 'United Kingdom'))).toBe('HOSTILE');
    s = emptyBoard('Germans', 'combatMove');
    const tr = put(s, 'Germans', 'North Sea Zone', { transport: 1 });
    const inf2 = put(s, 'Germans', 'West Europe', { infantry: 1 });
    s = act(s, move(ids(inf2), 'West Europe', 'North Sea Zone'));
    const dd = put(s, 'British', 'North Sea Zone', { destroyer: 1 });
    // From a zone with enemy units the landing is only declared (landing.test.ts): it waits aboard.
    const declared = act(s, move(ids(inf2), 'North Sea Zone', 'United Kingdom'));
    expect(declared.units.find((u) => u.id === inf2[0]!.id)).toMatchObject({
      at: 'North Sea Zone',
      landing: 'United Kingdom',
    });
    expect(declared.owner['United Kingdom']).toBe('British');
    const calm = { ...declared, phase: 'nonCombatMove' as const };
    calm.units = calm.units.map((u) => (u.landing ? { ...u, landing: undefined, combatMoved: false } : u));
    expect(refusal(calm, move(ids(inf2), 'North Sea Zone', 'Eire'))).toBe('SEA_CONTESTED');
    s.units = s.units.filter((u) => u.id !== dd[0]!.id);
    s = act(s, move(ids(inf2), 'North Sea Zone', 'United Kingdom'));
    expect(s.owner['United Kingdom']).toBe('Germans');
    expect(s.units.find((u) => u.id === tr[0]!.id)!.unloadedTo).toBe('United Kingdom');
  });
});

describe('units loaded in the combat move', () => {
  it('stay committed: no unloading, and their transport stays, in the non-combat move', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const tr = put(s, 'Germans', 'Baltic Sea Zone', { transport: 1 });
    const inf = put(s, 'Germans', 'Germany', { infantry: 2 });
    s = act(s, move(ids(inf), 'Germany', 'Baltic Sea Zone'));
    expect(s.units.filter((u) => u.on === tr[0]!.id)).toHaveLength(2);
    s = act(s, { type: 'endPhase' }); // no battle: straight to the non-combat move
    expect(s.phase).toBe('nonCombatMove');
    expect(refusal(s, move(ids(inf), 'Baltic Sea Zone', 'Germany'))).toBe('ALREADY_ATTACKED');
    expect(refusal(s, move(ids(inf).slice(0, 1), 'Baltic Sea Zone', 'West Europe'))).toBe('ALREADY_ATTACKED');
    expect(refusal(s, move(ids(tr), 'Baltic Sea Zone', 'North Sea Zone'))).toBe('ALREADY_ATTACKED');
    const seat = s.controller.Germans;
    const listed = legalActions(s, seat).filter(
      (a) => a.type === 'move' && a.units.some((id) => id === tr[0]!.id || ids(inf).includes(id)),
    );
    expect(listed).toEqual([]);
    s = act(s, { type: 'endPhase' });
    expect(s.units.filter((u) => u.on === tr[0]!.id).map((u) => u.at)).toEqual([
      'Baltic Sea Zone',
      'Baltic Sea Zone',
    ]);
  });

  it('may land from a transport that moved in the combat move, in the combat move only', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const tr = put(s, 'Germans', 'Baltic Sea Zone', { transport: 1 });
    const inf = put(s, 'Germans', 'Germany', { infantry: 1 });
    const spare = put(s, 'Germans', 'West Europe', { infantry: 1 });
    s = act(s, move(ids(inf), 'Germany', 'Baltic Sea Zone'));
    s = act(s, move(ids(tr), 'Baltic Sea Zone', 'North Sea Zone'));
    s = act(s, move(ids(inf), 'North Sea Zone', 'United Kingdom')); // empty: taken on landing
    expect(s.owner['United Kingdom']).toBe('Germans');
    expect(s.units.find((u) => u.id === inf[0]!.id)).toMatchObject({
      at: 'United Kingdom',
      amphibious: true,
    });
    s = act(s, { type: 'endPhase' });
    // The transport that moved to attack neither sails nor loads in the non-combat move.
    expect(refusal(s, move(ids(tr), 'North Sea Zone', 'Baltic Sea Zone'))).toBe('ALREADY_ATTACKED');
    expect(refusal(s, move(ids(spare), 'West Europe', 'North Sea Zone'))).toBe('NO_TRANSPORT');
  });
});

describe('refusals', () => {
  it('moves units only in the move phases, one kind at a time, within their range', () => {
    const s = emptyBoard('Germans', 'purchase');
    const inf = put(s, 'Germans', 'Germany', { infantry: 1 });
    const fighter = put(s, 'Germans', 'Germany', { fighter: 1 });
    const bomber = put(s, 'Germans', 'Germany', { bomber: 1 });
    expect(refusal(s, move(ids(inf), 'Germany', 'East Europe'))).toBe('WRONG_PHASE');
    s.phase = 'combatMove';
    expect(refusal(s, move([...ids(inf), ...ids(fighter)], 'Germany', 'East Europe'))).toBe('BAD_GROUP');
    expect(refusal(s, move([...ids(inf), ...ids(inf)], 'Germany', 'East Europe'))).toBe('NO_UNITS');
    const far = ['Germany', 'East Europe', 'Ukraine S.S.R.', 'Caucasus', 'Russia', 'Novosibirsk'];
    expect(refusal(s, move(ids(fighter), ...far))).toBe('OUT_OF_MOVES');
    put(s, 'British', 'United Kingdom', { factory: 1 });
    const raid = (units: number[]) => ({
      type: 'move' as const,
      units,
      path: ['Germany', 'West Europe', 'North Sea Zone', 'United Kingdom'],
      raid: true,
    });
    expect(refusal(s, raid(ids(fighter)))).toBe('BAD_GROUP');
    expect(refusal(s, raid(ids(bomber)))).toBeNull();
  });

  it('boards and unloads only where it may: no enemies in the zone, one step onto land', () => {
    let s = emptyBoard('Germans', 'combatMove');
    put(s, 'Germans', 'North Sea Zone', { transport: 1 });
    const inf = put(s, 'Germans', 'West Europe', { infantry: 2 });
    const enemy = put(s, 'British', 'North Sea Zone', { submarine: 1 });
    expect(refusal(s, move(ids(inf), 'West Europe', 'North Sea Zone'))).toBe('SEA_CONTESTED');
    s.units = s.units.filter((u) => u.id !== enemy[0]!.id);
    s = act(s, move(ids(inf), 'West Europe', 'North Sea Zone'));
    expect(refusal(s, move(ids(inf), 'North Sea Zone', 'Baltic Sea Zone'))).toBe('BAD_PATH');
    expect(refusal(s, move(ids(inf), 'North Sea Zone', 'West Europe', 'Germany'))).toBe('BAD_PATH');
  });

  it('charges 3 IPCs for a landing in a neutral, and refuses it without the money', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const [tr] = put(s, 'Germans', 'North Sea Zone', { transport: 1 });
    for (const u of put(s, 'Germans', 'North Sea Zone', { infantry: 1 })) u.on = tr!.id;
    const cargo = s.units.filter((u) => u.on === tr!.id);
    s.treasury.Germans = 2;
    expect(refusal(s, move(ids(cargo), 'North Sea Zone', 'Eire'))).toBe('NO_MONEY');
    s.treasury.Germans = 10;
    s = act(s, move(ids(cargo), 'North Sea Zone', 'Eire'));
    expect(s.owner.Eire).toBe('Germans');
    expect(s.treasury.Germans).toBe(7);
  });

  it('keeps cargo aboard a transport that fought: no unloading in the non-combat move', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const [tr] = put(s, 'Germans', 'Baltic Sea Zone', { transport: 1, battleship: 1 });
    const bb = s.units.filter((u) => u.type === 'battleship');
    const cargo = put(s, 'Germans', 'Baltic Sea Zone', { infantry: 1 }); // aboard since an earlier turn
    for (const u of cargo) u.on = tr!.id;
    put(s, 'British', 'North Sea Zone', { transport: 1 });
    s = act(s, move([tr!.id, ...ids(bb)], 'Baltic Sea Zone', 'North Sea Zone'));
    s = act(s, { type: 'endPhase' });
    s = fightOut(s, 'North Sea Zone');
    expect(s.phase).toBe('nonCombatMove');
    expect(s.units.find((u) => u.id === tr!.id)?.fought).toBe(true);
    expect(refusal(s, move(ids(cargo), 'North Sea Zone', 'West Europe'))).toBe('ALREADY_ATTACKED');
  });
});

describe('legal move templates', () => {
  it('lists moves that apply, and the end of the phase', () => {
    let s = emptyBoard('Germans', 'combatMove');
    put(s, 'Germans', 'Germany', { infantry: 2, armour: 1, fighter: 1, bomber: 1 });
    put(s, 'Germans', 'Baltic Sea Zone', { transport: 1, submarine: 1 });
    put(s, 'Russians', 'Karelia S.S.R.', { infantry: 1, factory: 1 });
    const legal = legalActions(s, s.controller.Germans);
    expect(legal).toContainEqual({ type: 'endPhase' });
    const moves = legal.filter((a) => a.type === 'move');
    expect(moves.length).toBeGreaterThan(20);
    expect(moves.some((a) => a.type === 'move' && a.raid)).toBe(true);
    for (const a of moves) expect(refusal(s, a)).toBeNull();
    s = act(s, moves[0]!);
    expect(legalActions(s, s.controller.Germans)).toContainEqual({ type: 'undo' });
  });
});
