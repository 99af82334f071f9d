import fc from 'fast-check';
import { attackTotal, resolveAttack } from './combat';
import { attackPreview, bossInstead } from './preview';
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

  test("a small card's attack turned on its owner's Boss: what the rules take off that Boss", () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.nat(), fc.nat(3), (seed, pick, ammo) => {
        const s = randomPosition(seed);
        const seat = s.turn;
        const options = attackOptions(s, seat);
        const isBoss = (t: { seat: number; slot: number }) =>
          s.players[t.seat]!.board[t.slot]?.id.startsWith('boss_') ?? false;
        const small = options.filter((o) => o.target.zone === 'board' && !isBoss(o.target));
        if (small.length === 0) return;
        const o = small[pick % small.length]!;
        const spend = Math.min(ammo, s.players[seat]!.safe);
        const pub = view(s, seat).public;
        const b = bossInstead(pub, seat, o.attackers, spend, o.target);
        const bossSlot = s.players[o.target.seat]!.board.findIndex((c) => c?.id.startsWith('boss_'));
        if (bossSlot < 0) return expect(b).toBeNull();
        expect(b).toMatchObject({ seat: o.target.seat, slot: bossSlot });
        const sameAtBoss = options.some(
          (x) =>
            x.target.zone === 'board' &&
            x.target.seat === o.target.seat &&
            x.target.slot === bossSlot &&
            JSON.stringify([...x.attackers].sort()) === JSON.stringify([...o.attackers].sort()),
        );
        if (!sameAtBoss) return;
        const target = { seat: o.target.seat, zone: 'board' as const, slot: bossSlot };
        // Declared through the rules (legal), then resolved by the rules' own resolveAttack: read
        // before the defender's turn starts (a Nurse would heal the Boss by then).
        const declared = apply(s, seat, { type: 'attack', attackers: o.attackers, target });
        if (!declared.ok) throw new Error(declared.error.message);
        const hit = structuredClone(declared.state);
        hit.players[seat]!.safe -= spend;
        resolveAttack(hit, seat, o.attackers, target, spend, null, 0, []);
        const before = pub.players[target.seat]!.board[bossSlot]!;
        const after = view(hit, seat).public.players[target.seat]!.board[bossSlot];
        const destroyed = after?.id !== before.id;
        expect(b!.hp).toBe(before.hp);
        expect(b!.shields).toBe(before.shields);
        expect(b!.outcome.destroyed).toBe(destroyed);
        if (!destroyed) {
          expect(b!.outcome.hpLost).toBeCloseTo(before.hp - after!.hp, 9);
          expect(b!.outcome.shieldsLost).toBe(before.shields - after!.shields);
        } else expect(b!.outcome.hpLost).toBeCloseTo(before.hp, 9);
        // And the whole attack through the rules: the Boss falls exactly when the preview says so.
        const done = apply(declared.state, seat, { type: 'ammo', amount: spend });
        if (!done.ok) throw new Error(done.error.message);
        expect(done.state.players[target.seat]!.eliminated).toBe(b!.outcome.destroyed);
        checked++;
      }),
      { numRuns: 300 },
    );
    // Enough positions reached the rules' check (not all returned early).
    expect(checked).toBeGreaterThan(50);
  });
});
