import { kingpin } from './index';
import { run, scenario } from './testkit';
import type { KingpinState } from './types';
import { view } from './view';

describe('Kingpin views', () => {
  const s = scenario({
    seats: [
      { board: ['boss_loner', 'solo_informant'], hand: ['loner_nurse', 'gangster_thief'] },
      { board: ['boss_gangster'], hand: ['authority_swat'] },
    ],
    top: ['event_raid', 'unique_loner', 'solo_killer'],
  });
  s.players[0]!.deckLook = { cards: ['event_raid', 'unique_loner', 'solo_killer'], turnNumber: 1 };

  test('a seat sees its own hand and Boss; others see hand counts only', () => {
    const v0 = view(s, 0);
    expect(v0.private).toEqual({
      hand: ['loner_nurse', 'gangster_thief'],
      boss: 'boss_loner',
      deckLook: { cards: ['event_raid', 'unique_loner', 'solo_killer'], turnNumber: 1 },
    });
    const v1 = view(s, 1);
    expect(v1.private?.hand).toEqual(['authority_swat']);
    expect(v1.public.players.map((p) => p.handCount)).toEqual([2, 1]);
    const json1 = JSON.stringify(v1);
    for (const id of ['loner_nurse', 'gangster_thief', 'event_raid', 'unique_loner', 'solo_killer']) {
      expect(json1).not.toContain(`"${id}"`);
    }
    expect(JSON.stringify(view(s, 0))).not.toContain('"authority_swat"');
  });

  test('spectators get the public part only, identical for every viewer; no pile order, no rng', () => {
    const spec = view(s, -1);
    expect(spec.private).toBeNull();
    expect(view(s, 0).public).toEqual(spec.public);
    expect(view(s, 1).public).toEqual(spec.public);
    expect(spec.public.drawCount).toBe(s.drawPile.length);
    const json = JSON.stringify(spec);
    expect(json).not.toContain('rng');
    for (const id of s.drawPile) expect(json).not.toContain(`"${id}"`);
  });

  test('public figures: 6 slots, derived HP and limits, Rage, synergy, bribe cost', () => {
    const p0 = view(s, -1).public.players[0]!;
    expect(p0.board).toHaveLength(6);
    expect(p0.board[0]).toMatchObject({
      id: 'boss_loner',
      hp: 10,
      maxHp: 10,
      shieldLimit: 4,
      atk: 3,
      unbribable: true,
      bribeCost: null,
    });
    // §6.4's example: a D=1 card with a total Authority of +1 (its Boss) holds 2 shields.
    expect(p0.board[1]).toMatchObject({ id: 'solo_informant', bribeCost: 4, shieldLimit: 2 });
    expect(p0.synergy).toBeNull();
    expect(p0.rage).toBe(1);
    expect(view(s, -1).public.players[1]!.synergy).toBe('gangsters');
  });

  test('a frozen card says for how many of its owner\u2019s turns it cannot attack (public: the log says it)', () => {
    const pass = [{ type: 'pass' }] as const;
    // Ada passes; Bo's third turn starts with its Boss alone and behind on HP: the Nurse arrives.
    const table = (edition: number) =>
      scenario({
        seats: [
          { board: [{ id: 'boss_loner', damage: 1 }], safe: 0, turnsTaken: 3 },
          { board: [{ id: 'boss_gangster', damage: 3 }], safe: 0, turnsTaken: 2 },
        ],
        top: ['event_bonus', 'loner_nurse'],
        options: { reinforcements: true, edition },
      });
    const nurse = (st: KingpinState, viewer: number) => view(st, viewer).public.players[1]!.board[1]!;
    const seen = (edition: number) => {
      let st = run(table(edition), [...pass]).state;
      const out: [number, boolean][] = [];
      for (let turn = 0; turn < 4; turn++) {
        expect(nurse(st, 0)).toEqual(nurse(st, 1));
        expect(nurse(st, 1).id).toBe('loner_nurse');
        out.push([nurse(st, 0).frozenTurns, nurse(st, 0).frozen]);
        st = run(st, [...pass]).state;
      }
      return out;
    };
    // Edition 5: frozen through Bo's next turn (this one and the next), then free.
    expect(seen(5)).toEqual([
      [2, true],
      [1, true],
      [1, true],
      [0, false],
    ]);
    // Edition 4: frozen for the turn it arrives only; it may attack at Bo's next turn.
    expect(seen(4)).toEqual([
      [1, true],
      [0, false],
      [0, false],
      [0, false],
    ]);
  });

  test('a deck look is private and is cleared once the pile is drawn from', () => {
    const after = run(s, [{ type: 'buy', source: 'pile' }]).state;
    expect(view(after, 0).private?.deckLook).toBeNull();
  });

  test('the definition: id, seats, options with defaults', () => {
    expect(kingpin.id).toBe('kingpin');
    expect(kingpin.seats).toEqual({ min: 2, max: 3 });
    expect(kingpin.optionsSchema.parse(undefined)).toEqual({
      emergencyDefense: false,
      turnSeconds: 0,
      bossTruce: true,
      bossHp: 20,
      ammoCap: 0,
      economicCollapse: false,
      dominationTokens: 0,
      income: 1,
      reinforcements: true,
      edition: 5,
    });
    expect(
      kingpin.actionSchema.safeParse({ type: 'attack', attackers: [0, 1], target: { seat: 1, zone: 'hand' } })
        .success,
    ).toBe(true);
    expect(
      kingpin.actionSchema.safeParse({ type: 'attack', attackers: [], target: { seat: 1, zone: 'hand' } })
        .success,
    ).toBe(false);
    expect(kingpin.actionSchema.safeParse({ type: 'fly' }).success).toBe(false);
  });
});
