import { describe, expect, test } from '@jest/globals';
import { kingpin } from '@parlor/shared/games/kingpin/index';
import { attack, scenario } from '@parlor/shared/games/kingpin/testkit';
import { view } from '@parlor/shared/games/kingpin/view';
import { attackChoices, bossInsteadWords } from './preview';
import { controlsModel } from './viewModel';

/** Ada's Loner Boss and Valkyrie (1 shield) against Bo's Gangster Boss (2 shields, 2 damage) and Informant. */
const position = (bossTruce = false) =>
  scenario({
    seats: [
      { board: ['boss_loner', { id: 'gangster_valkyrie', shields: 1 }], safe: 3 },
      { board: [{ id: 'boss_gangster', shields: 2, damage: 2 }, 'solo_informant'], safe: 0 },
    ],
    options: { bossTruce, bossHp: 20 },
  });

const planned = (s: ReturnType<typeof position>, target: { seat: number; zone: 'board'; slot: number }) => {
  const pub = view(s, 0).public;
  const legal = kingpin.legalActions(s, 0);
  const m = controlsModel(
    { mySeat: 0, status: 'playing', toAct: [0] },
    pub,
    legal,
    { handSize: 0, hand: [], deckLook: null },
    null,
    {
      attackers: [0, 1],
      target,
    },
  );
  return m.planner!.preview!;
};

describe("the planner beside a small card's 'destroys it'", () => {
  test("shows what the same attack takes off their Boss: the rules' own figures", () => {
    const s = position();
    const p = planned(s, { seat: 1, zone: 'board', slot: 1 });
    expect(p.kills).toBe(true);
    expect(p.boss).not.toBeNull();
    // The same attackers on Bo's Boss, played through the rules.
    const before = view(s, 0).public.players[1]!.board[0]!;
    const after = view(attack(s, [0, 1], 1, 0).state, 0).public.players[1]!.board[0]!;
    expect(p.boss).toEqual({
      hp: before.hp,
      hpLost: before.hp - after.hp,
      shieldsLost: before.shields - after.shields,
      destroyed: false,
    });
    expect(p.boss!.hpLost).toBeGreaterThan(0);
    expect(bossInsteadWords(p.boss!)).toBe(
      `on their Boss: ${String(p.boss!.hpLost).replace('.25', '¼').replace('.5', '½').replace('.75', '¾')} of ${before.hp} HP after 2 shields`,
    );
  });

  test('nothing beside it when their Boss may not be attacked (the truce) or is itself the target', () => {
    const truce = planned(position(true), { seat: 1, zone: 'board', slot: 1 });
    expect(truce.kills).toBe(true);
    expect(truce.boss).toBeNull();
    const atBoss = planned(position(), { seat: 1, zone: 'board', slot: 0 });
    expect(atBoss.boss).toBeNull();
  });

  test('the words: a fall says they are out', () => {
    expect(bossInsteadWords({ hp: 20, hpLost: 10.25, shieldsLost: 0, destroyed: false })).toBe(
      'on their Boss: 10¼ of 20 HP',
    );
    expect(bossInsteadWords({ hp: 4, hpLost: 4, shieldsLost: 1, destroyed: true })).toBe(
      'on their Boss: destroys it, they are out',
    );
  });
});

describe("the hand view's 'Attack with' choices (party mode) say it too", () => {
  const choices = (s: ReturnType<typeof position>, slot: number) => {
    const legal = kingpin.legalActions(s, 0);
    const attacks = legal.filter(
      (a): a is Extract<typeof a, { type: 'attack' }> =>
        a.type === 'attack' && a.target.zone === 'board' && a.target.seat === 1 && a.target.slot === slot,
    );
    return attackChoices(view(s, 0).public, 0, attacks, legal);
  };

  test("beside a small card's 'destroys', what the same attackers take off their Boss: the planner's words", () => {
    const s = position();
    const options = choices(s, 1);
    const both = options.find((o) => o.a.attackers.length === 2)!;
    expect(both.pv.kills).toBe(true);
    // The planner's own figures for the same attack, in the same words.
    const p = planned(s, { seat: 1, zone: 'board', slot: 1 });
    expect(both.pv.boss).toEqual(p.boss);
    expect(both.text).toBe(
      `Loner Boss + Valkyrie: ${String(p.total).replace('.25', '¼').replace('.5', '½').replace('.75', '¾')} dmg, destroys · ${bossInsteadWords(p.boss!)}`,
    );
    // Strongest first: the kills, then the damage.
    for (let i = 1; i < options.length; i++) {
      const [x, y] = [options[i - 1]!.pv, options[i]!.pv];
      expect(Number(x.kills) > Number(y.kills) || (x.kills === y.kills && x.total >= y.total)).toBe(true);
    }
  });

  test('nothing about their Boss in the truce (it may not be attacked) nor when the Boss is the target', () => {
    const truce = choices(position(true), 1);
    expect(truce.some((o) => o.pv.kills)).toBe(true);
    for (const o of truce) expect(o.text).not.toMatch(/on their Boss/);
    for (const o of choices(position(), 0)) expect(o.text).not.toMatch(/on their Boss/);
  });
});
