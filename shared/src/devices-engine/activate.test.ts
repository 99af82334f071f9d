/** Device Regulations: who may activate, Costs, parameters and targets, all-or-nothing, Tap/Sacrifice. */
import type { Activation } from './activate';
import { activate, checkActivation } from './activate';
import { findDevice, purchase } from './market';
import { ctx, engine, ok } from './testkit';
import type { TestBlueprint } from './testkit';

const BLUEPRINTS: TestBlueprint[] = [
  { name: 'Mint', price: 10, powers: ['Coin (Tap): Gain m5', 'Melt (Sacrifice): Gain 2 Points'] },
  { name: 'Wrench', price: 10, powers: ['Jam (Spend m3, Tap): Tap target Device'] },
  { name: 'Bomb', price: 10, powers: ['Blast (Requires Wrench, Sacrifice): Destroy target Device'] },
  {
    name: 'Hand',
    price: 10,
    powers: ['Lift (Tap): Take mX from target Player', 'Gift (Zero): Pay mX to target Player'],
  },
  {
    name: 'Idol',
    price: 10,
    powers: ['Pray (Lose 2): Gain m12', 'Bless (Zero): Each Player gains m1; Untap target Device'],
  },
  { name: 'Fuse', price: 10, powers: ['Pop (Tap): Destroy target Device; Tap target Device'] },
];

/** An engine where seat 0 owns one of each named device (ids in order), with `money` left each. */
function owned(names: string[], money = 100) {
  const e = engine(BLUEPRINTS, money + 10 * names.length);
  for (const n of names) ok(purchase(e, 0, n, ctx()));
  for (let s = 1; s < e.wallets.length; s++) e.wallets[s]!.money = money;
  const id = (name: string) => e.devices.find((d) => d.name === name)!.id;
  return { e, id };
}

const go = (e: ReturnType<typeof owned>['e'], a: Activation, seat = 0, clockOn = true) =>
  activate(e, seat, a, clockOn, ctx());

describe('Device Regulations: owners only', () => {
  test('only the owner may activate a Power', () => {
    const { e, id } = owned(['Mint']);
    const r = go(e, { device: id('Mint'), power: 'Coin' }, 1);
    expect(r?.code).toBe('NOT_OWNER');
    expect(r?.message).toContain('owners only');
    ok(go(e, { device: id('Mint'), power: 'Coin' }));
    expect(e.wallets[0]!.money).toBe(105);
  });
});

describe('Device Regulations: activation (name the Device, the Power, parameters and targets)', () => {
  test.each<[string, Partial<Activation>, string]>([
    ['unknown power', { power: 'Fly' }, 'NO_SUCH_POWER'],
    ['missing X', { power: 'Lift', player: 1 }, 'PARAM_MISSING'],
    ['negative X', { power: 'Lift', player: 1, x: -1 }, 'PARAM_INVALID'],
    ['fractional X', { power: 'Lift', player: 1, x: 1.5 }, 'PARAM_INVALID'],
    ['missing target Player', { power: 'Lift', x: 1 }, 'TARGET_MISSING'],
    ['self as target Player', { power: 'Lift', x: 1, player: 0 }, 'TARGET_INVALID'],
    ['absent target Player', { power: 'Lift', x: 1, player: 9 }, 'TARGET_INVALID'],
    ['an extra target', { power: 'Lift', x: 1, player: 1, target: 1 }, 'TARGET_INVALID'],
  ])('%s: the Power is not activated', (_label, a, code) => {
    const { e, id } = owned(['Hand']);
    const before = structuredClone(e);
    expect(checkActivation(e, 0, { device: id('Hand'), power: 'Lift', ...a }, true, ctx())?.code).toBe(code);
    expect(go(e, { device: id('Hand'), power: 'Lift', ...a })?.code).toBe(code);
    expect(e).toEqual(before);
  });

  test('an unknown device, or a target Device that does not exist, is refused', () => {
    const { e, id } = owned(['Wrench']);
    expect(go(e, { device: 999, power: 'Jam' })?.code).toBe('NO_SUCH_DEVICE');
    expect(go(e, { device: id('Wrench'), power: 'Jam' })?.code).toBe('TARGET_MISSING');
    expect(go(e, { device: id('Wrench'), power: 'Jam', target: 999 })?.code).toBe('TARGET_INVALID');
  });

  test('X is the value the activator specifies', () => {
    const { e, id } = owned(['Hand'], 20);
    ok(go(e, { device: id('Hand'), power: 'Lift', x: 7, player: 2 }));
    expect(e.wallets.map((w) => w.money)).toEqual([27, 20, 13]);
  });
});

describe('Device Regulations: costs, actions, resolve (all or nothing)', () => {
  test('costs are paid, then the actions happen, then Tap applies', () => {
    const { e, id } = owned(['Wrench', 'Mint'], 10);
    ok(go(e, { device: id('Wrench'), power: 'Jam', target: id('Mint') }));
    expect(e.wallets[0]!.money).toBe(7);
    expect(findDevice(e, id('Mint'))!.tapped).toBe(true);
    expect(findDevice(e, id('Wrench'))!.tapped).toBe(true);
  });

  test('an action that cannot be done refuses the whole activation: nothing is paid or tapped', () => {
    const { e, id } = owned(['Hand'], 4);
    const before = structuredClone(e);
    expect(go(e, { device: id('Hand'), power: 'Lift', x: 5, player: 1 })?.code).toBe('ACTION_IMPOSSIBLE');
    expect(go(e, { device: id('Hand'), power: 'Gift', x: 5, player: 1 })?.code).toBe('ACTION_IMPOSSIBLE');
    expect(e).toEqual(before);
  });

  test('a Device destroyed by its own Power is gone; a later action on it makes the activation fail', () => {
    const { e, id } = owned(['Fuse', 'Mint']);
    const before = structuredClone(e);
    expect(go(e, { device: id('Fuse'), power: 'Pop', target: id('Mint') })?.code).toBe('ACTION_IMPOSSIBLE');
    expect(e).toEqual(before);
  });

  test("a Power overrides the regulations: it may destroy, tap or untap another player's Device", () => {
    const { e, id } = owned(['Wrench', 'Bomb', 'Idol']);
    ok(purchase(e, 1, 'Mint', ctx()));
    const theirs = e.devices.find((d) => d.owner === 1)!.id;
    ok(go(e, { device: id('Wrench'), power: 'Jam', target: theirs }));
    expect(findDevice(e, theirs)!.tapped).toBe(true);
    ok(go(e, { device: id('Idol'), power: 'Bless', target: theirs }));
    expect(findDevice(e, theirs)!.tapped).toBe(false);
    ok(go(e, { device: id('Bomb'), power: 'Blast', target: theirs }));
    expect(findDevice(e, theirs)).toBeUndefined();
  });

  test('every activation is logged with the Power text and its inputs', () => {
    const { e, id } = owned(['Hand']);
    const c = ctx();
    ok(activate(e, 0, { device: id('Hand'), power: 'Lift', x: 3, player: 1 }, true, c));
    expect(c.events[0]!.text).toBe(
      `Ada activates Hand #${id('Hand')}: Lift (Tap): Take mX from target Player (X = 3, target Bo)`,
    );
  });
});

describe('Device Regulations: Costs', () => {
  test('Zero does nothing; Each Player gains pays everyone', () => {
    const { e, id } = owned(['Idol'], 0);
    ok(go(e, { device: id('Idol'), power: 'Bless', target: id('Idol') }));
    expect(e.wallets.map((w) => w.money)).toEqual([1, 1, 1]);
  });

  test('Spend mX needs at least X mackerel', () => {
    const { e, id } = owned(['Wrench', 'Mint'], 2);
    expect(go(e, { device: id('Wrench'), power: 'Jam', target: id('Mint') })?.code).toBe('COST_UNPAYABLE');
    e.wallets[0]!.money = 3;
    ok(go(e, { device: id('Wrench'), power: 'Jam', target: id('Mint') }));
    expect(e.wallets[0]!.money).toBe(0);
  });

  test('Lose X needs at least X Points and subtracts them from the score', () => {
    const { e, id } = owned(['Idol'], 0);
    e.wallets[0]!.score = 1;
    const r = go(e, { device: id('Idol'), power: 'Pray' });
    expect(r?.code).toBe('COST_UNPAYABLE');
    expect(r?.message).toContain('Costs');
    e.wallets[0]!.score = 2;
    ok(go(e, { device: id('Idol'), power: 'Pray' }));
    expect(e.wallets[0]).toEqual({ money: 12, score: 0 });
  });

  test('Sacrifice: the Device ceases to exist after the Power resolves', () => {
    const { e, id } = owned(['Mint']);
    ok(go(e, { device: id('Mint'), power: 'Melt' }));
    expect(e.devices).toEqual([]);
    expect(e.wallets[0]!.score).toBe(2);
  });

  test('Requires X: the owner must own a Device named X', () => {
    const { e, id } = owned(['Bomb', 'Mint']);
    expect(go(e, { device: id('Bomb'), power: 'Blast', target: id('Mint') })?.code).toBe('COST_UNPAYABLE');
    ok(purchase(e, 0, 'Wrench', ctx()));
    ok(go(e, { device: id('Bomb'), power: 'Blast', target: id('Mint') }));
    expect(e.devices.map((d) => d.name)).toEqual(['Wrench']);
  });
});

describe('Device Regulations: the Clock', () => {
  test('Powers cannot be activated when the Clock is Off', () => {
    const { e, id } = owned(['Mint']);
    const r = go(e, { device: id('Mint'), power: 'Coin' }, 0, false);
    expect(r?.code).toBe('CLOCK_OFF');
    expect(e.wallets[0]!.money).toBe(100);
  });
});

describe('Device Regulations: Tapped', () => {
  test('a Tapped Device cannot have any of its Powers activated', () => {
    const { e, id } = owned(['Mint']);
    ok(go(e, { device: id('Mint'), power: 'Coin' }));
    expect(go(e, { device: id('Mint'), power: 'Coin' })?.code).toBe('TAPPED');
    expect(go(e, { device: id('Mint'), power: 'Melt' })?.code).toBe('TAPPED');
  });
});
