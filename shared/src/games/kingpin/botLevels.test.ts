/** The three levels of the Kingpin bot: legal, seeded, each playing as its level says, from its seat's view. */
import type { BotLevel } from '../../core/contract';
import { canonicalJson, playout } from '../../core/playout';
import { actionKey } from './actions';
import { kingpinBot } from './bot';
import { determinize } from './botDeterminize';
import { EASY_BOSS_SHIELDS } from './botEasy';
import { lead } from './botModel';
import { kingpin } from './index';
import { DEFAULT_OPTIONS } from './options';
import { legalActions } from './rules';
import { scenario } from './testkit';
import type { KingpinAction, KingpinOptions, KingpinState } from './types';
import { bossShieldAdvice } from './threat';
import { publicView, view } from './view';

const always = (x: number) => () => x;
/** A key seed per match number (the server's tables have key seeds). */
const key = (n: number) => n.toString(16).padStart(64, 'a');

function decide(s: KingpinState, level: BotLevel, random = always(0.5)): KingpinAction {
  const seat = s.prompt ? s.prompt.seat : s.turn;
  return kingpinBot.decide(view(s, seat), legalActions(s, seat), random, level);
}

function match(levels: BotLevel[], n: number, options: Partial<KingpinOptions> = {}) {
  return playout(kingpin, { ...DEFAULT_OPTIONS, ...options }, key(n), Array(levels.length).fill(kingpinBot), {
    levels,
    label: 'botLevels.test',
  });
}

describe('every level', () => {
  test('picks a listed action in whole matches, 2 and 3 players, Emergency Defense on and off', () => {
    const tables: [BotLevel[], number][] = [
      [['easy', 'normal'], 4],
      [['normal', 'easy', 'easy'], 4],
      [['hard', 'normal'], 2],
      [['easy', 'hard', 'normal'], 1],
    ];
    let checked = 0;
    tables.forEach(([levels, count], t) => {
      for (let i = 0; i < count; i++) {
        const r = playout(
          kingpin,
          { ...DEFAULT_OPTIONS, emergencyDefense: i % 2 === 0 },
          key(100 * t + i),
          Array(levels.length).fill(kingpinBot),
          {
            levels,
            label: 'botLevels.test',
            onStep: ({ before, seat, action }) => {
              expect(legalActions(before, seat).map(actionKey)).toContain(actionKey(action));
              checked++;
            },
          },
        );
        expect(r.state.phase).toBe('finished');
      }
    });
    expect(checked).toBeGreaterThan(200);
  });

  test('the same seed gives the same match (seeded randomness only), another seed another one', () => {
    for (const levels of [
      ['easy', 'normal'],
      ['hard', 'normal'],
    ] as BotLevel[][]) {
      const a = match(levels, 7).actions.map((x) => canonicalJson(x));
      const b = match(levels, 7).actions.map((x) => canonicalJson(x));
      expect(a).toEqual(b);
      expect(match(levels, 8).actions.map((x) => canonicalJson(x))).not.toEqual(a);
    }
  });

  test('a missing level is normal', () => {
    const s = scenario({
      seats: [
        { board: [{ id: 'boss_loner', shields: 4 }], safe: 9 },
        { board: [{ id: 'boss_gangster', shields: 4 }] },
      ],
      options: { bossHp: 20 },
    });
    const legal = legalActions(s, 0);
    for (const r of [0.1, 0.6, 0.95])
      expect(kingpinBot.decide(view(s, 0), legal, always(r))).toEqual(decide(s, 'normal', always(r)));
  });

  test('every level takes a lethal attack on a Boss whatever its draw', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner', 'loner_nurse'], safe: 9 },
        { board: [{ id: 'boss_gangster', damage: 4, shields: 1 }, 'gangster_thief'] },
      ],
    });
    for (const level of ['normal', 'hard'] as const)
      for (const r of [0, 0.5, 0.999]) {
        const a = decide(s, level, always(r));
        expect(a).toMatchObject({ type: 'attack', target: { seat: 1, zone: 'board', slot: 0 } });
      }
  });
});

describe('easy makes a newcomer\u2019s mistakes', () => {
  // The rival Boss has 10 HP and no shield: the Loner Boss alone deals 6, the Assassin alone 9, only
  // the two together (15) kill it.
  const combo = () =>
    scenario({
      seats: [{ board: ['boss_loner', 'solo_killer'], safe: 0 }, { board: ['boss_gangster'] }],
    });

  test('it misses the combined attack that kills the Boss (normal and hard find it)', () => {
    const s = combo();
    const lethal = (a: KingpinAction) => a.type === 'attack' && a.attackers.length === 2;
    expect(lethal(decide(s, 'normal'))).toBe(true);
    expect(lethal(decide(s, 'hard'))).toBe(true);
    for (const r of [0, 0.5, 0.999]) expect(lethal(decide(s, 'easy', always(r)))).toBe(false);
  });

  test('over whole matches it never combines attackers, never bribes, stacks its Boss beyond 2 shields only on the threat line’s word', () => {
    const count = {
      easyCombined: 0,
      normalCombined: 0,
      easyBribes: 0,
      normalBribes: 0,
      easyStacked: 0,
      easyStackedOnThreat: 0,
    };
    for (let i = 0; i < 12; i++) {
      playout(kingpin, DEFAULT_OPTIONS, key(300 + i), [kingpinBot, kingpinBot], {
        levels: i % 2 ? ['easy', 'normal'] : ['normal', 'easy'],
        label: 'botLevels.test',
        onStep: ({ before, seat, action }) => {
          const easy = seat === (i % 2 ? 0 : 1);
          if (action.type === 'attack' && action.attackers.length > 1)
            count[easy ? 'easyCombined' : 'normalCombined']++;
          if (action.type === 'bribe') count[easy ? 'easyBribes' : 'normalBribes']++;
          if (easy && action.type === 'safeToShield') {
            const c = before.players[seat]!.board[action.slot]!;
            if (c.id.startsWith('boss_') && c.shields >= EASY_BOSS_SHIELDS) {
              const advice = bossShieldAdvice(view(before, seat).public, seat);
              count[advice?.kind === 'shield' ? 'easyStackedOnThreat' : 'easyStacked']++;
            }
          }
        },
      });
    }
    expect(count).toMatchObject({ easyCombined: 0, easyBribes: 0, easyStacked: 0 });
    expect(count.normalCombined + count.normalBribes).toBeGreaterThan(0);
    expect(count.easyStackedOnThreat).toBeGreaterThan(0);
  });

  test('it fires the ammunition the prompt starts at: the least that destroys the target', () => {
    // The Loner Boss alone deals 6 to a 10-HP Boss with one shield: $5 destroys it, $4 does not.
    const s = scenario({
      seats: [
        { board: [{ id: 'boss_loner', shields: 4 }], safe: 9 },
        { board: [{ id: 'boss_gangster', shields: 1 }] },
      ],
    });
    const attack = decide(s, 'easy');
    expect(attack).toMatchObject({ type: 'attack', attackers: [0], target: { seat: 1, slot: 0 } });
    const next = kingpin.apply(s, 0, attack);
    if (!next.ok) throw new Error(next.error.message);
    for (const r of [0, 0.5, 0.999])
      expect(decide(next.state, 'easy', always(r))).toEqual({ type: 'ammo', amount: 5 });
  });
});

describe('variety and targets', () => {
  test('normal openings differ from match to match (not one fixed first turn)', () => {
    const openings = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const r = match(['normal', 'normal'], 500 + i);
      const first = r.actions[0]!.seat;
      const end = r.actions.findIndex((a) => a.seat !== first);
      openings.add(canonicalJson(r.actions.slice(0, end).map((a) => a.action)));
    }
    expect(openings.size).toBeGreaterThan(3);
  });

  test('the Boss it presses is the table leader, wherever that seat sits', () => {
    // Two rivals' Bosses within reach; one rival also has a strong board (the leader).
    const table = (leaderSeat: 1 | 2) => {
      const strong = {
        board: [{ id: 'boss_gangster', shields: 2 }, 'unique_authority', 'solo_killer'],
        safe: 8,
      };
      const weak = { board: [{ id: 'boss_authority', shields: 2 }], safe: 2 };
      return scenario({
        seats: [
          { board: [{ id: 'boss_loner', shields: 4 }], safe: 9 },
          leaderSeat === 1 ? strong : weak,
          leaderSeat === 1 ? weak : strong,
        ],
        options: { bossHp: 20 },
      });
    };
    for (const leaderSeat of [1, 2] as const) {
      const s = table(leaderSeat);
      const pub = publicView(s);
      expect(lead(pub, 0, leaderSeat)).toBeGreaterThan(0);
      const a = decide(s, 'normal', always(0.01));
      expect(a).toMatchObject({ type: 'attack', target: { seat: leaderSeat } });
    }
  });
});

describe('the hard bot\u2019s worlds', () => {
  test('a world keeps how long each card stays frozen: an edition-5 reinforcement cannot attack at its owner\u2019s next turn', () => {
    const pass = { type: 'pass' } as const;
    let s = scenario({
      seats: [
        { board: [{ id: 'boss_loner', damage: 1 }], safe: 0, turnsTaken: 3 },
        { board: [{ id: 'boss_gangster', damage: 3 }], safe: 0, turnsTaken: 2 },
      ],
      top: ['event_bonus', 'loner_nurse'],
      options: { reinforcements: true },
    });
    for (let turn = 0; turn < 4; turn++) {
      const r = kingpin.apply(s, s.turn, pass);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
      const real = s.players[1]!.board[1]!;
      expect(real.id).toBe('loner_nurse');
      for (const me of [0, 1]) {
        const world = determinize(view(s, me), me, always(0.3));
        // The last of Bo's turns it is frozen in, while it still matters.
        if (publicView(s).players[1]!.board[1]!.frozenTurns > 0)
          expect(world.players[1]!.board[1]!.frozenUntil).toBe(real.frozenUntil);
        expect(publicView(world).players[1]!.board[1]).toEqual(publicView(s).players[1]!.board[1]);
      }
    }
  });

  test('over whole matches with reinforcements, every world shows each card frozen as long as the table does', () => {
    for (const [levels, n] of [
      [['normal', 'normal'], 901],
      [['normal', 'easy', 'normal'], 902],
    ] as [BotLevel[], number][]) {
      const out = match(levels, n);
      let s = kingpin.setup(
        DEFAULT_OPTIONS,
        levels.map((_, i) => ({ name: `P${i}`, bot: true })),
        key(n),
      );
      let frozenSeen = 0;
      for (const { seat, action } of out.actions) {
        const r = kingpin.apply(s, seat, action);
        if (!r.ok) throw new Error(r.error.message);
        s = r.state;
        if (s.phase === 'finished') break;
        const me = s.prompt ? s.prompt.seat : s.turn;
        const world = publicView(determinize(view(s, me), me, always(0.3)));
        const frozen = (pub: typeof world) =>
          pub.players.map((p) => p.board.map((c) => c?.frozenTurns ?? -1));
        expect(frozen(world)).toEqual(frozen(publicView(s)));
        frozenSeen += frozen(world)
          .flat()
          .filter((t) => t > 0).length;
      }
      expect(frozenSeen).toBeGreaterThan(0);
    }
  });

  test('a world is built from the seat\u2019s view only: the same view gives the same world, whatever is hidden', () => {
    const base = match(['normal', 'normal'], 900);
    // A mid-match state: replay half the match.
    let s = kingpin.setup(
      DEFAULT_OPTIONS,
      [
        { name: 'Ada', bot: true },
        { name: 'Bo', bot: true },
      ],
      key(900),
    );
    for (const { seat, action } of base.actions.slice(0, Math.floor(base.actions.length / 2))) {
      const r = kingpin.apply(s, seat, action);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
    const me = s.turn;
    const other = 1 - me;
    // Another hidden deal: the rival's hand and the Draw Pile reshuffled together.
    const hidden = [...s.players[other]!.hand.filter((id) => !id.startsWith('boss_')), ...s.drawPile];
    const shuffled = hidden.slice().reverse();
    const twin: KingpinState = structuredClone(s);
    const keep = s.players[other]!.hand.filter((id) => id.startsWith('boss_'));
    twin.players[other]!.hand = [...keep, ...shuffled.slice(0, s.players[other]!.hand.length - keep.length)];
    twin.drawPile = shuffled.slice(s.players[other]!.hand.length - keep.length);
    expect(canonicalJson(view(twin, me))).toEqual(canonicalJson(view(s, me)));
    const w1 = determinize(view(s, me), me, always(0.3));
    const w2 = determinize(view(twin, me), me, always(0.3));
    expect(canonicalJson(w1)).toEqual(canonicalJson(w2));
    // And the world agrees with everything the seat can see: the same public view and legal actions.
    expect(canonicalJson(publicView(w1))).toEqual(canonicalJson(publicView(s)));
    expect(legalActions(w1, me).map(actionKey)).toEqual(legalActions(s, me).map(actionKey));
  });
});
