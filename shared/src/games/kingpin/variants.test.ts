/**
 * Scenario tests for the table options and the rulings of issue 21: the opening truce, the Boss HP
 * option, the ammunition cap, one Authority aura per card (§6.4), bribe then attack (§6.2), a
 * discarded card's shields, Economic Collapse and Domination.
 */
import { actionKey } from './actions';
import { kingpin } from './index';
import { DEFAULT_OPTIONS } from './options';
import { legalActions } from './rules';
import { tokenTotal } from './state';
import { shieldLimit } from './stats';
import { attack, card, newMatch, run, scenario } from './testkit';
import { view } from './view';
import type { KingpinState } from './types';

const keys = (s: KingpinState, seat = s.turn) => legalActions(s, seat).map(actionKey);
const bossTargets = (s: KingpinState) =>
  keys(s).filter((k) => k.startsWith('attack') && k.endsWith(':board:0') && !k.includes(`:${s.turn}:board`));

describe('opening truce (default on)', () => {
  test('no Boss can be attacked until every player has started two turns (2 players)', () => {
    let s = newMatch(2, {}, 11);
    const first = s.turn;
    expect(view(s, -1).public.truceActive).toBe(true);
    s = run(s, [{ type: 'pass' }]).state; // first player's turn 1
    expect(bossTargets(s)).toEqual([]); // second player's turn 1: the first Boss is on the board
    s = run(s, [{ type: 'pass' }]).state;
    expect(s.turn).toBe(first);
    expect(bossTargets(s)).toEqual([]); // first player's turn 2: the other has had only one
    s = run(s, [{ type: 'pass' }]).state;
    expect(view(s, -1).public.truceActive).toBe(false); // everyone has started two turns
    expect(bossTargets(s).length).toBeGreaterThan(0);
  });

  test('with 3 players the truce lasts until the third player starts their second turn', () => {
    let s = newMatch(3, {}, 5);
    for (let t = 0; t < 4; t++) {
      expect(bossTargets(s)).toEqual([]);
      s = run(s, [{ type: 'pass' }]).state;
    }
    expect(s.players.every((p) => p.turnsTaken >= 1)).toBe(true);
    s = run(s, [{ type: 'pass' }]).state; // the last player starts their second turn
    expect(s.players.every((p) => p.turnsTaken >= 2)).toBe(true);
    expect(bossTargets(s).length).toBeGreaterThan(0);
  });

  test("off (the design's rules): the second player may attack the first Boss at once", () => {
    let s = newMatch(2, { bossTruce: false }, 11);
    s = run(s, [{ type: 'pass' }]).state;
    expect(bossTargets(s).length).toBeGreaterThan(0);
  });

  test('non-Boss cards can be attacked during the truce', () => {
    const s = scenario({
      seats: [{ board: ['boss_loner'] }, { board: ['boss_gangster', 'gangster_thief'] }],
      options: { bossTruce: true },
    });
    expect(keys(s)).toContain('attack:0:1:board:1');
    expect(keys(s)).not.toContain('attack:0:1:board:0');
  });
});

describe('Boss HP and the ammunition cap', () => {
  test('Bosses have 20 HP by default, 10 with the design rules (plus clan synergy)', () => {
    const s = newMatch(2, {}, 3);
    const boss = view(s, -1).public.players[s.turn]!.board[0]!;
    expect(boss.maxHp).toBe(boss.id === 'boss_gangster' ? 20 : 21);
    const d = newMatch(2, { bossHp: 10 }, 3);
    expect(view(d, -1).public.players[d.turn]!.board[0]!.maxHp).toBe(boss.maxHp - 10);
  });

  test('uncapped by default (RULINGS 7); a cap limits the ammunition prompt', () => {
    const sc = (ammoCap: number) =>
      run(
        scenario({
          seats: [{ board: ['boss_loner'], safe: 9 }, { board: ['boss_gangster'] }],
          options: { ammoCap },
        }),
        [{ type: 'attack', attackers: [0], target: { seat: 1, zone: 'board', slot: 0 } }],
      ).state;
    expect(Math.max(...legalActions(sc(0), 0).map((a) => (a.type === 'ammo' ? a.amount : -1)))).toBe(9);
    expect(Math.max(...legalActions(sc(3), 0).map((a) => (a.type === 'ammo' ? a.amount : -1)))).toBe(3);
  });
});

describe('§6.4 shield limits: one Authority aura per card', () => {
  test("the example's numbers: D=1 alone 1, D=1 with Authority +1 gives 2, D=3 with +2 gives 4", () => {
    // A Boss's "Authority 1, shield limits +1" is one aura of +1.
    const s = scenario({
      seats: [
        { board: ['boss_loner', 'solo_informant'] },
        { board: ['boss_gangster', 'unique_authority', 'authority_swat'] },
      ],
    });
    expect(shieldLimit(s, 0, 1)).toBe(1 + 1); // Informant D1 + its Boss
    expect(shieldLimit(s, 0, 0)).toBe(3 + 1); // Boss D3 + itself
    // SWAT D1 + Boss 1 + General 2 (Authority 2; its "+1" is the same aura) = 4
    expect(shieldLimit(s, 1, 2)).toBe(4);
    // Blackout switches the auras off: the printed D alone.
    s.blackout = { seat: 1, untilTurn: 99 };
    expect(shieldLimit(s, 0, 1)).toBe(1);
  });

  test('the Commissar (shield limits +1, no Authority) adds 1', () => {
    const s = scenario({
      seats: [
        { board: ['boss_authority', 'authority_commissar', 'authority_financier'] },
        { board: ['boss_loner'] },
      ],
    });
    // Financier D2 + Boss 1 + Commissar 1 + Authorities synergy 1 = 5 -> the ceiling 4
    expect(shieldLimit(s, 0, 2)).toBe(4);
    const mixed = scenario({
      seats: [{ board: ['boss_authority', 'authority_commissar', 'loner_nurse'] }, { board: ['boss_loner'] }],
    });
    expect(shieldLimit(mixed, 0, 2)).toBe(2 + 1 + 1); // Nurse D2 + Boss + Commissar
  });
});

describe('§6.2 bribe defenders, then attack', () => {
  test('bribing a Guard away opens the Boss to an attack in the same turn', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner'], safe: 12 },
        { board: ['boss_gangster', 'gangster_guard'], safe: 0 },
      ],
    });
    expect(keys(s)).not.toContain('attack:0:1:board:0'); // the Guard protects the Boss
    const afterBribe = run(s, [{ type: 'bribe', target: { seat: 1, slot: 1 } }]);
    expect(afterBribe.state.turn).toBe(0);
    expect(afterBribe.state.bribedThisTurn).toBe(true);
    expect(view(afterBribe.state, 0).public.bribedThisTurn).toBe(true);
    expect(keys(afterBribe.state)).toContain('attack:0:1:board:0');
    // nothing else than an attack or the end of the turn
    expect(keys(afterBribe.state).filter((k) => !k.startsWith('attack'))).toEqual(['pass']);
    const hit = run(afterBribe.state, [
      { type: 'attack', attackers: [0], target: { seat: 1, zone: 'board', slot: 0 } },
      { type: 'ammo', amount: 2 },
    ]).state;
    expect(card(hit, 1, 0).damageQ).toBeGreaterThan(0);
    expect(hit.turn).toBe(1);
    expect(tokenTotal(hit)).toBe(40);
  });

  test('the turn ends at once when no attack is possible after the bribe', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner', { id: 'loner_nurse', frozenUntil: 5 }], safe: 12, turnsTaken: 1 },
        { board: ['boss_gangster', 'gangster_thief'], safe: 0 },
      ],
    });
    s.players[0]!.board[0]!.frozenUntil = 5;
    const st = run(s, [{ type: 'bribe', target: { seat: 1, slot: 1 } }]).state;
    expect(st.turn).toBe(1);
    expect(st.bribedThisTurn).toBe(false);
  });
});

describe("a discarded card's shields: redistributed or to the safe", () => {
  const base = () =>
    scenario({
      seats: [
        {
          board: [{ id: 'boss_loner', shields: 2 }, { id: 'loner_nurse', shields: 3 }, 'loner_hacker'],
          safe: 0,
        },
        { board: ['boss_gangster'] },
      ],
    });

  test('both choices are offered for a board card with shields and room elsewhere', () => {
    expect(keys(base())).toEqual(
      expect.arrayContaining(['discard:loner_nurse', 'discard:loner_nurse:board', 'discard:loner_hacker']),
    );
    expect(keys(base())).not.toContain('discard:loner_hacker:board'); // no shields on it
  });

  test('to the safe', () => {
    const st = run(base(), [{ type: 'discard', card: 'loner_nurse' }]);
    expect(st.state.players[0]!.safe).toBe(3);
    expect(st.events.map((e) => e.text).join(' ')).toMatch(/Its 3 shields: 3 to the safe/);
  });

  test('redistributed: lowest slot first within the limits, the rest to the safe', () => {
    const st = run(base(), [{ type: 'discard', card: 'loner_nurse', shields: 'board' }]);
    // Boss: limit 4, had 2 -> takes 2; Hacker: D1 + Boss 1 = 2 -> takes the last 1.
    expect(card(st.state, 0, 0).shields).toBe(4);
    expect(card(st.state, 0, 2).shields).toBe(1);
    expect(st.state.players[0]!.safe).toBe(0);
    expect(st.events.map((e) => e.text).join(' ')).toMatch(/Its 3 shields: 3 to other cards/);
    expect(tokenTotal(st.state)).toBe(40);
  });
});

describe('base income (edition 3: $1 a turn on the default table)', () => {
  const bare = (options = {}, bank = 0) =>
    scenario({
      seats: [
        { board: ['boss_loner'], safe: 0 },
        { board: ['boss_gangster'], safe: 0 },
      ],
      bank,
      options: { ...DEFAULT_OPTIONS, ...options },
    });

  test('each turn starts with $1 from the Golden Fund, logged; the 40 tokens stay 40', () => {
    const s = bare();
    const fund = s.fund;
    const st = run(s, [{ type: 'pass' }]);
    expect(st.state.players[1]!.safe).toBe(1);
    expect(st.state.fund).toBe(fund - 1);
    expect(tokenTotal(st.state)).toBe(40);
    expect(st.events.find((e) => e.type === 'income')?.text).toBe('Bo takes $1 income.');
  });

  test('from the Bank when the Fund is dry; nothing (and a log line) when both are', () => {
    const dry = bare({}, 3);
    dry.bank += dry.fund;
    dry.fund = 0;
    const bank = dry.bank;
    const st = run(dry, [{ type: 'pass' }]).state;
    expect(st.players[1]!.safe).toBe(1);
    expect(st.bank).toBe(bank - 1);
    const none = bare();
    none.players[0]!.safe += none.fund;
    none.fund = 0;
    const out = run(none, [{ type: 'pass' }]);
    expect(out.state.players[1]!.safe).toBe(0);
    expect(tokenTotal(out.state)).toBe(40);
    expect(out.events.find((e) => e.type === 'income')?.text).toMatch(/no income/);
  });

  test('only while the safe holds $2 or less (a safety net, not a race fund)', () => {
    const s = bare();
    s.players[1]!.safe = 2;
    s.fund -= 2;
    expect(run(s, [{ type: 'pass' }]).state.players[1]!.safe).toBe(3);
    const rich = bare();
    rich.players[1]!.safe = 3;
    rich.fund -= 3;
    const st = run(rich, [{ type: 'pass' }]);
    expect(st.state.players[1]!.safe).toBe(3);
    expect(st.events.some((e) => e.type === 'income')).toBe(false);
  });

  test("a table option: 2 a turn, or 0 (the design's rules)", () => {
    expect(run(bare({ income: 2 }), [{ type: 'pass' }]).state.players[1]!.safe).toBe(2);
    expect(run(bare({ income: 0 }), [{ type: 'pass' }]).state.players[1]!.safe).toBe(0);
    expect(kingpin.optionsSchema.safeParse({ income: 4 }).success).toBe(false);
    expect(view(bare(), 0).public.income).toBe(1);
  });
});

describe('optional victories (§8.2)', () => {
  test('Economic Collapse: a player who starts a turn with no money and no shields is out', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner'], safe: 5 },
        { board: ['boss_gangster'], safe: 0 },
      ],
      options: { economicCollapse: true, income: 0 },
    });
    const st = run(s, [{ type: 'pass' }]);
    expect(st.state.phase).toBe('finished');
    expect(st.state.winner).toBe(0);
    expect(st.state.winReason).toBe('collapse');
    expect(kingpin.outcome(st.state)!.summary).toMatch(/Economic Collapse/);
    expect(st.events.some((e) => e.type === 'collapse')).toBe(true);
  });

  test('Economic Collapse is off by default, and start-of-turn income can save a player', () => {
    const off = run(
      scenario({
        seats: [
          { board: ['boss_loner'], safe: 5 },
          { board: ['boss_gangster'], safe: 0 },
        ],
      }),
      [{ type: 'pass' }],
    ).state;
    expect(off.phase).toBe('turn');
    const saved = run(
      scenario({
        seats: [
          { board: ['boss_loner'], safe: 5 },
          { board: ['boss_authority', 'authority_financier'], safe: 0 },
        ],
        options: { economicCollapse: true, income: 0 },
      }),
      [{ type: 'pass' }],
    ).state;
    expect(saved.phase).toBe('turn');
    expect(saved.players[1]!.safe).toBe(1);
  });

  test('Economic Collapse with 3 players: the collapsed player is out, the match goes on', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner'], safe: 5 },
        { board: ['boss_gangster'], safe: 0 },
        { board: ['boss_authority'], safe: 5 },
      ],
      options: { economicCollapse: true, income: 0 },
    });
    const st = run(s, [{ type: 'pass' }]).state;
    expect(st.players[1]!.eliminated).toBe(true);
    expect(st.turn).toBe(2);
    expect(st.phase).toBe('turn');
  });

  test('Domination: ending your turn with the threshold of tokens wins', () => {
    const s = scenario({
      seats: [
        { board: [{ id: 'boss_loner', shields: 4 }], safe: 16 },
        { board: ['boss_gangster'], safe: 4 },
      ],
      options: { dominationTokens: 20 },
    });
    const st = run(s, [{ type: 'pass' }]).state;
    expect(st.winner).toBe(0);
    expect(st.winReason).toBe('domination');
    expect(kingpin.outcome(st)!.summary).toMatch(/Domination/);
    // one token short: the match goes on
    const short = scenario({
      seats: [
        { board: [{ id: 'boss_loner', shields: 4 }], safe: 15 },
        { board: ['boss_gangster'], safe: 4 },
      ],
      options: { dominationTokens: 20 },
    });
    expect(run(short, [{ type: 'pass' }]).state.phase).toBe('turn');
  });

  test('the Boss victory names its reason', () => {
    const s = scenario({
      seats: [{ board: ['boss_loner'], safe: 12 }, { board: ['boss_gangster'] }],
    });
    const st = attack(s, [0], 1, 0, 12).state;
    expect(st.winReason).toBe('boss');
  });
});
