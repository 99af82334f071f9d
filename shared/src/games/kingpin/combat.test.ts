import { actionKey } from './actions';
import { attackTotal } from './combat';
import { attackOptions } from './legal';
import { apply, legalActions } from './rules';
import { maxHpQ, shieldLimit } from './stats';
import { Q, allCardIds, tokenTotal } from './state';
import { attack, card, designExample, run, scenario } from './testkit';
import type { KingpinOptions, KingpinState } from './types';

const keys = (s: KingpinState, seat: number) => legalActions(s, seat).map(actionKey);

function checkInvariants(s: KingpinState) {
  expect(tokenTotal(s)).toBe(40);
  const ids = allCardIds(s);
  expect(ids).toHaveLength(40);
  expect(new Set(ids).size).toBe(40);
}

describe('damage', () => {
  test("the design's worked example: 2 + 1 ATK, Rage 1 x 2, shields 0.75, 2 ammunition = 7.75", () => {
    const s = designExample();
    const breakdown = attackTotal(s, 0, [0, 1], 2);
    expect(breakdown).toMatchObject({ atk: 3, rage: 2, shieldsQ: 3, ammo: 2, totalQ: 31 });
    const { state, events } = attack(s, [0, 1], 1, 0, 2);
    expect(events.find((e) => e.type === 'attack')?.data?.damage).toBe(7.75);
    expect(card(state, 1, 0).damageQ).toBe(31);
    expect(state.players[1]!.board[0]).not.toBeNull();
    expect(state.players[0]!.safe).toBe(10);
    expect(state.bank).toBe(2);
    // the attackers keep their shields
    expect(card(state, 0, 0).shields).toBe(2);
    checkInvariants(state);
  });

  test('shields absorb first (1 point each, to the Bank), then HP', () => {
    const s = scenario({
      seats: [
        { board: ['loner_nurse'] },
        { board: ['boss_authority', { id: 'gangster_thief', shields: 0 }] },
      ],
    });
    // Nurse alone (a mono-Loner board: Rage +1): 1 + 1 + 4 ammunition = 6 against a Boss with 2 shields.
    const withShields = scenario({
      seats: [{ board: ['loner_nurse'] }, { board: [{ id: 'boss_authority', shields: 2 }] }],
    });
    const { state } = attack(withShields, [0], 1, 0, 4);
    expect(card(state, 1, 0).shields).toBe(0);
    expect(card(state, 1, 0).damageQ).toBe(4 * Q);
    expect(state.bank).toBe(4 + 2);
    checkInvariants(state);
    // a fractional hit still removes a whole shield
    const s2 = scenario({
      seats: [
        { board: [{ id: 'loner_nurse', shields: 1 }, 'solo_informant'] },
        { board: [{ id: 'boss_authority', shields: 2 }, 'gangster_thief'] },
      ],
    });
    expect(attackTotal(s2, 0, [0], 0).totalQ).toBe(Q + 1);
    const r = attack(s2, [0], 1, 0, 0).state;
    expect(card(r, 1, 0).shields).toBe(0);
    expect(card(r, 1, 0).damageQ).toBe(0);
    expect(s.players[1]!.board[1]!.shields).toBe(0);
  });

  test('a card at HP <= 0 is destroyed: to the Discard Pile, its shields to the Bank', () => {
    const s = scenario({
      seats: [{ board: ['loner_sniper'] }, { board: ['boss_loner', { id: 'gangster_thief', shields: 0 }] }],
    });
    const { state } = attack(s, [0], 1, 1, 0);
    expect(state.players[1]!.board[1]).toBeNull();
    expect(state.discard).toContain('gangster_thief');
    checkInvariants(state);
  });

  test('Sniper ignores shields; Assassin adds 1 and skips the first shield', () => {
    const target = { id: 'authority_commissar', shields: 2 };
    // Sniper beside a solo card (no synergy): 3 + Rage 1 = 4, straight to HP.
    const sniper = scenario({
      seats: [{ board: ['loner_sniper', 'solo_informant'] }, { board: ['boss_loner', target] }],
    });
    const r1 = attack(sniper, [0], 1, 1, 0).state;
    expect(card(r1, 1, 1).shields).toBe(2);
    expect(card(r1, 1, 1).damageQ).toBe(4 * Q);
    const killer = scenario({ seats: [{ board: ['solo_killer'] }, { board: ['boss_loner', target] }] });
    // ATK 4 + Rage 2 + damage 1 = 7; one shield absorbs 1 (the first is skipped): 6 HP damage >= 5 HP.
    expect(attackTotal(killer, 0, [0], 0).totalQ).toBe(7 * Q);
    const r2 = attack(killer, [0], 1, 1, 0).state;
    expect(r2.players[1]!.board[1]).toBeNull();
    expect(r2.bank).toBe(2); // the absorbing shield + the skipped one (destroyed with its card)
    checkInvariants(r2);
  });

  test('SWAT: the excess damage of a destroyed target hits that Boss', () => {
    const s = scenario({
      seats: [{ board: ['authority_swat'] }, { board: ['boss_gangster', 'gangster_thief'] }],
    });
    // SWAT: ATK 3 + Stormer bonus 1, Rage 1 + 0 = 5 (mono-authority board: no Rage synergy); +2 ammo = 7 on a 3-HP Thief.
    const { state } = attack(s, [0], 1, 1, 2);
    expect(state.players[1]!.board[1]).toBeNull();
    expect(card(state, 1, 0).damageQ).toBe(4 * Q);
  });

  test('Fighter kill bonus: 1 money from the Golden Fund when its attack destroys a card', () => {
    const s = scenario({
      seats: [{ board: ['gangster_fighter'] }, { board: ['boss_gangster', 'solo_agent'] }],
    });
    const fund = s.fund;
    const { state } = attack(s, [0], 1, 1, 0);
    expect(state.players[1]!.board[1]).toBeNull();
    expect(state.players[0]!.safe).toBe(13);
    expect(state.fund).toBe(fund - 1);
  });

  test('combined attacks: at most 3 cards, any number on a mono-clan board', () => {
    const mixed = scenario({
      seats: [
        { board: ['boss_loner', 'loner_nurse', 'loner_hacker', 'solo_informant'] },
        { board: ['boss_gangster'] },
      ],
    });
    const sizes = attackOptions(mixed, 0).map((a) => a.attackers.length);
    expect(Math.max(...sizes)).toBe(3);
    expect(
      apply(mixed, 0, {
        type: 'attack',
        attackers: [0, 1, 2, 3],
        target: { seat: 1, zone: 'board', slot: 0 },
      }).ok,
    ).toBe(false);
    const mono = scenario({
      seats: [
        { board: ['boss_loner', 'loner_nurse', 'loner_hacker', 'loner_driver'] },
        { board: ['boss_gangster'] },
      ],
    });
    expect(Math.max(...attackOptions(mono, 0).map((a) => a.attackers.length))).toBe(4);
    expect(
      run(mono, [{ type: 'attack', attackers: [3, 0, 1, 2], target: { seat: 1, zone: 'board', slot: 0 } }])
        .state.phase,
    ).toBe('ammo');
  });

  test('clan synergies: Gangsters +1 Rage +1 limit, Authorities +1 HP +1 limit, Loners +1 Rage +1 HP', () => {
    const s = scenario({
      seats: [
        { board: ['gangster_thief', 'gangster_racketeer'] },
        { board: ['authority_financier', 'authority_investigator'] },
        { board: ['loner_nurse', 'loner_mechanic'] },
      ],
    });
    const pub = (seat: number) => attackTotal(s, seat, [0], 0).rage;
    expect([pub(0), pub(1), pub(2)]).toEqual([1, 0, 1]);
    const v = (seat: number, slot: number) => ({
      hp: maxHpQ(s, seat, slot) / Q,
      limit: shieldLimit(s, seat, slot),
    });
    expect(v(0, 0)).toEqual({ hp: 3, limit: 1 });
    expect(v(1, 0)).toEqual({ hp: 5, limit: 3 });
    expect(v(2, 0)).toEqual({ hp: 4, limit: 2 });
  });

  test('a frozen card cannot attack', () => {
    const s = scenario({
      seats: [{ board: ['boss_loner', { id: 'loner_nurse', frozenUntil: 1 }] }, { board: ['boss_gangster'] }],
    });
    expect(attackOptions(s, 0).some((a) => a.attackers.includes(1))).toBe(false);
    expect(attackOptions(s, 0).some((a) => a.attackers.includes(0))).toBe(true);
  });

  test('Guard shields the Boss from attacks; Bodyguards take every attack', () => {
    const guard = scenario({
      seats: [{ board: ['boss_loner'] }, { board: ['boss_gangster', 'gangster_guard', 'solo_agent'] }],
    });
    const targets = (s: KingpinState) => [
      ...new Set(attackOptions(s, 0).map((a) => (a.target.zone === 'board' ? a.target.slot : -1))),
    ];
    expect(targets(guard).sort()).toEqual([1, 2]);
    const bodyguards = scenario({
      seats: [
        { board: ['boss_loner'] },
        { board: ['boss_authority', 'authority_shieldbearer', 'authority_swat'] },
      ],
    });
    expect(targets(bodyguards)).toEqual([1]);
  });

  test('Bodyguards gain a shield after surviving an attack', () => {
    const s = scenario({
      seats: [
        { board: ['loner_nurse'] },
        { board: ['boss_authority', { id: 'authority_shieldbearer', shields: 1 }] },
      ],
      bank: 3,
    });
    const { state } = attack(s, [0], 1, 1, 2);
    // Nurse (mono-Loner Rage 1) + 2 ammunition = 4: 1 shield absorbs, 3 HP; then +1 shield from the Bank
    expect(card(state, 1, 1).damageQ).toBe(3 * Q);
    expect(card(state, 1, 1).shields).toBe(1);
    checkInvariants(state);
  });
});

describe('victory and elimination', () => {
  test('destroying the Boss wins a 2-player match', () => {
    const s = scenario({
      seats: [{ board: ['boss_loner'] }, { board: [{ id: 'boss_gangster', damage: 9 }] }],
    });
    const { state, events } = attack(s, [0], 1, 0, 0);
    expect(state.phase).toBe('finished');
    expect(state.winner).toBe(0);
    expect(events.map((e) => e.type)).toContain('won');
    expect(legalActions(state, 0)).toEqual([]);
    checkInvariants(state);
  });

  test('3 players: the eliminated player is out (cards discarded, tokens to the Fund); the last Boss wins', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner'] },
        {
          board: [
            { id: 'boss_gangster', damage: 9 },
            { id: 'gangster_thief', shields: 0 },
          ],
          hand: ['solo_agent'],
          safe: 5,
        },
        { board: ['boss_authority'] },
      ],
    });
    const fund = s.fund;
    const { state } = attack(s, [0], 1, 0, 0);
    expect(state.players[1]!.eliminated).toBe(true);
    expect(state.players[1]!.board.every((c) => c === null)).toBe(true);
    expect(state.discard).toEqual(expect.arrayContaining(['boss_gangster', 'gangster_thief', 'solo_agent']));
    expect(state.fund).toBe(fund + 5);
    expect(state.phase).toBe('turn');
    expect(state.turn).toBe(2); // seat 1 is skipped
    expect(keys(state, 2).some((k) => k.startsWith('attack:') && k.includes(':1:'))).toBe(false);
    checkInvariants(state);
    const end = attack(state, [0], 0, 0, 12).state;
    expect(end.winner).toBe(2);
  });
});

/** A Sniper attacks seat 1's hand (a Thief beside a Boss with 3 shields), with no ammo. */
function sniperAtTheHand(options?: Partial<KingpinOptions>): KingpinState {
  const s = scenario({
    options,
    seats: [
      { board: ['loner_sniper'] },
      { board: [{ id: 'boss_gangster', shields: 3 }], hand: ['gangster_thief'] },
    ],
  });
  return run(s, [
    { type: 'attack', attackers: [0], target: { seat: 1, zone: 'hand' } },
    { type: 'ammo', amount: 0 },
  ]).state;
}

describe('hand attacks and Emergency Defense', () => {
  test('Sniper may hit a random hand card; Sentry guards a small hand', () => {
    const s = scenario({
      seats: [{ board: ['loner_sniper'] }, { board: ['boss_gangster'], hand: ['gangster_thief'] }],
    });
    expect(keys(s, 0)).toContain('attack:0:1:hand:');
    const { state } = run(s, [
      { type: 'attack', attackers: [0], target: { seat: 1, zone: 'hand' } },
      { type: 'ammo', amount: 0 },
    ]);
    expect(state.players[1]!.hand).toEqual([]);
    expect(state.discard).toContain('gangster_thief');
    const guarded = scenario({
      seats: [
        { board: ['loner_sniper'] },
        { board: ['boss_gangster', 'solo_watchman'], hand: ['gangster_thief'] },
      ],
    });
    expect(keys(guarded, 0).some((k) => k.includes(':hand'))).toBe(false);
  });

  test('a hand card that survives keeps no damage; Bosses in hand are never hit', () => {
    const s = scenario({
      seats: [{ board: ['loner_sniper'] }, { board: ['boss_gangster'], hand: ['authority_shieldbearer'] }],
    });
    const { state } = run(s, [
      { type: 'attack', attackers: [0], target: { seat: 1, zone: 'hand' } },
      { type: 'ammo', amount: 0 },
    ]);
    expect(state.players[1]!.hand).toEqual(['authority_shieldbearer']);
  });

  test('Emergency Defense: the defender moves shields onto the attacked hand card before damage', () => {
    let st = sniperAtTheHand({ emergencyDefense: true });
    expect(st.phase).toBe('emergency');
    expect(st.prompt?.seat).toBe(1);
    expect(legalActions(st, 0)).toEqual([]);
    // Thief: D0 + Boss auras 2 + gangster synergy 1 = limit 3. Sniper ignores shields though:
    st = run(st, [{ type: 'emergencyShield', from: 0 }, { type: 'emergencyDone' }]).state;
    expect(st.players[1]!.hand).toEqual([]);
    expect(st.players[1]!.safe).toBe(13); // the unused emergency shield flips to money
    checkInvariants(st);
  });

  test('without the variant there is no emergency prompt', () => {
    const st = sniperAtTheHand();
    expect(st.turn).toBe(1);
    expect(st.phase).toBe('turn');
  });
});
