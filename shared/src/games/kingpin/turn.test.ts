import fc from 'fast-check';
import { actionKey } from './actions';
import { kingpin } from './index';
import { apply, legalActions } from './rules';
import { TURN_CAP, allCardIds, tokenTotal } from './state';
import { bribeCost, shieldLimit } from './stats';
import { card, newMatch, run, scenario } from './testkit';
import { endTurn, normalize } from './turn';
import type { KingpinState } from './types';

const keys = (s: KingpinState, seat = s.turn) => legalActions(s, seat).map(actionKey);

describe('setup', () => {
  test('2 players: blind Bosses, 12 money each, a Golden Fund of 16, 37 cards in the Draw Pile', () => {
    const s = newMatch(2);
    // The first player's turn has begun; with $12 in its safe it takes no base income (edition 3
    // pays it only to a safe of $2 or less).
    expect(s.players.map((p) => p.safe)).toEqual([12, 12]);
    expect(s.fund).toBe(16);
    expect(s.bank).toBe(0);
    expect(s.drawPile).toHaveLength(37);
    expect(s.reserve).toEqual([]);
    expect(s.unusedBosses).toHaveLength(1);
    const first = s.turn;
    // the first player's Boss is on the board (placed at the start of its first turn); the other's in hand
    expect(s.players[first]!.board[0]?.id).toBe(s.players[first]!.boss);
    expect(s.players[1 - first]!.hand).toEqual([s.players[1 - first]!.boss]);
    expect(tokenTotal(s)).toBe(40);
    expect(allCardIds(s)).toHaveLength(40);
  });

  test('3 players: the Golden Fund holds the 4 extra tokens; every Boss drawn', () => {
    const s = newMatch(3);
    expect(s.fund).toBe(4);
    expect(s.unusedBosses).toEqual([]);
    expect(new Set(s.players.map((p) => p.boss)).size).toBe(3);
  });

  test('the first player and the Bosses come from the seed', () => {
    const firsts = new Set<number>();
    const bosses = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const s = newMatch(2, {}, seed);
      firsts.add(s.turn);
      bosses.add(s.players[0]!.boss);
      expect(newMatch(2, {}, seed)).toEqual(s);
    }
    expect(firsts.size).toBe(2);
    expect(bosses.size).toBe(3);
  });
});

describe('Defense Management', () => {
  const base = () =>
    scenario({
      seats: [
        { board: [{ id: 'boss_loner', shields: 1 }, 'loner_nurse'], safe: 5 },
        { board: ['boss_gangster'] },
      ],
    });

  test('flip money to shields and back within limits, move shields between cards', () => {
    let s = base();
    // Boss: D3 + 1 + 1 (+0: loners give no limit) = 4 (ceiling); Nurse: 2 + 2 = 4.
    expect(shieldLimit(s, 0, 0)).toBe(4);
    s = run(s, [
      { type: 'safeToShield', slot: 1 },
      { type: 'moveShield', from: 0, to: 1 },
      { type: 'shieldToSafe', slot: 1 },
    ]).state;
    expect(card(s, 0, 0).shields).toBe(0);
    expect(card(s, 0, 1).shields).toBe(1);
    expect(s.players[0]!.safe).toBe(5);
    expect(s.turn).toBe(0); // no main action yet
  });

  test('no shield beyond the limit; the limit is min(4, D + auras)', () => {
    let s = scenario({
      seats: [
        { board: [{ id: 'gangster_thief', shields: 0 }, 'solo_informant'], safe: 5 },
        { board: ['boss_gangster'] },
      ],
    });
    expect(shieldLimit(s, 0, 0)).toBe(0);
    expect(keys(s)).not.toContain('safeToShield:0');
    s = scenario({
      seats: [
        { board: ['boss_authority', 'unique_authority', 'authority_commissar'] },
        { board: ['boss_gangster'] },
      ],
    });
    // D 3 + def_all 3 + authority 3 + synergy 1 -> capped at 4
    expect(shieldLimit(s, 0, 1)).toBe(4);
  });

  test('when a limit falls, excess shields go to the Bank at once', () => {
    const s = scenario({
      seats: [
        {
          board: [
            { id: 'boss_loner', shields: 4 },
            { id: 'loner_nurse', shields: 4 },
          ],
          safe: 0,
        },
        { board: ['boss_gangster'] },
      ],
    });
    // an opponent's Hacker takes 2 off every limit
    s.players[1]!.board[1] = { id: 'solo_hacker', shields: 0, damageQ: 0, frozenUntil: -1 };
    s.drawPile.splice(s.drawPile.indexOf('solo_hacker'), 1);
    normalize(s);
    // Boss D3 + its own aura 1 = 4, minus 2; Nurse D2 + the Boss's aura 1 = 3, minus 2.
    expect(card(s, 0, 0).shields).toBe(2);
    expect(card(s, 0, 1).shields).toBe(1);
    expect(s.bank).toBe(2 + 3);
    expect(tokenTotal(s)).toBe(40);
  });

  test('an aura leaving (its card bribed away) lowers limits: the owner loses the excess shields', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner'], safe: 10 },
        {
          board: [
            { id: 'boss_gangster', shields: 4 },
            { id: 'gangster_thief', shields: 3 },
            { id: 'gangster_authority', shields: 0 },
          ],
          safe: 0,
        },
      ],
    });
    // Thief: D0 + Boss aura 1 + Kingpin card aura 1 + synergy 1 -> 3; without the Kingpin card: 2.
    expect(shieldLimit(s, 1, 1)).toBe(3);
    const st = run(s, [{ type: 'bribe', target: { seat: 1, slot: 2 } }]).state;
    expect(card(st, 1, 1).shields).toBe(2);
    expect(card(st, 1, 0).shields).toBe(4);
    expect(st.bank).toBe(2 + 1); // the bribe + the excess shield
    expect(tokenTotal(st)).toBe(40);
  });

  test('deploy: one hand card per turn onto the lowest free slot', () => {
    const s = scenario({
      seats: [{ board: ['boss_loner'], hand: ['loner_nurse', 'loner_hacker'] }, { board: ['boss_gangster'] }],
    });
    const st = run(s, [{ type: 'deploy', card: 'loner_hacker' }]).state;
    expect(card(st, 0, 1).id).toBe('loner_hacker');
    expect(keys(st).some((k) => k.startsWith('deploy'))).toBe(false);
    expect(st.turn).toBe(0);
  });

  test('Driver may return to hand; its shields flip to the safe', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner', { id: 'loner_driver', shields: 2 }], safe: 0 },
        { board: ['boss_gangster'] },
      ],
    });
    const st = run(s, [{ type: 'recall', slot: 1 }]).state;
    expect(st.players[0]!.hand).toContain('loner_driver');
    expect(st.players[0]!.safe).toBe(2);
  });
});

describe('main actions', () => {
  test('buying checks the price but pays nothing; the card goes to hand or board with shields', () => {
    const s = scenario({
      seats: [{ board: ['boss_loner'], safe: 5 }, { board: ['boss_gangster'] }],
      top: ['unique_loner'],
    });
    let st = run(s, [{ type: 'buy', source: 'pile' }]).state;
    expect(st.phase).toBe('place');
    expect(st.players[0]!.safe).toBe(5);
    expect(keys(st)).toEqual(expect.arrayContaining(['place:hand', 'place:board:0', 'place:board:4']));
    st = run(st, [{ type: 'place', to: 'board', shields: 2 }]).state;
    expect(card(st, 0, 1)).toMatchObject({ id: 'unique_loner', shields: 2 });
    expect(st.players[0]!.safe).toBe(3);
    expect(st.turn).toBe(1);
  });

  test('an unaffordable card revealed from the pile goes to the Reserve; the action is used', () => {
    const s = scenario({
      seats: [{ board: ['boss_loner'], safe: 3 }, { board: ['boss_gangster'] }],
      top: ['unique_gangster'],
    });
    const st = run(s, [{ type: 'buy', source: 'pile' }]).state;
    expect(st.reserve).toEqual(['unique_gangster']);
    expect(st.turn).toBe(1);
    expect(st.lastRevealed).toBe('unique_gangster');
  });

  test('Reserve buys: only affordable cards, one unique per player; Trader discounts', () => {
    const s = scenario({
      seats: [{ board: ['boss_loner', 'unique_loner'], safe: 4 }, { board: ['boss_gangster'] }],
      reserve: ['gangster_authority', 'unique_authority', 'loner_nurse'],
    });
    expect(keys(s).filter((k) => k.startsWith('buy:reserve'))).toEqual(['buy:reserve:loner_nurse']);
    const trader = scenario({
      seats: [{ board: ['boss_loner', 'loner_trader'], safe: 4 }, { board: ['boss_gangster'] }],
      reserve: ['gangster_authority'],
    });
    expect(keys(trader)).toContain('buy:reserve:gangster_authority');
    const fund = trader.fund;
    const st = run(trader, [
      { type: 'buy', source: 'reserve', card: 'gangster_authority' },
      { type: 'place', to: 'hand' },
    ]).state;
    expect(st.players[0]!.safe).toBe(5); // purchase bonus
    expect(st.fund).toBe(fund - 1);
  });

  test('the 6-card limit (hand + board) blocks buying and bribing', () => {
    const s = scenario({
      seats: [
        {
          board: ['boss_loner', 'loner_nurse', 'loner_hacker'],
          hand: ['loner_driver', 'loner_mechanic', 'loner_trader'],
        },
        { board: ['boss_gangster', 'gangster_thief'] },
      ],
      reserve: ['solo_informant'],
    });
    expect(keys(s).some((k) => k.startsWith('buy') || k.startsWith('bribe'))).toBe(false);
    expect(keys(s)).toContain('discard:loner_driver');
  });

  test('bribe: pay Corruption (+ the shields) to the Bank; the card joins your hand; cooldown of one turn', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner'], safe: 12 },
        { board: ['boss_gangster', { id: 'gangster_thief', shields: 1 }], safe: 0 },
      ],
    });
    expect(keys(s)).toContain('bribe:1:1');
    expect(keys(s)).not.toContain('bribe:1:0'); // Bosses are unbribable
    let st = run(s, [{ type: 'bribe', target: { seat: 1, slot: 1 } }]).state;
    expect(st.players[0]!.hand).toEqual(['gangster_thief']);
    expect(st.players[0]!.safe).toBe(12 - 4 - 3);
    expect(st.players[1]!.safe).toBe(1); // the shield flips back to its owner
    expect(st.bank).toBe(7);
    // §6.2: after a bribe the turn goes on, but only an attack or the end of the turn remain.
    expect(st.turn).toBe(0);
    expect(st.bribedThisTurn).toBe(true);
    expect(keys(st).every((k) => k.startsWith('attack') || k === 'pass')).toBe(true);
    expect(keys(st)).toContain('attack:0:1:board:0');
    st = run(st, [{ type: 'pass' }]).state; // ends the briber's turn
    st = run(st, [{ type: 'pass' }]).state; // opponent
    st.players[1]!.board[2] = { id: 'gangster_racketeer', shields: 0, damageQ: 0, frozenUntil: -1 };
    st.drawPile.splice(st.drawPile.indexOf('gangster_racketeer'), 1);
    expect(keys(st).some((k) => k.startsWith('bribe'))).toBe(false);
    st = run(st, [{ type: 'pass' }, { type: 'pass' }]).state;
    expect(keys(st)).toContain('bribe:1:2');
  });

  test('Unbribable: SWAT, Driver, everything under a Godfather; Commissar costs double, Escort adds 2', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner'], safe: 30 - 12 },
        { board: ['boss_authority', 'authority_swat', 'authority_commissar', 'solo_agent'], safe: 0 },
        { board: ['boss_gangster', 'unique_gangster', 'gangster_thief'], safe: 0 },
      ],
    });
    const bribes = keys(s).filter((k) => k.startsWith('bribe'));
    expect(bribes).toEqual(['bribe:1:2', 'bribe:1:3']);
    expect(bribeCost(s, 1, 2)).toBe(2 * 2 + 2);
    expect(bribeCost(s, 1, 3)).toBe(2);
  });

  test('discard (shields to the safe) and sell (Trader, to the Reserve for money)', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner', { id: 'loner_nurse', shields: 2 }, 'loner_trader'], safe: 0 },
        { board: ['boss_gangster'] },
      ],
    });
    expect(keys(s)).not.toContain('discard:boss_loner');
    const d = run(s, [{ type: 'discard', card: 'loner_nurse' }]).state;
    expect(d.discard).toContain('loner_nurse');
    expect(d.players[0]!.safe).toBe(2);
    const sold = run(s, [{ type: 'sell', card: 'loner_nurse' }]).state;
    expect(sold.reserve).toEqual(['loner_nurse']);
    expect(sold.players[0]!.safe).toBe(3);
  });

  test('Defense Management is only before the main action; a prompt allows only its answers', () => {
    const s = scenario({ seats: [{ board: ['boss_loner'] }, { board: ['boss_gangster'] }] });
    const st = run(s, [
      { type: 'attack', attackers: [0], target: { seat: 1, zone: 'board', slot: 0 } },
    ]).state;
    expect(new Set(keys(st).map((k) => k.split(':')[0]))).toEqual(new Set(['ammo']));
    const r = apply(st, 0, { type: 'safeToShield', slot: 0 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('WRONG_PHASE');
    const other = apply(s, 1, { type: 'pass' });
    expect(!other.ok && other.error.code).toBe('NOT_YOUR_TURN');
  });

  test('an empty Draw Pile is refilled by shuffling the Reserve', () => {
    const s = scenario({
      seats: [{ board: ['boss_loner'] }, { board: ['boss_gangster'] }],
      top: [],
      onlyTop: true,
      reserve: ['loner_nurse', 'gangster_thief'],
    });
    const st = run(s, [{ type: 'buy', source: 'pile' }]).state;
    expect(st.reserve).toEqual([]);
    expect(st.drawPile).toHaveLength(1);
    expect(st.phase).toBe('place');
  });
});

describe('turn flow, cap and timeouts', () => {
  test('the turn passes clockwise; the cap decides on Boss HP', () => {
    const s = scenario({
      seats: [{ board: [{ id: 'boss_loner', damage: 3 }] }, { board: [{ id: 'boss_gangster', damage: 1 }] }],
    });
    s.turnNumber = TURN_CAP;
    const st = run(s, [{ type: 'pass' }]).state;
    expect(st.phase).toBe('finished');
    expect(st.capped).toBe(true);
    expect(st.winner).toBe(1);
    expect(kingpin.outcome(st)?.winners).toEqual([1]);
  });

  test('timeouts: off by default; with a limit the turn passes and prompts take their default', () => {
    const s = scenario({ seats: [{ board: ['boss_loner'] }, { board: ['boss_gangster'] }] });
    expect(kingpin.timeout(s)).toBeNull();
    const timed = scenario({
      seats: [{ board: ['boss_loner'] }, { board: ['boss_gangster'] }],
      options: { turnSeconds: 60 },
    });
    expect(kingpin.timeout(timed)).toMatchObject({ seat: 0, durationMs: 60000, action: { type: 'pass' } });
    const ammo = run(timed, [
      { type: 'attack', attackers: [0], target: { seat: 1, zone: 'board', slot: 0 } },
    ]).state;
    const rule = kingpin.timeout(ammo)!;
    expect(rule.action).toEqual({ type: 'ammo', amount: 0 });
    expect(apply(ammo, rule.seat, rule.action).ok).toBe(true);
  });

  test('endTurn skips eliminated seats', () => {
    const s = scenario({
      seats: [{ board: ['boss_loner'] }, { board: ['boss_gangster'] }, { board: ['boss_authority'] }],
    });
    s.players[1]!.eliminated = true;
    s.discard.push(...s.players[1]!.board.flatMap((c) => (c ? [c.id] : [])));
    s.players[1]!.board = s.players[1]!.board.map(() => null);
    endTurn(s, []);
    expect(s.turn).toBe(2);
  });
});

describe('robustness', () => {
  test('apply never throws and refuses anything not in the legal list', () => {
    const states = [
      newMatch(2, {}, 3),
      newMatch(3, { emergencyDefense: true }, 4),
      run(scenario({ seats: [{ board: ['boss_loner'] }, { board: ['boss_gangster'] }] }), [
        { type: 'attack', attackers: [0], target: { seat: 1, zone: 'board', slot: 0 } },
      ]).state,
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...states),
        fc.integer({ min: -1, max: 3 }),
        fc.anything(),
        (s, seat, junk) => {
          const action = (typeof junk === 'object' && junk !== null ? junk : { type: junk }) as never;
          const r = apply(s, seat, action);
          if (r.ok) expect(keys(s, seat)).toContain(actionKey(action));
          else expect(r.error.code).not.toBe('INTERNAL');
        },
      ),
      { numRuns: 500 },
    );
  });

  test('near-miss payloads are refused: wrong slot, bad shapes, other phase', () => {
    const s = scenario({ seats: [{ board: ['boss_loner'] }, { board: ['boss_gangster'] }] });
    for (const bad of [
      { type: 'attack', attackers: [1], target: { seat: 1, zone: 'board', slot: 0 } },
      { type: 'attack', attackers: [0], target: { seat: 0, zone: 'board', slot: 0 } },
      { type: 'attack', attackers: [0, 0], target: { seat: 1, zone: 'board', slot: 0 } },
      { type: 'buy', source: 'reserve' },
      { type: 'place', to: 'board' },
      { type: 'ammo', amount: 1 },
      { type: 'moveShield', from: 0, to: 0 },
    ]) {
      expect(apply(s, 0, bad as never).ok).toBe(false);
    }
  });

  test('a capped match with equal Bosses and tokens is a draw', () => {
    const s = scenario({ seats: [{ board: ['boss_loner'] }, { board: ['boss_authority'] }] });
    s.turnNumber = TURN_CAP;
    const st = run(s, [{ type: 'pass' }]).state;
    expect(st.winner).toBeNull();
    expect(kingpin.outcome(st)).toEqual({ winners: [], summary: 'A draw at the turn cap.' });
  });

  test('prompt timeouts are legal defaults', () => {
    const timed = { turnSeconds: 30 };
    const place = run(
      scenario({
        seats: [{ board: ['boss_loner'] }, { board: ['boss_gangster'] }],
        top: ['loner_nurse'],
        options: timed,
      }),
      [{ type: 'buy', source: 'pile' }],
    ).state;
    const pick = run(
      scenario({
        seats: [{ board: ['boss_gangster'], hand: ['gangster_fighter'] }, { board: ['boss_loner'] }],
        options: timed,
      }),
      [{ type: 'deploy', card: 'gangster_fighter' }],
    ).state;
    const emergency = run(
      scenario({
        seats: [
          { board: ['loner_sniper'] },
          { board: [{ id: 'boss_gangster', shields: 1 }], hand: ['gangster_thief'] },
        ],
        options: { emergencyDefense: true },
      }),
      [
        { type: 'attack', attackers: [0], target: { seat: 1, zone: 'hand' } },
        { type: 'ammo', amount: 0 },
      ],
    ).state;
    for (const st of [place, pick, emergency]) {
      const rule = kingpin.timeout(st)!;
      expect(rule).not.toBeNull();
      expect(apply(st, rule.seat, rule.action).ok).toBe(true);
    }
    expect(kingpin.timeout(emergency)?.seat).toBe(1);
  });
});
