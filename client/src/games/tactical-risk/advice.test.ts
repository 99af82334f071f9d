import { describe, expect, test } from '@jest/globals';
import { neighbours, production, UNIT } from '@parlor/shared/games/tactical-risk/board';
import { simulateBattle } from '@parlor/shared/games/tactical-risk/calculator';
import { legalActions } from '@parlor/shared/games/tactical-risk/rules';
import { act, beginTurnIn, emptyBoard, newGame, put } from '@parlor/shared/games/tactical-risk/testkit';
import type { TacticalRiskAction, TacticalRiskState } from '@parlor/shared/games/tactical-risk/types';
import { view } from '@parlor/shared/games/tactical-risk/view';
import { screenView, wireView } from '@parlor/shared/games/tactical-risk/wireView';
import {
  adviceFor,
  attackIdeas,
  countsText,
  freeLand,
  frontOf,
  GOOD_ODDS,
  ideaStep,
  MAX_ROWS,
  suggestedBuy,
} from './advice';
import { battleSides, buildMove, commonDestinations, cost, moveGroups, planOdds } from './model';
import { fogHidden } from './sceneModel';

/** What the Russians' screen reads: the seat's view (fog's own stacks put back) and its legal list. */
function seen(s: TacticalRiskState) {
  const seat = s.controller.Russians;
  const pub = screenView(wireView(view(s, seat))).public;
  const legal = legalActions(s, seat);
  const hidden = fogHidden(pub, ['Russians'], false);
  return { pub, legal, hidden };
}

/** The Russians against Germans in `target`, two Russian stacks beside it (each loses alone, together they win). */
function twoStacksBeside(target = 'Evenki National Okrug', defenders = 3) {
  const s = emptyBoard('Russians', 'combatMove');
  s.owner[target] = 'Germans';
  // Not the capital (a capital keeps a unit home: its own test below).
  const mine = neighbours(target).filter((n) => s.owner[n] === 'Russians' && n !== 'Russia');
  expect(mine.length).toBeGreaterThanOrEqual(2);
  const [a, b] = mine as [string, string];
  put(s, 'Germans', target, { infantry: defenders });
  put(s, 'Russians', a, { infantry: 3, armour: 1 });
  put(s, 'Russians', b, { infantry: 2, armour: 1 });
  beginTurnIn(s, 'combatMove');
  return { s, a, b, target };
}

/** The Russians' first turn on the classic board, at its combat move. */
function roundOne(options = {}) {
  let s = newGame(options);
  expect(s.phase).toBe('purchase');
  s = act(s, { type: 'endPhase' });
  expect(s.phase).toBe('combatMove');
  return s;
}

describe('the combat move’s attack ideas', () => {
  test('one row per target, with the calculator’s odds for every unit that can reach it together', () => {
    const { s, a, b, target } = twoStacksBeside();
    const { pub, legal, hidden } = seen(s);
    const ideas = attackIdeas(pub, legal, hidden);
    const idea = ideas.find((i) => i.target === target)!;
    expect(idea.attackers).toEqual({ infantry: 5, armour: 2 });
    expect(idea.from).toEqual([a, b]); // the larger stack first
    // The calculator on its own, with what defends as this seat sees it.
    const defender = battleSides(pub, target, 'Russians').defender;
    expect(defender).toEqual({ infantry: 3 });
    const r = simulateBattle({
      attacker: { infantry: 5, armour: 2 },
      defender,
      sea: false,
      aaGun: false,
      trials: 1000,
      seed: 7,
    });
    expect(idea.win).toBe(r.attackerWin);
    expect(idea.capture).toBe(r.capture);
    // Each stack alone does worse: the row is what they do together.
    expect(planOdds(pub, target, { infantry: 3, armour: 1 })!.attackerWin).toBeLessThan(idea.win);
    const advice = adviceFor(pub, legal, hidden, 0)!;
    expect(idea.win).toBeGreaterThanOrEqual(GOOD_ODDS);
    expect(advice.attacks.map((x) => x.target)).toContain(target);
  });

  test('a tap on an idea selects the next stack; once moved in it counts as there and the next stack follows', () => {
    const { s, a, b, target } = twoStacksBeside();
    let { pub, legal } = seen(s);
    const step = ideaStep(pub, legal, target)!;
    expect(step.from).toBe(a);
    const groups = moveGroups(pub, legal, a);
    const dest = commonDestinations(pub, groups, step.sel).get(target)!;
    expect(dest).toBeDefined();
    const before = attackIdeas(pub, legal, new Set()).find((i) => i.target === target)!;
    const s2 = act(s, buildMove(groups, step.sel, dest, false) as TacticalRiskAction);
    ({ pub, legal } = seen(s2));
    const after = attackIdeas(pub, legal, new Set()).find((i) => i.target === target)!;
    expect(after.committed).toBe(4);
    expect(after.from).toEqual([b]);
    expect(after.attackers).toEqual(before.attackers);
    expect(after.win).toBe(before.win);
    expect(ideaStep(pub, legal, target)!.from).toBe(b);
  });

  test('a fogged territory is neither an attack nor free land: what defends it is not known', () => {
    const s = roundOne({ fogOfWar: true });
    const { pub, legal, hidden } = seen(s);
    // A territory the Russians' units could be sent to, hidden from them.
    const reachable = new Set(
      legal.filter((x) => x.type === 'move').map((x) => (x as { path: string[] }).path.at(-1)!),
    );
    const fogged = [...reachable].filter((t) => hidden.has(t));
    expect(fogged.length).toBeGreaterThan(0);
    const attacks = attackIdeas(pub, legal, hidden).map((i) => i.target);
    const free = freeLand(pub, legal, hidden).map((i) => i.target);
    for (const t of fogged) {
      expect(attacks).not.toContain(t);
      expect(free).not.toContain(t);
    }
    // The Germans do have units there (the seat is not sent them).
    const theirs = fogged.filter((t) => s.units.some((u) => u.at === t && u.owner === 'Germans'));
    expect(theirs.length).toBeGreaterThan(0);
    for (const t of theirs) expect(pub.territories[t]!.units).toEqual({});
  });

  test('a territory on the hidden list is left out, an attack or free land alike', () => {
    const { s, target } = twoStacksBeside();
    const { pub, legal } = seen(s);
    expect(attackIdeas(pub, legal, new Set()).map((i) => i.target)).toContain(target);
    expect(attackIdeas(pub, legal, new Set([target])).map((i) => i.target)).not.toContain(target);
    const e = emptyBoard('Russians', 'combatMove');
    e.owner.Caucasus = 'Germans';
    put(e, 'Russians', 'Russia', { infantry: 2 });
    beginTurnIn(e, 'combatMove');
    const x = seen(e);
    expect(freeLand(x.pub, x.legal, new Set()).map((i) => i.target)).toContain('Caucasus');
    expect(freeLand(x.pub, x.legal, new Set(['Caucasus'])).map((i) => i.target)).not.toContain('Caucasus');
  });

  test('nothing in reach: no rows, and a line that says so and what to do', () => {
    const s = emptyBoard('Russians', 'combatMove');
    // One infantry deep inside Russian land (every neighbour Russian, no enemy anywhere near).
    const inner = Object.keys(s.owner).find(
      (t) => s.owner[t] === 'Russians' && neighbours(t).every((n) => s.owner[n] === 'Russians'),
    )!;
    put(s, 'Russians', inner, { infantry: 2 });
    beginTurnIn(s, 'combatMove');
    const { pub, legal, hidden } = seen(s);
    expect(legal.some((x) => x.type === 'move')).toBe(true);
    expect(attackIdeas(pub, legal, hidden)).toEqual([]);
    expect(freeLand(pub, legal, hidden)).toEqual([]);
    const advice = adviceFor(pub, legal, hidden, 0)!;
    expect(advice.attacks).toEqual([]);
    expect(advice.line).toMatch(/^No attack with good odds this turn: keep your units, press “To battles”\./);
  });

  test('round 1 as the Russians: at least one attack at 60% or better when stacks join, at most four rows', () => {
    const s = roundOne();
    const { pub, legal, hidden } = seen(s);
    const advice = adviceFor(pub, legal, hidden, 0)!;
    expect(advice.attacks.length).toBeGreaterThanOrEqual(1);
    expect(advice.attacks.length).toBeLessThanOrEqual(MAX_ROWS);
    for (const [i, idea] of advice.attacks.entries()) {
      expect(idea.win).toBeGreaterThanOrEqual(GOOD_ODDS);
      if (i > 0) expect(idea.win).toBeLessThanOrEqual(advice.attacks[i - 1]!.win);
      // Each idea's first step is a move the screen offers.
      const step = ideaStep(pub, legal, idea.target)!;
      expect(commonDestinations(pub, moveGroups(pub, legal, step.from), step.sel).has(idea.target)).toBe(
        true,
      );
    }
  });

  test('free land: empty enemy land a land unit reaches, one unit offered', () => {
    const s = emptyBoard('Russians', 'combatMove');
    const { a, target } = { a: 'Russia', target: 'Caucasus' };
    s.owner[target] = 'Germans';
    expect(neighbours(a)).toContain(target);
    put(s, 'Russians', a, { infantry: 2, armour: 1 });
    beginTurnIn(s, 'combatMove');
    const { pub, legal, hidden } = seen(s);
    const free = freeLand(pub, legal, hidden);
    expect(free.map((f) => f.target)).toContain(target);
    expect(attackIdeas(pub, legal, hidden).map((i) => i.target)).not.toContain(target);
    const step = ideaStep(pub, legal, target, true)!;
    expect(Object.values(step.sel)).toEqual([1]);
    const g = moveGroups(pub, legal, step.from).find((x) => step.sel[x.key])!;
    expect(g.type).toBe('infantry');
  });
});

test('the capital keeps a land unit home when an enemy could walk in: the ideas never empty it', () => {
  const s = emptyBoard('Russians', 'combatMove');
  s.owner.Caucasus = 'Germans';
  put(s, 'Germans', 'Caucasus', { infantry: 1 });
  put(s, 'Russians', 'Russia', { infantry: 3 });
  beginTurnIn(s, 'combatMove');
  const { pub, legal, hidden } = seen(s);
  const idea = attackIdeas(pub, legal, hidden).find((i) => i.target === 'Caucasus')!;
  expect(idea.attackers).toEqual({ infantry: 2 });
  expect(idea.win).toBe(planOdds(pub, 'Caucasus', { infantry: 2 })!.attackerWin);
  const step = ideaStep(pub, legal, 'Caucasus')!;
  expect(Object.values(step.sel)).toEqual([2]);
  // With no enemy land unit that could reach it, all three may go.
  const calm = emptyBoard('Russians', 'combatMove');
  calm.owner.Caucasus = 'Germans';
  put(calm, 'Germans', 'Caucasus', { fighter: 1 });
  put(calm, 'Russians', 'Russia', { infantry: 3 });
  beginTurnIn(calm, 'combatMove');
  const c = seen(calm);
  expect(attackIdeas(c.pub, c.legal, c.hidden).find((i) => i.target === 'Caucasus')!.attackers).toEqual({
    infantry: 3,
  });
});

describe('the other phases’ one line', () => {
  test('the purchase: mostly Infantry, within the treasury', () => {
    for (const t of [0, 3, 8, 24, 31, 47]) {
      const buy = suggestedBuy(t);
      expect(cost(buy)).toBeLessThanOrEqual(t);
      expect(t - cost(buy)).toBeLessThan(UNIT.infantry.cost + UNIT.armour.cost);
      expect(buy.infantry ?? 0).toBeGreaterThanOrEqual(buy.armour ?? 0);
    }
    // No more than the factories place in a turn; money left upgrades Infantry to Armour.
    expect(suggestedBuy(60, 8)).toEqual({ armour: 6, fighter: 2 });
    expect(suggestedBuy(101, 8)).toEqual({ armour: 4, fighter: 4 });
    expect(countsText({ infantry: 2, armour: 1, fighter: 2 })).toBe('2 Infantry, 1 Armour and 2 Fighters');
    expect(suggestedBuy(30, 8)).toEqual({ infantry: 5, armour: 3 });
    expect(suggestedBuy(30, 0)).toEqual({});
    const s = newGame();
    const { pub, legal, hidden } = seen(s);
    const advice = adviceFor(pub, legal, hidden, 24)!;
    expect(advice.line).toMatch(/^Buy 6 Infantry and 1 Armour \(23 of your 24 IPC\); you place them at /);
    // Each factory's share, the nearest the front first, never more than it takes in a turn.
    const shares = [...advice.line.matchAll(/([A-Z][\w. ]+?) \((\d+)\)/g)].map(
      (m) => [m[1]!, Number(m[2])] as const,
    );
    expect(shares.reduce((n, [, k]) => n + k, 0)).toBe(7);
    for (const [at, k] of shares) expect(k).toBeLessThanOrEqual(production(at));
    expect(advice.buy).toEqual({ infantry: 6, armour: 1 });
  });

  test('the front is the land with the most enemy units next to it; the non-combat line names it', () => {
    const { s, target } = twoStacksBeside('Evenki National Okrug', 6);
    const { pub, hidden } = seen(s);
    const front = frontOf(pub, hidden)!;
    expect(neighbours(front.territory)).toContain(target);
    expect(front.enemy).toBe(6);
    let x = act(s, { type: 'endPhase' }); // to battles: none
    while (x.phase !== 'nonCombatMove') x = act(x, { type: 'endPhase' });
    const later = seen(x);
    const advice = adviceFor(later.pub, later.legal, later.hidden, 0)!;
    expect(advice.line).toContain(front.territory);
  });
});
