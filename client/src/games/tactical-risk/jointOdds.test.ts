import { describe, expect, test } from '@jest/globals';
import { neighbours } from '@parlor/shared/games/tactical-risk/board';
import { legalActions } from '@parlor/shared/games/tactical-risk/rules';
import { emptyBoard, beginTurnIn, put } from '@parlor/shared/games/tactical-risk/testkit';
import { view } from '@parlor/shared/games/tactical-risk/view';
import { wirePublic } from '@parlor/shared/games/tactical-risk/wireView';
import { moveGroups, planOdds } from './model';
import { attackIdeas, ideaStep } from './advice';
import { attackReach, joiningUnits, jointPlanText } from './sceneModel';

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
    // `b` is Russia, the capital: with German infantry next door it keeps one Infantry home.
    expect(b).toBe('Russia');
    const together = planOdds(pub, target, { infantry: 3, armour: 2 })!;
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

test('an idea and the confirm card count the same units: a capital an enemy could walk into keeps one home in both', () => {
  const s = emptyBoard('Russians', 'combatMove');
  s.owner.Caucasus = 'Germans';
  put(s, 'Germans', 'Caucasus', { infantry: 4 });
  put(s, 'Russians', 'Russia', { infantry: 3, armour: 1 });
  put(s, 'Russians', 'Karelia S.S.R.', { infantry: 2, armour: 1 });
  beginTurnIn(s, 'combatMove');
  const seat = s.controller.Russians;
  const legal = legalActions(s, seat);
  const pub = wirePublic(view(s, seat).public);
  const idea = attackIdeas(pub, legal, new Set()).find((i) => i.target === 'Caucasus')!;
  // The ideas leave one Infantry in Moscow's Russia (German infantry next door could walk in).
  expect(idea.attackers).toEqual({ infantry: 4, armour: 2 });
  const pct = (x: number) => Math.round(x * 100);
  // Whichever stack a tap on the idea chooses first, the card's "together" line reads the row's odds.
  for (const from of ['Russia', 'Karelia S.S.R.']) {
    const groups = moveGroups(pub, legal, from);
    const step = ideaStep(pub, legal, 'Caucasus')!;
    const sel =
      step.from === from
        ? step.sel
        : Object.fromEntries(
            groups.map((g) => [
              g.key,
              from === 'Russia' && g.type === 'infantry' ? g.ids.length - 1 : g.ids.length,
            ]),
          );
    const text = jointPlanText({ pub, groups, sel, from }, legal, 'Caucasus');
    expect(text).toContain(`win ${pct(idea.win)}% · takes ${pct(idea.capture)}%`);
  }
  // The stacks together as the card and the ideas count them: one list.
  const joined = joiningUnits(attackReach(pub, legal), 'Caucasus');
  expect(joined.map((j) => j.at).sort()).toEqual(['Karelia S.S.R.', 'Russia']);
});
