/**
 * Rules editions: a match recorded before Kingpin had editions (edition 1) keeps the rules and the
 * state shape it was played with; new tables (edition 2) get today's rules. The recorded fixture's
 * exact replay is checked by server/test/persistence/legacySeeds.test.ts; these pin each gated rule.
 */
import { createHash } from 'node:crypto';
import { parseRecordedOptions } from '../../core/editions';
import { actionKey } from './actions';
import { kingpinBot } from './bot';
import { isLegacy, reinforcementRule, rulesOf, winReasonOf } from './edition';
import { kingpin } from './index';
import { playMatch } from './playout';
import { legalActions } from './rules';
import { shieldLimit, maxHpQ } from './stats';
import { card, newMatch, run, scenario, type Scenario } from './testkit';
import { EMERGENCY_PROMPT_MS, LEGACY_EMERGENCY_PROMPT_MS, timeout } from './timeouts';
import type { KingpinOptions, KingpinState } from './types';
import { view } from './view';

const ED1 = { edition: 1 } as const;
const keys = (s: KingpinState) => legalActions(s, s.turn).map(actionKey);
const both = (sc: Scenario) => [
  scenario({ ...sc, options: { ...sc.options, ...ED1 } }),
  scenario({ ...sc, options: { ...sc.options, edition: 2 } }),
];

/**
 * Every state of three seeded bot matches (seeds 11-13; 12 with three players), hashed: an edition's
 * matches replay exactly when these equal the hashes recorded before a newer edition.
 */
function hashedBotMatches(opts: KingpinOptions): string[] {
  return [11, 12, 13].map((seed) => {
    const h = createHash('sha256');
    const n = seed === 12 ? 3 : 2;
    const r = playMatch(opts, seed, Array(n).fill(kingpinBot), {
      onStep: ({ after }) => h.update(JSON.stringify(after)),
    });
    return `${seed}:${r.state.turnNumber}:${h.digest('hex').slice(0, 16)}`;
  });
}

describe('options', () => {
  test('a record without an edition is edition 1 with its old values; new tables are edition 5', () => {
    const old = parseRecordedOptions(kingpin, { emergencyDefense: true, turnSeconds: 30 });
    expect(old.success && old.data).toEqual({
      emergencyDefense: true,
      turnSeconds: 30,
      bossTruce: false,
      bossHp: 10,
      ammoCap: 0,
      economicCollapse: false,
      dominationTokens: 0,
      income: 0,
      reinforcements: false,
      edition: 1,
    });
    const fresh = kingpin.optionsSchema.parse({});
    expect(fresh.edition).toBe(5);
    expect(fresh.reinforcements).toBe(true);
    expect(fresh.bossHp).toBe(20);
    expect(fresh.bossTruce).toBe(true);
    expect(fresh.income).toBe(1);
    expect(kingpin.optionsSchema.safeParse({ edition: 6 }).success).toBe(false);
    // An edition-2 record (no base income then) reads back with none, not today's $1.
    const { income: _today, reinforcements: _new, ...before } = fresh;
    const ed2 = parseRecordedOptions(kingpin, { ...before, edition: 2 });
    expect(ed2.success && ed2.data).toMatchObject({ edition: 2, income: 0, reinforcements: false });
    // An edition-3 record (no reinforcements then) reads back without them.
    const ed3 = parseRecordedOptions(kingpin, { ...before, income: 1, edition: 3 });
    expect(ed3.success && ed3.data).toMatchObject({ edition: 3, income: 1, reinforcements: false });
    // Edition 4's reinforcements were off by default: a record that lacks the key reads back off, and
    // one that has it keeps it.
    const { reinforcements: _on, ...ed4Options } = fresh;
    const ed4 = parseRecordedOptions(kingpin, { ...ed4Options, edition: 4 });
    expect(ed4.success && ed4.data).toMatchObject({ edition: 4, reinforcements: false });
    const ed4On = parseRecordedOptions(kingpin, { ...fresh, edition: 4 });
    expect(ed4On.success && ed4On.data).toMatchObject({ edition: 4, reinforcements: true });
    expect(kingpin.optionFields.map((f) => f.key)).not.toContain('edition');
  });

  test("an edition-1 state stores only edition 1's options and none of the newer fields", () => {
    const s = newMatch(2, ED1);
    expect(s.options).toEqual({ emergencyDefense: false, turnSeconds: 0 });
    expect(Object.keys(s.options)).toEqual(['emergencyDefense', 'turnSeconds']);
    expect('winReason' in s).toBe(false);
    expect('bribedThisTurn' in s).toBe(false);
    expect(isLegacy(s)).toBe(true);
    expect(rulesOf(s)).toMatchObject({ bossHp: 10, bossTruce: false, edition: 1 });
    const now = newMatch(2);
    expect(now.options.edition).toBe(5);
    expect(now.winReason).toBeNull();
    expect(now.bribedThisTurn).toBe(false);
  });

  test('an edition-2 state stores no income key and replays exactly as before edition 3', () => {
    const opts = kingpin.optionsSchema.parse({ edition: 2, emergencyDefense: true }) as KingpinOptions;
    expect(opts.income).toBe(0);
    expect('income' in newMatch(2, { edition: 2 }).options).toBe(false);
    expect(rulesOf(newMatch(2, { edition: 2 })).income).toBe(0);
    // Every state of these bot matches, hashed: recorded on main 6e49388 (before edition 3).
    const recorded = ['11:20:1003554612946bd8', '12:17:b4a530ca1c6b5d0a', '13:14:f563c7aabb632420'];
    expect(hashedBotMatches(opts)).toEqual(recorded);
  });

  test('an edition-3 state stores no reinforcements key and replays exactly as before edition 4', () => {
    const opts = kingpin.optionsSchema.parse({ edition: 3, emergencyDefense: true }) as KingpinOptions;
    expect(opts).toMatchObject({ income: 1, reinforcements: false });
    expect('reinforcements' in newMatch(2, { edition: 3 }).options).toBe(false);
    expect(rulesOf(newMatch(2, { edition: 3 })).reinforcements).toBe(false);
    // Every state of these bot matches, hashed: recorded on the kpr branch at d5bfd60 (before edition 4).
    const recorded = ['11:20:e57c63a7667f9928', '12:17:33551315eaac7a41', '13:14:7d385a42b4c0ed0c'];
    expect(hashedBotMatches(opts)).toEqual(recorded);
  });

  test('an edition-4 state replays exactly as before edition 5, reinforcements on and off', () => {
    const on = kingpin.optionsSchema.parse({ edition: 4, reinforcements: true, emergencyDefense: true });
    const off = kingpin.optionsSchema.parse({ edition: 4, reinforcements: false, emergencyDefense: true });
    expect(rulesOf(newMatch(2, on)).reinforcements).toBe(true);
    expect(reinforcementRule(newMatch(2, on))).toBe('lone');
    // Every state of these bot matches, hashed: recorded on the kpr branch at 2b78c49 (before edition 5).
    expect(hashedBotMatches(on)).toEqual([
      '11:11:6d75c87f6bbdf23d',
      '12:17:3622bb152b676668',
      '13:7:d31f7d8cfc279f88',
    ]);
    expect(hashedBotMatches(off)).toEqual([
      '11:20:58e6a84775682bea',
      '12:17:b0a959869ea71210',
      '13:14:cb072694ad2c4a31',
    ]);
  });

  test('edition-1 bot matches finish without the state ever gaining a newer field', () => {
    for (let seed = 1; seed <= 4; seed++) {
      const opts = kingpin.optionsSchema.parse({
        ...ED1,
        emergencyDefense: seed % 2 === 0,
      }) as KingpinOptions;
      const r = playMatch(opts, seed, [kingpinBot, kingpinBot, kingpinBot], {
        onStep: ({ after }) => {
          if ('winReason' in after || 'bribedThisTurn' in after || 'edition' in after.options)
            throw new Error(`seed ${seed}: a newer field in an edition-1 state`);
        },
      });
      expect(r.state.phase).toBe('finished');
      const out = kingpin.outcome(r.state);
      expect(out).not.toBeNull();
      if (r.state.winner !== null) expect(winReasonOf(r.state)).toBe(r.state.capped ? 'cap' : 'boss');
    }
  });
});

describe('each gated rule', () => {
  test('Bosses: 10 HP and no opening truce in edition 1', () => {
    const [old, now] = [newMatch(2, ED1), newMatch(2)];
    expect(maxHpQ(old, 0, 0) / 4).toBeLessThan(maxHpQ(now, 0, 0) / 4);
    expect(view(old, 0).public.bossHp).toBe(10);
    expect(view(old, 0).public.truceActive).toBe(false);
    expect(view(now, 0).public.truceActive).toBe(true);
  });

  test("edition 1 counts a Boss's Authority and its def_all both (2); edition 2 once (1)", () => {
    const [old, now] = both({
      seats: [{ board: ['boss_loner', 'solo_informant'] }, { board: ['boss_gangster'] }],
    });
    expect(shieldLimit(old!, 0, 1)).toBe(1 + 2);
    expect(shieldLimit(now!, 0, 1)).toBe(1 + 1);
  });

  test('a bribe ends the turn in edition 1; edition 2 lets an attack follow', () => {
    const [old, now] = both({
      seats: [
        { board: ['boss_loner'], safe: 12 },
        { board: ['boss_gangster', 'gangster_guard'], safe: 0 },
      ],
    });
    const bribe = { type: 'bribe', target: { seat: 1, slot: 1 } } as const;
    const o = run(old!, [bribe]).state;
    expect(o.turn).toBe(1);
    expect('bribedThisTurn' in o).toBe(false);
    const n = run(now!, [bribe]).state;
    expect(n.turn).toBe(0);
    expect(n.bribedThisTurn).toBe(true);
  });

  test('Raid in edition 1: the first card WITH a shield loses one (not the first occupied slot)', () => {
    const sc: Scenario = {
      seats: [
        { board: [{ id: 'boss_loner', shields: 1 }], safe: 6 },
        {
          board: [
            { id: 'boss_gangster', shields: 0 },
            { id: 'gangster_thief', shields: 1 },
          ],
          safe: 7,
        },
      ],
      top: ['event_raid'],
      bank: 3,
    };
    const [old, now] = both(sc).map((s) => run(s, [{ type: 'buy', source: 'pile' }]).state);
    expect(card(old!, 1, 1).shields).toBe(0);
    expect(card(now!, 1, 1).shields).toBe(1);
  });

  test("edition 1 offers no discard that moves the card's shields onto the board", () => {
    const sc: Scenario = {
      seats: [
        {
          board: [{ id: 'boss_loner', shields: 2 }, { id: 'loner_nurse', shields: 3 }, 'loner_hacker'],
          safe: 0,
        },
        { board: ['boss_gangster'] },
      ],
    };
    const [old, now] = both(sc);
    expect(keys(old!)).toContain('discard:loner_nurse');
    expect(keys(old!)).not.toContain('discard:loner_nurse:board');
    expect(keys(now!)).toContain('discard:loner_nurse:board');
    const refused = kingpin.apply(old!, 0, { type: 'discard', card: 'loner_nurse', shields: 'board' });
    expect(refused.ok).toBe(false);
    expect(old!.players[0]!.safe).toBe(0);
  });

  test('the base income: $1 at the start of each turn in edition 3, none in editions 1 and 2', () => {
    const sc: Scenario = {
      seats: [
        { board: ['boss_loner'], safe: 0 },
        { board: ['boss_gangster'], safe: 0 },
      ],
    };
    const [old, ed2, now] = [
      scenario({ ...sc, options: ED1 }),
      scenario({ ...sc, options: { edition: 2, income: 1 } }),
      scenario({ ...sc, options: { income: 1 } }),
    ].map((s) => run(s, [{ type: 'pass' }]).state);
    expect(old!.players[1]!.safe).toBe(0);
    expect(ed2!.players[1]!.safe).toBe(0);
    expect(now!.players[1]!.safe).toBe(1);
  });

  test('reinforcements: a lone Boss with an empty hand gets a card frozen for the turn in edition 4 even when ahead, none in edition 3 or (not behind) 5', () => {
    const sc: Scenario = {
      seats: [
        { board: ['boss_loner'], safe: 0, turnsTaken: 3 },
        { board: ['boss_gangster'], safe: 0, turnsTaken: 2 },
      ],
      top: ['event_bonus', 'loner_nurse'],
    };
    const [ed3, now, ed5] = [
      scenario({ ...sc, options: { edition: 3, reinforcements: true } }),
      scenario({ ...sc, options: { edition: 4, reinforcements: true } }),
      scenario({ ...sc, options: { reinforcements: true } }),
    ].map((s) => run(s, [{ type: 'pass' }]).state);
    expect(ed3!.players[1]!.board.filter(Boolean)).toHaveLength(1);
    expect(ed3!.drawPile[0]).toBe('event_bonus');
    // Neither Boss has lost HP: edition 5's catch-up brings nothing (reinforcements.test.ts).
    expect(ed5!.players[1]!.board.filter(Boolean)).toHaveLength(1);
    // The first card that is not an event comes in, the event stays on top; it cannot attack yet.
    expect(card(now!, 1, 1).id).toBe('loner_nurse');
    expect(card(now!, 1, 1).shields).toBe(0);
    expect(card(now!, 1, 1).frozenUntil).toBe(3);
    expect(now!.drawPile[0]).toBe('event_bonus');
    expect(legalActions(now!, 1).some((a) => a.type === 'attack' && a.attackers.includes(1))).toBe(false);
  });

  test('the Emergency Defense prompt waits 20 s in edition 1, 45 s in edition 2', () => {
    const [old, now] = both({ seats: [{ board: ['boss_loner'] }, { board: ['boss_gangster'] }] });
    for (const s of [old!, now!]) {
      s.phase = 'emergency';
      s.prompt = { kind: 'emergency', seat: 1, card: null, pick: null, attack: null, then: 'end' };
    }
    expect(timeout(old!)?.durationMs).toBe(LEGACY_EMERGENCY_PROMPT_MS);
    expect(timeout(now!)?.durationMs).toBe(EMERGENCY_PROMPT_MS);
  });
});
