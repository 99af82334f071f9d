import { randomBot } from './baselines';
import { DEFAULT_OPTIONS } from './options';
import { kingpinBot } from './bot';
import { playMatch, type KingpinBot } from './playout';
import { legalActions } from './rules';
import { actionKey } from './actions';
import { run, scenario } from './testkit';
import { view } from './view';
import { replaced } from './botNormal';

const decide = (s: Parameters<typeof view>[0]) => {
  const seat = s.prompt ? s.prompt.seat : s.turn;
  return kingpinBot.decide(view(s, seat), legalActions(s, seat), () => 0.5);
};

describe('Kingpin bot', () => {
  test('beats random play clearly over 100 seeded matches (seats alternate, 2 and 3 players)', () => {
    let wins = 0;
    for (let i = 0; i < 100; i++) {
      const botSeat = i % 2;
      const three = i % 5 === 0;
      const bots: KingpinBot[] = three ? [randomBot, randomBot, randomBot] : [randomBot, randomBot];
      bots[botSeat] = kingpinBot;
      const r = playMatch({ ...DEFAULT_OPTIONS, emergencyDefense: i % 3 === 0 }, 777 + i, bots);
      if (r.state.winner === botSeat) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(85);
  });

  test('always picks a legal action', () => {
    for (let seed = 1; seed <= 20; seed++) {
      playMatch({ ...DEFAULT_OPTIONS, emergencyDefense: true }, seed, [kingpinBot, kingpinBot], {
        onStep: ({ before, seat, action }) => {
          expect(legalActions(before, seat).map(actionKey)).toContain(actionKey(action));
        },
      });
    }
  });

  test('takes a lethal attack on the Boss with the least ammunition', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner', 'loner_nurse'], safe: 9 },
        { board: [{ id: 'boss_gangster', damage: 4, shields: 1 }, 'gangster_thief'] },
      ],
    });
    const a = decide(s);
    expect(a.type).toBe('attack');
    const st = run(s, [a]).state;
    const ammo = decide(st);
    expect(ammo).toEqual({ type: 'ammo', amount: 0 });
    expect(run(st, [ammo]).state.winner).toBe(0);
  });

  test('freezes the strongest card that is not already frozen through its owner\u2019s next turn', () => {
    // Bo's Assassin (ATK 4) came in frozen through Bo's next turn; the Valkyrie (ATK 3) did not.
    const s = scenario({
      seats: [
        { board: ['boss_authority'], hand: ['authority_investigator'], safe: 0 },
        {
          board: ['boss_loner', { id: 'solo_killer', frozenUntil: 3 }, 'gangster_valkyrie'],
          turnsTaken: 2,
        },
      ],
    });
    const st = run(s, [{ type: 'deploy', card: 'authority_investigator' }]).state;
    expect(st.phase).toBe('pick');
    expect(view(st, 0).public.players[1]!.board[1]!.frozenTurns).toBe(1);
    expect(decide(st)).toEqual({ type: 'pick', target: { seat: 1, slot: 2 } });
  });

  test('shields its Boss when it has money to spare, and deploys from hand', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner'], hand: ['loner_hacker'], safe: 8 },
        {
          board: [
            { id: 'boss_authority', shields: 4 },
            { id: 'authority_shieldbearer', shields: 3 },
          ],
        },
      ],
    });
    expect(decide(s)).toEqual({ type: 'deploy', card: 'loner_hacker' });
    const after = run(s, [{ type: 'deploy', card: 'loner_hacker' }]).state;
    expect(decide(after)).toEqual({ type: 'safeToShield', slot: 0 });
  });

  test('builds its economy (buys) during the opening truce, when no attack is possible', () => {
    const s = scenario({
      seats: [
        { board: [{ id: 'boss_loner', shields: 4 }], safe: 3 },
        { board: [{ id: 'boss_gangster', shields: 4 }] },
      ],
      options: { bossTruce: true },
    });
    expect(legalActions(s, 0).some((a) => a.type === 'attack')).toBe(false);
    expect(decide(s)).toEqual({ type: 'buy', source: 'pile' });
  });

  test('presses a reachable Boss with its spare money as ammunition', () => {
    const s = scenario({
      seats: [
        { board: [{ id: 'boss_loner', shields: 4 }], safe: 9 },
        { board: [{ id: 'boss_gangster', shields: 4 }] },
      ],
      options: { bossHp: 20 }, // out of reach of a kill this turn
    });
    const first = decide(s);
    expect(first).toMatchObject({ type: 'attack', target: { seat: 1, zone: 'board', slot: 0 } });
    const st = run(s, [first]).state;
    expect(decide(st)).toEqual({ type: 'ammo', amount: 9 - 4 });
  });

  test('bribes a valuable card when it is cheap', () => {
    const s = scenario({
      seats: [
        {
          board: [{ id: 'boss_loner', shields: 4 }],
          safe: 4,
        },
        { board: [{ id: 'boss_gangster', shields: 4 }, 'unique_authority'], safe: 0 },
      ],
    });
    // No lethal line (6 + 4 ammunition < 10 HP + 4 shields): the General for 1 beats killing it or chip damage.
    expect(decide(s)).toEqual({ type: 'bribe', target: { seat: 1, slot: 1 } });
  });

  test('with reinforcements it does not spend its attack on a card that a new one would replace', () => {
    // Bo has the Boss and one Thief, an empty hand, past the opening: the Thief's death brings a new
    // card (edition 4: always; edition 5: only while Bo's Boss has lost more HP than Ada's).
    const sc = (reinforcements: boolean, hand: string[] = [], edition = 4, boLost = 0) =>
      scenario({
        seats: [
          { board: [{ id: 'boss_loner', shields: 4 }], safe: 4, turnsTaken: 4 },
          {
            board: [{ id: 'boss_gangster', shields: 0, damage: boLost }, 'gangster_thief'],
            hand: hand as never,
            turnsTaken: 4,
          },
        ],
        options: { bossHp: 20, reinforcements, edition },
      });
    expect(replaced(view(sc(true), 0).public, 1, 1)).toBe(true);
    expect(replaced(view(sc(true, ['loner_nurse']), 0).public, 1, 1)).toBe(false);
    expect(replaced(view(sc(false), 0).public, 1, 1)).toBe(false);
    expect(decide(sc(true))).toMatchObject({ type: 'attack', target: { seat: 1, slot: 0 } });
    expect(decide(sc(false))).toMatchObject({ type: 'attack', target: { seat: 1, slot: 1 } });
    // Edition 5: Bo's Boss not behind, the Thief dies for good; behind, a new card would come.
    expect(replaced(view(sc(true, [], 5), 0).public, 1, 1)).toBe(false);
    expect(decide(sc(true, [], 5))).toMatchObject({ type: 'attack', target: { seat: 1, slot: 1 } });
    expect(replaced(view(sc(true, [], 5, 3), 0).public, 1, 1)).toBe(true);
    expect(replaced(view(sc(true, ['loner_nurse'], 5, 3), 0).public, 1, 1)).toBe(false);
  });
});
