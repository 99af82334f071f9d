/** The bench's "turn without a choice" (choices.ts): what counts as a sensible play. */
import { sensiblePlays, withoutChoice } from './choices';
import { scenario } from './testkit';

const twoBosses = (safe: number, extra: Parameters<typeof scenario>[0]['seats'][0] = {}) =>
  scenario({
    seats: [
      { board: [{ id: 'boss_loner', shields: 2 }], safe, turnsTaken: 5, ...extra },
      { board: ['boss_gangster'], safe: 3, turnsTaken: 5 },
    ],
    onlyTop: true,
    top: ['loner_nurse'],
  });

describe('turns without a choice', () => {
  test('Boss against Boss at $0: one target and nothing else is no choice', () => {
    const s = twoBosses(0);
    expect(sensiblePlays(s, 0)).toEqual(['attack 1:0']);
    expect(withoutChoice(s, 0)).toBe(true);
  });

  test('money in the safe opens ammunition, shields and a pile buy', () => {
    const s = twoBosses(2);
    expect(sensiblePlays(s, 0).sort()).toEqual(['ammo', 'attack 1:0', 'buy pile', 'shield']);
    expect(withoutChoice(s, 0)).toBe(false);
  });

  test('a second target or a card to deploy is a choice, even at $0', () => {
    const two = scenario({
      seats: [
        { board: ['boss_loner'], safe: 0, turnsTaken: 5 },
        { board: ['boss_gangster', 'gangster_thief'], safe: 0, turnsTaken: 5 },
      ],
    });
    expect(sensiblePlays(two, 0).sort()).toEqual(['attack 1:0', 'attack 1:1']);
    const deploy = twoBosses(0, { hand: ['loner_hacker'] });
    expect(sensiblePlays(deploy, 0).sort()).toEqual(['attack 1:0', 'deploy loner_hacker']);
    expect(withoutChoice(two, 0) || withoutChoice(deploy, 0)).toBe(false);
  });

  test("not the seat's turn: nothing to decide", () => {
    expect(sensiblePlays(twoBosses(3), 1)).toEqual([]);
  });
});
