import { randomBot } from './baselines';
import { decide, tacticalRiskBot } from './bot';
import { seaDistance } from './botBoard';
import { playMatch } from './playout';
import { legalActions } from './rules';
import { LAND } from './board';
import { act, beginTurnIn, count, emptyBoard, newGame, put } from './testkit';
import { beginTurn } from './turns';
import { view } from './view';
import type { Faction, TacticalRiskAction, TacticalRiskState, UnitCounts } from './types';

function aiAction(s: TacticalRiskState) {
  const seat = s.controller[['Russians', 'Germans', 'British', 'Japanese', 'Americans'][s.turn] as 'Germans'];
  return decide(view(s, seat), legalActions(s, seat));
}

describe('Tactical Risk AI', () => {
  it('spends within its treasury and its factories, then ends the purchase', () => {
    let s = newGame();
    const a = aiAction(s);
    expect(a.type).toBe('buy');
    s = act(s, a);
    expect(s.treasury.Russians).toBeGreaterThanOrEqual(0);
    const bought = Object.values(s.pending.Russians).reduce((x, n) => x + (n ?? 0), 0);
    expect(bought).toBeLessThanOrEqual(8 + 3); // Russia and Karelia factories
    expect(aiAction(s)).toEqual({ type: 'endPhase' });
  });

  it('takes an empty enemy territory next to it and attacks only with good odds', () => {
    const s = emptyBoard('Germans', 'combatMove');
    put(s, 'Germans', 'East Europe', { infantry: 1 });
    put(s, 'Germans', 'Germany', { infantry: 3 });
    expect(aiAction(s)).toMatchObject({ type: 'move', path: ['East Europe', 'Karelia S.S.R.'] });
    const t = emptyBoard('Germans', 'combatMove');
    put(t, 'Germans', 'East Europe', { infantry: 1 });
    put(t, 'Russians', 'Karelia S.S.R.', { infantry: 4 });
    put(t, 'Russians', 'Ukraine S.S.R.', { infantry: 4 });
    t.owner['Ukraine S.S.R.'] = 'Russians';
    expect(aiAction(t)).toEqual({ type: 'endPhase' });
  });

  it('brings aircraft home after the battles', () => {
    const s = emptyBoard('Germans', 'nonCombatMove');
    put(s, 'Germans', 'Karelia S.S.R.', { fighter: 1 });
    s.owner['Karelia S.S.R.'] = 'Germans'; // taken this turn: no landing there
    const a = aiAction(s);
    expect(a.type).toBe('move');
    let t = act(s, a);
    while (t.phase === 'nonCombatMove') t = act(t, aiAction(t));
    expect(t.units.filter((u) => u.type === 'fighter')).toHaveLength(1);
  });

  it('plays from a fogged view without illegal actions', () => {
    const r = playMatch(
      { fogOfWar: true, roundLimit: 1 },
      4,
      [0, 1, 2, 3, 4].map(() => tacticalRiskBot),
    );
    expect(r.state.phase).toBe('finished');
  });

  it('under fog (edition 2), never sends a ship into enemy ships it cannot see (the move would be refused)', () => {
    const s = emptyBoard('Germans', 'nonCombatMove', { fogOfWar: true, edition: 2 });
    put(s, 'Germans', 'Okinawa Sea Zone', { destroyer: 1 });
    expect(aiAction(s)).toMatchObject({
      type: 'move',
      path: ['Okinawa Sea Zone', expect.any(String), 'Soviet Far East Sea Zone'],
    });
    put(s, 'British', 'Soviet Far East Sea Zone', { submarine: 1 });
    expect(view(s, s.controller.Germans).private!.units!.some((u) => u.owner === 'British')).toBe(false);
    let t = s;
    while (t.phase === 'nonCombatMove') t = act(t, aiAction(t)); // act fails the test on a refusal
    expect(t.units.find((u) => u.type === 'destroyer')!.at).not.toBe('Soviet Far East Sea Zone');
  });

  it('under fog, its ship sent into enemy ships it cannot see is stopped short of them', () => {
    const s = emptyBoard('Germans', 'nonCombatMove', { fogOfWar: true });
    put(s, 'Germans', 'Okinawa Sea Zone', { destroyer: 1 });
    put(s, 'British', 'Soviet Far East Sea Zone', { submarine: 1 });
    const a = aiAction(s);
    expect(a).toMatchObject({
      type: 'move',
      path: ['Okinawa Sea Zone', expect.any(String), 'Soviet Far East Sea Zone'],
    });
    let t = act(s, a);
    const destroyer = t.units.find((u) => u.type === 'destroyer')!;
    expect(destroyer.at).toBe(a.type === 'move' ? a.path[1] : '');
    while (t.phase === 'nonCombatMove') t = act(t, aiAction(t)); // no refusal after what it found
    expect(t.units.find((u) => u.type === 'destroyer')!.at).not.toBe('Soviet Far East Sea Zone');
  });

  it('gets ahead of random opponents quickly (the full measure is bench/tactical-risk-ai.ts)', () => {
    const bots = [tacticalRiskBot, randomBot, tacticalRiskBot, randomBot, tacticalRiskBot];
    const r = playMatch({ roundLimit: 4 }, 9, bots);
    const allies = LAND.filter((t) => {
      const o = r.state.owner[t];
      return o === 'Russians' || o === 'British' || o === 'Americans';
    }).length;
    expect(r.state.winner?.factions).toEqual(expect.arrayContaining(['Russians', 'British', 'Americans']));
    expect(allies).toBeGreaterThan(35);
  });
});

/** Lets the AI play the current phase of the faction to move until the phase changes. */
function aiPhase(s: TacticalRiskState): { s: TacticalRiskState; actions: TacticalRiskAction[] } {
  const phase = s.phase;
  const actions: TacticalRiskAction[] = [];
  for (let guard = 0; s.phase === phase && guard < 200; guard++) {
    const a = aiAction(s);
    actions.push(a);
    s = act(s, a);
  }
  return { s, actions };
}

describe('Tactical Risk AI at sea', () => {
  it('buys transports when its factories have no land route to the enemy, land units otherwise', () => {
    /** What `f` buys with a factory and four infantry at `home`, and `enemy`'s `army` at `front`. */
    const buys = (f: Faction, home: string, enemy: Faction, front: string, army: UnitCounts) => {
      const s = emptyBoard(f, 'purchase');
      put(s, f, home, { factory: 1, infantry: 4 });
      put(s, enemy, front, army);
      beginTurn(s);
      return aiAction(s);
    };
    const a = buys('British', 'United Kingdom', 'Germans', 'Germany', { infantry: 2 });
    expect(a.type).toBe('buy');
    if (a.type === 'buy') expect(a.units.transport).toBeGreaterThanOrEqual(1);
    // The Germans, with a land front next door (a strong one: no invasion plans), buy no ships.
    const b = buys('Germans', 'Germany', 'Russians', 'Karelia S.S.R.', { armour: 6 });
    expect(b.type).toBe('buy');
    if (b.type === 'buy') {
      expect(b.units.transport ?? 0).toBe(0);
      expect(b.units.infantry).toBeGreaterThan(0);
    }
  });

  /** German troops by the coast, empty transports in the Baltic, a weakly held United Kingdom. */
  function invasionBoard(): TacticalRiskState {
    const s = emptyBoard('Germans', 'nonCombatMove');
    put(s, 'Germans', 'Germany', { factory: 1 });
    put(s, 'Germans', 'West Europe', { infantry: 4 });
    put(s, 'Germans', 'Baltic Sea Zone', { transport: 2 });
    put(s, 'British', 'United Kingdom', { infantry: 1 });
    beginTurnIn(s, 'nonCombatMove');
    return s;
  }

  it('loads troops and sails them beside an island capital with no land route', () => {
    const { s } = aiPhase(invasionBoard());
    expect(s.phase).toBe('place');
    const transports = s.units.filter((u) => u.type === 'transport');
    expect(transports.map((t) => t.at)).toEqual(['North Sea Zone', 'North Sea Zone']);
    const aboard = s.units.filter((u) => u.on !== null);
    expect(aboard).toHaveLength(4);
    expect(aboard.every((u) => u.at === 'North Sea Zone' && u.type === 'infantry')).toBe(true);
  });

  it('then lands on it with everything aboard and takes it', () => {
    let s = aiPhase(invasionBoard()).s;
    beginTurnIn(s, 'combatMove'); // the Germans' next turn (the cargo stays aboard)
    const played = aiPhase(s);
    s = played.s;
    expect(played.actions[0]).toMatchObject({ type: 'move', path: ['North Sea Zone', 'United Kingdom'] });
    expect(s.battles).toEqual(['United Kingdom']);
    const ashore = s.units.filter((u) => u.owner === 'Germans' && u.at === 'United Kingdom');
    expect(ashore).toHaveLength(4);
    expect(ashore.every((u) => u.amphibious && u.on === null)).toBe(true);
    while (s.phase === 'battle') s = act(s, aiAction(s));
    expect(s.owner['United Kingdom']).toBe('Germans');
    expect(count(s, 'United Kingdom', 'British')).toBe(0);
  });

  it('lands nowhere but its invasion target, and waits while the odds there are poor', () => {
    const s = emptyBoard('Germans', 'combatMove');
    put(s, 'Germans', 'Germany', { factory: 1 });
    const [tr] = put(s, 'Germans', 'North Sea Zone', { transport: 1 });
    const cargo = put(s, 'Germans', 'North Sea Zone', { infantry: 2 });
    for (const u of cargo) u.on = tr!.id;
    put(s, 'British', 'United Kingdom', { infantry: 3 });
    s.owner['Finland Norway'] = 'British'; // an empty enemy coast beside the same zone
    beginTurnIn(s, 'combatMove');
    const played = aiPhase(s);
    expect(played.actions).toEqual([{ type: 'endPhase' }]);
    expect(played.s.units.filter((u) => u.on === tr!.id)).toHaveLength(2);
    // Without the invasion plan (a land front that is not quiet) the empty coast is taken.
    const t = emptyBoard('Germans', 'combatMove');
    put(t, 'Germans', 'Germany', { factory: 1, infantry: 1 });
    const [tr2] = put(t, 'Germans', 'North Sea Zone', { transport: 1 });
    for (const u of put(t, 'Germans', 'North Sea Zone', { infantry: 2 })) u.on = tr2!.id;
    put(t, 'British', 'United Kingdom', { infantry: 3 });
    put(t, 'Russians', 'Karelia S.S.R.', { armour: 4 });
    t.owner['Finland Norway'] = 'British';
    beginTurnIn(t, 'combatMove');
    expect(aiAction(t)).toMatchObject({ type: 'move', path: ['North Sea Zone', 'Finland Norway'] });
  });

  it('sends spare bombers to raid an enemy factory whose owner has money to lose', () => {
    const s = emptyBoard('Germans', 'combatMove');
    put(s, 'Germans', 'Germany', { factory: 1, bomber: 2 });
    put(s, 'British', 'United Kingdom', { factory: 1 });
    const a = aiAction(s);
    expect(a).toMatchObject({ type: 'move', raid: true });
    if (a.type === 'move') {
      expect(a.units).toHaveLength(2);
      expect(a.path[a.path.length - 1]).toBe('United Kingdom');
    }
    s.treasury.British = 0; // nothing to take: the bombers stay home
    expect(aiAction(s)).toEqual({ type: 'endPhase' });
  });

  it('attacks an enemy fleet it can beat, and leaves one that outguns it alone', () => {
    const s = emptyBoard('Germans', 'combatMove');
    put(s, 'Germans', 'Baltic Sea Zone', { battleship: 2, destroyer: 1 });
    put(s, 'British', 'North Sea Zone', { transport: 1, destroyer: 1 });
    const a = aiAction(s);
    expect(a).toMatchObject({ type: 'move', path: ['Baltic Sea Zone', 'North Sea Zone'] });
    const t = emptyBoard('Germans', 'combatMove');
    put(t, 'Germans', 'Baltic Sea Zone', { destroyer: 1 });
    put(t, 'British', 'North Sea Zone', { battleship: 3 });
    expect(aiAction(t)).toEqual({ type: 'endPhase' });
  });

  it("measures sea distances through a canal only when it is open to the fleet's owner", () => {
    const s = emptyBoard('British', 'nonCombatMove');
    const toRedSea = () => seaDistance(s, 'British', (z) => z === 'Red Sea Zone');
    // Suez held by the British: the Red Sea is one step from the East Mediterranean.
    expect(toRedSea().get('East Mediteranean Sea Zone')).toBe(1);
    // Closed (Syria Jordan German since the turn began): the long way round Africa.
    s.owner['Syria Jordan'] = 'Germans';
    s.turnStartOwner = { ...s.owner };
    const around = toRedSea().get('East Mediteranean Sea Zone');
    expect(around).toBeGreaterThan(4);
    // The German fleet may not use it either way while the British hold Egypt.
    const german = seaDistance(s, 'Germans', (z) => z === 'Red Sea Zone').get('East Mediteranean Sea Zone');
    expect(german).toBe(around);
  });
});
