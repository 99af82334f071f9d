import { turnOrder } from './board';
import { legalActions } from './rules';
import { incomeOf } from './turns';
import { act, beginTurnIn, count, emptyBoard, ids, newGame, put, refusal } from './testkit';

describe('purchase', () => {
  it('takes the cost from the treasury and keeps the units for placement', () => {
    let s = newGame();
    s = act(s, { type: 'buy', units: { infantry: 2, armour: 1 } });
    expect(s.treasury.Russians).toBe(24 - 11);
    expect(s.pending.Russians).toEqual({ infantry: 2, armour: 1 });
  });

  it('refuses spending more than the treasury, empty orders and bad counts', () => {
    const s = newGame();
    expect(refusal(s, { type: 'buy', units: { battleship: 1, bomber: 1 } })).toBe('NO_MONEY');
    expect(refusal(s, { type: 'buy', units: {} })).toBe('BAD_COUNT');
    expect(refusal(s, { type: 'buy', units: { infantry: -1 } })).toBe('BAD_COUNT');
    expect(refusal(s, { type: 'buy', units: { infantry: 1.5 } })).toBe('BAD_COUNT');
  });

  it('undoes the last purchase of the phase', () => {
    let s = newGame();
    s = act(s, { type: 'buy', units: { infantry: 1 } });
    s = act(s, { type: 'buy', units: { fighter: 1 } });
    s = act(s, { type: 'undo' });
    expect(s.pending.Russians).toEqual({ infantry: 1 });
    expect(s.treasury.Russians).toBe(21);
    expect(refusal(s, { type: 'undo' })).toBe('NOTHING_TO_UNDO');
  });

  it('lists one-unit purchases the faction can afford', () => {
    const s = newGame();
    s.treasury.Russians = 10;
    const types = legalActions(s, 0)
      .filter((a) => a.type === 'buy')
      .map((a) => (a.type === 'buy' ? Object.keys(a.units)[0] : ''));
    expect(types).toEqual(['infantry', 'artillery', 'armour', 'transport', 'submarine', 'aaGun']);
  });
});

describe('placement', () => {
  function placing() {
    const s = emptyBoard('Germans', 'place');
    put(s, 'Germans', 'Germany', { factory: 1 });
    put(s, 'Germans', 'South Europe', { factory: 1 });
    beginTurnIn(s, 'place');
    return s;
  }

  it('places at factories held since the turn began, up to their production', () => {
    let s = placing();
    s.pending.Germans = { infantry: 12, armour: 1 };
    s = act(s, { type: 'place', unit: 'infantry', territory: 'Germany', count: 10 });
    expect(count(s, 'Germany', 'Germans', 'infantry')).toBe(10);
    expect(refusal(s, { type: 'place', unit: 'armour', territory: 'Germany' })).toBe('NO_CAPACITY');
    expect(refusal(s, { type: 'place', unit: 'infantry', territory: 'East Europe' })).toBe('NO_FACTORY');
    expect(refusal(s, { type: 'place', unit: 'infantry', territory: 'Germany', count: 2 })).toBe(
      'NO_CAPACITY',
    );
    s = act(s, { type: 'place', unit: 'armour', territory: 'South Europe' });
    expect(s.pending.Germans).toEqual({ infantry: 2 });
    expect(refusal(s, { type: 'place', unit: 'fighter', territory: 'South Europe' })).toBe('NOT_BOUGHT');
  });

  it('places ships in a sea zone beside a factory, not among enemies', () => {
    let s = placing();
    s.pending.Germans = { destroyer: 1, transport: 1 };
    s = act(s, { type: 'place', unit: 'destroyer', territory: 'Baltic Sea Zone' });
    expect(count(s, 'Baltic Sea Zone', 'Germans', 'destroyer')).toBe(1);
    expect(refusal(s, { type: 'place', unit: 'transport', territory: 'Black Sea Zone' })).toBe('NO_CAPACITY');
    put(s, 'British', 'Central Mediteranean Sea Zone', { battleship: 1 });
    expect(refusal(s, { type: 'place', unit: 'transport', territory: 'Central Mediteranean Sea Zone' })).toBe(
      'HOSTILE',
    );
    expect(refusal(s, { type: 'place', unit: 'transport', territory: 'Germany' })).toBe('BAD_TERRITORY');
  });

  it('places fighters at sea only on carriers with room (a new carrier included)', () => {
    let s = placing();
    s.pending.Germans = { carrier: 1, fighter: 3 };
    expect(refusal(s, { type: 'place', unit: 'fighter', territory: 'Baltic Sea Zone' })).toBe('NO_CARRIER');
    s = act(s, { type: 'place', unit: 'carrier', territory: 'Baltic Sea Zone' });
    s = act(s, { type: 'place', unit: 'fighter', territory: 'Baltic Sea Zone', count: 2 });
    expect(count(s, 'Baltic Sea Zone', 'Germans', 'fighter')).toBe(2);
    expect(refusal(s, { type: 'place', unit: 'fighter', territory: 'Baltic Sea Zone' })).toBe('NO_CARRIER');
    expect(s.placedAt.Germany).toBe(3);
  });

  it('cannot use a factory captured this turn', () => {
    const s = placing();
    put(s, 'Russians', 'Karelia S.S.R.', { factory: 1 });
    s.owner['Karelia S.S.R.'] = 'Germans'; // taken this turn
    s.units.find((u) => u.at === 'Karelia S.S.R.')!.owner = 'Germans';
    s.pending.Germans = { infantry: 1 };
    expect(refusal(s, { type: 'place', unit: 'infantry', territory: 'Karelia S.S.R.' })).toBe('NO_FACTORY');
  });

  it('builds a new factory only on territory with production held since the turn began', () => {
    let s = placing();
    s.pending.Germans = { factory: 2, infantry: 1 };
    expect(refusal(s, { type: 'place', unit: 'factory', territory: 'Germany' })).toBe('NO_FACTORY_SPOT');
    s.owner['Caucasus'] = 'Germans'; // captured this turn
    expect(refusal(s, { type: 'place', unit: 'factory', territory: 'Caucasus' })).toBe('NO_FACTORY_SPOT');
    s = act(s, { type: 'place', unit: 'factory', territory: 'East Europe' });
    expect(count(s, 'East Europe', 'Germans', 'factory')).toBe(1);
    // A new factory produces from the next turn on.
    expect(refusal(s, { type: 'place', unit: 'infantry', territory: 'East Europe' })).toBe('NO_FACTORY');
  });

  it('keeps unplaced units for the next turn and passes the turn with income', () => {
    let s = placing();
    s.pending.Germans = { infantry: 1 };
    const before = s.treasury.Germans;
    s = act(s, { type: 'endPhase' });
    expect(s.pending.Germans).toEqual({ infantry: 1 });
    expect(s.treasury.Germans).toBe(before + incomeOf(s, 'Germans'));
    expect(turnOrder[s.turn]).toBe('British');
    expect(s.phase).toBe('purchase');
  });
});

describe('income, continents and capitals', () => {
  it('adds a continent bonus while a faction holds all of it, and loses it with a territory', () => {
    let s = emptyBoard('Americans', 'combatMove');
    for (const t of ['Brazil', 'Argentina-Chile', 'Peru']) s.owner[t] = 'Americans';
    const base = incomeOf(s, 'Americans');
    const inf = put(s, 'Americans', 'Panama', { infantry: 1 });
    const treasury = s.treasury.Americans;
    s = act(s, { type: 'move', units: ids(inf), path: ['Panama', 'Columbia'] });
    expect(s.owner.Columbia).toBe('Americans');
    expect(s.treasury.Americans).toBe(treasury - 3); // entering a neutral costs 3
    expect(incomeOf(s, 'Americans')).toBe(base + 4); // South America +4 (Columbia itself produces 0)
    for (const phase of ['combatMove', 'nonCombatMove', 'place'] as const) {
      expect(s.phase).toBe(phase);
      s = act(s, { type: 'endPhase' });
    }
    expect(s.treasury.Americans).toBe(treasury - 3 + base + 4);
    // The Germans take Brazil: the bonus is gone.
    s.turn = turnOrder.indexOf('Germans');
    beginTurnIn(s, 'combatMove');
    s.owner.Peru = 'Germans';
    const tank = put(s, 'Germans', 'Peru', { armour: 1 });
    s = act(s, { type: 'move', units: ids(tank), path: ['Peru', 'Brazil'] });
    expect(s.owner.Brazil).toBe('Germans');
    expect(incomeOf(s, 'Americans')).toBe(base - 3 + 0);
  });

  it('moves the treasury to the captor of a capital and pays no income while it is held', () => {
    let s = emptyBoard('Germans', 'combatMove');
    put(s, 'Germans', 'Karelia S.S.R.', { armour: 2 });
    const tanks = s.units.filter((u) => u.type === 'armour').map((u) => u.id);
    s.treasury.Russians = 17;
    s.treasury.Germans = 5;
    s = act(s, { type: 'move', units: tanks, path: ['Karelia S.S.R.', 'Russia'] });
    expect(s.owner.Russia).toBe('Germans');
    expect(s.treasury).toMatchObject({ Russians: 0, Germans: 22 });
    expect(incomeOf(s, 'Russians')).toBe(0);
    expect(incomeOf(s, 'Germans')).toBeGreaterThan(0);
  });

  it('liberates an ally capital for its original owner, who starts again with 0 IPCs', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const tank = put(s, 'Germans', 'Karelia S.S.R.', { armour: 1 });
    s = act(s, { type: 'move', units: ids(tank), path: ['Karelia S.S.R.', 'Russia'] });
    expect(s.treasury.Russians).toBe(0);
    s.turn = turnOrder.indexOf('British');
    beginTurnIn(s, 'combatMove');
    s.units = [];
    const inf = put(s, 'British', 'Kazakh S.S.R.', { infantry: 1 });
    s.owner['Kazakh S.S.R.'] = 'British';
    s = act(s, { type: 'move', units: ids(inf), path: ['Kazakh S.S.R.', 'Russia'] });
    expect(s.owner.Russia).toBe('Russians');
    expect(s.treasury.Russians).toBe(0);
    expect(incomeOf(s, 'Russians')).toBeGreaterThan(0);
  });

  it('keeps a liberated territory for the liberator while its original owner has lost its capital', () => {
    let s = emptyBoard('British', 'combatMove');
    s.owner.Russia = 'Germans';
    s.owner.Caucasus = 'Germans';
    put(s, 'British', 'Persia', { infantry: 1 });
    s = act(s, {
      type: 'move',
      units: s.units.filter((u) => u.owner === 'British').map((u) => u.id),
      path: ['Persia', 'Caucasus'],
    });
    expect(s.owner.Caucasus).toBe('British');
  });
});
