import { actionKey } from './actions';
import { attackTotal } from './combat';
import { legalActions } from './rules';
import { Q, allCardIds, tokenTotal } from './state';
import { cardAtk, shieldLimit } from './stats';
import { card, run, scenario, type Scenario } from './testkit';
import { view } from './view';
import type { KingpinState } from './types';

const keys = (s: KingpinState, seat = s.prompt ? s.prompt.seat : s.turn) =>
  legalActions(s, seat).map(actionKey);

function ok(s: KingpinState) {
  expect(tokenTotal(s)).toBe(40);
  expect(new Set(allCardIds(s)).size).toBe(40);
  expect(allCardIds(s)).toHaveLength(40);
}

/** Seat 0 deploys `id` from hand (its entry abilities trigger). */
function deploy(sc: Scenario, id: string) {
  const s = scenario(sc);
  return run(s, [{ type: 'deploy', card: id }]);
}

/** Seat 1 passes, so seat 0's turn starts (its start-of-turn abilities trigger). */
function startOfTurn(sc: Scenario) {
  return run(scenario({ ...sc, turn: 1 }), [{ type: 'pass' }]);
}

describe('entry abilities', () => {
  test('Financier and Broker: money from the Golden Fund on entry', () => {
    for (const [id, n] of [
      ['authority_financier', 1],
      ['solo_broker', 2],
    ] as const) {
      const sc = {
        seats: [{ board: ['boss_authority'], hand: [id], safe: 0 }, { board: ['boss_gangster'] }],
      };
      const fund = scenario(sc).fund;
      const st = deploy(sc, id).state;
      expect(st.players[0]!.safe).toBe(n);
      expect(st.fund).toBe(fund - n);
      ok(st);
    }
  });

  test('Thief steals up to 2 from the richest opponent', () => {
    const st = deploy(
      {
        seats: [
          { board: ['boss_gangster'], hand: ['gangster_thief'], safe: 0 },
          { board: ['boss_loner'], safe: 1 },
          { board: ['boss_authority'], safe: 5 },
        ],
      },
      'gangster_thief',
    ).state;
    expect(st.players.map((p) => p.safe)).toEqual([2, 1, 3]);
  });

  test('Informant: looks at the top 3 (private to its owner) and takes a shield from the Fund', () => {
    const st = deploy(
      {
        seats: [{ board: ['boss_authority'], hand: ['solo_informant'] }, { board: ['boss_gangster'] }],
        top: ['event_raid', 'loner_nurse', 'gangster_thief'],
      },
      'solo_informant',
    ).state;
    expect(st.players[0]!.deckLook?.cards).toEqual(['event_raid', 'loner_nurse', 'gangster_thief']);
    expect(view(st, 0).private?.deckLook?.cards).toEqual(['event_raid', 'loner_nurse', 'gangster_thief']);
    expect(view(st, 1).private?.deckLook).toBeNull();
    expect(JSON.stringify(view(st, 1))).not.toContain('event_raid');
    expect(card(st, 0, 1).shields).toBe(1);
    ok(st);
  });

  test('Mechanic returns the newest non-event card of the Discard Pile to hand', () => {
    const st = deploy(
      {
        seats: [{ board: ['boss_loner'], hand: ['loner_mechanic'] }, { board: ['boss_gangster'] }],
        discard: ['gangster_thief', 'loner_nurse', 'event_raid'],
      },
      'loner_mechanic',
    ).state;
    expect(st.players[0]!.hand).toEqual(['loner_nurse']);
    expect(st.discard).toEqual(['gangster_thief', 'event_raid']);
    ok(st);
  });

  test('Mechanic never brings back a second unique card', () => {
    const st = deploy(
      {
        seats: [
          { board: ['boss_loner', 'unique_loner'], hand: ['loner_mechanic'] },
          { board: ['boss_gangster'] },
        ],
        discard: ['gangster_thief', 'unique_gangster'],
      },
      'loner_mechanic',
    ).state;
    expect(st.players[0]!.hand).toEqual(['gangster_thief']);
  });

  test('Prosecutor: each opponent discards a random hand card (never a Boss; Sentry protects a small hand)', () => {
    const st = deploy(
      {
        seats: [
          { board: ['boss_authority'], hand: ['authority_prosecutor'] },
          { board: ['boss_gangster'], hand: ['gangster_thief'] },
          { board: ['boss_loner', 'solo_watchman'], hand: ['loner_nurse'] },
        ],
      },
      'authority_prosecutor',
    ).state;
    expect(st.players[1]!.hand).toEqual([]);
    expect(st.players[2]!.hand).toEqual(['loner_nurse']);
    expect(st.discard).toContain('gangster_thief');
  });

  test('Fighter: an entry attack on its own (a pick prompt), then the turn goes on', () => {
    const s = deploy(
      {
        seats: [
          { board: ['boss_gangster'], hand: ['gangster_fighter'] },
          { board: ['boss_loner', 'loner_nurse'] },
        ],
      },
      'gangster_fighter',
    ).state;
    expect(s.phase).toBe('pick');
    expect(keys(s)).toEqual(['pick:1:0', 'pick:1:1', 'pick:none']);
    // Fighter ATK 2 + Boss atk_all 1, Rage: Boss 1 + Fighter 1 + Gangster synergy 1 = 6 on the 3-HP Nurse (+1 kill money)
    const st = run(s, [{ type: 'pick', target: { seat: 1, slot: 1 } }]).state;
    expect(st.players[1]!.board[1]).toBeNull();
    expect(st.players[0]!.safe).toBe(13);
    expect(st.phase).toBe('turn');
    expect(st.turn).toBe(0);
    ok(st);
  });

  test('Investigator freezes an opponent card for its next turn', () => {
    let s = deploy(
      {
        seats: [
          { board: ['boss_authority'], hand: ['authority_investigator'] },
          { board: ['boss_loner', 'loner_nurse'] },
        ],
      },
      'authority_investigator',
    ).state;
    s = run(s, [{ type: 'pick', target: { seat: 1, slot: 0 } }, { type: 'pass' }]).state;
    expect(s.turn).toBe(1);
    expect(view(s, 1).public.players[1]!.board[0]!.frozen).toBe(true);
    expect(keys(s).some((k) => k.startsWith('attack:0:'))).toBe(false);
    s = run(s, [{ type: 'pass' }, { type: 'pass' }]).state;
    expect(view(s, 1).public.players[1]!.board[0]!.frozen).toBe(false);
    expect(keys(s).some((k) => k.startsWith('attack:0:'))).toBe(true);
  });
});

describe('start-of-turn abilities', () => {
  test('Financier +1 from the Fund; Racketeer takes 2 from the richest; Investigator costs each opponent 1', () => {
    const st = startOfTurn({
      seats: [
        { board: ['boss_authority', 'authority_financier', 'authority_investigator'], safe: 0 },
        { board: ['boss_gangster', 'gangster_racketeer'], safe: 5 },
      ],
    }).state;
    expect(st.players[0]!.safe).toBe(1);
    expect(st.players[1]!.safe).toBe(4);
    const rk = startOfTurn({
      seats: [
        { board: ['boss_gangster', 'gangster_racketeer'], safe: 0 },
        { board: ['boss_loner'], safe: 5 },
      ],
    }).state;
    expect(rk.players.map((p) => p.safe)).toEqual([2, 3]);
  });

  test('Mechanic heals 1 and Nurse heals 2 on the most damaged card', () => {
    const st = startOfTurn({
      seats: [
        { board: [{ id: 'boss_loner', damage: 4 }, 'loner_mechanic', { id: 'loner_nurse', damage: 1 }] },
        { board: ['boss_gangster'] },
      ],
    }).state;
    expect(card(st, 0, 0).damageQ).toBe(1 * Q);
    expect(card(st, 0, 2).damageQ).toBe(1 * Q);
  });

  test('Guard restores a shield on itself; Bodyguards give a shield to every unshielded card', () => {
    const g = startOfTurn({
      seats: [{ board: ['boss_gangster', 'gangster_guard'] }, { board: ['boss_loner'] }],
      bank: 2,
    }).state;
    expect(card(g, 0, 1).shields).toBe(1);
    expect(g.bank).toBe(1);
    const b = startOfTurn({
      seats: [
        { board: [{ id: 'boss_authority', shields: 2 }, 'authority_shieldbearer', 'authority_swat'] },
        { board: ['boss_loner'] },
      ],
    }).state;
    expect([card(b, 0, 0).shields, card(b, 0, 1).shields, card(b, 0, 2).shields]).toEqual([2, 1, 1]);
    ok(b);
  });

  test('Legend doubles start-of-turn abilities', () => {
    const st = startOfTurn({
      seats: [
        { board: ['boss_loner', 'unique_loner', 'authority_financier'], safe: 0 },
        { board: ['boss_gangster'] },
      ],
    }).state;
    expect(st.players[0]!.safe).toBe(2);
  });

  test('Informant refreshes its deck look each turn', () => {
    const st = startOfTurn({
      seats: [{ board: ['boss_loner', 'solo_informant'] }, { board: ['boss_gangster'] }],
      top: ['event_war', 'event_bonus', 'event_audit', 'event_raid'],
    }).state;
    expect(st.players[0]!.deckLook?.cards).toEqual(['event_war', 'event_bonus', 'event_audit']);
  });
});

describe('auras', () => {
  test('ATK auras: atk_all (Valkyrie, Escort, Boss, Legend), SWAT +1 to Stormers, Hacker +1 per Hacker', () => {
    const s = scenario({
      seats: [
        { board: ['gangster_valkyrie', 'authority_swat', 'solo_hacker', 'loner_hacker'] },
        { board: ['boss_loner'] },
      ],
    });
    expect(cardAtk(s, 0, 0)).toBe(3 + 1 + 1); // Valkyrie: own aura + SWAT's Stormer bonus
    expect(cardAtk(s, 0, 1)).toBe(3 + 1 + 1);
    expect(cardAtk(s, 0, 2)).toBe(2 + 1 + 2); // two Hackers
    expect(cardAtk(s, 0, 3)).toBe(2 + 1);
  });

  test('Hackers lower the opponents’ shield limits; Authority and def_all raise yours', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner', 'loner_nurse'] },
        { board: ['boss_gangster', 'gangster_authority', 'loner_hacker'] },
      ],
    });
    expect(shieldLimit(s, 0, 1)).toBe(3 - 1); // Nurse D2 + its Boss's aura 1, minus 1
    // Kingpin card: D2 + Boss aura 1 + its own aura 1 = 4
    expect(shieldLimit(s, 1, 1)).toBe(4);
  });

  test('Broker: +1 money from the Fund for each discard', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner', 'solo_broker'], hand: ['loner_nurse'], safe: 0 },
        { board: ['boss_gangster'] },
      ],
    });
    const st = run(s, [{ type: 'discard', card: 'loner_nurse' }]).state;
    expect(st.players[0]!.safe).toBe(1);
  });
});

describe('events', () => {
  const reveal = (id: string, sc: Partial<Scenario> = {}) =>
    run(
      scenario({
        seats: sc.seats ?? [
          {
            board: [
              { id: 'boss_loner', shields: 1 },
              { id: 'loner_nurse', shields: 2 },
            ],
            safe: 6,
          },
          {
            board: [
              { id: 'boss_gangster', shields: 0 },
              { id: 'gangster_thief', shields: 1 },
            ],
            safe: 7,
          },
        ],
        top: [id],
        bank: sc.bank ?? 3,
      }),
      [{ type: 'buy', source: 'pile' }],
    );

  test('every event uses the action and goes to the Discard Pile', () => {
    for (const id of [
      'event_safe',
      'event_raid',
      'event_audit',
      'event_crash',
      'event_blackout',
      'event_roundup',
      'event_war',
      'event_bonus',
      'event_recruit',
      'event_disruption',
    ]) {
      const st = reveal(id).state;
      expect(st.discard).toContain(id);
      expect(st.turn).toBe(1);
      ok(st);
    }
  });

  test('Safe Cracked: up to 2 tokens from the Bank', () => {
    expect(reveal('event_safe').state.players[0]!.safe).toBe(8);
    expect(reveal('event_safe', { bank: 1 }).state.players[0]!.safe).toBe(7);
  });

  test('Raid: each opponent loses 1 shield from its FIRST OCCUPIED slot (RULINGS Kingpin 8)', () => {
    // Bo's first occupied slot is the Boss, which has no shield: nothing is lost.
    const none = reveal('event_raid');
    expect(card(none.state, 1, 1).shields).toBe(1);
    expect(card(none.state, 0, 0).shields).toBe(1);
    expect(none.events.some((e) => /has no shield to lose/.test(e.text))).toBe(true);
    // With a shield on the first occupied slot (slot 0 empty, the Boss in slot 1), that one goes.
    const st = reveal('event_raid', {
      seats: [
        { board: [{ id: 'boss_loner', shields: 1 }], safe: 6 },
        {
          board: [null, { id: 'boss_gangster', shields: 2 }, { id: 'gangster_thief', shields: 1 }],
          safe: 7,
        },
      ],
    }).state;
    expect(card(st, 1, 1).shields).toBe(1);
    expect(card(st, 1, 2).shields).toBe(1);
    expect(st.bank).toBe(3 + 1);
  });

  test('Audit: each opponent pays 2 to the Bank', () => {
    const st = reveal('event_audit').state;
    expect(st.players[1]!.safe).toBe(5);
    expect(st.bank).toBe(5);
  });

  test('Market Crash: everyone pays half their safe (rounded down) to the Fund', () => {
    const st = reveal('event_crash').state;
    expect(st.players.map((p) => p.safe)).toEqual([3, 4]);
    // 40 - 13 money - 4 shields - 3 in the Bank = 20 before; +3 +3
    expect(st.fund).toBe(26);
  });

  test('Blackout: abilities off (limits fall) until the end of the player’s next turn', () => {
    let st = reveal('event_blackout').state;
    expect(st.blackout).toEqual({ seat: 0, untilTurn: 2 });
    // seat 1's Boss: D3 + synergy 1 = 4 without its auras still 4; seat 0's Nurse: D2 only now
    expect(shieldLimit(st, 0, 1)).toBe(2);
    expect(cardAtk(st, 0, 0)).toBe(2);
    st = run(st, [{ type: 'pass' }]).state; // seat 1's turn ends, seat 0's next turn starts
    expect(st.blackout).not.toBeNull();
    st = run(st, [{ type: 'pass' }]).state;
    expect(st.blackout).toBeNull();
    expect(cardAtk(st, 0, 0)).toBe(3);
  });

  test('Roundup: each player’s lowest-HP non-Boss card goes to the Reserve (shields to the safe)', () => {
    const st = reveal('event_roundup').state;
    expect(st.reserve.sort()).toEqual(['gangster_thief', 'loner_nurse']);
    expect(st.players[0]!.safe).toBe(8);
    expect(st.players[1]!.safe).toBe(8);
  });

  test('Gang War: every non-Boss card takes 1 damage (shields first)', () => {
    const st = reveal('event_war').state;
    expect(card(st, 0, 1)).toMatchObject({ shields: 1, damageQ: 0 });
    expect(card(st, 1, 1)).toMatchObject({ shields: 0, damageQ: 0 });
    expect(card(st, 0, 0).shields).toBe(1);
    const kill = reveal('event_war', {
      seats: [{ board: ['boss_loner'] }, { board: ['boss_gangster', { id: 'gangster_thief', damage: 2.5 }] }],
    }).state;
    expect(kill.players[1]!.board[1]).toBeNull();
  });

  test('Bonus: +3 from the Fund; Recruitment: 2 Fund tokens as shields', () => {
    expect(reveal('event_bonus').state.players[0]!.safe).toBe(9);
    const st = reveal('event_recruit').state;
    expect(card(st, 0, 0).shields + card(st, 0, 1).shields).toBe(5);
  });

  test('Supply Disruption: opponents cannot buy on their next turn', () => {
    let st = reveal('event_disruption').state;
    expect(keys(st).some((k) => k.startsWith('buy'))).toBe(false);
    expect(view(st, 0).public.players[1]!.supplyDisrupted).toBe(true);
    st = run(st, [{ type: 'pass' }, { type: 'pass' }]).state;
    expect(keys(st).some((k) => k.startsWith('buy'))).toBe(true);
  });
});

describe('attack numbers from abilities', () => {
  test('Assassin +1 per attack; shields on attackers add 0.25 each', () => {
    const s = scenario({
      seats: [{ board: ['solo_killer', { id: 'solo_informant', shields: 1 }] }, { board: ['boss_gangster'] }],
    });
    // ATK 4 + 1, Rage 2 per attacker x2, damage +1, 1 shield
    expect(attackTotal(s, 0, [0, 1], 0).totalQ).toBe((4 + 1 + 4 + 1) * Q + 1);
  });
});
