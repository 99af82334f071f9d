/** The RFC's Device and Blueprint paragraphs: attributes, uniqueness, counts, purchase, production, trade. */
import { addBlueprint, checkSpec, findBlueprint, withDefaults } from './blueprints';
import {
  accept,
  decline,
  destroyOwn,
  findDevice,
  offer,
  produce,
  purchase,
  uniquenessBreach,
  untapAll,
} from './market';
import { ctx, engine, ok, power } from './testkit';
import { MACKEREL } from './units';

describe('RFC: Device attributes and uniqueness', () => {
  test('a produced Device has an owner, a name, a uniqueness (Non-Unique by default) and is untapped', () => {
    const e = engine([{ name: 'Mint', price: 20 }]);
    ok(purchase(e, 1, 'Mint', ctx()));
    expect(e.devices[0]).toMatchObject({ name: 'Mint', owner: 1, uniqueness: 'Non-Unique', tapped: false });
  });

  test('Non-Unique: one player may own any number of the same Device', () => {
    const e = engine([{ name: 'Mint', price: 10 }]);
    for (let i = 0; i < 3; i++) ok(purchase(e, 0, 'Mint', ctx()));
    expect(e.devices.filter((d) => d.owner === 0)).toHaveLength(3);
  });

  test('Player: no two Devices with the same name and owner, but other players may own one', () => {
    const e = engine([{ name: 'Press', price: 10, uniqueness: 'Player' }]);
    ok(purchase(e, 0, 'Press', ctx()));
    expect(purchase(e, 0, 'Press', ctx())?.code).toBe('UNIQUENESS');
    ok(purchase(e, 1, 'Press', ctx()));
    expect(e.wallets[0]!.money).toBe(90);
  });

  test('Game: no two Devices with the same name at all', () => {
    const e = engine([{ name: 'Crown', price: 10, uniqueness: 'Game', count: 5 }]);
    ok(purchase(e, 0, 'Crown', ctx()));
    expect(purchase(e, 1, 'Crown', ctx())?.code).toBe('UNIQUENESS');
    expect(e.devices).toHaveLength(1);
  });

  test('a unique Device blocks a same-named Non-Unique one (either side of the check)', () => {
    const e = engine([{ name: 'Crown', price: 10, uniqueness: 'Game' }]);
    ok(purchase(e, 0, 'Crown', ctx()));
    expect(uniquenessBreach(e, 'Crown', 'Non-Unique', 1)?.code).toBe('UNIQUENESS');
  });
});

describe('RFC: Blueprint attributes', () => {
  test('defaults: Non-Unique, Infinite, m50', () => {
    const e = engine([{ name: 'Thing' }]);
    expect(findBlueprint(e, 'Thing')).toMatchObject({
      uniqueness: 'Non-Unique',
      count: 'Infinite',
      price: 50,
      biddable: false,
    });
  });

  test.each([
    [{ name: '' }, 'BAD_BLUEPRINT'],
    [{ name: 'Mint', count: -1 }, 'BAD_BLUEPRINT'],
    [{ name: 'Mint', count: 1.5 }, 'BAD_BLUEPRINT'],
    [{ name: 'Mint', price: -5 }, 'BAD_BLUEPRINT'],
    [{ name: 'Mint', uniqueness: 'Team' }, 'BAD_BLUEPRINT'],
    [{ name: 'Mint', startingPrice: -1 }, 'BAD_BLUEPRINT'],
  ])('out-of-range spec %j is refused', (spec, code) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    expect(checkSpec(withDefaults(spec as any))?.code).toBe(code);
  });

  test('two Powers of one Device cannot share a name; at most four Powers', () => {
    const p = power('Coin (Tap): Gain m5');
    expect(checkSpec(withDefaults({ name: 'M', definition: { powers: [p, p] } }))?.code).toBe(
      'BAD_BLUEPRINT',
    );
    const many = ['A', 'B', 'C', 'D', 'E'].map((n) => power(`${n} (Tap): Gain m1`));
    expect(checkSpec(withDefaults({ name: 'M', definition: { powers: many } }))?.code).toBe('BAD_BLUEPRINT');
  });
});

describe('RFC: Biddable and Starting Price', () => {
  test('the Starting Price defaults to the Price', () => {
    const e = engine([{ name: 'Statue', price: 30, biddable: true }]);
    expect(findBlueprint(e, 'Statue')).toMatchObject({ biddable: true, startingPrice: 30 });
  });

  test('a Starting Price of its own makes the Blueprint Biddable', () => {
    const e = engine([{ name: 'Statue', price: 30, startingPrice: 12 }]);
    expect(findBlueprint(e, 'Statue')).toMatchObject({ biddable: true, startingPrice: 12 });
  });
});

describe('RFC: Additional Device Definition', () => {
  test('the Device gains the attributes, properties and Powers the Blueprint defines', () => {
    const e = engine([
      {
        name: 'Mint',
        price: 10,
        definition: { attributes: { colour: 'gold' }, properties: ['Shiny'] },
        powers: ['Coin (Tap): Gain m5'],
      },
    ]);
    ok(purchase(e, 0, 'Mint', ctx()));
    expect(e.devices[0]).toMatchObject({ attributes: { colour: 'gold' }, properties: ['Shiny'] });
    expect(e.devices[0]!.powers.map((p) => p.name)).toEqual(['Coin']);
  });
});

describe('RFC: Blueprint names, counts one and zero', () => {
  test('no two Blueprints share a name (case-insensitively)', () => {
    const e = engine([{ name: 'Mint' }]);
    expect(addBlueprint(e, withDefaults({ name: 'mint' }), MACKEREL, [])?.code).toBe('NAME_TAKEN');
  });

  test('a Blueprint written with a count of one is Biddable at once', () => {
    const e = engine([{ name: 'Idol', count: 1, price: 40 }]);
    expect(findBlueprint(e, 'Idol')).toMatchObject({ biddable: true, startingPrice: 40 });
  });

  test('a Blueprint written with a count of zero ceases to exist at once', () => {
    const e = engine([{ name: 'Ghost', count: 0 }]);
    expect(findBlueprint(e, 'Ghost')).toBeUndefined();
  });

  test('production down to one makes it Biddable; production down to zero removes it', () => {
    const e = engine([{ name: 'Lamp', count: 2, price: 10 }]);
    const c = ctx();
    ok(purchase(e, 0, 'Lamp', c));
    expect(findBlueprint(e, 'Lamp')).toMatchObject({ count: 1, biddable: true, startingPrice: 10 });
    expect(c.events.map((x) => x.type)).toEqual(['produced', 'blueprintBiddable']);
    ok(produce(e, findBlueprint(e, 'Lamp')!, 1, c));
    expect(findBlueprint(e, 'Lamp')).toBeUndefined();
  });
});

describe('RFC: Purchase', () => {
  test('needs an amount of mackerel equal to or greater than the Price', () => {
    const e = engine([{ name: 'Mint', price: 30 }], 30);
    ok(purchase(e, 0, 'Mint', ctx()));
    expect(e.wallets[0]!.money).toBe(0);
    expect(purchase(e, 0, 'Mint', ctx())?.code).toBe('CANNOT_AFFORD');
  });

  test('a Biddable Blueprint cannot be purchased', () => {
    const e = engine([{ name: 'Statue', price: 5, biddable: true }]);
    const r = purchase(e, 0, 'Statue', ctx());
    expect(r?.code).toBe('BIDDABLE');
    expect(r?.message).toContain('RFC: Purchase');
  });

  test('an unknown Blueprint is refused, nothing changes', () => {
    const e = engine([{ name: 'Mint' }]);
    const before = structuredClone(e);
    expect(purchase(e, 0, 'Nope', ctx())?.code).toBe('NO_SUCH_BLUEPRINT');
    expect(e).toEqual(before);
  });
});

describe('RFC: Production', () => {
  test('subtracts the Price, copies name and uniqueness, decrements a finite count, leaves Infinite alone', () => {
    const e = engine([
      { name: 'Lamp', count: 5, price: 7, uniqueness: 'Player' },
      { name: 'Mint', price: 3 },
    ]);
    ok(purchase(e, 2, 'Lamp', ctx()));
    ok(purchase(e, 2, 'Mint', ctx()));
    expect(e.wallets[2]!.money).toBe(90);
    expect(findBlueprint(e, 'Lamp')!.count).toBe(4);
    expect(findBlueprint(e, 'Mint')!.count).toBe('Infinite');
    expect(e.devices[0]).toMatchObject({ name: 'Lamp', uniqueness: 'Player', owner: 2 });
  });

  test('the Device keeps its name when the Blueprint ceases to exist (the name is immutable)', () => {
    const e = engine([{ name: 'Lamp', count: 1, price: 0, biddable: true }]);
    ok(produce(e, findBlueprint(e, 'Lamp')!, 0, ctx()));
    expect(e.blueprints).toEqual([]);
    expect(e.devices[0]!.name).toBe('Lamp');
  });
});

describe('RFC: Destroy, offer and accept', () => {
  function withMint() {
    const e = engine([
      { name: 'Mint', price: 10 },
      { name: 'Press', price: 10, uniqueness: 'Player' },
    ]);
    ok(purchase(e, 0, 'Mint', ctx()));
    return e;
  }

  /** {@link withMint}'s engine and the id of seat 0's Mint. */
  function mintOfSeat0() {
    const e = withMint();
    return { e, id: e.devices[0]!.id };
  }

  test('an owner destroys their own Device; nobody else can', () => {
    const { e, id } = mintOfSeat0();
    expect(destroyOwn(e, 1, id, ctx())?.code).toBe('NOT_OWNER');
    ok(destroyOwn(e, 0, id, ctx()));
    expect(e.devices).toEqual([]);
  });

  test('an offer changes nothing until the receiver accepts; only the receiver can accept', () => {
    const { e, id } = mintOfSeat0();
    ok(offer(e, 0, id, 1, ctx()));
    expect(findDevice(e, id)!.owner).toBe(0);
    const o = e.offers[0]!.id;
    expect(accept(e, 2, o, ctx())?.code).toBe('NOT_RECEIVER');
    ok(accept(e, 1, o, ctx()));
    expect(findDevice(e, id)!.owner).toBe(1);
    expect(e.offers).toEqual([]);
  });

  test('only the owner offers, never to themselves; a destroyed Device takes its offers with it', () => {
    const { e, id } = mintOfSeat0();
    expect(offer(e, 1, id, 2, ctx())?.code).toBe('NOT_OWNER');
    expect(offer(e, 0, id, 0, ctx())?.code).toBe('SELF_OFFER');
    ok(offer(e, 0, id, 1, ctx()));
    ok(offer(e, 0, id, 2, ctx()));
    ok(destroyOwn(e, 0, id, ctx()));
    expect(e.offers).toEqual([]);
  });

  test('accepting cancels the other offers of that Device; either side may cancel an offer', () => {
    const { e, id } = mintOfSeat0();
    ok(offer(e, 0, id, 1, ctx()));
    ok(offer(e, 0, id, 2, ctx()));
    expect(decline(e, 2, e.offers[0]!.id, ctx())?.code).toBe('NOT_RECEIVER');
    ok(accept(e, 2, e.offers[1]!.id, ctx()));
    expect(e.offers).toEqual([]);
    ok(offer(e, 2, id, 0, ctx()));
    ok(decline(e, 0, e.offers[0]!.id, ctx()));
    expect(e.offers).toEqual([]);
  });

  test('uniqueness is enforced on acceptance: a second Player-unique Press is refused', () => {
    const e = withMint();
    ok(purchase(e, 0, 'Press', ctx()));
    ok(purchase(e, 1, 'Press', ctx()));
    const press0 = e.devices.find((d) => d.name === 'Press' && d.owner === 0)!;
    ok(offer(e, 0, press0.id, 1, ctx()));
    expect(accept(e, 1, e.offers[0]!.id, ctx())?.code).toBe('UNIQUENESS');
    expect(press0.owner).toBe(0);
  });

  test('untapAll: every Device loses the Tapped Property (the start of Breakday)', () => {
    const e = withMint();
    ok(purchase(e, 1, 'Mint', ctx()));
    e.devices.forEach((d) => (d.tapped = true));
    untapAll(e);
    expect(e.devices.map((d) => d.tapped)).toEqual([false, false]);
  });

  test('a Tapped Device stays Tapped when traded', () => {
    const e = withMint();
    e.devices[0]!.tapped = true;
    ok(offer(e, 0, e.devices[0]!.id, 1, ctx()));
    ok(accept(e, 1, e.offers[0]!.id, ctx()));
    expect(e.devices[0]).toMatchObject({ owner: 1, tapped: true });
  });
});
