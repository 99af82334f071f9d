import { describe, expect, test } from '@jest/globals';
import { neighbours } from '@parlor/shared/games/tactical-risk/board';
import { legalActions } from '@parlor/shared/games/tactical-risk/rules';
import { emptyBoard, beginTurnIn, put } from '@parlor/shared/games/tactical-risk/testkit';
import { view } from '@parlor/shared/games/tactical-risk/view';
import { wirePublic } from '@parlor/shared/games/tactical-risk/wireView';
import { moveGroups, planOdds } from './model';
import { jointPlanText } from './sceneModel';

/**
 * The Russians against a German stack in the Caucasus (taken for the test), with two stacks of their own beside it that
 * each lose alone and win together: the confirm card says so, with the odds the stacks together have.
 */
function twoStacksBeside(target = 'Caucasus') {
  const s = emptyBoard('Russians', 'combatMove');
  s.owner[target] = 'Germans';
  const mine = neighbours(target).filter((n) => s.owner[n] === 'Russians');
  expect(mine.length).toBeGreaterThanOrEqual(2);
  const [a, b] = mine as [string, string];
  put(s, 'Germans', target, { infantry: 3 });
  put(s, 'Russians', a, { infantry: 2, armour: 1 });
  put(s, 'Russians', b, { infantry: 2, armour: 1 });
  beginTurnIn(s, 'combatMove');
  const seat = s.controller.Russians;
  const legal = legalActions(s, seat);
  const pub = wirePublic(view(s, seat).public);
  return { pub, legal, a, b, target };
}

describe("the confirm card's odds with every stack that can reach", () => {
  test('names the other stacks and gives the odds of all of them together (the calculator’s own)', () => {
    const { pub, legal, a, b, target } = twoStacksBeside();
    const groups = moveGroups(pub, legal, a);
    const sel = Object.fromEntries(groups.map((g) => [g.key, g.ids.length]));
    const text = jointPlanText({ pub, groups, sel, from: a }, legal, target);
    const together = planOdds(pub, target, { infantry: 4, armour: 2 })!;
    const alone = planOdds(pub, target, { infantry: 2, armour: 1 })!;
    expect(together.attackerWin).toBeGreaterThan(alone.attackerWin + 0.1);
    expect(text).toBe(
      `With your units from ${b} too: win ${Math.round(together.attackerWin * 100)}%` +
        ` · takes ${Math.round(together.capture * 100)}% (move each stack in before the battles)`,
    );
  });

  test('says nothing where no other stack can join, where nothing defends, or outside the combat move', () => {
    const { pub, legal, a, target } = twoStacksBeside();
    const groups = moveGroups(pub, legal, a);
    const sel = Object.fromEntries(groups.map((g) => [g.key, g.ids.length]));
    // A Russian territory beside `a` with no enemy in it: a plain move, no fight.
    const friendly = neighbours(a).find((n) => pub.territories[n]?.owner === 'Russians')!;
    expect(jointPlanText({ pub, groups, sel, from: a }, legal, friendly)).toBe('');
    const later = { ...pub, phase: 'nonCombatMove' as const };
    expect(jointPlanText({ pub: later, groups, sel, from: a }, legal, target)).toBe('');
    // Only the chosen stack can reach: its own odds are all there is.
    const alone = legal.filter((x) => x.type !== 'move' || x.path[0] === a);
    expect(jointPlanText({ pub, groups, sel, from: a }, alone, target)).toBe('');
  });
});
