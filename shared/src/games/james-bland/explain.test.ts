/**
 * James Bland's hint words (explain.ts): each names the plan or purchase the normal bot chose and why
 * in plain words ("Underground (you are the likeliest target) ..."), and never shows a secret the
 * seat does not hold (another agent's codename, safe house, favourite gadget or Master Plan).
 */
import { acceptedHere, hintSamples, unseen, wordsOf } from '../../../test/hintWords';
import { ASSET_SPECS, DEFENSE_SPECS, OFFENSE_SPECS } from './data';
import { explainJamesBland } from './explain';
import { jamesBland } from './index';
import { SAFE_TURN_PLAN } from './planning';
import { arrange, newMatch } from './testkit';
import type { JamesBlandAction, JamesBlandState } from './types';
import { view } from './view';

const four = hintSamples<JamesBlandState>(jamesBland, { roundLimit: 6 }, ['jb1', 'jb2'], {
  seats: 4,
  every: 2,
});
const duel = hintSamples<JamesBlandState>(jamesBland, { mode: '1v1' }, ['jb3', 'jb4'], {
  seats: 2,
  every: 2,
});

test('every hint is an action the rules accept; a plan is named by its offense, target and defense', () => {
  const types = new Set<string>();
  for (const { state, seat, hint } of [...four, ...duel]) {
    const a = hint.action as JamesBlandAction;
    types.add(a.type);
    expect(acceptedHere(jamesBland, state, seat, a)).toBe(true);
    expect(hint.why.length).toBeGreaterThan(15);
    expect(hint.why).not.toContain('…'); // fits the hint's length whole
    expect(hint.label).not.toMatch(/^Plan: plan/); // the generic words are gone
    if (a.type === 'plan') {
      const p = a.plan;
      expect(hint.label).toContain(p.offense === 'safeTurn' ? 'Safe Turn' : OFFENSE_SPECS[p.offense].name);
      expect(hint.label).toContain(p.defense === 'none' ? 'no defense' : DEFENSE_SPECS[p.defense].name);
      if (p.target !== undefined)
        expect(hint.label).toContain(view(state, seat).public.agents[p.target]!.name);
    }
    if (a.type === 'buyAsset') expect(hint.label).toContain(ASSET_SPECS[a.asset].name);
  }
  expect([...types]).toEqual(expect.arrayContaining(['plan', 'buyAsset', 'ready']));
});

test("no hint shows another agent's secrets the seat does not hold", () => {
  let checked = 0;
  for (const { state, seat, hint } of [...four, ...duel]) {
    const secrets = state.agents.flatMap((a, i) =>
      i === seat ? [] : [a.codename, a.safeHouse, a.favouriteGadget, a.masterPlan],
    );
    const hidden = unseen(jamesBland, state, seat, secrets);
    for (const secret of hidden) expect(wordsOf(hint)).not.toContain(secret);
    checked += hidden.length;
  }
  expect(checked).toBeGreaterThan(500);
});

test('Safe Turn + Underground for the agent holding the most assets: "you are the likeliest target"', () => {
  const s = arrange(newMatch(4, 7), {}, (c) => {
    c.assets.bank = 0;
    c.assets.armory = 0;
    c.assets.blackMarket = 1;
  });
  const v = view(s, 0);
  const words = explainJamesBland(v, { type: 'plan', plan: { ...SAFE_TURN_PLAN, defense: 'underground' } });
  expect(words.label).toBe('Safe Turn + Underground');
  expect(words.why).toContain(
    'Underground (you are the likeliest target) stops all but a 3-IP Network Attack.',
  );
  // Seat 1 holds one asset, Seat 0 two: from Seat 1's view it is not the likeliest target.
  const other = explainJamesBland(view(s, 1), {
    type: 'plan',
    plan: { ...SAFE_TURN_PLAN, defense: 'underground' },
  });
  expect(other.why).toContain('Underground (you hold 1 asset)');
});

test('a Network Attack names what it takes', () => {
  const s = arrange(newMatch(4, 7), {}, (c) => {
    c.assets.armory = 2;
  });
  const v = view(s, 0);
  const name = v.public.agents[2]!.name;
  const words = explainJamesBland(v, {
    type: 'plan',
    plan: { ...SAFE_TURN_PLAN, offense: 'networkAttack', target: 2, defense: 'safeHouse' },
  });
  expect(words.label).toBe(`Network Attack on ${name} + Safe House`);
  expect(words.why).toBe(`It takes ${name}'s Armory. Safe House: free, it stops Assassination and Sabotage.`);
});
