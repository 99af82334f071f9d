import { kingpin } from './index';
import { run, scenario } from './testkit';
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
