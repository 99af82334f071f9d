/** The pure guards behind the room's abuse handling: FloodGuard and withinShape (no server). */
import { FloodGuard } from '../../src/rooms/tokenBucket';
import { withinShape } from '../../src/rooms/wellFormed';

describe('FloodGuard', () => {
  test('answers the first refusal, then at most one a second, and cuts off after its strikes', () => {
    const guard = new FloodGuard(5, 1, 1000, 0);
    expect(guard.refused(0)).toBe('answer');
    expect([1, 2, 3, 4].map((t) => guard.refused(t))).toEqual(['silent', 'silent', 'silent', 'silent']);
    // Strikes are spent: the sixth refusal within the burst ends the connection.
    expect(guard.refused(5)).toBe('disconnect');
  });

  test('a client refused now and then (strikes refilled) is answered once a second, never cut off', () => {
    const guard = new FloodGuard(5, 1, 1000, 0);
    const answers = [];
    for (let t = 0; t < 20_000; t += 1000) answers.push(guard.refused(t));
    expect(answers.every((a) => a === 'answer')).toBe(true);
  });

  test('sustained refusals faster than the strike refill end in a disconnection', () => {
    const guard = new FloodGuard(60, 8, 1000, 0);
    let t = 0;
    let result = guard.refused(t);
    // 16 refusals a second: twice the refill.
    while (result !== 'disconnect' && t < 60_000) result = guard.refused((t += 62.5));
    expect(result).toBe('disconnect');
    expect(t).toBeGreaterThan(5000); // the burst absorbs the first seconds
  });
});

describe('withinShape', () => {
  const bound = { depth: 4, nodes: 20 };
  const nest = (n: number): unknown => (n === 0 ? 1 : { a: nest(n - 1) });

  test('depth and size are bounded, scalars and flat objects pass', () => {
    expect(withinShape(1, bound)).toBe(true);
    expect(withinShape(null, bound)).toBe(true);
    expect(withinShape({ a: 1, b: 'x', c: [1, 2] }, bound)).toBe(true);
    expect(withinShape(nest(4), bound)).toBe(true);
    expect(withinShape(nest(5), bound)).toBe(false);
    expect(withinShape([[[[[]]]]], bound)).toBe(false);
    expect(
      withinShape(
        Array.from({ length: 19 }, () => 0),
        bound,
      ),
    ).toBe(true);
    expect(
      withinShape(
        Array.from({ length: 20 }, () => 0),
        bound,
      ),
    ).toBe(false);
  });

  test('50,000 levels deep: refused without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(withinShape(deep, { depth: 24, nodes: 1_000_000 })).toBe(false);
  });
});
