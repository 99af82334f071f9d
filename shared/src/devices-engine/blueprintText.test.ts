/** The text form of a whole Blueprint (RFC: Blueprint attributes and the Additional Device Definition). */
import fc from 'fast-check';
import { checkSpec } from './blueprints';
import { parseBlueprint, printBlueprint } from './blueprintText';
import { power } from './testkit';
import type { BlueprintSpec } from './types';

const STATUE = `Blueprint: Golden Statue
Uniqueness: Game
Production Count: 1
Price: m25
Starting Price: m20
Power: Admire (Tap): Gain 3 Points
Attribute: colour = gold
Attribute: weight = 40
Property: Shiny`;

function ok(text: string): BlueprintSpec {
  const r = parseBlueprint(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('Blueprint text', () => {
  test('reads every attribute, the Powers and the Additional Device Definition', () => {
    const b = ok(STATUE);
    expect(b).toMatchObject({
      name: 'Golden Statue',
      uniqueness: 'Game',
      count: 1,
      price: 25,
      startingPrice: 20,
    });
    expect(b.definition).toEqual({
      attributes: { colour: 'gold', weight: 40 },
      properties: ['Shiny'],
      powers: [power('Admire (Tap): Gain 3 Points')],
    });
    expect(printBlueprint(b)).toBe(STATUE);
  });

  test('omitted lines take the RFC defaults: Non-Unique, Infinite, m50, not Biddable', () => {
    expect(ok('blueprint:  Thing ')).toEqual({
      name: 'Thing',
      uniqueness: 'Non-Unique',
      count: 'Infinite',
      price: 50,
      definition: { attributes: {}, properties: [], powers: [] },
    });
  });

  test('"Biddable: yes" makes it Biddable at its Price; comments and blank lines are skipped', () => {
    expect(ok('# an auction\n\nBlueprint: Idol\nBIDDABLE: yes\nprice: m7')).toMatchObject({
      biddable: true,
      price: 7,
    });
  });

  test.each([
    ['Uniqueness: Game', 'needs a "Blueprint: Name" line', 16],
    ['Blueprint: Mint\nColour: red', 'line 2: unknown key "Colour"', 16],
    ['Blueprint: Mint\nPrice 5', 'line 2: expected "Key: value"', 16],
    ['Blueprint: Mint\nPrice: five', 'line 2: write an amount like m25', 23],
    ['Blueprint: Mint\nUniqueness: Team', 'line 2: Uniqueness is', 28],
    ['Blueprint: Mint\nProduction Count: -1', 'line 2: the Production Count', 34],
    ['Blueprint: Mint\nBlueprint: Mint', 'line 2: "Blueprint" is given twice', 16],
    ['Blueprint: Mint\nPower: Coin (Tap): Fly', 'line 2: unknown Game Action "Fly"', 35],
  ])('%j is refused: %s (at %i)', (text, words, at) => {
    const r = parseBlueprint(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toContain(words);
      expect(r.error.at).toBe(at);
    }
  });

  test('a prohibited Power in a Blueprint is refused as prohibited', () => {
    const r = parseBlueprint('Blueprint: Forge\nPower: Make (Zero): Destroy target Blueprint');
    expect(!r.ok && r.error.code).toBe('POWER_PROHIBITED');
  });

  const nameArb = fc
    .tuple(
      fc.constantFrom('Mint', 'A', 'Lucky', 'Zed'),
      fc.array(fc.constantFrom('a', ' b', '-c', "'d", '7'), { maxLength: 5 }),
    )
    .map(([h, t]) => h + t.join(''));
  const specArb: fc.Arbitrary<BlueprintSpec> = fc
    .record({
      name: nameArb,
      uniqueness: fc.constantFrom('Non-Unique' as const, 'Player' as const, 'Game' as const),
      count: fc.oneof(fc.constant('Infinite' as const), fc.integer({ min: 0, max: 9999 })),
      price: fc.integer({ min: 0, max: 9999 }),
      biddable: fc.constantFrom(true, undefined),
      startingPrice: fc.option(fc.integer({ min: 0, max: 9999 }), { nil: undefined }),
      definition: fc.record({
        attributes: fc.dictionary(
          nameArb,
          fc.oneof(fc.integer({ min: 0, max: 999 }), fc.constantFrom('gold', 'big red')),
        ),
        properties: fc.array(nameArb, { maxLength: 2 }),
        powers: fc
          .array(
            fc.constantFrom(
              'Coin (Tap): Gain m6',
              'Blast (Requires Wrench, Sacrifice): Destroy target Device',
              'Sell (Lose X): Gain mX',
            ),
            { maxLength: 3 },
          )
          .map((texts) => texts.map((t) => power(t))),
      }),
    })
    .map((s) => {
      const out = { ...s } as BlueprintSpec;
      if (out.biddable === undefined) delete out.biddable;
      if (out.startingPrice === undefined) delete out.startingPrice;
      return out;
    });

  test('round trip (property): parse(print(b)) equals b', () => {
    fc.assert(
      fc.property(specArb, (b) => {
        expect(parseBlueprint(printBlueprint(b))).toEqual({ ok: true, value: b });
      }),
      { numRuns: 300 },
    );
  });

  test('a parsed Blueprint passes the engine checks when its Powers are distinct', () => {
    expect(checkSpec(ok(STATUE))).toBeNull();
  });
});
