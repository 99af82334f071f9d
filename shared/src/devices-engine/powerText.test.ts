/** Device Regulations, "Name (Costs): Game Actions": the parser, the printer and their errors. */
import fc from 'fast-check';
import { parsePower, printPower } from './powerText';
import type { Amount, Cost, Effect, Power, Units } from './types';
import { MACKEREL } from './units';

function parsed(text: string): Power {
  const r = parsePower(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function error(text: string) {
  const r = parsePower(text);
  if (r.ok) throw new Error(`accepted: ${text}`);
  return r.error;
}

describe('Device Regulations: the Power format "Name (Costs): Game Actions"', () => {
  test('reads every shorthand Cost of the RFC', () => {
    expect(parsed('All (Zero, Spend m3, Lose 2, Tap, Sacrifice, Requires Wrench): Gain m1').costs).toEqual([
      { kind: 'zero' },
      { kind: 'spend', amount: 3 },
      { kind: 'lose', amount: 2 },
      { kind: 'tap' },
      { kind: 'sacrifice' },
      { kind: 'requires', device: 'Wrench' },
    ]);
  });

  test('reads every Game Action of the vocabulary, several separated by semicolons', () => {
    const p = parsed(
      'Everything (Zero): Gain m5; Gain 2 Points; Pay mX to target Player; Take m1 from target Player; ' +
        'Each Player gains m2; Tap target Device; Untap target Device; Destroy target Device',
    );
    expect(p.effects).toEqual([
      { kind: 'gain', amount: 5 },
      { kind: 'score', amount: 2 },
      { kind: 'pay', amount: 'X' },
      { kind: 'take', amount: 1 },
      { kind: 'everyoneGains', amount: 2 },
      { kind: 'tapDevice' },
      { kind: 'untapDevice' },
      { kind: 'destroyDevice' },
    ]);
  });

  test('keywords are case-insensitive, spacing is free, and the printer writes the canonical form', () => {
    const p = parsed('  Lucky   Coin(tap ,SPEND m2):gain 1 point;gain mx  ');
    expect(p.name).toBe('Lucky Coin');
    expect(printPower(p)).toBe('Lucky Coin (Tap, Spend m2): Gain 1 Point; Gain mX');
  });

  test('other units: a game writing money as "2 IP" reads and prints its own form', () => {
    const ip: Units = {
      ...MACKEREL,
      moneyName: 'IP',
      moneyPrefix: '',
      moneySuffix: ' IP',
      scoreOne: 'Intel',
      scoreMany: 'Intel',
    };
    const r = parsePower('Bribe (Spend 2 IP, Sacrifice): Take 3 IP from target Player; Gain 1 Intel', ip);
    expect(r.ok).toBe(true);
    if (r.ok)
      expect(printPower(r.value, ip)).toBe(
        'Bribe (Spend 2 IP, Sacrifice): Take 3 IP from target Player; Gain 1 Intel',
      );
  });

  test.each([
    ['Coin Tap: Gain m5', 8, 'expected "("'],
    ['Coin (Tap: Gain m5', 18, 'expected ")"'],
    ['Coin (Tap) Gain m5', 11, 'expected ":"'],
    ['Coin (Tap)', 10, 'expected ":"'],
    ['Coin (Tap):  ', 13, 'empty Game Action'],
    ['Coin (): Gain m5', 6, 'empty Cost'],
    ['Coin (Tap, Pray): Gain m5', 11, 'unknown Cost "Pray"'],
    ['Coin (Tap): Gain m5; Fly', 21, 'unknown Game Action "Fly"'],
    ['Coin (Spend m99999): Gain m5', 6, 'not an amount'],
    ['9Coin (Tap): Gain m5', 0, 'Power name'],
    ['  (Tap): Gain m5', 2, 'Power name'],
    ['Coin (Requires 7up): Gain m5', 6, 'not a Device name'],
  ])('bad text %j is refused at position %i with a clear message', (text, at, words) => {
    const e = error(text);
    expect(e.code).toBe('POWER_SYNTAX');
    expect(e.at).toBe(at);
    expect(e.message).toContain(words);
  });
});

describe('RFC: Powers and their prohibitions', () => {
  test.each([
    ['Forge (Tap): Destroy target Blueprint', 'Blueprint'],
    ['Stop (Tap): Turn the Clock Off', 'Clock'],
    ['Calm (Zero): Stop a Panic Button', 'Panic'],
    ['Law (Zero): Amend the Rules', 'Rules'],
    ['Vote (Zero): Submit a Proposal', 'Proposal'],
  ])('%j is prohibited, pointing at the forbidden word', (text, word) => {
    const e = error(text);
    expect(e.code).toBe('POWER_PROHIBITED');
    expect(text.slice(e.at, e.at + word.length)).toBe(word);
  });
});

const amountArb: fc.Arbitrary<Amount> = fc.oneof(
  fc.integer({ min: 0, max: 9999 }),
  fc.constant('X' as const),
);
const nameArb = fc
  .tuple(
    fc.constantFrom('A', 'Mint', 'Press', 'Lucky', 'x', 'Q'),
    fc.array(fc.constantFrom(' ', 'a', '7', "'", '-', 'Z', ' b'), { maxLength: 6 }),
  )
  .map(([h, t]) => (h + t.join('')).replace(/\s+/g, ' ').trim().slice(0, 32));
const costArb: fc.Arbitrary<Cost> = fc.oneof(
  fc.constant({ kind: 'zero' as const }),
  fc.constant({ kind: 'tap' as const }),
  fc.constant({ kind: 'sacrifice' as const }),
  amountArb.map((amount) => ({ kind: 'spend' as const, amount })),
  amountArb.map((amount) => ({ kind: 'lose' as const, amount })),
  nameArb.map((device) => ({ kind: 'requires' as const, device })),
);
const effectArb: fc.Arbitrary<Effect> = fc.oneof(
  ...(['gain', 'score', 'pay', 'take', 'everyoneGains'] as const).map((kind) =>
    amountArb.map((amount) => ({ kind, amount }) as Effect),
  ),
  fc.constantFrom<Effect>({ kind: 'tapDevice' }, { kind: 'untapDevice' }, { kind: 'destroyDevice' }),
);
const powerArb: fc.Arbitrary<Power> = fc.record({
  name: nameArb,
  costs: fc.array(costArb, { minLength: 1, maxLength: 4 }),
  effects: fc.array(effectArb, { minLength: 1, maxLength: 4 }),
});

describe('Power text round trip (property)', () => {
  test('parse(print(p)) equals p, and printing is stable', () => {
    fc.assert(
      fc.property(powerArb, (p) => {
        const text = printPower(p);
        const back = parsePower(text);
        expect(back).toEqual({ ok: true, value: p });
        if (back.ok) expect(printPower(back.value)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  test('the parser never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const r = parsePower(s);
        if (!r.ok) expect(r.error.at).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });
});
