import fc from 'fast-check';
import { attackTotal } from './combat';
import { attackPreview } from './preview';
import { attackOptions } from './legal';
import { apply } from './rules';
import { Q } from './state';
import { designExample, randomPosition } from './testkit';
import { view } from './view';

describe('attack preview (public view)', () => {
  test("the design's example in parts: 3 + 2 + 0.75 + 2 = 7.75", () => {
    const s = designExample();
    const p = attackPreview(view(s, 0).public, 0, [0, 1], 2, { seat: 1, zone: 'board', slot: 0 });
    expect(p).toMatchObject({ atk: 3, rage: 2, shields: 0.75, ammo: 2, bonus: 0, total: 7.75 });
    expect(p.outcome).toEqual({ shieldsLost: 0, hpLost: 7.75, destroyed: false });
  });

  test('agrees with the rules on random positions: total, and whether the target is destroyed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.nat(), fc.nat(3), (seed, pick, ammo) => {
        const s = randomPosition(seed);
        const seat = s.turn;
        const options = attackOptions(s, seat).filter((o) => o.target.zone === 'board');
        if (options.length === 0) return;
        const o = options[pick % options.length]!;
        const spend = Math.min(ammo, s.players[seat]!.safe);
        const p = attackPreview(view(s, seat).public, seat, o.attackers, spend, o.target);
        expect(p.total * Q).toBeCloseTo(attackTotal(s, seat, o.attackers, spend).totalQ, 9);
        const declared = apply(s, seat, { type: 'attack', attackers: o.attackers, target: o.target });
        if (!declared.ok) throw new Error(declared.error.message);
        const done = apply(declared.state, seat, { type: 'ammo', amount: spend });
        if (!done.ok) throw new Error(done.error.message);
        const t = o.target as { seat: number; slot: number };
        const destroyed =
          done.state.players[t.seat]!.board[t.slot]?.id !== s.players[t.seat]!.board[t.slot]!.id;
        expect(destroyed).toBe(p.outcome!.destroyed);
      }),
      { numRuns: 300 },
    );
  });
});
